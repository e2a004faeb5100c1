import type { Image, PlayerSettings } from '@atelier/shared';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { lessons, playerSettings, purchases, videoProgress } from '../../db/schema';
import type { LessonForOrder } from '../checkout/checkout.schemas';
import { createEntitlements, lessonOwnedBy } from '../entitlements/entitlements.service';

export type LessonRecord = typeof lessons.$inferSelect;

/** True when the jsonb value is a stored file ref (an object), false for SQL NULL or JSON null. */
const isFileRef = (value: SQL | typeof lessons.video | typeof lessons.preview) =>
  sql<boolean>`coalesce(jsonb_typeof(${value}) = 'object', false)`;

/**
 * Lessons as buyers see them, and the per-user records of lessons: purchases (of a lesson, or of
 * the course it belongs to), the playback position (read for /access; the progress feature writes
 * it) and player settings.
 */
export function createLessonsRepo(db: Db) {
  const rights = createEntitlements(db);
  /**
   * Public lesson columns. The private storage refs of the video and methodology sheets are
   * reduced to "is there one" in SQL, so their keys never reach this process's replies.
   * `purchased` is answered in the same query: a purchase of the lesson itself or of its course.
   */
  function columns(userId: string | undefined) {
    const purchased = userId ? lessonOwnedBy(userId, lessons) : sql<boolean>`false`;
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
      hasPreview: isFileRef(lessons.preview),
      outcomes: lessons.outcomes,
      materials: lessons.materials,
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

    /** The whole row, private file refs included (published or not). */
    async findLesson(id: string, q: Db | Tx = db): Promise<LessonRecord | null> {
      const [row] = await q.select().from(lessons).where(eq(lessons.id, id)).limit(1);
      return row ?? null;
    },

    // ------------------------------------------------------------ purchases
    /** Whether the user owns the lesson itself or the course it belongs to. */
    owns(userId: string, lesson: Pick<LessonRecord, 'id' | 'courseId'>, q: Db | Tx = db): Promise<boolean> {
      return rights.ownsLesson(userId, lesson, q);
    },

    /** Grants lessons/courses of a confirmed order; a repeat grant is a no-op. */
    async grant(
      tx: Tx,
      rows: {
        userId: string;
        lessonId: string | null;
        courseId: string | null;
        orderId: string;
        pricePaidRub: number;
      }[],
    ): Promise<void> {
      for (const row of rows) {
        await tx.insert(purchases).values(row).onConflictDoNothing();
      }
    },

    /** Purchases of these lessons and courses granted by an order whose lines were refunded. */
    async revokeLines(tx: Tx, orderId: string, lessonIds: string[], courseIds: string[]): Promise<void> {
      const which = or(
        lessonIds.length > 0 ? inArray(purchases.lessonId, lessonIds) : undefined,
        courseIds.length > 0 ? inArray(purchases.courseId, courseIds) : undefined,
      );
      if (!which) return;
      await tx.delete(purchases).where(and(eq(purchases.orderId, orderId), which));
    },

    listPurchases(userId: string) {
      return db
        .select({
          id: purchases.id,
          lessonId: purchases.lessonId,
          courseId: purchases.courseId,
          orderId: purchases.orderId,
          pricePaidRub: purchases.pricePaidRub,
          createdAt: purchases.createdAt,
        })
        .from(purchases)
        .where(eq(purchases.userId, userId))
        .orderBy(desc(purchases.createdAt));
    },

    /** Lessons by id for `userId`, keyed by id: what an order line is priced from. Runs on `q`. */
    async forOrder(q: Db | Tx, ids: string[], userId: string): Promise<Map<string, LessonForOrder>> {
      if (ids.length === 0) return new Map();
      const rows = await q
        .select({
          id: lessons.id,
          title: lessons.title,
          priceRub: lessons.priceRub,
          priceEur: lessons.priceEur,
          priceUsd: lessons.priceUsd,
          published: lessons.published,
          poster: lessons.poster,
          courseId: lessons.courseId,
          owned: lessonOwnedBy(userId, lessons),
        })
        .from(lessons)
        .where(inArray(lessons.id, ids));
      return new Map(
        rows.map((row) => [
          row.id,
          {
            id: row.id,
            type: 'lesson',
            name: row.title,
            priceRubMinor: row.priceRub,
            priceEurMinor: row.priceEur,
            priceUsdMinor: row.priceUsd,
            published: row.published,
            image: (row.poster as Image | null)?.thumb ?? null,
            owned: row.owned,
            courseId: row.courseId,
            seatsLeft: null,
            creditRubMinor: 0,
          },
        ]),
      );
    },

    // ------------------------------------------------------------ playback
    async position(userId: string, lessonId: string): Promise<number> {
      const [row] = await db
        .select({ p: videoProgress.positionSeconds })
        .from(videoProgress)
        .where(and(eq(videoProgress.userId, userId), eq(videoProgress.lessonId, lessonId)))
        .limit(1);
      return row?.p ?? 0;
    },

    /** The video refs and the admin's stated minutes of these lessons (published or not). */
    videosOf(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ id: lessons.id, video: lessons.video, durationMinutes: lessons.durationMinutes })
        .from(lessons)
        .where(inArray(lessons.id, ids));
    },

    /**
     * Keeps the length read from a video's header on its ref — only while the lesson still has that
     * video (a replacement uploaded meanwhile is left alone, to be read on its own).
     */
    async rememberVideoDuration(lessonId: string, key: string, seconds: number | null): Promise<void> {
      await db
        .update(lessons)
        .set({ video: sql`jsonb_set(${lessons.video}, '{durationSeconds}', ${JSON.stringify(seconds)}::jsonb)` })
        .where(and(eq(lessons.id, lessonId), sql`${lessons.video} ->> 'key' = ${key}`));
    },

    /** The stored settings as written (null when the user never changed any). */
    async playerSettings(userId: string): Promise<unknown> {
      const [row] = await db
        .select({ settings: playerSettings.settings })
        .from(playerSettings)
        .where(eq(playerSettings.userId, userId))
        .limit(1);
      return row?.settings ?? null;
    },

    async savePlayerSettings(userId: string, settings: PlayerSettings): Promise<void> {
      await db
        .insert(playerSettings)
        .values({ userId, settings })
        .onConflictDoUpdate({ target: playerSettings.userId, set: { settings, updatedAt: new Date() } });
    },
  };
}
export type LessonsRepo = ReturnType<typeof createLessonsRepo>;
export type LessonRow = NonNullable<Awaited<ReturnType<LessonsRepo['findPublished']>>>;
