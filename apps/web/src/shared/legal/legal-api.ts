import type { CookieConsentBody, Language, LegalKind } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { legalApi } from '../api/routes/legal';
import { legalKeys } from './keys';

/*
 * The public reads of the legal documents (`GET /legal…`, from the server's public cache) and the
 * cookie banner's choice. Shared, not a feature's: the footer, the cookie banner, registration,
 * checkout and the account all show these texts and ask for consents to them.
 */

/** `GET /legal?lang=`: the version in force of every document in a language (no texts). */
export const legalListQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: legalKeys.current(language),
    queryFn: () => legalApi.list({ query: { lang: language } }, { silent: true }).then((reply) => reply.data),
  });

/** One document with its Markdown text: the version in force, or one exact version. */
export const legalDocumentQueryOptions = (kind: LegalKind, language: Language, version?: number) =>
  queryOptions({
    queryKey: legalKeys.document(kind, language, version),
    queryFn: async () => {
      const reply = version
        ? await legalApi.getKindLanguageVersion({ params: { kind, language, version } }, { silent: true })
        : await legalApi.getKindLanguage({ params: { kind, language } }, { silent: true });
      return reply.data;
    },
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
  const { data } = await legalApi.consentsCookies({ body }, { silent: true });
  return data;
}
