/**
 * The legal documents and the consents given to them, as plain values (zod-free: the cookie banner
 * and the footer are in the first paint, see docs/decisions/0032). The schemas are in legal.ts.
 *
 * A document is versioned per kind AND language: publishing a new Russian privacy policy makes
 * ru version n+1 and leaves the English one where it was. A consent names the exact version it was
 * given to (kind, language, version), which is what the client showed.
 */
import type { Language } from './i18n';

export const LEGAL_KINDS = [
  'terms',
  'privacy',
  'agreement',
  'personal-data',
  'cross-border',
  'cookies',
  'marketing',
] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

export function isLegalKind(value: unknown): value is LegalKind {
  return typeof value === 'string' && (LEGAL_KINDS as readonly string[]).includes(value);
}

/** The documents a person consents to (the offer and the policy are read, not consented to). */
export const CONSENT_KINDS = ['agreement', 'personal-data', 'cross-border', 'cookies', 'marketing'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** Where a consent was given or withdrawn. */
export const CONSENT_SOURCES = [
  'registration',
  'checkout',
  'purchase',
  'cookie_banner',
  'account',
  'account_deletion',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** One version of one document in one language: what a consent refers to. */
export interface LegalDocumentRef {
  kind: LegalKind;
  language: Language;
  version: number;
}

/** Registration needs both: the user agreement and the separate consent to personal-data processing. */
export const REGISTRATION_CONSENTS: readonly ConsentKind[] = ['agreement', 'personal-data'];

/**
 * What placing an order needs: consent to processing the checkout's personal data, and, when the
 * order is paid through PayPal (a foreign operator), consent to the cross-border transfer.
 */
export function checkoutConsents(paymentMethod: string): ConsentKind[] {
  return paymentMethod === 'paypal' ? ['personal-data', 'cross-border'] : ['personal-data'];
}

/**
 * What buying one lesson or course from its dialog needs: the account already holds the
 * personal-data consent (registration) and the dialog asks for no new data, so only the
 * cross-border transfer, when the item is paid for through PayPal (euros, dollars) and costs
 * something at its list price. A code or a certificate that happens to pay it all does not
 * change the question: the box is on the dialog before either is typed.
 */
export function purchaseConsents(currency: string, listPriceMinor: number): ConsentKind[] {
  return currency !== 'RUB' && listPriceMinor > 0 ? ['cross-border'] : [];
}

/** The three documents with their own short address; every kind is also at /legal/<kind>. */
export const LEGAL_SHORT_PATHS: Partial<Record<LegalKind, string>> = {
  terms: '/terms',
  privacy: '/privacy',
  agreement: '/agreement',
};

/** The page of a document: its current version, or one exact version (language and number). */
export function legalDocumentPath(kind: LegalKind, exact?: { language: Language; version: number }): string {
  if (exact) return `/legal/${kind}/${exact.language}/${exact.version}`;
  return LEGAL_SHORT_PATHS[kind] ?? `/legal/${kind}`;
}

/** Limits of a published document. */
export const LEGAL_TITLE_MAX = 200;
export const LEGAL_BODY_MAX = 100_000;
