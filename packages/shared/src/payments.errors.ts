/**
 * The `code`s the payments feature answers with (card, PayPal and by-hand payments, refunds,
 * provider notifications, payment and download links).
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const PAYMENTS_ERRORS = [
  'ORDER_ALREADY_PAID',
  'PAYMENT_IN_PROGRESS',
  'CARD_PAYMENTS_UNAVAILABLE',
  'PAYMENT_METHOD_UNAVAILABLE',
  'PAYMENT_WRONG_METHOD',
  'PAYMENT_WRONG_CURRENCY',
  'PAYMENT_FINISHED',
  'PAYMENT_PROVIDER_ERROR',
  'NOTIFICATION_REJECTED',
  'MANUAL_PAYMENT_NOT_ALLOWED',
  'PAYPAL_INVOICE_NOT_MANUAL',
  'REFUND_NOT_ALLOWED',
  'REFUND_NOT_AVAILABLE',
  'REFUND_LINES_EMPTY',
  'REFUND_LINE_DUPLICATE',
  'REFUND_LINE_UNKNOWN',
  'REFUND_LINE_NOT_REFUNDABLE',
  'REFUND_QUANTITY_EXCEEDED',
  'REFUND_AMOUNT_EXCEEDED',
  'PAY_LINK_INVALID',
  'PAY_LINK_EXPIRED',
  'LINK_NOT_FOUND',
  'LINK_OTHER_ACCOUNT',
  'LINK_EXPIRED',
  'LINK_USED_UP',
  'ORDER_CANCELLED',
  'REISSUE_LIMIT',
  'FILE_MISSING',
] as const;
export type PaymentsErrorCode = (typeof PAYMENTS_ERRORS)[number];
