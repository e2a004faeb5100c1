/**
 * Courses and master classes: public list/page, the live promo check (price after the code and
 * after the credit for lessons already bought), what the purchase flow needs of a course (the
 * offer, its seat, the credit: checkout.service.ts), seats given back on cancel, admin CRUD, SEO.
 * A course purchase unlocks its lessons through `lessons.course_id` (lessons.access.ts).
 */
import {
  type AdminCourse,
  applyPercentOff,
  type Course,
  type CourseListQuery,
  type CoursePurchase,
  type CourseQuote,
  type CourseWriteSchema,
  fromMinor,
  type Image,
  type Language,
  localize,
  PAGE_TEXTS,
  priceFromMinor,
  priceToMinor,
  storedPoints,
} from '@atelier/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import type { SessionUser } from '../../platform/auth/sessions';
import { Conflict, InvalidInput, NotFound } from '../../platform/errors';
import { siteLinks } from '../../platform/http/links';
import type { PublicCache } from '../../platform/http/public-cache';
import { breadcrumbJsonLd, metaDescription, type SeoResult, type SitemapEntry } from '../../platform/http/seo';
import type { ImagePipeline } from '../../platform/images/images';
import type { LessonForOrder, PurchaseOffer } from '../checkout/checkout.schemas';
import { afterCredit } from '../checkout/pricing';
import { TRAINING_CACHE_TAG } from '../lessons/lessons.schemas';
import type { OrderEvent } from '../orders/orders.schemas';
import type { PromoCodesService } from '../promo-codes/promo-codes.service';
import { courseJsonLd, coursePriceAfter, toCourse } from './courses.mappers';
import type { CourseRecord, CoursesRepo } from './courses.repo';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type CourseFields = z.output<typeof CourseWriteSchema>;

export function createCoursesService({
  db,
  repo,
  promoCodes,
  cache,
  images,
  publicUrl,
}: {
  db: Db;
  repo: CoursesRepo;
  promoCodes: Pick<PromoCodesService, 'quote'>;
  cache: PublicCache;
  images: ImagePipeline;
  publicUrl: string;
}) {
  const base = siteLinks(publicUrl).base;

  async function build(rows: CourseRecord[], userId: string | undefined, publishedOnly: boolean): Promise<Course[]> {
    const ids = rows.map((row) => row.id);
    const [lessonRows, owned, credits] = await Promise.all([
      repo.lessonsOf(ids, publishedOnly),
      userId ? repo.ownedCourses(userId, ids) : Promise.resolve(new Set<string>()),
      userId ? repo.credits(userId, ids) : Promise.resolve(new Map<string, number>()),
    ]);
    return rows.map((row) =>
      toCourse(
        row,
        lessonRows.filter((lesson) => lesson.courseId === row.id),
        { purchased: owned.has(row.id), creditMinor: owned.has(row.id) ? 0 : (credits.get(row.id) ?? 0) },
      ),
    );
  }

  async function published(id: string): Promise<CourseRecord> {
    const row = UUID_RE.test(id) ? await repo.find(id) : null;
    if (!row?.published) throw new NotFound();
    return row;
  }

  async function toAdmin(row: CourseRecord): Promise<AdminCourse> {
    const [course] = await build([row], undefined, false);
    return {
      ...(course as Course),
      published: row.published,
      durationSet: row.durationMinutes,
      seatsTaken: row.seatsTaken,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  function columnsOf(fields: CourseFields) {
    return {
      title: fields.title,
      description: fields.description,
      level: fields.level,
      isMasterClass: fields.isMasterClass,
      durationMinutes: fields.durationMinutes ?? null,
      ...priceToMinor(fields.price),
      eventAt: fields.eventAt ? new Date(fields.eventAt) : null,
      eventPlace: fields.eventPlace ? fields.eventPlace : null,
      seatLimit: fields.seatLimit ?? null,
      // Absent = kept as it is (a form that does not know these fields does not clear them).
      ...(fields.outcomes === undefined ? {} : { outcomes: storedPoints(fields.outcomes) }),
      ...(fields.materials === undefined ? {} : { materials: storedPoints(fields.materials) }),
      published: fields.published,
    };
  }

  function refuseLessons(problem: { missing: string[]; taken: string[] }): never {
    if (problem.missing.length > 0)
      throw new InvalidInput('validation', { fields: [{ field: 'lessonIds', message: 'unknown lesson' }] });
    throw new Conflict('lessonInOtherCourse', { lessonIds: problem.taken }, 'LESSON_IN_OTHER_COURSE');
  }

  return {
    async list(query: CourseListQuery, userId?: string): Promise<Course[]> {
      const rows = (await repo.list({ publishedOnly: true })).filter(
        (row) => query.kind === 'all' || (query.kind === 'masterClasses' ? row.isMasterClass : !row.isMasterClass),
      );
      return build(rows, userId, true);
    },

    async get(id: string, userId?: string): Promise<Course> {
      const [course] = await build([await published(id)], userId, true);
      return course as Course;
    },

    /** Live promo check: list price, after the code, and what remains after the viewer's credit. */
    async quote(user: SessionUser, courseId: string, code: string): Promise<CourseQuote> {
      const row = await published(courseId);
      const promo = await promoCodes.quote(code, { type: 'course', id: row.id });
      const afterPromo = applyPercentOff(row.priceRub, promo.percentOff);
      const credit = (await repo.credits(user.id, [row.id])).get(row.id) ?? 0;
      const toPay = afterCredit(afterPromo, credit);
      return {
        code: promo.code,
        percentOff: promo.percentOff,
        price: priceFromMinor(row),
        discountedPrice: coursePriceAfter(row, afterPromo),
        credit: fromMinor(Math.min(credit, afterPromo)),
        toPay: coursePriceAfter(row, toPay),
        free: toPay === 0,
      };
    },

    // ---- for checkout: buying a course (checkout.service.ts `purchase`) and pricing a course line

    /** The course on sale to `userId`: 404 unless published, 409 when they own it or no seat is left. */
    async offer(userId: string, courseId: string): Promise<PurchaseOffer> {
      const row = await published(courseId);
      if ((await repo.ownedCourses(userId, [row.id])).size > 0)
        throw new Conflict('courseAlreadyPurchased', undefined, 'ALREADY_PURCHASED');
      if (row.seatLimit !== null && row.seatsTaken >= row.seatLimit)
        throw new Conflict('courseSoldOut', undefined, 'SOLD_OUT');
      return {
        type: 'course',
        id: row.id,
        priceRubMinor: row.priceRub,
        priceEurMinor: row.priceEur,
        priceUsdMinor: row.priceUsd,
        limited: row.seatLimit !== null,
      };
    },

    /** Takes a seat of a seat-limited course atomically; 409 SOLD_OUT when the last one went meanwhile. */
    async hold(tx: Tx, offer: Pick<PurchaseOffer, 'id'>): Promise<void> {
      if (!(await repo.takeSeat(tx, offer.id))) throw new Conflict('courseSoldOut', undefined, 'SOLD_OUT');
    },

    /** What the user paid for single lessons now in the course (minor RUB), read in `tx`. */
    async credit(tx: Tx, userId: string, offer: PurchaseOffer): Promise<number> {
      return (await repo.credits(userId, [offer.id], tx)).get(offer.id) ?? 0;
    },

    /** A seat was taken: the public course pages show the seats left. */
    settled(): void {
      cache.invalidate(TRAINING_CACHE_TAG);
    },

    /** Courses by id for `userId`, keyed by id, read on `q` (the order's transaction). */
    forOrder(q: Db | Tx, ids: string[], userId: string): Promise<Map<string, LessonForOrder>> {
      return repo.forOrder(q, ids, userId);
    },

    /** A cancelled order gives back the seat its course line took (order event, src/events.ts). */
    async releaseSeats(tx: Tx, event: OrderEvent): Promise<void> {
      const courseIds = event.items.flatMap((item) => (item.type === 'course' && item.courseId ? [item.courseId] : []));
      if (courseIds.length === 0) return;
      if ((await repo.releaseSeats(tx, courseIds)) > 0) cache.invalidate(TRAINING_CACHE_TAG);
    },

    /** The user's course purchases with dates, newest first. */
    async purchases(userId: string): Promise<CoursePurchase[]> {
      const rows = await repo.listPurchases(userId);
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.courseId as string);
      const courses = await build(await repo.list({ publishedOnly: false, ids }), userId, true);
      const byId = new Map(courses.map((course) => [course.id, course]));
      return rows.flatMap((row) => {
        const course = byId.get(row.courseId as string);
        if (!course) return [];
        return [
          {
            id: row.id,
            course,
            purchasedAt: row.createdAt.toISOString(),
            pricePaid: fromMinor(row.pricePaidRub),
            orderId: row.orderId,
          },
        ];
      });
    },

    async seo(id: string | undefined, lang: Language): Promise<SeoResult> {
      if (!id || !UUID_RE.test(id)) return { status: 404 };
      const row = await repo.find(id);
      if (!row?.published) return { status: 404 };
      const [course] = await build([row], undefined, true);
      const c = course as Course;
      const result: SeoResult = {
        title: localize(c.title, lang),
        description: metaDescription(localize(c.description, lang)),
        canonical: `/training-course/${c.id}`,
        jsonLd: [
          courseJsonLd(c, lang, base),
          breadcrumbJsonLd(base, lang, [
            { name: PAGE_TEXTS.lessons.title[lang], path: '/training' },
            { name: localize(c.title, lang), path: `/training-course/${c.id}` },
          ]),
        ],
      };
      if (c.cover) result.image = c.cover.large;
      return result;
    },

    async sitemap(): Promise<SitemapEntry[]> {
      const rows = await repo.list({ publishedOnly: true });
      return rows.map((row) => ({ path: `/training-course/${row.id}`, lastmod: row.updatedAt }));
    },

    // ------------------------------------------------------------ admin
    async adminList(): Promise<AdminCourse[]> {
      const rows = await repo.list({ publishedOnly: false });
      const built = await build(rows, undefined, false);
      return rows.map((row, index) => ({
        ...(built[index] as Course),
        published: row.published,
        durationSet: row.durationMinutes,
        seatsTaken: row.seatsTaken,
        updatedAt: row.updatedAt.toISOString(),
      }));
    },

    async adminGet(id: string): Promise<AdminCourse> {
      const row = await repo.find(id);
      if (!row) throw new NotFound();
      return toAdmin(row);
    },

    async create(fields: CourseFields, cover: Buffer | undefined): Promise<AdminCourse> {
      const image: Image | null = cover ? await images.ingest(cover, 'courses') : null;
      try {
        const row = await db.transaction(async (tx) => {
          const created = await repo.insert(tx, { ...columnsOf(fields), cover: image });
          const problem = await repo.setLessons(tx, created.id, fields.lessonIds);
          if (problem.missing.length > 0 || problem.taken.length > 0) refuseLessons(problem);
          return created;
        });
        cache.invalidate(TRAINING_CACHE_TAG);
        return toAdmin(row);
      } catch (error) {
        if (image) await images.remove(image);
        throw error;
      }
    },

    async update(id: string, fields: CourseFields, cover: Buffer | undefined): Promise<AdminCourse> {
      const before = await repo.find(id);
      if (!before) throw new NotFound();
      if (fields.seatLimit != null && fields.seatLimit < before.seatsTaken)
        throw new InvalidInput('seatLimitBelowTaken', undefined, 'SEAT_LIMIT_BELOW_TAKEN');
      const image: Image | null = cover ? await images.ingest(cover, 'courses') : null;
      try {
        const row = await db.transaction(async (tx) => {
          const values: Partial<CourseRecord> = columnsOf(fields);
          if (image || fields.removeCover) values.cover = image;
          const updated = await repo.update(tx, id, values);
          if (!updated) throw new NotFound();
          const problem = await repo.setLessons(tx, id, fields.lessonIds);
          if (problem.missing.length > 0 || problem.taken.length > 0) refuseLessons(problem);
          return updated;
        });
        cache.invalidate(TRAINING_CACHE_TAG);
        if ((image || fields.removeCover) && before.cover) await images.remove(before.cover);
        return toAdmin(row);
      } catch (error) {
        if (image) await images.remove(image);
        throw error;
      }
    },

    async remove(id: string): Promise<void> {
      if (await repo.hasOrders(id)) throw new Conflict('courseHasOrders', undefined, 'COURSE_HAS_ORDERS');
      const row = await db.transaction((tx) => repo.remove(tx, id));
      if (!row) throw new NotFound();
      cache.invalidate(TRAINING_CACHE_TAG);
      if (row.cover) await images.remove(row.cover);
    },
  };
}
export type CoursesService = ReturnType<typeof createCoursesService>;
