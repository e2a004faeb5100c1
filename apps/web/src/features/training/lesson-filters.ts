import type { Lesson, LessonLevel } from '@atelier/shared';

export const LESSON_FILTERS = ['all', 'available', 'purchased', 'newest'] as const;
export type LessonFilter = (typeof LESSON_FILTERS)[number];
export type LevelFilter = 'all' | LessonLevel;

/**
 * SPEC §2 lesson filters: all (in lesson order), available (not bought yet, can be bought),
 * purchased (already unlocked), newest (most recently published first). The level narrows any of them.
 */
export function filterLessons(lessons: Lesson[], filter: LessonFilter, level: LevelFilter): Lesson[] {
  const byLevel = level === 'all' ? lessons : lessons.filter((lesson) => lesson.level === level);
  switch (filter) {
    case 'available':
      return byLevel.filter((lesson) => !lesson.purchased).sort((a, b) => a.number - b.number);
    case 'purchased':
      return byLevel.filter((lesson) => lesson.purchased).sort((a, b) => a.number - b.number);
    case 'newest':
      return [...byLevel].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.number - a.number);
    default:
      return [...byLevel].sort((a, b) => a.number - b.number);
  }
}
