import { and, asc, count, eq, exists, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lessons, purchases } from '../../db/schema';

/** True when the jsonb value is a stored file ref (an object), false for SQL NULL or JSON null. */
const isFileRef = (value: SQL | typeof lessons.video) =>
  sql<boolean>`coalesce(jsonb_typeof(${value}) = 'object', false)`;

export function createTrainingRepo(db: Db) {
  /**
   * Public lesson columns. The private storage refs of the video and methodology sheets are
   * reduced to "is there one" in SQL, so their keys never reach this process's replies.
   * `purchased` is answered in the same query: a purchase of the lesson itself or of its course.
   */
  function columns(userId: string | undefined) {
    const purchased = userId
      ? sql<boolean>`${exists(
          db
            .select({ one: sql`1` })
            .from(purchases)
            .where(
              and(
                eq(purchases.userId, userId),
                or(
                  eq(purchases.lessonId, lessons.id),
                  and(isNotNull(lessons.courseId), eq(purchases.courseId, lessons.courseId)),
                ),
              ),
            ),
        )}`
      : sql<boolean>`false`;
    return {
      id: lessons.id,
      number: lessons.number,
      title: lessons.title,
      description: lessons.description,
      level: lessons.level,
      priceRub: lessons.priceRub,
      priceEur: lessons.priceEur,
      priceUsd: lessons.priceUsd,
      durationMinutes: lessons.durationMinutes,
      poster: lessons.poster,
      createdAt: lessons.createdAt,
      hasVideo: isFileRef(lessons.video),
      methodologyRu: isFileRef(sql`${lessons.methodology} -> 'ru'`),
      methodologyEn: isFileRef(sql`${lessons.methodology} -> 'en'`),
      methodologyEs: isFileRef(sql`${lessons.methodology} -> 'es'`),
      purchased,
    };
  }

  const published = eq(lessons.published, true);

  return {
    async listPublished(userId: string | undefined, page: { offset: number; limit: number }) {
      const [rows, [totals]] = await Promise.all([
        db
          .select(columns(userId))
          .from(lessons)
          .where(published)
          .orderBy(asc(lessons.number))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(lessons).where(published),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    async findPublished(id: string, userId: string | undefined) {
      const [row] = await db
        .select(columns(userId))
        .from(lessons)
        .where(and(eq(lessons.id, id), published))
        .limit(1);
      return row ?? null;
    },

    async publishedIds(): Promise<{ id: string; updatedAt: Date }[]> {
      return db
        .select({ id: lessons.id, updatedAt: lessons.updatedAt })
        .from(lessons)
        .where(published)
        .orderBy(asc(lessons.number));
    },
  };
}
export type TrainingRepo = ReturnType<typeof createTrainingRepo>;
export type LessonRow = NonNullable<Awaited<ReturnType<TrainingRepo['findPublished']>>>;
