import type { Language } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalDoc, LegalText } from './legal-types';

// Long texts stay out of the first-paint bundle: each language is its own chunk, loaded on demand.
const loaders = {
  ru: () => import('./legal-ru').then((module) => module.LEGAL_RU),
  en: () => import('./legal-en').then((module) => module.LEGAL_EN),
  es: () => import('./legal-es').then((module) => module.LEGAL_ES),
} satisfies Record<Language, () => Promise<Record<LegalDoc, LegalText>>>;

export const legalQueryOptions = (language: Language) =>
  queryOptions({ queryKey: ['legal', language], queryFn: loaders[language], staleTime: Number.POSITIVE_INFINITY });

/** Loads nothing until a document is asked for (`doc` null = closed modal). */
export function useLegalText(doc: LegalDoc | null, language: Language) {
  const query = useQuery({ ...legalQueryOptions(language), enabled: doc !== null });
  return { ...query, text: doc ? query.data?.[doc] : undefined };
}
