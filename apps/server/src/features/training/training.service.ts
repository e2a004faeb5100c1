import { type Language, type Lesson, type ListMeta, localize, type PaginationQuery } from '@atelier/shared';
import { NotFound } from '../../platform/errors';
import type { SeoResult, SitemapEntry } from '../../platform/http/seo';
import { lessonJsonLd, metaDescription, toLesson } from './training.mappers';
import type { TrainingRepo } from './training.repo';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Published lessons. `userId` is the signed-in viewer (undefined for guests): it only decides
 * `purchased`, computed in the same query as the lessons.
 */
export function createTrainingService({ repo, publicUrl }: { repo: TrainingRepo; publicUrl: string }) {
  const base = publicUrl.replace(/\/+$/, '');

  return {
    async list(query: PaginationQuery, userId?: string): Promise<{ items: Lesson[]; meta: ListMeta }> {
      const { rows, total } = await repo.listPublished(userId, {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return { items: rows.map(toLesson), meta: { total, page: query.page, limit: query.limit } };
    },

    async get(id: string, userId?: string): Promise<Lesson> {
      const row = await repo.findPublished(id, userId);
      if (!row) throw new NotFound();
      return toLesson(row);
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
        jsonLd: [lessonJsonLd(lesson, lang, base)],
      };
      if (lesson.poster) result.image = lesson.poster.large;
      return result;
    },

    async sitemap(): Promise<SitemapEntry[]> {
      const rows = await repo.publishedIds();
      return rows.map((row) => ({ path: `/training-detail/${row.id}`, lastmod: row.updatedAt }));
    },
  };
}
export type TrainingService = ReturnType<typeof createTrainingService>;

// ---- used by orders (owner: orders feature; implementation in training.orders.ts)
export * from './training.orders';
