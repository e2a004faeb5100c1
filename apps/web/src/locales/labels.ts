import type { Language } from '@atelier/shared/i18n';
import { CONSENT_SOURCE_LABELS, LEGAL_KIND_LABELS } from '@atelier/shared/messages/legal-labels';
import type { Texts } from '@atelier/shared/texts';
import type { Tree } from './tree';

export const inLanguage = (labels: Record<string, Texts>, lang: Language): Tree =>
  Object.fromEntries(Object.entries(labels).map(([key, texts]) => [key, texts[lang]]));

/**
 * The labels the web shares with the server's mails, under the top-level key `labels`. Those of the
 * legal documents (messages/legal-labels.ts: `labels.legalKind.<kind>`, `labels.consentSource.<source>`)
 * are among the first texts (the footer names the documents); those of orders (order-labels.ts)
 * among the later ones.
 */
export function legalLabels(lang: Language): Tree {
  return {
    labels: {
      legalKind: inLanguage(LEGAL_KIND_LABELS, lang),
      consentSource: inLanguage(CONSENT_SOURCE_LABELS, lang),
    },
  };
}
