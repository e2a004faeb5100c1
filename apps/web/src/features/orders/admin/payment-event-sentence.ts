import { type Currency, formatMoney, intlLocale } from '@atelier/shared';
import type { TFunction } from '../../../shared/i18n/use-translation';

/**
 * What the owner reads for each record the server keeps about a payment: a sentence with the time
 * and the amount, never the provider's event name. Every type the server records has its phrase;
 * a type it may record later reads as a generic "message from the payment service".
 */
export type PaymentEventPhrase =
  | 'received'
  | 'canceled'
  | 'failed'
  | 'waiting'
  | 'approved'
  | 'markedPaid'
  | 'instructions'
  | 'startFailed'
  | 'unverified'
  | 'refunded'
  | 'refundPending'
  | 'refundRefused'
  | 'refundFailed'
  | 'other';

const PHRASES: Record<string, PaymentEventPhrase> = {
  // The card provider (YooKassa) and the sandbox.
  'payment.succeeded': 'received',
  'payment.canceled': 'canceled',
  'payment.failed': 'failed',
  'payment.waiting_for_capture': 'waiting',
  // PayPal's Orders API: the buyer's approval, then the capture (the shop's own, or PayPal's word of it).
  'CHECKOUT.ORDER.APPROVED': 'approved',
  'PAYMENT.CAPTURE.COMPLETED': 'received',
  'PAYMENT.CAPTURE.PENDING': 'waiting',
  'PAYMENT.CAPTURE.DENIED': 'failed',
  'PAYMENT.CAPTURE.REFUNDED': 'refunded',
  'capture.succeeded': 'received',
  'capture.failed': 'failed',
  'capture.canceled': 'canceled',
  // PayPal invoices (before decision 0103), still in older orders' records.
  'INVOICING.INVOICE.PAID': 'received',
  'INVOICING.INVOICE.CANCELLED': 'canceled',
  // Recorded by the shop itself.
  'manual.paid': 'markedPaid',
  'instructions.sent': 'instructions',
  'create.error': 'startFailed',
  rejected: 'unverified',
  'refund.succeeded': 'refunded',
  'refund.pending': 'refundPending',
  'refund.canceled': 'refundRefused',
  'refund.refused': 'refundRefused',
  'refund.error': 'refundFailed',
};

/** Every event type the server records (the e2e scan looks for these names on the admin's screens). */
export const KNOWN_PAYMENT_EVENT_TYPES = Object.keys(PHRASES);

/** What happened with a notice besides its own news; `applied`/`received` need no word. */
const NOTES = [
  'duplicate',
  'ignored',
  'unknown_payment',
  'amount_mismatch',
  'order_cancelled',
  'order_not_pending',
  'provider_error',
] as const;
type Note = (typeof NOTES)[number];

export function phraseOf(type: string): PaymentEventPhrase {
  return PHRASES[type] ?? 'other';
}

function noteOf(outcome: string, phrase: PaymentEventPhrase): Note | null {
  // The phrase already says the service failed or the notice was not genuine.
  if (phrase === 'startFailed' || phrase === 'refundFailed' || phrase === 'refundRefused') return null;
  if (phrase === 'unverified' || outcome.startsWith('rejected')) return null;
  return (NOTES as readonly string[]).includes(outcome) ? (outcome as Note) : null;
}

const KNOWN_CURRENCIES = ['RUB', 'EUR', 'USD'];

export function formatPaymentAmount(amount: number, currency: string, language: string): string {
  return KNOWN_CURRENCIES.includes(currency)
    ? formatMoney(amount, currency as Currency, language as 'ru' | 'en' | 'es')
    : `${amount.toFixed(2)} ${currency}`;
}

export function formatEventTime(iso: string, language: string): string {
  const locale = intlLocale(language);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** "Payment received 20 Nov, 12:03, 2 400 ₽", with a note when the notice was not simply applied. */
export function paymentEventSentence(
  t: TFunction,
  event: { type: string; outcome: string; createdAt: string; amount?: number },
  payment: { amount: number; currency: string },
  language: string,
): string {
  const phrase = phraseOf(event.type);
  const sentence = t(`orders.admin.events.${phrase}`, {
    time: formatEventTime(event.createdAt, language),
    // A refund of chosen lines gave back its own amount, not the whole payment.
    amount: formatPaymentAmount(event.amount ?? payment.amount, payment.currency, language),
  });
  const note = noteOf(event.outcome, phrase);
  return note ? `${sentence} — ${t(`orders.admin.events.notes.${note}`)}` : sentence;
}
