/**
 * The `code`s the reviews feature answers with.
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const REVIEWS_ERRORS = ['REVIEWS_PENDING_LIMIT'] as const;
export type ReviewsErrorCode = (typeof REVIEWS_ERRORS)[number];
