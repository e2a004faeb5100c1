export { formatPercent } from './percent';

/**
 * How learning progress reads on the page: a lesson is not started, in progress or completed; a
 * percentage in the conventions of the interface language ("45 %" in Russian and Spanish, "45%"
 * in English); a playback position as m:ss or h:mm:ss. The figures come from the server
 * (`GET /training/progress`); nothing here decides what counts as watched.
 */
export type LessonState = 'notStarted' | 'inProgress' | 'completed';

/** Where a learner is with a lesson: completed (the server said so), in progress once anything was watched or a position kept. */
export function lessonState(progress: {
  completed: boolean;
  watchedSeconds: number;
  positionSeconds: number;
}): LessonState {
  if (progress.completed) return 'completed';
  return progress.watchedSeconds > 0 || progress.positionSeconds > 0 ? 'inProgress' : 'notStarted';
}

/** What a progress bar shows: full once completed (90 % watched completes a lesson), else the watched share. */
export function barPercent(progress: { completed: boolean; watchedPercent: number }): number {
  if (progress.completed) return 100;
  return Math.min(100, Math.max(0, Math.floor(progress.watchedPercent)));
}

/** A playback position: `m:ss`, or `h:mm:ss` from an hour on. */
export function formatPosition(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** The lesson page of a lesson to continue. */
export const lessonHref = (lessonId: string) => `/training-detail/${lessonId}`;
