/**
 * The `code`s the shop feature answers with (the public catalogue).
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const SHOP_ERRORS = ['PRODUCT_REMOVED'] as const;
export type ShopErrorCode = (typeof SHOP_ERRORS)[number];
