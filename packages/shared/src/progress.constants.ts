/**
 * Learning progress values both sides use, zod-free (lesson cards on the server-rendered pages
 * import them, see docs/decisions/0032): when a lesson counts as completed and how much of it was
 * watched, from the seconds the server has credited (docs/decisions/0044).
 */

/** Longest video a report may speak of (a day, like the saved position). */
export const PLAYBACK_MAX_SECONDS = 24 * 60 * 60;
/** Most stretches one report may carry (the player sends what it played since its last report). */
export const PROGRESS_SEGMENTS_MAX = 50;

/** A lesson is completed once this share of its video has been watched. */
export const COMPLETION_SHARE = 0.9;

/** Watched share of a lesson as a whole percent, rounded down (99.9 % is not 100 %), 0–100. */
export function watchedPercent(watchedSeconds: number, durationSeconds: number | null): number {
  if (durationSeconds === null || durationSeconds <= 0 || !Number.isFinite(watchedSeconds)) return 0;
  const share = Math.min(1, Math.max(0, watchedSeconds / durationSeconds));
  return Math.floor(share * 100 + 1e-9);
}

/** Whether `watchedSeconds` of a `durationSeconds` video is enough to call the lesson completed. */
export function isCompleted(watchedSeconds: number, durationSeconds: number | null): boolean {
  if (durationSeconds === null || durationSeconds <= 0) return false;
  return watchedSeconds >= durationSeconds * COMPLETION_SHARE - 1e-9;
}

/** Completed lessons of a course as a whole percent, rounded down; 0 for a course without lessons. */
export function coursePercent(completedLessons: number, totalLessons: number): number {
  if (totalLessons <= 0) return 0;
  return Math.floor((Math.min(completedLessons, totalLessons) / totalLessons) * 100);
}
