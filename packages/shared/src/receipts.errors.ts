/**
 * The `code`s the receipts feature answers with (fiscal receipts and the refunds they follow).
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const RECEIPTS_ERRORS = ['RECEIPT_ALREADY_SENT', 'RECEIPT_NOT_RETRYABLE', 'REFUND_IN_PROGRESS'] as const;
export type ReceiptsErrorCode = (typeof RECEIPTS_ERRORS)[number];
