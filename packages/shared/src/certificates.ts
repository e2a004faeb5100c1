/**
 * Course certificates: issued when a learner completes every lesson of a course, downloaded as a
 * PDF by their owner (`GET /training/certificates/{code}/pdf`), and checked by anyone at the public
 * verification page `/certificate/{code}` (`GET /certificates/{code}`). See docs/decisions/0044.
 */
import { z } from 'zod';
import { LanguageSchema, LocalizedTextSchema } from './base-schemas';

/** Crockford's base-32 digits: no I, L, O or U, so a printed code reads back without doubt. */
export const CERTIFICATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Five groups of four digits (100 random bits), e.g. `7K3M-Q9XR-2B8D-HN4T-W6ZP`. */
export const CERTIFICATE_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

/**
 * A code as typed or printed: upper-cased (codes are case-insensitive), and the letters a reader
 * may take for digits read as those digits (O → 0, I and L → 1), as Crockford's encoding intends.
 */
export function normalizeCertificateCode(value: string): string {
  return value.trim().toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
}

export const CertificateCodeParamSchema = z.object({
  code: z.string().max(40).transform(normalizeCertificateCode).pipe(z.string().regex(CERTIFICATE_CODE_PATTERN)),
});

/** What the learner's pages show of a certificate they hold. */
export const CertificateSummarySchema = z.object({
  code: z.string(),
  issuedAt: z.iso.datetime(),
});
export type CertificateSummary = z.infer<typeof CertificateSummarySchema>;

/** A certificate as its owner (or an admin) sees it. */
export const CertificateSchema = CertificateSummarySchema.extend({
  /** The course, while it exists (the title below is kept as it was on the day of issue). */
  courseId: z.uuid().nullable(),
  courseTitle: LocalizedTextSchema,
  /** The learner's name as it was on the day of issue. */
  name: z.string(),
  /** The language the learner used when the course was completed: the PDF's language by default. */
  language: LanguageSchema,
  /** The public page that shows the certificate is real. */
  verifyUrl: z.string(),
});
export type Certificate = z.infer<typeof CertificateSchema>;

/** `GET /certificates/{code}`: what the public verification page shows (no account details). */
export const CertificateVerificationSchema = z.object({
  code: z.string(),
  name: z.string(),
  courseTitle: LocalizedTextSchema,
  issuedAt: z.iso.datetime(),
  /** false once revoked: the access that earned it ended (its course order was cancelled or refunded). */
  valid: z.boolean(),
  /** When it was revoked; null while valid. */
  revokedAt: z.iso.datetime().nullable(),
});
export type CertificateVerification = z.infer<typeof CertificateVerificationSchema>;

/** `?lang=` of the PDF download: another language than the certificate's own. */
export const CertificatePdfQuerySchema = z.object({ lang: LanguageSchema.optional() }).strict();
