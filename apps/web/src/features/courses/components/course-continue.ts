/**
 * The lesson the course page offers to continue with ("Continue the course · Lesson 2"): only to
 * someone who owns the course, and only while it is not completed. Progress can exist without the
 * course (a lesson of it bought alone, or free): that viewer is offered the course to buy instead.
 */
export function lessonToContinue<Lesson extends { id: string }>(
  course: { purchased: boolean; lessons: readonly Lesson[] },
  progress: { completed: boolean; continueLessonId: string | null } | undefined,
): Lesson | null {
  if (!course.purchased || !progress || progress.completed || !progress.continueLessonId) return null;
  return course.lessons.find((lesson) => lesson.id === progress.continueLessonId) ?? null;
}
