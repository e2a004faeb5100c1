/** Lesson values the public pages need: zod-free, see docs/decisions/0032. */
export const LESSON_LEVELS = ['basic', 'intermediate', 'advanced'] as const;
export type LessonLevel = (typeof LESSON_LEVELS)[number];
