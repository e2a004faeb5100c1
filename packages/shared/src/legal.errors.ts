/**
 * The `code`s the legal feature answers with (consents and the versions of the legal documents).
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const LEGAL_ERRORS = [
  'CONSENT_REQUIRED',
  'LEGAL_VERSION_UNKNOWN',
  'LEGAL_VERSION_STALE',
  'LEGAL_VERSION_CONFLICT',
] as const;
export type LegalErrorCode = (typeof LEGAL_ERRORS)[number];
