import type { Language } from '@atelier/shared/i18n';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  SHIP_CARRIER_LABELS,
  TRACKING_CARRIER_LABELS,
} from '@atelier/shared/messages/order-labels';
import { inLanguage } from './labels';
import type { Tree } from './tree';

/**
 * The orders' labels the web shares with the server's mails: `labels.orderStatus.<status>`,
 * `labels.paymentMethod.<method>`, `labels.trackingCarrier.<carrier>`, `labels.shipCarrier.<carrier>`.
 * Among the later texts: only pages rendered in the browser show orders.
 */
export function orderLabels(lang: Language): Tree {
  return {
    labels: {
      orderStatus: inLanguage(ORDER_STATUS_LABELS, lang),
      paymentMethod: inLanguage(PAYMENT_METHOD_LABELS, lang),
      trackingCarrier: inLanguage(TRACKING_CARRIER_LABELS, lang),
      shipCarrier: inLanguage(SHIP_CARRIER_LABELS, lang),
    },
  };
}
