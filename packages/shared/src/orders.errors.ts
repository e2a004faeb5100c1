/**
 * The `code`s the orders feature answers with (the order status machine, shipping and paying an order).
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const ORDERS_ERRORS = [
  'INVALID_TRANSITION',
  'ALREADY_SHIPPED',
  'NO_PARCEL',
  'ORDER_NOT_PAYABLE',
  'TOO_MANY_OPEN_ORDERS',
  'UNPAID_HOLD_LIMIT',
  'ORDER_REFUNDED',
  'ORDER_NOT_CHANGEABLE',
] as const;
export type OrdersErrorCode = (typeof ORDERS_ERRORS)[number];
