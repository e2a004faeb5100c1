/**
 * The queries of learning progress: a learner's row per lesson (`video_progress`: position,
 * watched stretches, completion), their credit bucket (`watch_credit`), and the reads that put
 * progress next to what the learner owns (purchases of a lesson or of its course) and the lessons
 * of a course. Lessons count for progress when they are published and have a video.
 */
import type { Image, LocalizedText } from '@atelier/shared';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { lessons, purchases, videoProgress, watchCredit } from '../../db/schema';
import { lessonOwnedBy, opensLesson } from '../entitlements/entitlements.service';
import type { Bucket, Interval } from './progress.rules';

type Q = Db | Tx;

/** Published and with a video: a lesson there is something to watch in. */
const watchable: SQL = and(
  eq(lessons.published, true),
  sql`coalesce(jsonb_typeof(${lessons.video}) = 'object', false)`,
)!;

/** `userId` owns the lesson in the row: bought it, or bought its course. */
const ownedBy = (userId: string) => lessonOwnedBy(userId, lessons);

export interface ProgressRow {
  lessonId: string;
  positionSeconds: number;
  watched: Interval[];
  completedAt: Date | null;
  updatedAt: Date;
}

export interface OwnedLesson {
  id: string;
  number: number;
  title: LocalizedText;
  poster: Image | null;
  courseId: string | null;
  positionInCourse: number | null;
}

export function createProgressRepo(db: Db) {
  return {
    async position(userId: string, lessonId: string): Promise<number> {
      const [row] = await db
        .select({ p: videoProgress.positionSeconds })
        .from(videoProgress)
        .where(and(eq(videoProgress.userId, userId), eq(videoProgress.lessonId, lessonId)))
        .limit(1);
      return row?.p ?? 0;
    },

    async savePosition(userId: string, lessonId: string, positionSeconds: number, now: Date): Promise<void> {
      await db
        .insert(videoProgress)
        .values({ userId, lessonId, positionSeconds, updatedAt: now })
        .onConflictDoUpdate({
          target: [videoProgress.userId, videoProgress.lessonId],
          set: { positionSeconds, updatedAt: now },
        });
    },

    /** The learner's credit bucket, locked until `tx` ends (made full on their first report). */
    async lockCredit(tx: Tx, userId: string, full: number, now: Date): Promise<Bucket> {
      await tx.insert(watchCredit).values({ userId, seconds: full, refilledAt: now }).onConflictDoNothing();
      const [row] = await tx
        .select({ seconds: watchCredit.seconds, refilledAt: watchCredit.refilledAt })
        .from(watchCredit)
        .where(eq(watchCredit.userId, userId))
        .for('update');
      return row as Bucket;
    },

    async saveCredit(tx: Tx, userId: string, seconds: number, now: Date): Promise<void> {
      await tx.update(watchCredit).set({ seconds, refilledAt: now }).where(eq(watchCredit.userId, userId));
    },

    /** The learner's row of the lesson, made if missing and locked until `tx` ends. */
    async lockProgress(tx: Tx, userId: string, lessonId: string): Promise<ProgressRow> {
      await tx.insert(videoProgress).values({ userId, lessonId }).onConflictDoNothing();
      const [row] = await tx
        .select({
          lessonId: videoProgress.lessonId,
          positionSeconds: videoProgress.positionSeconds,
          watched: videoProgress.watched,
          completedAt: videoProgress.completedAt,
          updatedAt: videoProgress.updatedAt,
        })
        .from(videoProgress)
        .where(and(eq(videoProgress.userId, userId), eq(videoProgress.lessonId, lessonId)))
        .for('update');
      return row as ProgressRow;
    },

    async saveProgress(
      tx: Tx,
      userId: string,
      lessonId: string,
      values: { positionSeconds: number; watched: Interval[]; completedAt: Date | null; updatedAt: Date },
    ): Promise<void> {
      await tx
        .update(videoProgress)
        .set(values)
        .where(and(eq(videoProgress.userId, userId), eq(videoProgress.lessonId, lessonId)));
    },

    /** The course's watchable lessons, and how many of them `userId` has completed (read on `q`). */
    async courseCompletion(q: Q, userId: string, courseId: string): Promise<{ total: number; completed: number }> {
      const [row] = await q
        .select({
          total: sql<number>`count(*)::int`,
          completed: sql<number>`count(${videoProgress.completedAt})::int`,
        })
        .from(lessons)
        .leftJoin(videoProgress, and(eq(videoProgress.lessonId, lessons.id), eq(videoProgress.userId, userId)))
        .where(and(eq(lessons.courseId, courseId), watchable));
      return { total: row?.total ?? 0, completed: row?.completed ?? 0 };
    },

    /** Watchable lessons `userId` owns, by lesson number. */
    ownedLessons(userId: string): Promise<OwnedLesson[]> {
      return db
        .select({
          id: lessons.id,
          number: lessons.number,
          title: lessons.title,
          poster: lessons.poster,
          courseId: lessons.courseId,
          positionInCourse: lessons.positionInCourse,
        })
        .from(lessons)
        .where(and(watchable, ownedBy(userId)))
        .orderBy(asc(lessons.number));
    },

    /** Courses `userId` bought outright. */
    async ownedCourseIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ courseId: purchases.courseId })
        .from(purchases)
        .where(and(eq(purchases.userId, userId), isNotNull(purchases.courseId)));
      return rows.map((row) => row.courseId as string);
    },

    /** Watchable lessons of these courses, in course order. */
    courseLessons(courseIds: string[]): Promise<{ id: string; courseId: string }[]> {
      if (courseIds.length === 0) return Promise.resolve([]);
      return db
        .select({ id: lessons.id, courseId: sql<string>`${lessons.courseId}` })
        .from(lessons)
        .where(and(inArray(lessons.courseId, courseIds), watchable))
        .orderBy(asc(lessons.positionInCourse), asc(lessons.number));
    },

    progressOf(userId: string, lessonIds: string[]): Promise<ProgressRow[]> {
      if (lessonIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          lessonId: videoProgress.lessonId,
          positionSeconds: videoProgress.positionSeconds,
          watched: videoProgress.watched,
          completedAt: videoProgress.completedAt,
          updatedAt: videoProgress.updatedAt,
        })
        .from(videoProgress)
        .where(and(eq(videoProgress.userId, userId), inArray(videoProgress.lessonId, lessonIds)));
    },

    /**
     * Per lesson: accounts that own it (bought it or its course), of them those who played some of
     * it (a position or a watched stretch) and those who completed it. Lessons nobody owns are left out.
     */
    async completionByLesson(): Promise<
      { lessonId: string; purchasers: number; started: number; completed: number }[]
    > {
      type Row = { lesson_id: string; purchasers: number; started: number; completed: number };
      const result = await db.execute(sql`
        with owners as (
          select distinct ${lessons.id} as lesson_id, ${purchases.userId} as user_id
          from ${lessons}
          join ${purchases} on ${opensLesson(lessons)}
        )
        select o.lesson_id,
          count(*)::int as purchasers,
          count(*) filter (where vp.position_seconds > 0 or jsonb_array_length(vp.watched) > 0)::int as started,
          count(vp.completed_at)::int as completed
        from owners o
        left join ${videoProgress} vp on vp.user_id = o.user_id and vp.lesson_id = o.lesson_id
        group by o.lesson_id`);
      return (result as unknown as { rows: Row[] }).rows.map((row) => ({
        lessonId: row.lesson_id,
        purchasers: Number(row.purchasers),
        started: Number(row.started),
        completed: Number(row.completed),
      }));
    },
  };
}
export type ProgressRepo = ReturnType<typeof createProgressRepo>;
