import type { CookieConsentBody, Language, LegalDocument, LegalDocumentSummary, LegalKind } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../api/client';

/*
 * The public reads of the legal documents (`GET /legal…`, from the server's public cache) and the
 * cookie banner's choice. Shared, not a feature's: the footer, the cookie banner, registration,
 * checkout and the account all show these texts and ask for consents to them.
 */

/** `GET /legal?lang=`: the version in force of every document in a language (no texts). */
export const legalListQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['legal', 'current', language],
    queryFn: () => apiGet<LegalDocumentSummary[]>('/legal', { lang: language }, undefined, { silent: true }),
  });

/** One document with its Markdown text: the version in force, or one exact version. */
export const legalDocumentQueryOptions = (kind: LegalKind, language: Language, version?: number) =>
  queryOptions({
    queryKey: ['legal', kind, language, version ?? 'current'],
    queryFn: () =>
      apiGet<LegalDocument>(
        `/legal/${encodeURIComponent(kind)}/${language}${version ? `/${version}` : ''}`,
        undefined,
        undefined,
        { silent: true },
      ),
  });

/** Loads nothing until a document is asked for (`kind` null = a closed dialog). */
export function useLegalDocument(kind: LegalKind | null, language: Language, version?: number) {
  return useQuery({ ...legalDocumentQueryOptions(kind ?? 'terms', language, version), enabled: kind !== null });
}

/** The versions in force; `enabled` false = not yet (a dialog that is closed loads nothing). */
export function useLegalList(language: Language, enabled = true) {
  return useQuery({ ...legalListQueryOptions(language), enabled });
}

/** `POST /consents/cookies`: the banner's choice for the notice version it showed. */
export async function recordCookieChoice(body: CookieConsentBody): Promise<{ visitorId: string }> {
  const { data } = await apiRequest<{ visitorId: string }>('/consents/cookies', { method: 'POST', body, silent: true });
  return data;
}
