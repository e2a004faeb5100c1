/**
 * The `code`s the gift-certificates feature answers with (buying, codes at checkout, balances).
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const GIFT_CERTIFICATES_ERRORS = [
  'GIFT_CODE_INVALID',
  'GIFT_CODE_INACTIVE',
  'GIFT_CODE_EMPTY',
  'GIFT_CURRENCY_MISMATCH',
  'GIFT_CERTIFICATE_SPENT',
  'GIFT_CERTIFICATE_NOT_ACTIVE',
] as const;
export type GiftCertificatesErrorCode = (typeof GIFT_CERTIFICATES_ERRORS)[number];
