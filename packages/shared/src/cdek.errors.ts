/**
 * The `code`s the cdek feature answers with (the CDEK carrier: points, quotes, shipments and labels).
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const CDEK_ERRORS = [
  'CDEK_NOT_CONFIGURED',
  'CDEK_UNAVAILABLE',
  'CDEK_POINT_UNKNOWN',
  'CDEK_NOT_DELIVERABLE',
  'CDEK_NOT_REGISTRABLE',
  'CDEK_REGISTRATION_IN_PROGRESS',
  'CDEK_NOT_REGISTERED',
  'CDEK_LABEL_NOT_READY',
] as const;
export type CdekErrorCode = (typeof CDEK_ERRORS)[number];
