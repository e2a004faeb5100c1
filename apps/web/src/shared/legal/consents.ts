import type { ConsentKind, LegalDocumentRef, LegalDocumentSummary } from '@atelier/shared';
import { isApiError } from '../api/api-error';

/**
 * The `consents` a form sends: for each kind it asks, the version in force that the page shows
 * (from `GET /legal?lang=`). Null while that list is missing or lacks one: the form cannot send
 * a consent to a text it does not know.
 */
export function consentRefs(
  documents: readonly LegalDocumentSummary[] | undefined,
  kinds: readonly ConsentKind[],
): LegalDocumentRef[] | null {
  if (!documents) return null;
  const refs: LegalDocumentRef[] = [];
  for (const kind of kinds) {
    const document = documents.find((d) => d.kind === kind && d.current);
    if (!document) return null;
    refs.push({ kind, language: document.language, version: document.version });
  }
  return refs;
}

/**
 * The server refused a consent because the text changed since the page loaded it (409) or no
 * longer exists (400): the page reloads the texts and asks for the consent again.
 */
export function isOutdatedConsent(error: unknown): boolean {
  return isApiError(error) && (error.code === 'LEGAL_VERSION_STALE' || error.code === 'LEGAL_VERSION_UNKNOWN');
}
