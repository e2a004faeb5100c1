/**
 * The `code`s the checkout feature answers with (placing an order: lines that cannot be sold as asked).
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const CHECKOUT_ERRORS = [
  'OUT_OF_STOCK',
  'ITEM_UNAVAILABLE',
  'NOT_SOLD_IN_CURRENCY',
  'ALREADY_OWNED',
  'LESSON_IN_COURSE',
] as const;
export type CheckoutErrorCode = (typeof CHECKOUT_ERRORS)[number];
