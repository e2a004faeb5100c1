/**
 * Payment links valid for days (docs/decisions/0083), through the real app with the YooKassa
 * driver against its local fake: a bank-transfer order is placed → its link is mailed (in the
 * order's one mail) to the account's address and opened signed out → Pay creates a fresh YooKassa payment of the order's
 * current amount → paid, the link says so (409) and makes no second payment. Unknown, forged,
 * replaced, expired and cancelled links answer 4xx with their codes; guesses are rate-limited;
 * the order waits for its link in the expiry sweep unless it holds stock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, payments } from '../../db/schema';
import { extractLinks } from '../../platform/mail/mail-text';
import { bearer } from '../../test/accounts';
import {
  placeOrder as checkout,
  orderBody,
  productLine,
  productWithStock,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { startYookassaFake, type YookassaFake } from '../../test/fakes/yookassa-fake';
import { createTestContext, type TestContext } from '../../test/harness';
import { createPayLinkSigner } from './pay-links';

const MEDIA_SECRET = 'media-secret-for-pay-link-tests-0123456789';
const DAY = 86_400_000;
let t: TestContext;
let yookassa: YookassaFake;
let buyer: TestUser;
let bookId: string;
let vaseId: string;
const signer = createPayLinkSigner(MEDIA_SECRET);

beforeAll(async () => {
  yookassa = await startYookassaFake();
  t = await createTestContext({
    env: {
      RATE_LIMIT_PAYMENT_PER_ACCOUNT: '100000',
      RATE_LIMIT_PAYMENT_PER_IP: '100000',
      RATE_LIMIT_AUTH_PER_IP: '5',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: yookassa.shopId,
      YOOKASSA_SECRET_KEY: yookassa.secretKey,
      YOOKASSA_API_URL: yookassa.apiUrl,
      MEDIA_URL_SECRET: MEDIA_SECRET,
      PAY_LINK_DAYS: '7',
      PENDING_ORDER_HOURS: '48',
      PENDING_TRANSFER_DAYS: '5',
      MAX_OPEN_UNPAID_ORDERS: '100000',
    },
  });
  buyer = await verifiedUser(t, { email: 'buyer@example.com' });
  bookId = await productWithStock(t, {
    name: { ru: 'Пионы из шёлка', en: 'Silk peonies', es: 'Peonías de seda' },
    priceRub: 120_000,
    category: 'book',
    bookFormats: ['digital'],
    stock: null,
  });
  vaseId = await productWithStock(t, { name: { ru: 'Ваза' }, priceRub: 350_000, stock: 10 });
});
afterAll(async () => {
  await t.close();
  await yookassa.close();
});

const book = () => [{ type: 'product', id: bookId, quantity: 1, bookFormat: 'digital' }];
/** A bank-transfer order as the checkout places it (picked up, roubles). */
const placeTransfer = (items: unknown[] = book()) =>
  checkout(t, buyer, orderBody(items, { delivery: { method: 'pickup' }, paymentMethod: 'bank_transfer' }));
const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentsOf = (orderId: string) => t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
const open = (token: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'GET', url: `/api/pay/${token}`, headers: { 'accept-language': 'en' }, remoteAddress });
const pay = (token: string, payload: object = {}, remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/pay/${token}`,
    headers: { 'accept-language': 'en' },
    payload,
    remoteAddress,
  });
const notify = (rawBody: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/yookassa',
    headers: { 'content-type': 'application/json' },
    payload: rawBody,
  });

/**
 * The payment link mailed for order `number` to the buyer's account address (the order's language:
 * ru), in the order's one "awaiting payment" mail: no mail of the link apart.
 */
async function mailedLink(number: number) {
  const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'buyer@example.com'));
  const ofOrder = mails.filter((m) => new RegExp(`№${number}(?!\\d)`).test(m.subject));
  expect(ofOrder.map((m) => m.subject)).toEqual([`Заказ №${number} ждёт оплаты`]);
  const mail = ofOrder[0];
  const url = extractLinks(mail!.text).find((link) => link.includes('/pay/'));
  expect(url).toBeDefined();
  return url!;
}

describe('a bank-transfer order gets a payment link valid for days', () => {
  it('is mailed to the account, opens signed out with the order alone, and pays through YooKassa once', async () => {
    const order = await placeTransfer();
    const row = await orderRow(order.id);
    // PAY_LINK_DAYS from now, in whole seconds; the order is held as long (longer than the 5 transfer days).
    expect(row.payLinkUntil!.getTime()).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);
    expect(row.payLinkUntil!.getTime() % 1000).toBe(0);
    const url = await mailedLink(order.number);
    const token = tokenOf(url);

    const view = await open(token);
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.json().data).toEqual({
      orderNumber: order.number,
      total: 1200,
      currency: 'RUB',
      lines: [
        {
          id: expect.any(String),
          name: { ru: 'Пионы из шёлка', en: 'Silk peonies', es: 'Peonías de seda' },
          quantity: 1,
          unitPrice: 1200,
          lineTotal: 1200,
        },
      ],
      delivery: 0,
      discount: 0,
      giftCertificate: 0,
      expiresAt: row.payLinkUntil!.toISOString(),
      paymentState: 'none',
      qr: null,
    });
    // Nothing else of the order or its customer travels with the link.
    expect(view.body).not.toContain('buyer@example.com');
    expect(view.body).not.toContain(order.id);

    // The owner sees the same link in the account.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payments/orders/${order.id}`,
      headers: bearer(buyer.token),
    });
    expect(status.json().data.payLink).toBe(`/pay/${token}`);

    const started = await pay(token, { method: 'bank_card', device: 'mobile' });
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toMatchObject({ kind: 'redirect', orderNumber: order.number });
    const [payment] = await paymentsOf(order.id);
    const fake = yookassa.payments.get(payment!.providerPaymentId!)!;
    expect(fake.amount).toEqual({ value: '1200.00', currency: 'RUB' });
    // YooKassa sends the buyer back to the link's page, not to the signed-in processing page.
    expect(fake.confirmation).toMatchObject({ type: 'redirect', return_url: `${t.config.publicUrl}/pay/${token}` });
    expect((await orderRow(order.id)).paymentState).toBe('awaiting');

    yookassa.setStatus(payment!.providerPaymentId!, 'succeeded');
    expect((await notify(yookassa.notification(payment!.providerPaymentId!, 'payment.succeeded'))).json().data).toEqual(
      { outcome: 'applied' },
    );
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' });

    // The link after payment: "already paid", and no second payment is created.
    const again = await open(token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ORDER_ALREADY_PAID', details: { number: order.number } });
    const size = yookassa.payments.size;
    expect((await pay(token, { method: 'sbp' })).json().code).toBe('ORDER_ALREADY_PAID');
    expect(yookassa.payments.size).toBe(size);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('two tabs pressing Pay at once share one payment (never two charges)', async () => {
    const order = await placeTransfer();
    const token = tokenOf(await mailedLink(order.number));
    const [a, b] = await Promise.all([pay(token), pay(token)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().data.paymentId).toBe(b.json().data.paymentId);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it("charges the order's current amount, whatever it was when the link was mailed", async () => {
    const order = await placeTransfer();
    const token = tokenOf(await mailedLink(order.number));
    await t.database.db.update(orders).set({ totalRub: 99_000 }).where(eq(orders.id, order.id));
    expect((await open(token)).json().data.total).toBe(990);
    expect((await pay(token)).statusCode).toBe(200);
    const [payment] = await paymentsOf(order.id);
    expect(yookassa.payments.get(payment!.providerPaymentId!)!.amount).toEqual({ value: '990.00', currency: 'RUB' });
  });

  it('a card order placed at the checkout gets no link (it is paid there)', async () => {
    const order = await checkout(t, buyer, orderBody(book(), { delivery: { method: 'pickup' } }));
    expect((await orderRow(order.id)).payLinkUntil).toBeNull();
  });

  it('a bank-transfer order in euros gets no link: online payments would charge roubles, not its own sum', async () => {
    const order = await checkout(
      t,
      buyer,
      orderBody(book(), { delivery: { method: 'pickup' }, paymentMethod: 'bank_transfer', currency: 'EUR' }),
    );
    expect((await orderRow(order.id)).payLinkUntil).toBeNull();
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'buyer@example.com'));
    expect(mails.filter((m) => m.subject === `Оплата заказа №${order.number} онлайн`)).toEqual([]);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payments/orders/${order.id}`,
      headers: bearer(buyer.token),
    });
    expect(status.json().data).toMatchObject({ paymentMethod: 'bank_transfer', payLink: null });
  });
});

describe('links that do not work answer 4xx with their codes, never a 500', () => {
  it('unknown, malformed or forged → 404 PAY_LINK_INVALID', async () => {
    const order = await placeTransfer();
    const token = tokenOf(await mailedLink(order.number));
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const foreign = createPayLinkSigner('another-secret-of-some-other-shop-000000').token(
      order.id,
      (await orderRow(order.id)).payLinkUntil!,
    );
    for (const [i, bad] of ['abc', forged, foreign, 'x'.repeat(100)].entries()) {
      const res = await open(bad, `10.0.1.${i}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('PAY_LINK_INVALID');
    }
    expect((await pay(forged, {}, '10.0.1.9')).json().code).toBe('PAY_LINK_INVALID');
  });

  it('a link replaced by a newer one, or past its end → 410 PAY_LINK_EXPIRED', async () => {
    const order = await placeTransfer();
    const until = (await orderRow(order.id)).payLinkUntil!;
    const older = signer.token(order.id, new Date(until.getTime() - 1000));
    expect((await open(older)).json().code).toBe('PAY_LINK_EXPIRED');
    const past = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    await t.database.db.update(orders).set({ payLinkUntil: past }).where(eq(orders.id, order.id));
    const res = await pay(signer.token(order.id, past));
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('PAY_LINK_EXPIRED');
    expect(await paymentsOf(order.id)).toHaveLength(0);
  });

  it('a cancelled order → 409 ORDER_NOT_PAYABLE', async () => {
    const order = await placeTransfer();
    const token = tokenOf(await mailedLink(order.number));
    await t.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
    expect((await open(token)).json().code).toBe('ORDER_NOT_PAYABLE');
    expect((await pay(token)).statusCode).toBe(409);
  });

  it('guessing is rate-limited per client address (a working link is not counted)', async () => {
    const order = await placeTransfer();
    const token = tokenOf(await mailedLink(order.number));
    const address = '10.0.2.1';
    for (let i = 0; i < 8; i++) expect((await open(token, address)).statusCode).toBe(200);
    const guesses = await Promise.all(
      // The last character changed (one in 64 already is 'A': that token would be a real, expired link).
      Array.from({ length: 6 }, (_, i) =>
        open(
          signer.token(order.id, new Date(1000 * i)).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
          address,
        ),
      ),
    );
    expect(guesses.map((r) => r.statusCode)).toContain(429);
    // Spent: even the good link waits for the window now.
    expect((await open(token, address)).statusCode).toBe(429);
  });
});

describe('the expiry sweep waits for the link', () => {
  /** The expiry job's pass, with a held clock. */
  const sweep = async (now: Date) => (await t.app.services.orders.expireDue(now)).expired;

  it("an order holding nothing counted waits the link's days, past the transfer hold", async () => {
    const order = await placeTransfer();
    const created = new Date(order.createdAt).getTime();
    expect(await sweep(new Date(created + 6 * DAY))).not.toContain(order.id);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await sweep(new Date(created + 7 * DAY + 60_000))).toContain(order.id);
    expect((await orderRow(order.id)).status).toBe('cancelled');
  });

  it("shows each line's unit price, quantity and line total in roubles, as ordered", async () => {
    const order = await placeTransfer([...book(), productLine(vaseId, 2)]);
    const token = tokenOf(await mailedLink(order.number));
    const view = (await open(token)).json().data;
    expect(view.total).toBe(1200 + 2 * 3500);
    expect(view.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: { ru: 'Пионы из шёлка', en: 'Silk peonies', es: 'Peonías de seda' },
          quantity: 1,
          unitPrice: 1200,
          lineTotal: 1200,
        }),
        expect.objectContaining({ name: { ru: 'Ваза' }, quantity: 2, unitPrice: 3500, lineTotal: 7000 }),
      ]),
    );
    expect(view.lines).toHaveLength(2);
    expect([view.delivery, view.discount, view.giftCertificate]).toEqual([0, 0, 0]);
  });

  it('shows the delivery the amount includes, so the lines and it add up to what is due', async () => {
    // Sent by the standard delivery of the order's default body, not collected.
    const order = await checkout(t, buyer, orderBody([productLine(vaseId)], { paymentMethod: 'bank_transfer' }));
    const view = (await open(tokenOf(await mailedLink(order.number)))).json().data;
    expect(view.delivery).toBeGreaterThan(0);
    expect(view.lines[0].lineTotal + view.delivery - view.discount - view.giftCertificate).toBe(view.total);
  });

  it('an order holding counted stock keeps its own hold: its link ends with it', async () => {
    const order = await placeTransfer([productLine(vaseId)]);
    const row = await orderRow(order.id);
    const hold = new Date(order.createdAt).getTime() + 5 * DAY;
    expect(Math.abs(row.payLinkUntil!.getTime() - hold)).toBeLessThan(1000);
    expect(await sweep(new Date(hold + 1000))).toContain(order.id);
  });
});
