/**
 * The `code`s the student-works feature answers with.
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const STUDENT_WORKS_ERRORS = ['STUDENT_WORKS_PENDING_LIMIT', 'STUDENT_WORK_HAS_NO_PHOTO'] as const;
export type StudentWorksErrorCode = (typeof STUDENT_WORKS_ERRORS)[number];
