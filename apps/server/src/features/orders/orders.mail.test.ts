import {
  inSentence,
  LANGUAGES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type Order,
  PAYMENT_METHOD_LABELS,
} from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { orderReceivedMail, orderStatusMail } from './orders.mail';

const order = (patch: Partial<Order>): Order =>
  ({
    id: '0b7a2c1e-1111-4111-8111-111111111111',
    number: 41,
    status: 'pending',
    language: 'ru',
    currency: 'RUB',
    paymentMethod: 'cash',
    customer: { firstName: 'Анна', lastName: 'Петрова', email: 'anna@example.test', phone: '+7 900 000-00-00' },
    delivery: { method: 'pickup' },
    items: [{ name: { ru: 'Пион', en: 'Peony', es: 'Peonía' }, quantity: 2, lineTotal: 3000 }],
    subtotal: 3000,
    discount: 0,
    deliveryCost: 0,
    total: 3000,
    totalInCurrency: 3000,
    giftCertificate: 0,
    amountDue: 3000,
    exchangeRates: { RUB: 1 },
    ...patch,
  }) as Order;

describe('order mails name statuses and payment methods as the web does', () => {
  it.each(LANGUAGES.flatMap((lang) => ORDER_STATUSES.map((status) => [lang, status] as const)))(
    '%s: the "%s" mail writes the shared status label',
    (language, status) => {
      const mail = orderStatusMail(order({ language, status }), 'https://a.test/account/orders');
      const label = inSentence(ORDER_STATUS_LABELS[status][language]);
      expect(mail.subject.endsWith(label)).toBe(true);
      expect(mail.text).toContain(`${label}.`);
    },
  );

  it('writes the payment method as the checkout names it', () => {
    const mail = orderReceivedMail(order({ language: 'en', paymentMethod: 'bank_transfer' }), 'https://a.test/x');
    expect(mail.text).toContain(`Payment method: ${PAYMENT_METHOD_LABELS.bank_transfer.en}`);
    expect(mail.subject).toBe('Order #41 received');
    expect(mail.text).toContain('Its status: awaiting payment.');
  });

  it('a paid order is "оплачен" in the mail, as "Оплачен" on the site', () => {
    expect(orderStatusMail(order({ status: 'confirmed' }), 'https://a.test/x').subject).toBe('Заказ №41: оплачен');
  });
});
