/**
 * The `code`s the courses feature answers with (a course's lessons, seats and orders).
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const COURSES_ERRORS = [
  'SOLD_OUT',
  'SEAT_LIMIT_BELOW_TAKEN',
  'LESSON_IN_OTHER_COURSE',
  'COURSE_HAS_ORDERS',
] as const;
export type CoursesErrorCode = (typeof COURSES_ERRORS)[number];
