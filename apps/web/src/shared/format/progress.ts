import { intlLocale } from '@atelier/shared';

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

/**
 * The one way a percentage is written on the site: a whole number from 0 to 100 in the conventions
 * of the interface language, "45 %" in Russian and Spanish with a no-break space (U+00A0) that
 * never lets the sign fall to the next line, "45%" in English. Texts take it whole as
 * `{{percent}}` and never write the sign themselves (locales.test.ts checks).
 */
export function formatPercent(percent: number, language: string): string {
  const value = Math.min(100, Math.max(0, Math.floor(Number.isFinite(percent) ? percent : 0)));
  return new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 0 })
    .format(value / 100)
    .replace(/\s%/, '\u00a0%');
}
