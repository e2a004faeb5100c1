import { type Currency, type Lesson, type LessonLevel, priceIn } from '@atelier/shared';

export const LESSON_FILTERS = ['all', 'available', 'purchased', 'newest'] as const;
export type LessonFilter = (typeof LESSON_FILTERS)[number];
export type LevelFilter = 'all' | LessonLevel;

/** Lesson length bands: up to 30 minutes, 31–60, over an hour. */
export const DURATION_FILTERS = ['all', 'short', 'medium', 'long'] as const;
export type DurationFilter = (typeof DURATION_FILTERS)[number];

export interface LessonFilterOptions {
  filter: LessonFilter;
  level: LevelFilter;
  duration?: DurationFilter;
  /** Highest price in the display currency (lessons not sold in it are compared by their RUB price). */
  maxPrice?: number | null;
  currency?: Currency;
}

function inDuration(lesson: Lesson, duration: DurationFilter): boolean {
  if (duration === 'all') return true;
  const minutes = lesson.durationMinutes;
  if (minutes === undefined) return false;
  if (duration === 'short') return minutes <= 30;
  if (duration === 'medium') return minutes > 30 && minutes <= 60;
  return minutes > 60;
}

/** The price the visitor sees: in the display currency, or in RUB when the lesson is not sold in it. */
export function shownPrice(lesson: Lesson, currency: Currency): number {
  return priceIn(lesson.price, currency) ?? lesson.price.rub;
}

/**
 * Lesson filters: all (in lesson order), available (not bought yet, can be bought),
 * purchased (already unlocked), newest (most recently published first). Level, duration and a
 * maximum price in the display currency narrow any of them.
 */
export function filterLessons(lessons: Lesson[], options: LessonFilterOptions): Lesson[] {
  const { filter, level, duration = 'all', maxPrice = null, currency = 'RUB' } = options;
  const narrowed = lessons.filter(
    (lesson) =>
      (level === 'all' || lesson.level === level) &&
      inDuration(lesson, duration) &&
      (maxPrice === null || shownPrice(lesson, currency) <= maxPrice),
  );
  switch (filter) {
    case 'available':
      return narrowed.filter((lesson) => !lesson.purchased).sort((a, b) => a.number - b.number);
    case 'purchased':
      return narrowed.filter((lesson) => lesson.purchased).sort((a, b) => a.number - b.number);
    case 'newest':
      return [...narrowed].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.number - a.number);
    default:
      return [...narrowed].sort((a, b) => a.number - b.number);
  }
}
