/**
 * The `code`s the certificates feature answers with (course completion certificates).
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const CERTIFICATES_ERRORS = ['CERTIFICATE_NOT_FOUND', 'NOT_YOUR_CERTIFICATE', 'CERTIFICATE_REVOKED'] as const;
export type CertificatesErrorCode = (typeof CERTIFICATES_ERRORS)[number];
