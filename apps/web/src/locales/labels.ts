import type { Language } from '@atelier/shared/i18n';
import { CONSENT_SOURCE_LABELS, LEGAL_KIND_LABELS } from '@atelier/shared/messages/legal-labels';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  SHIP_CARRIER_LABELS,
  TRACKING_CARRIER_LABELS,
} from '@atelier/shared/messages/order-labels';
import type { Texts } from '@atelier/shared/texts';
import type { Tree } from './tree';

const inLanguage = (labels: Record<string, Texts>, lang: Language): Tree =>
  Object.fromEntries(Object.entries(labels).map(([key, texts]) => [key, texts[lang]]));

/**
 * The labels the web shares with the server's mails (`@atelier/shared` messages/order-labels.ts), under
 * the top-level key `labels`: `labels.orderStatus.<status>`, `labels.paymentMethod.<method>`,
 * `labels.trackingCarrier.<carrier>`, `labels.shipCarrier.<carrier>`, and (messages/legal-labels.ts) `labels.legalKind.<kind>`, `labels.consentSource.<source>`.
 */
export function sharedLabels(lang: Language): Tree {
  return {
    labels: {
      orderStatus: inLanguage(ORDER_STATUS_LABELS, lang),
      paymentMethod: inLanguage(PAYMENT_METHOD_LABELS, lang),
      trackingCarrier: inLanguage(TRACKING_CARRIER_LABELS, lang),
      shipCarrier: inLanguage(SHIP_CARRIER_LABELS, lang),
      legalKind: inLanguage(LEGAL_KIND_LABELS, lang),
      consentSource: inLanguage(CONSENT_SOURCE_LABELS, lang),
    },
  };
}
