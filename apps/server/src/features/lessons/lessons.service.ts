import {
  applyPercentOff,
  DEFAULT_PLAYER_SETTINGS,
  type Language,
  type Lesson,
  type LessonPurchase,
  type ListMeta,
  localize,
  PAGE_TEXTS,
  type PaginationQuery,
  type PlayerSettings,
  PlayerSettingsSchema,
  type PromoQuote,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import type { StoredFileRef } from '../../db/schema';
import { Conflict, NotFound } from '../../platform/errors';
import { siteLinks } from '../../platform/http/links';
import { breadcrumbJsonLd, metaDescription, type SeoResult, type SitemapEntry } from '../../platform/http/seo';
import type { Storage } from '../../platform/storage/storage';
import type { LessonForOrder, PurchaseOffer } from '../checkout/checkout.schemas';
import { priceAfter } from '../checkout/pricing';
import type { OrderEvent } from '../orders/orders.schemas';
import type { PromoCodesService } from '../promo-codes/promo-codes.service';
import { probeVideoDuration } from './lessons.duration';
import { lessonJsonLd, toLesson } from './lessons.mappers';
import type { LessonRecord, LessonsRepo } from './lessons.repo';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isTrainingLine = (item: OrderEvent['items'][number]) => item.type === 'lesson' || item.type === 'course';

/**
 * Published lessons (`userId` is the signed-in viewer, undefined for guests: it only decides
 * `purchased`, computed in the same query as the lessons), the live promo check of a lesson, what
 * the purchase flow and order pricing need of a lesson, and the purchases a confirmed order grants.
 */
export function createLessonsService({
  repo,
  promoCodes,
  publicUrl,
  storage,
}: {
  repo: LessonsRepo;
  promoCodes: Pick<PromoCodesService, 'quote'>;
  publicUrl: string;
  /** Where the videos are, to read their length. */
  storage: Storage;
}) {
  const base = siteLinks(publicUrl).base;

  async function sellable(lessonId: string): Promise<LessonRecord> {
    const lesson = await repo.findLesson(lessonId);
    if (!lesson?.published) throw new NotFound();
    return lesson;
  }

  async function list(query: PaginationQuery, userId?: string): Promise<{ items: Lesson[]; meta: ListMeta }> {
    const { rows, total } = await repo.listPublished(userId, {
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return { items: rows.map(toLesson), meta: { total, page: query.page, limit: query.limit } };
  }

  return {
    list,

    async get(id: string, userId?: string): Promise<Lesson> {
      const row = await repo.findPublished(id, userId);
      if (!row) throw new NotFound();
      return toLesson(row);
    },

    /**
     * The public preview clip of a published lesson: the trailer's own stored file, never the
     * lesson video (no other file can come out of this). None (or an unpublished lesson) is a 404.
     */
    async previewFile(id: string): Promise<StoredFileRef> {
      const row = await repo.findLesson(id);
      if (!row?.published || !row.preview) throw new NotFound();
      return row.preview;
    },

    /** Title, description, poster and Course JSON-LD for a lesson page; {} (the defaults) when unknown. */
    async lessonSeo(id: string | undefined, lang: Language): Promise<SeoResult> {
      if (!id || !UUID_RE.test(id)) return {};
      const row = await repo.findPublished(id, undefined);
      if (!row) return {};
      const lesson = toLesson(row);
      const result: SeoResult = {
        title: localize(lesson.title, lang),
        description: metaDescription(localize(lesson.description, lang)),
        canonical: `/training-detail/${lesson.id}`,
        jsonLd: [
          lessonJsonLd(lesson, lang, base),
          breadcrumbJsonLd(base, lang, [
            { name: PAGE_TEXTS.lessons.title[lang], path: '/training' },
            { name: localize(lesson.title, lang), path: `/training-detail/${lesson.id}` },
          ]),
        ],
      };
      if (lesson.poster) result.image = lesson.poster.large;
      return result;
    },

    async sitemap(): Promise<SitemapEntry[]> {
      const rows = await repo.publishedIds();
      return rows.map((row) => ({ path: `/training-detail/${row.id}`, lastmod: row.updatedAt }));
    },

    /** The user's lessons with purchase dates, newest first (a course purchase lists each of its lessons). */
    async purchases(userId: string): Promise<LessonPurchase[]> {
      const rows = await repo.listPurchases(userId);
      if (rows.length === 0) return [];
      const { items } = await list({ page: 1, limit: 100 }, userId);
      const byId = new Map(items.map((lesson) => [lesson.id, lesson]));
      const result: LessonPurchase[] = [];
      for (const row of rows) {
        if (row.lessonId) {
          const lesson = byId.get(row.lessonId);
          if (lesson) {
            result.push({
              id: row.id,
              lesson,
              purchasedAt: row.createdAt.toISOString(),
              pricePaid: row.pricePaidRub / 100,
              orderId: row.orderId,
            });
          }
        }
      }
      return result;
    },

    /**
     * The learner's player settings; the defaults when none are stored, or when what is stored no
     * longer fits the current schema (a speed since removed, say).
     */
    async playerSettings(userId: string): Promise<PlayerSettings> {
      const parsed = PlayerSettingsSchema.safeParse(await repo.playerSettings(userId));
      return parsed.success ? parsed.data : { ...DEFAULT_PLAYER_SETTINGS };
    },

    async savePlayerSettings(userId: string, settings: PlayerSettings): Promise<PlayerSettings> {
      await repo.savePlayerSettings(userId, settings);
      return settings;
    },

    /** Live promo check for the purchase dialog: the price before and after the code. */
    async quote(lessonId: string, code: string): Promise<PromoQuote> {
      const lesson = await sellable(lessonId);
      const promo = await promoCodes.quote(code, { type: 'lesson', id: lesson.id });
      const after = applyPercentOff(lesson.priceRub, promo.percentOff);
      // Each currency as the order charges it (checkout's pricing).
      const list = { priceRubMinor: lesson.priceRub, priceEurMinor: lesson.priceEur, priceUsdMinor: lesson.priceUsd };
      const price = priceAfter(list, lesson.priceRub);
      const discountedPrice = priceAfter(list, after);
      return {
        code: promo.code,
        percentOff: promo.percentOff,
        price,
        discountedPrice,
        free: discountedPrice.rub === 0,
      };
    },

    /**
     * The length in seconds of each lesson's video, as progress measures it: read from the file's
     * header the first time and kept on the video's ref; the admin's stated minutes when the header
     * does not tell; null without a video (nothing to watch) or without either.
     */
    async videoDurations(ids: string[]): Promise<Map<string, number | null>> {
      const rows = await repo.videosOf(ids);
      const result = new Map<string, number | null>();
      await Promise.all(
        rows.map(async (row) => {
          const stated = row.durationMinutes ? row.durationMinutes * 60 : null;
          const video = row.video;
          if (!video) return result.set(row.id, null);
          let seconds = video.durationSeconds;
          if (seconds === undefined) {
            seconds = await probeVideoDuration(storage, video);
            await repo.rememberVideoDuration(row.id, video.key, seconds);
          }
          return result.set(row.id, seconds ?? stated);
        }),
      );
      return result;
    },

    // ---- for checkout: buying a lesson (checkout.service.ts `purchase`) and pricing a lesson line

    /** The lesson on sale to `userId`: 404 unless published, 409 when they own it (or its course). */
    async offer(userId: string, lessonId: string): Promise<PurchaseOffer> {
      const lesson = await sellable(lessonId);
      if (await repo.owns(userId, lesson)) throw new Conflict('lessonAlreadyPurchased', undefined, 'ALREADY_PURCHASED');
      return {
        type: 'lesson',
        id: lesson.id,
        priceRubMinor: lesson.priceRub,
        priceEurMinor: lesson.priceEur,
        priceUsdMinor: lesson.priceUsd,
        limited: false,
      };
    },

    /** Lessons by id for `userId`, keyed by id, read on `q` (the order's transaction). */
    forOrder(q: Db | Tx, ids: string[], userId: string): Promise<Map<string, LessonForOrder>> {
      return repo.forOrder(q, ids, userId);
    },

    // ---- order events (wired in src/events.ts)

    /** The lessons and courses of a confirmed order become the customer's, in its transaction. */
    async grantOrder(tx: Tx, event: OrderEvent, type?: 'lesson' | 'course'): Promise<void> {
      if (!event.userId) return;
      const lines = event.items.filter((item) => (type ? item.type === type : isTrainingLine(item)));
      if (lines.length === 0) return;
      const only = lines.length === 1 && event.items.length === 1;
      await repo.grant(
        tx,
        lines.map((item) => ({
          userId: event.userId as string,
          lessonId: item.lessonId,
          courseId: item.courseId,
          orderId: event.orderId,
          // A one-line order paid its total (after the promo discount); otherwise the line price.
          pricePaidRub: only ? event.totalRub : item.unitPriceRub * item.quantity,
        })),
      );
    },

    /** Lesson and course lines of an order refunded (the order stays): what they granted goes. */
    async revokeLines(tx: Tx, event: OrderEvent, type?: 'lesson' | 'course'): Promise<void> {
      const lines = event.items.filter((item) => (type ? item.type === type : isTrainingLine(item)));
      if (lines.length === 0) return;
      await repo.revokeLines(
        tx,
        event.orderId,
        lines.flatMap((line) => (line.lessonId ? [line.lessonId] : [])),
        lines.flatMap((line) => (line.courseId ? [line.courseId] : [])),
      );
    },
  };
}
export type LessonsService = ReturnType<typeof createLessonsService>;
