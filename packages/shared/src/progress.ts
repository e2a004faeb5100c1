/**
 * Learning progress: what the lesson player reports (`PUT /training/lessons/{id}/progress`: the
 * position and the stretches of video actually played), what a learner reads back
 * (`GET /training/progress`: every lesson they own, their courses, where to continue) and what the
 * admin sees per lesson (`GET /admin/progress/lessons`). How watched time is credited:
 * docs/decisions/0044.
 */
import { z } from 'zod';
import { ImageSchema, LocalizedTextSchema } from './base-schemas';
import { CertificateSummarySchema } from './certificates';
import type { ServerMessageKey } from './messages';
import { PLAYBACK_MAX_SECONDS, PROGRESS_SEGMENTS_MAX } from './progress.constants';

const m = (key: ServerMessageKey) => key;

const Seconds = z.number().min(0).max(PLAYBACK_MAX_SECONDS);

/** A stretch of the video played without a jump, in seconds from the start. */
export const WatchedSegmentSchema = z
  .object({ from: Seconds, to: Seconds })
  .strict()
  .refine((segment) => segment.to > segment.from, { message: m('segmentBackwards'), path: ['to'] });
export type WatchedSegment = z.infer<typeof WatchedSegmentSchema>;

/** `PUT /training/lessons/{id}/progress`: where the learner is, and what was played since the last report. */
export const ProgressBodySchema = z
  .object({
    positionSeconds: Seconds.transform(Math.floor),
    segments: z.array(WatchedSegmentSchema).max(PROGRESS_SEGMENTS_MAX).optional(),
  })
  .strict();
export type ProgressBody = z.input<typeof ProgressBodySchema>;

/** One lesson's progress for its learner. */
export const LessonProgressSchema = z.object({
  lessonId: z.uuid(),
  positionSeconds: z.number().int().nonnegative(),
  /** Seconds of the video credited as watched (each second once, however often replayed). */
  watchedSeconds: z.number().nonnegative(),
  /** The video's length as the server measured it; null when it cannot be measured (no video). */
  durationSeconds: z.number().positive().nullable(),
  watchedPercent: z.number().int().min(0).max(100),
  completed: z.boolean(),
  completedAt: z.iso.datetime().nullable(),
});
export type LessonProgress = z.infer<typeof LessonProgressSchema>;

/** A course the learner owns (or owns lessons of): completed lessons out of those with a video. */
export const CourseProgressSchema = z.object({
  courseId: z.uuid(),
  completedLessons: z.number().int().nonnegative(),
  totalLessons: z.number().int().nonnegative(),
  percent: z.number().int().min(0).max(100),
  completed: z.boolean(),
  /** The certificate earned by completing it, once issued. */
  certificate: CertificateSummarySchema.nullable(),
  /** Where to go on in this course: the latest unfinished lesson started, else the first not completed. */
  continueLessonId: z.uuid().nullable(),
});
export type CourseProgress = z.infer<typeof CourseProgressSchema>;

/** "Continue where you left off": the lesson last watched and not finished. */
export const ContinueLessonSchema = z.object({
  lessonId: z.uuid(),
  number: z.number().int().positive(),
  title: LocalizedTextSchema,
  poster: ImageSchema.nullable(),
  courseId: z.uuid().nullable(),
  positionSeconds: z.number().int().nonnegative(),
  durationSeconds: z.number().positive().nullable(),
  watchedPercent: z.number().int().min(0).max(100),
});
export type ContinueLesson = z.infer<typeof ContinueLessonSchema>;

/** `GET /training/progress`: every lesson the learner may watch that has a video, their courses, where to continue. */
export const LearningProgressSchema = z.object({
  lessons: z.array(LessonProgressSchema),
  courses: z.array(CourseProgressSchema),
  continue: ContinueLessonSchema.nullable(),
});
export type LearningProgress = z.infer<typeof LearningProgressSchema>;

/** `GET /admin/progress/lessons`: per lesson, how many of its purchasers started and completed it. */
export const LessonCompletionSchema = z.object({
  lessonId: z.uuid(),
  /** Accounts that own the lesson (bought it or its course). */
  purchasers: z.number().int().nonnegative(),
  /** Of them, those who played some of it. */
  started: z.number().int().nonnegative(),
  /** Of them, those who completed it. */
  completed: z.number().int().nonnegative(),
});
export type LessonCompletion = z.infer<typeof LessonCompletionSchema>;
