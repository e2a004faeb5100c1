/**
 * The `code`s the promo-codes feature answers with.
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const PROMO_CODES_ERRORS = ['PROMO_INVALID'] as const;
export type PromoCodesErrorCode = (typeof PROMO_CODES_ERRORS)[number];
