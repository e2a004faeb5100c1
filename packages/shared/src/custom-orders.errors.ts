/**
 * The `code`s the custom-orders feature answers with (requests, quotes, deposit and balance).
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const CUSTOM_ORDERS_ERRORS = [
  'CUSTOM_TOO_MANY_OPEN',
  'CUSTOM_STEP_NOT_ALLOWED',
  'CUSTOM_QUOTE_CHANGED',
  'CUSTOM_NOTHING_TO_PAY',
  'CUSTOM_DEPOSIT_PENDING',
  'CUSTOM_BALANCE_UNPAID',
] as const;
export type CustomOrdersErrorCode = (typeof CUSTOM_ORDERS_ERRORS)[number];
