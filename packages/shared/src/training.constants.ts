/** Lesson values the public pages need: zod-free, see docs/decisions/0032. */
export const LESSON_LEVELS = ['basic', 'intermediate', 'advanced'] as const;
export type LessonLevel = (typeof LESSON_LEVELS)[number];

/**
 * The points of a "What you'll learn" or "Materials" text, one a line, blank lines and list marks
 * dropped (zod-free, so the lesson and course pages take it without the schemas).
 */
export function pointsOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/^\s*[-•*]\s*/, '').trim())
    .filter(Boolean);
}
