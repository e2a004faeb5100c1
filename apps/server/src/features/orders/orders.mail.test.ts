import {
  expectedDelivery,
  formatMoney,
  inSentence,
  LANGUAGES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type Order,
} from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import {
  BOOK_FORMAT_MAIL_NAMES,
  DELIVERY_METHOD_MAIL_NAMES,
  orderAwaitingPaymentMail,
  orderConfirmedMail,
  orderShippedMail,
  orderStatusMail,
  PAYMENT_MAIL_NAMES,
  paymentName,
} from './orders.mail';

const SITE = 'https://a.test';

type Item = Order['items'][number];
const line = (patch: Partial<Item> = {}): Item =>
  ({
    id: 'l1',
    type: 'product',
    refId: 'p1',
    name: { ru: 'Пион', en: 'Peony', es: 'Peonía' },
    bookFormat: null,
    image: null,
    unitPrice: 1500,
    quantity: 2,
    lineTotal: 3000,
    unitPriceInCurrency: 1500,
    lineTotalInCurrency: 3000,
    refundedQuantity: 0,
    refunded: 0,
    ...patch,
  }) as Item;

const order = (patch: Partial<Order>): Order => {
  const base = {
    id: '0b7a2c1e-1111-4111-8111-111111111111',
    number: 41,
    status: 'pending',
    language: 'ru',
    currency: 'RUB',
    paymentMethod: 'cash',
    customer: { firstName: 'Анна', lastName: 'Петрова', email: 'anna@example.test', phone: '+7 900 000-00-00' },
    delivery: { method: 'pickup' },
    items: [line()],
    subtotal: 3000,
    discount: 0,
    deliveryCost: 0,
    subtotalInCurrency: 3000,
    discountInCurrency: 0,
    deliveryCostInCurrency: 0,
    total: 3000,
    totalInCurrency: 3000,
    giftCertificate: 0,
    amountDue: 3000,
    refundedTotalInCurrency: 0,
    exchangeRates: { RUB: 1 },
    ...patch,
  } as Order;
  // The expected days as the order keeps them (the one computation, shared with the web).
  return { ...base, expectedDelivery: patch.expectedDelivery ?? expectedDelivery(base.delivery) };
};

const BY_POST: Order['delivery'] = {
  method: 'post',
  country: 'Россия',
  city: 'Казань',
  address: 'ул. Баумана, 1',
  postalCode: '420111',
};

const offline = { instructions: 'Оплата наличными при получении.', payBy: null, payLink: null };

describe('the status mails name statuses as the web does', () => {
  it.each(LANGUAGES.flatMap((lang) => ORDER_STATUSES.map((status) => [lang, status] as const)))(
    '%s: the "%s" mail writes the shared status label',
    (language, status) => {
      const mail = orderStatusMail(order({ language, status }), SITE);
      const label = inSentence(ORDER_STATUS_LABELS[status][language]);
      expect(mail.subject.endsWith(label)).toBe(true);
      expect(mail.text).toContain(`${label}.`);
    },
  );

  it('a paid order is "оплачен" in the mail, as "Оплачен" on the site', () => {
    expect(orderConfirmedMail(order({ status: 'confirmed', paymentMethod: 'card' }), SITE).subject).toBe(
      'Заказ №41 оплачен',
    );
  });
});

describe('what an order mail shows', () => {
  it('each line’s picture as an absolute address, beside its name in the HTML; none in the text', () => {
    const mail = orderConfirmedMail(
      order({
        status: 'confirmed',
        items: [
          line({ image: '/uploads/products/p1/thumb.webp' }),
          line({ id: 'l2', name: { ru: 'Лента' }, image: 'https://cdn.example/ribbon.webp' }),
          line({ id: 'l3', name: { ru: 'Без фото' }, image: null }),
        ],
      }),
      `${SITE}/`,
    );
    expect(mail.html).toContain('<img src="https://a.test/uploads/products/p1/thumb.webp"');
    expect(mail.html).toContain('<img src="https://cdn.example/ribbon.webp"');
    expect(mail.html!.match(/<img /g)).toHaveLength(2);
    expect(mail.text).not.toContain('thumb.webp');
  });

  it.each([
    ['physical', 'ru', 'Печатное издание'],
    ['digital', 'en', 'E-book'],
    ['digital', 'es', 'Libro electrónico'],
  ] as const)('a book’s edition (%s, %s) under its line', (format, language, words) => {
    expect(BOOK_FORMAT_MAIL_NAMES[format][language]).toBe(words);
    const mail = orderConfirmedMail(
      order({ language, status: 'confirmed', items: [line({ bookFormat: format, quantity: 1, lineTotal: 1500 })] }),
      SITE,
    );
    expect(mail.text).toMatch(new RegExp(`• \\S+ \\(${words}\\) — `));
  });

  it('an edition and a quantity share the line’s detail', () => {
    const mail = orderConfirmedMail(order({ status: 'confirmed', items: [line({ bookFormat: 'physical' })] }), SITE);
    expect(mail.text).toContain(`• Пион (Печатное издание · 2 × ${formatMoney(1500, 'RUB', 'ru')}) — `);
  });

  it('the delivery method, the address and the expected days, in the order page’s words', () => {
    const mail = orderConfirmedMail(order({ status: 'confirmed', delivery: BY_POST }), SITE);
    const days = expectedDelivery(BY_POST)!;
    expect(mail.text).toContain(`Способ доставки: ${DELIVERY_METHOD_MAIL_NAMES.post.ru}`);
    expect(mail.text).toContain('Адрес доставки: 420111, Россия, Казань, ул. Баумана, 1');
    expect(mail.text).toContain(`Ожидаемый срок доставки: ${days.minDays}–${days.maxDays} дней после отправки.`);
  });

  it.each([
    ['ru', 'Стандартная доставка', 'Адрес доставки: 10115, Германия, Berlin, Unter den Linden 1'],
    ['en', 'Standard delivery', 'Delivery address: 10115, Germany, Berlin, Unter den Linden 1'],
    ['es', 'Envío estándar', 'Dirección de envío: 10115, Alemania, Berlin, Unter den Linden 1'],
  ] as const)('%s: the country is named in the mail’s language', (language, method, address) => {
    const delivery = {
      method: 'standard' as const,
      country: 'DE',
      city: 'Berlin',
      address: 'Unter den Linden 1',
      postalCode: '10115',
    };
    const mail = orderConfirmedMail(order({ language, status: 'confirmed', delivery }), SITE);
    expect(mail.text).toContain(method);
    expect(mail.text).toContain(address);
  });

  it.each([
    [{ minDays: 1, maxDays: 1 }, 'Заказ будет готов к выдаче через 1 день.'],
    [{ minDays: 1, maxDays: 2 }, 'Заказ будет готов к выдаче через 1–2 дня.'],
  ])('pickup: when it is ready (%j)', (days, words) => {
    const mail = orderConfirmedMail(order({ status: 'confirmed', expectedDelivery: days }), SITE);
    expect(mail.text).toContain('Способ доставки: Самовывоз из мастерской');
    expect(mail.text).toContain(words);
    expect(mail.text).not.toContain('Адрес доставки');
  });

  it('a CDEK point by its city and address; nothing of delivery when nothing travels', () => {
    const cdek = orderConfirmedMail(
      order({
        status: 'confirmed',
        delivery: { method: 'courier_pickup', pickupPoint: 'СДЭК, ул. Ленина, 1' },
      }),
      SITE,
    );
    expect(cdek.text).toContain('Пункт выдачи: СДЭК, ул. Ленина, 1');
    const lessons = orderConfirmedMail(order({ status: 'confirmed', delivery: { method: 'none' } }), SITE);
    expect(lessons.text).not.toMatch(/Способ доставки|Доставка:|Ожидаемый/);
    expect(lessons.text).toContain('Всё купленное уже доступно в личном кабинете.');
  });

  it('amounts in the order’s currency as the site writes them, never a currency code', () => {
    const mail = orderConfirmedMail(
      order({
        language: 'en',
        status: 'confirmed',
        currency: 'EUR',
        paymentMethod: 'paypal',
        items: [line({ unitPriceInCurrency: 15, lineTotalInCurrency: 30 })],
        subtotalInCurrency: 30,
        totalInCurrency: 30,
        amountDue: 30,
      }),
      SITE,
    );
    expect(mail.text).toContain(`• Peony (2 × ${formatMoney(15, 'EUR', 'en')}) — ${formatMoney(30, 'EUR', 'en')}`);
    expect(mail.text).toContain(`Total: ${formatMoney(30, 'EUR', 'en')}`);
    expect(mail.text).not.toMatch(/₽|\bEUR\b|\bRUB\b/);
  });
});

describe('the way to pay, named', () => {
  it.each([
    ['card', 'sbp', 'ru', 'СБП (Система быстрых платежей)'],
    ['card', 'bank_card', 'en', 'Bank card'],
    ['card', null, 'ru', 'Карта или СБП (ЮKassa)'],
    ['card', 'something new', 'es', 'Tarjeta o SBP (YooKassa)'],
    ['paypal', null, 'en', 'PayPal'],
    ['cash', null, 'ru', 'Наличными при получении'],
    ['bank_transfer', null, 'es', 'Transferencia bancaria'],
  ] as const)('%s paid with %s (%s): %s', (paymentMethod, paidWith, language, words) => {
    expect(paymentName(order({ paymentMethod, language }), language, paidWith)).toBe(words);
    const mail = orderConfirmedMail(order({ status: 'confirmed', paymentMethod, language }), SITE, paidWith);
    expect(mail.text).toContain(`: ${words}\n`);
    expect(mail.text).not.toMatch(/: (Онлайн|Online|En línea)\n/);
  });

  it('a gift certificate that paid all, or part with the rest by card', () => {
    const all = order({ paymentMethod: 'card', giftCertificate: 3000, amountDue: 0 });
    expect(paymentName(all, 'ru', null)).toBe(PAYMENT_MAIL_NAMES.gift_certificate.ru);
    const part = order({ paymentMethod: 'card', giftCertificate: 1000, amountDue: 2000 });
    expect(paymentName(part, 'en', 'sbp')).toBe('Gift certificate + SBP (Faster Payments System)');
  });
});

describe('the mail of a cash or bank-transfer order', () => {
  it('says it awaits payment, how to pay and until when, with the pay-online link first', () => {
    const mail = orderAwaitingPaymentMail(order({ paymentMethod: 'bank_transfer', delivery: BY_POST }), SITE, {
      instructions: 'Переведите 3 000 ₽ по реквизитам.',
      payBy: new Date('2026-11-25T10:00:00Z'),
      payLink: `${SITE}/pay/token`,
    });
    expect(mail.subject).toBe('Заказ №41 ждёт оплаты');
    expect(mail.text).toContain('Переведите 3 000 ₽ по реквизитам.');
    expect(mail.text).toContain('до 25 ноября 2026 г. в 10:00 UTC');
    expect(mail.text).toContain('Способ оплаты: Банковский перевод');
    expect(mail.text).toContain('Адрес доставки: 420111, Россия, Казань, ул. Баумана, 1');
    expect(mail.text.indexOf('Оплатить онлайн: https://a.test/pay/token')).toBeLessThan(
      mail.text.indexOf('Открыть заказ: https://a.test/account/orders/'),
    );
  });

  it('without a link, no pay-online button', () => {
    const mail = orderAwaitingPaymentMail(order({}), SITE, offline);
    expect(mail.text).not.toContain('Оплатить онлайн');
    expect(mail.text).toContain('Способ оплаты: Наличными при получении');
  });
});

describe('the shipped mail', () => {
  it('puts "Track the parcel" first and "View your order" second', () => {
    const mail = orderShippedMail(
      order({
        language: 'en',
        status: 'shipped',
        delivery: BY_POST,
        carrier: 'russian_post',
        tracking: { carrier: 'russian_post', number: 'RA123456789RU' },
      }),
      null,
      SITE,
    );
    const buttons = [...mail.html!.matchAll(/class="m-button" href="[^"]*"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(buttons).toEqual(['Track the parcel', 'View your order']);
    expect(mail.text.indexOf('Track the parcel:')).toBeLessThan(mail.text.indexOf('View your order:'));
  });
});
