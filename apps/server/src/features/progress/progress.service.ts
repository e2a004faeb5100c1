/**
 * Learning progress: what the lesson player reports becomes credited watching (the rules:
 * progress.rules.ts, docs/decisions/0044), a lesson is completed at COMPLETION_SHARE of its video,
 * a course when all its lessons with a video are; the learner reads it all back in one call, the
 * admin sees per lesson how many purchasers started and completed it.
 *
 * A report runs in one transaction with the learner's credit row locked: their reports (two tabs,
 * a retry racing the original) take turns, so none is credited twice and the report that completes
 * a course's last lesson sees every earlier completion — that is when `courseCompleted` is emitted.
 */
import {
  type CertificateSummary,
  type ContinueLesson,
  type CourseProgress,
  coursePercent,
  isCompleted,
  type Language,
  type LearningProgress,
  type LessonCompletion,
  type LessonProgress,
  type ProgressBody,
  watchedPercent,
} from '@atelier/shared';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../platform/auth/sessions';
import type { EventBus } from '../../platform/event-bus';
import type { LessonsService } from '../lessons/lessons.service';
import type { ProgressRepo, ProgressRow } from './progress.repo';
import { CREDIT_CAP_SECONDS, creditReport, refill, total } from './progress.rules';
import type { ProgressEvents } from './progress.schemas';

export interface ProgressDeps {
  db: Db;
  repo: ProgressRepo;
  /** Who may report on a lesson (the lessons' access rule: 401/403/404), and whether it counts. */
  access: {
    progressTarget(
      user: SessionUser | null,
      lessonId: string,
    ): Promise<{ lessonId: string; courseId: string | null; owned: boolean }>;
  };
  lessons: Pick<LessonsService, 'videoDurations'>;
  /**
   * The learner's certificates by course id, for the summary. Declared here rather than taken from
   * the certificates service: certificates already depend on progress (a completed course issues
   * one), so progress names only what it reads and the composition root hands the service in.
   */
  certificates: { summariesOf(userId: string): Promise<Map<string, CertificateSummary>> };
  events: Pick<EventBus<ProgressEvents>, 'emit'>;
  now?: () => Date;
}

/** A lesson's progress as the API shows it, from its row (or none) and its measured length. */
function toLessonProgress(
  lessonId: string,
  row: ProgressRow | undefined,
  durationSeconds: number | null,
): LessonProgress {
  const watchedSeconds = row ? total(row.watched) / 10 : 0;
  return {
    lessonId,
    positionSeconds: row?.positionSeconds ?? 0,
    watchedSeconds,
    durationSeconds,
    watchedPercent: watchedPercent(watchedSeconds, durationSeconds),
    completed: row?.completedAt != null,
    completedAt: row?.completedAt?.toISOString() ?? null,
  };
}

const started = (row: ProgressRow | undefined) => Boolean(row && (row.positionSeconds > 0 || row.watched.length > 0));

export function createProgressService({
  db,
  repo,
  access,
  lessons,
  certificates,
  events,
  now = () => new Date(),
}: ProgressDeps) {
  async function durationOf(lessonId: string): Promise<number | null> {
    return (await lessons.videoDurations([lessonId])).get(lessonId) ?? null;
  }

  return {
    /** Where the learner stopped (purchasers and admins; others 401/403/404). */
    async position(user: SessionUser | null, lessonId: string): Promise<number> {
      const target = await access.progressTarget(user, lessonId);
      return repo.position((user as SessionUser).id, target.lessonId);
    },

    /**
     * A player's report: the position is kept; the stretches played are credited to a purchaser
     * (not to an admin previewing a lesson they did not buy, nor for a lesson whose length is
     * unknown). Completing the lesson may complete its course (`courseCompleted`).
     */
    async report(
      user: SessionUser | null,
      lessonId: string,
      body: ProgressBody,
      language: Language,
    ): Promise<LessonProgress> {
      const target = await access.progressTarget(user, lessonId);
      const userId = (user as SessionUser).id;
      const positionSeconds = Math.floor(body.positionSeconds);
      const durationSeconds = await durationOf(target.lessonId);
      const at = now();
      if (!body.segments?.length || !target.owned || durationSeconds === null) {
        await repo.savePosition(userId, target.lessonId, positionSeconds, at);
        const [row] = await repo.progressOf(userId, [target.lessonId]);
        return toLessonProgress(target.lessonId, row, durationSeconds);
      }
      const segments = body.segments;
      return db.transaction(async (tx) => {
        const bucket = await repo.lockCredit(tx, userId, CREDIT_CAP_SECONDS, at);
        const row = await repo.lockProgress(tx, userId, target.lessonId);
        const budget = refill(bucket, at);
        const { watched, credited } = creditReport(row.watched, segments, durationSeconds, budget);
        const completedNow = row.completedAt === null && isCompleted(total(watched) / 10, durationSeconds);
        const completedAt = row.completedAt ?? (completedNow ? at : null);
        await repo.saveProgress(tx, userId, target.lessonId, { positionSeconds, watched, completedAt, updatedAt: at });
        await repo.saveCredit(tx, userId, budget - credited / 10, at);
        if (completedNow && target.courseId) {
          const course = await repo.courseCompletion(tx, userId, target.courseId);
          if (course.total > 0 && course.completed >= course.total) {
            await events.emit(tx, 'courseCompleted', { userId, courseId: target.courseId, language });
          }
        }
        return toLessonProgress(
          target.lessonId,
          { ...row, positionSeconds, watched, completedAt, updatedAt: at },
          durationSeconds,
        );
      });
    },

    /** Every watchable lesson the learner owns, their courses with certificates, and where to continue. */
    async summary(userId: string): Promise<LearningProgress> {
      const owned = await repo.ownedLessons(userId);
      const courseIds = [
        ...new Set([...owned.map((lesson) => lesson.courseId), ...(await repo.ownedCourseIds(userId))]),
      ].filter((id): id is string => id !== null);
      const courseLessons = await repo.courseLessons(courseIds);
      const lessonIds = [
        ...new Set([...owned.map((lesson) => lesson.id), ...courseLessons.map((lesson) => lesson.id)]),
      ];
      const [rows, durations, issued] = await Promise.all([
        repo.progressOf(userId, lessonIds),
        lessons.videoDurations(owned.map((lesson) => lesson.id)),
        certificates.summariesOf(userId),
      ]);
      const rowOf = new Map(rows.map((row) => [row.lessonId, row]));
      const ownedIds = new Set(owned.map((lesson) => lesson.id));
      const progress = owned.map((lesson) =>
        toLessonProgress(lesson.id, rowOf.get(lesson.id), durations.get(lesson.id) ?? null),
      );

      /** Most recent first: the unfinished lessons the learner has started. */
      const unfinished = (ids: string[]) =>
        ids
          .filter((id) => ownedIds.has(id) && started(rowOf.get(id)) && !rowOf.get(id)?.completedAt)
          .sort((a, b) => (rowOf.get(b)?.updatedAt.getTime() ?? 0) - (rowOf.get(a)?.updatedAt.getTime() ?? 0));

      const courses: CourseProgress[] = [];
      for (const courseId of courseIds) {
        const ids = courseLessons.filter((lesson) => lesson.courseId === courseId).map((lesson) => lesson.id);
        if (ids.length === 0) continue;
        const completedLessons = ids.filter((id) => rowOf.get(id)?.completedAt).length;
        const next = unfinished(ids)[0] ?? ids.find((id) => ownedIds.has(id) && !rowOf.get(id)?.completedAt) ?? null;
        courses.push({
          courseId,
          completedLessons,
          totalLessons: ids.length,
          percent: coursePercent(completedLessons, ids.length),
          completed: completedLessons >= ids.length,
          certificate: issued.get(courseId) ?? null,
          continueLessonId: next,
        });
      }

      const latest = unfinished(owned.map((lesson) => lesson.id))[0];
      let resume: ContinueLesson | null = null;
      if (latest) {
        const lesson = owned.find((item) => item.id === latest);
        const item = progress.find((entry) => entry.lessonId === latest);
        if (lesson && item) {
          resume = {
            lessonId: lesson.id,
            number: lesson.number,
            title: lesson.title,
            poster: lesson.poster,
            courseId: lesson.courseId,
            positionSeconds: item.positionSeconds,
            durationSeconds: item.durationSeconds,
            watchedPercent: item.watchedPercent,
          };
        }
      }
      return { lessons: progress, courses, continue: resume };
    },

    /** Admin: per lesson, its purchasers and how many of them started and completed it. */
    async completionByLesson(): Promise<LessonCompletion[]> {
      return repo.completionByLesson();
    },
  };
}
export type ProgressService = ReturnType<typeof createProgressService>;
