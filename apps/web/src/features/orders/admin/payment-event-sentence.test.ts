import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enAdmin from '../../../locales/en/admin/index';
import esAdmin from '../../../locales/es/admin/index';
import ruAdmin from '../../../locales/ru/admin/index';
import { KNOWN_PAYMENT_EVENT_TYPES, paymentEventSentence, phraseOf } from './payment-event-sentence';

const texts = { ru: ruAdmin, en: enAdmin, es: esAdmin };
const t: Record<string, TFunction> = {};

beforeAll(async () => {
  for (const lang of ['ru', 'en', 'es'] as const) {
    const instance = i18next.createInstance();
    await instance.init({
      lng: lang,
      resources: { [lang]: { translation: texts[lang] } },
      interpolation: { escapeValue: false },
    });
    t[lang] = instance.t;
  }
});

const AT = '2026-11-20T09:03:00.000Z';
const rub = { amount: 2400, currency: 'RUB' };
const developerWords = /\b[a-z]+\.[a-z_]+\b|\b[A-Z]+\.[A-Z.]+\b|[a-z]+_[a-z]+|\{\{|orders\.admin/;

describe('payment event → sentence', () => {
  it('a refund of chosen lines says what it gave back, not the whole payment', () => {
    const sentence = paymentEventSentence(
      t.en!,
      { type: 'refund.succeeded', outcome: 'applied', createdAt: AT, amount: 927.72 },
      rub,
      'en',
    );
    expect(sentence).toMatch(/^Money returned to the customer 20 Nov, \d\d:03, .*927\.72/);
    expect(sentence).not.toContain('2,400');
  });

  it('says a card payment was received with its time and the amount in roubles', () => {
    const sentence = paymentEventSentence(
      t.en!,
      { type: 'payment.succeeded', outcome: 'applied', createdAt: AT },
      rub,
      'en',
    );
    expect(sentence).toMatch(
      /^Payment received 20 Nov, \d\d:03, ₽\s?2,400$|^Payment received 20 Nov, \d\d:03, 2,400\s?₽$/,
    );
    expect(sentence).not.toContain('payment.succeeded');
  });

  it('formats the amount in the currency of the payment (euros for a PayPal invoice)', () => {
    const sentence = paymentEventSentence(
      t.ru!,
      { type: 'INVOICING.INVOICE.PAID', outcome: 'applied', createdAt: AT },
      { amount: 52, currency: 'EUR' },
      'ru',
    );
    expect(sentence).toMatch(/^Оплата получена 20 нояб\.?, \d\d:03, 52\s€$/);
  });

  it('adds a plain note when the notice was not simply applied', () => {
    const sentence = paymentEventSentence(
      t.en!,
      { type: 'payment.succeeded', outcome: 'order_cancelled', createdAt: AT },
      rub,
      'en',
    );
    expect(sentence).toContain('Payment received');
    expect(sentence).toContain('the order was already cancelled, a refund is needed');
  });

  it('maps every type the server records to its own phrase, never the generic one', () => {
    expect(KNOWN_PAYMENT_EVENT_TYPES).toEqual(
      expect.arrayContaining([
        'payment.succeeded',
        'payment.canceled',
        'payment.failed',
        'INVOICING.INVOICE.PAID',
        'INVOICING.INVOICE.CANCELLED',
        'CHECKOUT.ORDER.APPROVED',
        'PAYMENT.CAPTURE.COMPLETED',
        'PAYMENT.CAPTURE.DENIED',
        'PAYMENT.CAPTURE.REFUNDED',
        'capture.succeeded',
        'capture.failed',
        'manual.paid',
        'instructions.sent',
        'create.error',
        'rejected',
        'refund.succeeded',
        'refund.pending',
        'refund.refused',
        'refund.error',
      ]),
    );
    for (const type of KNOWN_PAYMENT_EVENT_TYPES) expect(phraseOf(type)).not.toBe('other');
  });

  it('reads an unknown event as a generic sentence, without its raw name', () => {
    const sentence = paymentEventSentence(
      t.es!,
      { type: 'PAYMENT.CAPTURE.REVERSED', outcome: 'ignored', createdAt: AT },
      rub,
      'es',
    );
    expect(sentence).toMatch(/^Mensaje del servicio de pagos 20 nov/);
    expect(sentence).not.toContain('PAYMENT.CAPTURE');
  });

  it.each(['ru', 'en', 'es'])('has a plain sentence in %s for every type and outcome', (lang) => {
    const outcomes = [
      'applied',
      'received',
      'duplicate',
      'ignored',
      'unknown_payment',
      'amount_mismatch',
      'order_cancelled',
      'order_not_pending',
      'provider_error',
      'rejected_bad_signature',
      'something_new',
    ];
    for (const type of [...KNOWN_PAYMENT_EVENT_TYPES, 'something.new']) {
      for (const outcome of outcomes) {
        const sentence = paymentEventSentence(t[lang]!, { type, outcome, createdAt: AT }, rub, lang);
        expect(sentence, `${type} / ${outcome}`).not.toMatch(developerWords);
        expect(sentence.length).toBeGreaterThan(10);
      }
    }
  });
});
