import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LANGUAGES,
  MAIL_PREVIEW_KINDS,
  MAIL_PREVIEW_LABELS,
  type MailPreviewKind,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
  OWNER_MAIL_PREVIEW_KINDS,
} from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { customerMail } from './features/custom-orders/custom-orders.mail';
import { recipientMail } from './features/gift-certificates/gift-certificates.mail';
import { orderAwaitingPaymentMail, orderStatusMail } from './features/orders/orders.mail';
import { previewMail } from './mail-previews';
import { renderMail } from './platform/mail/layout';

const SITE = 'https://atelier.example';
const BRAND = { replyTo: 'studio@atelier.example' };

/**
 * Every kind of customer mail in every language, HTML and text, as it would be queued. A change
 * of words or look shows here as a diff to read; `vitest -u` accepts it.
 */
describe.each(MAIL_PREVIEW_KINDS)('the %s mail', (kind) => {
  it.each(LANGUAGES)('in %s', async (lang) => {
    const mail = previewMail(kind, lang, SITE, BRAND);
    await expect(`Subject: ${mail.subject}\nReply-To: ${mail.replyTo}\n\n${mail.text}\n`).toMatchFileSnapshot(
      `./__mail_snapshots__/${kind}.${lang}.txt`,
    );
    await expect(mail.html).toMatchFileSnapshot(`./__mail_snapshots__/${kind}.${lang}.html`);
    expect(mail.html).toContain(`<html lang="${lang}">`);
    // Only the site's words, in the mail's language: no placeholder left unfilled.
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\{\w+\}|undefined|NaN|null/);
  });
});

const order = (patch: Partial<Order>): Order =>
  ({
    id: '0b7a2c1e-1111-4111-8111-111111111111',
    number: 41,
    status: 'confirmed',
    language: 'ru',
    currency: 'RUB',
    paymentMethod: 'card',
    customer: { firstName: 'Анна', lastName: 'Петрова', email: 'anna@example.test', phone: '+7 900 000-00-00' },
    delivery: { method: 'pickup' },
    items: [
      {
        name: { ru: 'Пион', en: 'Peony', es: 'Peonía' },
        quantity: 2,
        unitPrice: 1500,
        lineTotal: 3000,
        unitPriceInCurrency: 1500,
        lineTotalInCurrency: 3000,
      },
    ],
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
    exchangeRates: { RUB: 1 },
    ...patch,
  }) as Order;

describe('order mails', () => {
  it.each([
    ['ru', 'Доставка: бесплатно'],
    ['en', 'Delivery: free'],
    ['es', 'Envío: gratis'],
  ] as const)('%s: free delivery is written as the site writes it, not as a zero', (language, line) => {
    const mail = orderStatusMail(order({ language }), SITE);
    expect(mail.text).toContain(line);
    expect(mail.text).not.toMatch(/: 0\s?(₽|€|\$)/);
    expect(mail.html).toContain(`>${line.split(': ')[1]}</td>`);
  });

  it('has a button to the order’s own page, not to the account', () => {
    const mail = orderAwaitingPaymentMail(order({ status: 'pending', paymentMethod: 'cash' }), `${SITE}/`, {
      instructions: 'Оплата наличными при получении.',
      payBy: null,
      payLink: null,
    });
    const url = `${SITE}/account/orders/0b7a2c1e-1111-4111-8111-111111111111`;
    expect(mail.text).toContain(`Открыть заказ: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).not.toMatch(/\/account(\s|$)/m);
  });

  it('lists the items and sums in the order’s currency', () => {
    const mail = orderStatusMail(
      order({
        language: 'en',
        currency: 'EUR',
        exchangeRates: { RUB: 1, EUR: 100 },
        delivery: { method: 'standard' },
        deliveryCost: 300,
        total: 3300,
        items: [
          {
            name: { ru: 'Пион', en: 'Peony', es: 'Peonía' },
            quantity: 2,
            unitPrice: 1500,
            lineTotal: 3000,
            unitPriceInCurrency: 15,
            lineTotalInCurrency: 30,
            refundedQuantity: 0,
          } as Order['items'][number],
        ],
        subtotalInCurrency: 30,
        deliveryCostInCurrency: 3,
        totalInCurrency: 33,
        amountDue: 33,
      }),
      SITE,
    );
    expect(mail.text).toContain('• Peony (2 × €15) — €30');
    expect(mail.text).toContain('Items: €30\nDelivery: €3\nTotal: €33');
    expect(mail.text).not.toContain('₽');
  });

  it('escapes what the customer typed', () => {
    const mail = renderMail(
      orderStatusMail(
        order({
          customer: { firstName: '<script>x()</script>', lastName: '', email: 'a@b.c', phone: '' },
          items: [
            {
              name: { ru: 'Роза "<b>"&' },
              quantity: 1,
              unitPrice: 1,
              lineTotal: 1,
              unitPriceInCurrency: 1,
              lineTotalInCurrency: 1,
              refundedQuantity: 0,
            } as Order['items'][number],
          ],
        }),
        SITE,
      ).content!,
      BRAND,
    );
    expect(mail.html).toContain('&lt;script&gt;x()&lt;/script&gt;');
    expect(mail.html).toContain('Роза &quot;&lt;b&gt;&quot;&amp;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
  });
});

describe('what customers type', () => {
  it('is escaped in the gift certificate mail (names, message) and the custom-piece quote (message)', () => {
    const evil = '<img src=x onerror=alert(1)> & "quotes"';
    const gift = recipientMail({
      to: 'a@b.c',
      lang: 'en',
      recipientName: evil,
      senderName: evil,
      message: evil,
      code: 'ABCD2345EFGH6789',
      amountMinor: 5000,
      currency: 'EUR',
      shopUrl: SITE,
      pdf: Buffer.from(''),
    });
    const quote = customerMail({
      to: 'a@b.c',
      lang: 'ru',
      number: 3,
      url: SITE,
      name: evil,
      kind: 'quote',
      priceMinor: 100_000,
      currency: 'RUB',
      depositPercent: 50,
      depositMinor: 50_000,
      balanceMinor: 50_000,
      dueDate: '2026-12-01',
      message: evil,
    });
    for (const mail of [gift, quote]) {
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
      expect(mail.html).not.toContain('<img');
      expect(mail.text).toContain(evil);
    }
  });
});

/** The server's source files that draw mails: every mail function they export. */
function mailFunctionsOfFeatures(): string[] {
  const features = join(dirname(fileURLToPath(import.meta.url)), 'features');
  const names: string[] = [];
  for (const feature of readdirSync(features)) {
    for (const file of readdirSync(join(features, feature))) {
      if (!/\.(mail|texts)\.ts$/.test(file)) continue;
      const source = readFileSync(join(features, feature, file), 'utf8');
      for (const match of source.matchAll(/^export function (\w+(?:Mail|Notice))\(/gm)) names.push(match[1]!);
    }
  }
  return names;
}

describe('every mail the shop can send has a preview', () => {
  it('draws each mail function of the features in some preview', () => {
    const previews = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'mail-previews.ts'), 'utf8');
    const functions = mailFunctionsOfFeatures();
    expect(functions).toEqual(
      expect.arrayContaining(['orderStatusMail', 'adminMail', 'paidOrderNotice', 'digestNotice']),
    );
    const missing = functions.filter((name) => !new RegExp(`\\b${name}\\(`).test(previews.split('const SAMPLES')[1]!));
    expect(missing).toEqual([]);
  });

  it('has a preview for each order status a customer is mailed about', () => {
    const previewed: Record<Exclude<OrderStatus, 'pending'>, MailPreviewKind> = {
      confirmed: 'order_paid',
      processing: 'order_processing',
      shipped: 'order_shipped',
      delivered: 'order_delivered',
      cancelled: 'order_cancelled',
    };
    for (const status of ORDER_STATUSES.filter((s) => s !== 'pending')) {
      const kind = previewed[status as Exclude<OrderStatus, 'pending'>];
      expect(MAIL_PREVIEW_KINDS, status).toContain(kind);
      // The sample really is a mail about that status: its subject names the status as the shop does.
      const mail = previewMail(kind, 'en', SITE, BRAND);
      expect(mail.subject.toLowerCase(), status).toContain(ORDER_STATUS_LABELS[status].en.toLowerCase());
    }
  });

  it('lists the owner’s own mails apart, each with a name in every language', () => {
    expect(OWNER_MAIL_PREVIEW_KINDS.length).toBeGreaterThanOrEqual(9);
    for (const kind of MAIL_PREVIEW_KINDS) {
      for (const lang of LANGUAGES) expect(MAIL_PREVIEW_LABELS[kind][lang], `${kind} ${lang}`).toMatch(/\S/);
    }
    for (const kind of OWNER_MAIL_PREVIEW_KINDS) {
      expect(previewMail(kind, 'ru', SITE, BRAND).text).toContain(SITE);
    }
  });

  it('names the payment service in the owner’s payment alert, never its code name', () => {
    for (const lang of LANGUAGES) {
      const mail = previewMail('owner_payment_alert', lang, SITE, BRAND);
      expect(mail.text).toMatch(/YooKassa|ЮKassa/);
      expect(mail.text).not.toMatch(/\byookassa\b/);
    }
  });
});
