/**
 * The `code`s the stock-alerts feature answers with (back-in-stock alerts).
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const STOCK_ALERTS_ERRORS = ['PRODUCT_AVAILABLE'] as const;
export type StockAlertsErrorCode = (typeof STOCK_ALERTS_ERRORS)[number];
