/**
 * Payments with the sandbox provider (the default), digital delivery and the admin's manual
 * confirmation, through the real app on a fresh database.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  downloadLinks,
  mailOutbox,
  orderItems,
  orderStatusEvents,
  orders,
  paymentAlerts,
  paymentEvents,
  payments,
} from '../../db/schema';
import { extractLinks } from '../../platform/mail/mail-text';
import { createTestProvider } from '../../platform/payments/test-provider';
import { bearer, lastMail, mailCount } from '../../test/accounts';
import {
  adminUser,
  CHECKOUT_CUSTOMER,
  placeOrder as checkout,
  orderBody,
  type PlacedOrder,
  productWithStock,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../notifications/notifications.service';

const SECRET = 'sandbox-secret-for-tests';
const BANK = 'АО «Банк», р/с 40702810000000000001, БИК 044525000';
let t: TestContext;
let buyer: TestUser;
let other: TestUser;
let admin: TestUser;
let bookId: string;
let bouquetId: string;
const BOOK_BYTES = Buffer.from('%PDF-1.4\n% Atelier silk peony book\n'.repeat(50));
const sandbox = createTestProvider({ secret: SECRET, publicUrl: 'http://x' });

beforeAll(async () => {
  t = await createTestContext({
    // MAX_OPEN_UNPAID_ORDERS: the buyer leaves many orders unpaid on purpose (limit: orders.stock.test.ts).
    env: {
      RATE_LIMIT_PAYMENT_PER_IP: '100000',
      RATE_LIMIT_PAYMENT_PER_ACCOUNT: '100000',
      PAYMENT_SANDBOX_SECRET: SECRET,
      BANK_DETAILS: BANK,
      MAX_OPEN_UNPAID_ORDERS: '100000',
    },
  });
  buyer = await verifiedUser(t, { email: 'buyer@example.com' });
  other = await verifiedUser(t, { email: 'other@example.com' });
  admin = await adminUser(t);
  await t.platform.storage.put('private', 'books/peony.pdf', BOOK_BYTES, 'application/pdf');
  bookId = await productWithStock(t, {
    name: { ru: 'Пионы из шёлка', en: 'Silk peonies', es: 'Peonías de seda' },
    description: { ru: 'Книга' },
    priceRub: 120_000,
    priceEur: 1_300,
    priceUsd: 1_400,
    category: 'book',
    bookFormats: ['physical', 'digital'],
    stock: null,
    digitalFile: {
      key: 'books/peony.pdf',
      filename: 'Пионы из шёлка.pdf',
      contentType: 'application/pdf',
      size: BOOK_BYTES.length,
    },
  });
  bouquetId = await productWithStock(t, {
    name: { ru: 'Букет' },
    priceRub: 350_000,
    priceEur: 3_800,
    priceUsd: 4_100,
    stock: 20,
  });
});
afterAll(() => t.close());

/** The digital book, picked up, paid by card in rubles unless `extra` says otherwise. */
function placeOrder(
  token = buyer.token,
  extra: { paymentMethod?: string; currency?: string; items?: unknown[] } = {},
): Promise<PlacedOrder> {
  const items = extra.items ?? [{ type: 'product', id: bookId, quantity: 1, bookFormat: 'digital' }];
  return checkout(t, token, orderBody(items, { delivery: { method: 'pickup' }, ...extra, items }));
}
const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const startPayment = (orderId: string, token = buyer.token, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { ...bearer(token), 'accept-language': lang },
    payload: { orderId },
  });
const webhook = (provider: string, n: { rawBody: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: `/api/payments/webhook/${provider}`, headers: n.headers, payload: n.rawBody });

/** Opens the sandbox page of a fresh card payment; returns its id, signature and page. */
async function sandboxFor(orderId: string) {
  const res = await startPayment(orderId);
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json().data.redirectUrl);
  const id = url.pathname.split('/').pop()!;
  const signature = url.searchParams.get('signature')!;
  const page = await t.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { 'accept-language': 'en' },
  });
  return { id, signature, page, url };
}
const press = (id: string, action: 'pay' | 'cancel' | 'fail', signature: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/${id}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ signature }).toString(),
  });

describe('sandbox flow (PAYMENT_PROVIDER=test)', () => {
  it('Pay: signed notification → order confirmed, payment_state paid, buyer lands on /payment/success?order={number}', async () => {
    const order = await placeOrder();
    const { id, signature, page } = await sandboxFor(order.id);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`Order #${order.number}`);
    expect(page.body).toContain('1,200.00');
    expect((await orderRow(order.id)).paymentState).toBe('awaiting');

    const res = await press(id, 'pay', signature);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/payment/success?order=${order.number}`);
    const row = await orderRow(order.id);
    expect(row.status).toBe('confirmed');
    expect(row.paymentState).toBe('paid');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ provider: 'test', status: 'succeeded', amountMinor: 120_000, currency: 'RUB' });
    const events = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment!.id));
    expect(events.map((e) => [e.type, e.outcome])).toEqual([['payment.succeeded', 'applied']]);

    // The page of a finished payment no longer offers buttons, and pressing again is refused.
    const again = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${id}?signature=${signature}` });
    expect(again.body).not.toContain('/pay"');
    expect((await press(id, 'pay', signature)).statusCode).toBe(409);
  });

  it('an SBP payment: the page is headed by the way to pay and shows its own QR code for the phone', async () => {
    const order = await placeOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...bearer(buyer.token), 'accept-language': 'ru' },
      payload: { orderId: order.id, method: 'sbp', device: 'mobile' },
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data.redirectUrl);
    const page = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { 'accept-language': 'ru' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<h1[^>]*>СБП — Тестовая оплата<\/h1>/);
    expect(page.body).toContain('role="img" aria-label="QR-код этой страницы оплаты"');
    // A card payment's page has neither.
    const card = await sandboxFor((await placeOrder()).id);
    expect(card.page.body).not.toContain('role="img"');
  });

  it.each([
    ['cancel', `/payment/cancel?order=`, 'canceled'],
    ['fail', `/payment/cancel?status=failed&order=`, 'failed'],
  ] as const)(
    '%s: order stays pending with payment_state failed, buyer sent to %s…, and can try again',
    async (action, target, status) => {
      const order = await placeOrder();
      const { id, signature } = await sandboxFor(order.id);
      const res = await press(id, action, signature);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`${target}${order.number}&id=${order.id}`);
      const row = await orderRow(order.id);
      expect(row).toMatchObject({ status: 'pending', paymentState: 'failed' });
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, id));
      expect(payment!.status).toBe(status);
      // Try again: a new payment, paid this time.
      const retry = await sandboxFor(order.id);
      expect((await press(retry.id, 'pay', retry.signature)).headers.location).toBe(
        `/payment/success?order=${order.number}`,
      );
      expect((await orderRow(order.id)).status).toBe('confirmed');
    },
  );

  it("a payment link's payment: the sandbox sends the buyer back to the link's page, as YooKassa does (signed out, the buyer has no account pages); another site never", async () => {
    const order = await placeOrder(buyer.token, { paymentMethod: 'bank_transfer' });
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'buyer@example.com'));
    const mail = mails.find((m) => m.subject === `Заказ №${order.number} ждёт оплаты`);
    const path = new URL(extractLinks(mail!.text).find((link) => link.includes('/pay/'))!).pathname;
    const open = async () => {
      const res = await t.app.inject({ method: 'POST', url: `/api/pay/${path.split('/').pop()}`, payload: {} });
      expect(res.statusCode).toBe(200);
      const url = new URL(res.json().data.redirectUrl);
      expect(url.searchParams.get('return')).toBe(path);
      const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(page.body).toContain(`<input type="hidden" name="return" value="${path}">`);
      return { id: url.pathname.split('/').pop()!, signature: url.searchParams.get('signature')! };
    };
    const pressBack = (id: string, action: 'pay' | 'cancel', signature: string, back: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/${id}/${action}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ signature, return: back }).toString(),
      });

    // Cancel: back on the link's page, which offers Pay again.
    const first = await open();
    expect((await pressBack(first.id, 'cancel', first.signature, path)).headers.location).toBe(path);
    // A return address of another site is not followed: the shop's own pages instead.
    const second = await open();
    const res = await pressBack(second.id, 'pay', second.signature, '//evil.example/pay');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/payment/success?order=${order.number}`);
    expect((await orderRow(order.id)).paymentState).toBe('paid');
  });

  it('a sandbox page or button with a wrong signature is refused (404), nothing changes', async () => {
    const order = await placeOrder();
    const { id } = await sandboxFor(order.id);
    const page = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${id}?signature=forged` });
    expect(page.statusCode).toBe(404);
    const res = await press(id, 'pay', 'forged');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('a forged notification (bad signature) is a 400, stored as rejected, and changes nothing', async () => {
    const order = await placeOrder();
    const { id } = await sandboxFor(order.id);
    const forger = createTestProvider({ secret: 'not-the-server-secret', publicUrl: 'x' });
    const n = forger.buildNotification('payment.succeeded', {
      providerPaymentId: id,
      amountMinor: 120_000,
      currency: 'RUB',
    });
    const res = await webhook('test', n);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('NOTIFICATION_REJECTED');
    expect((await orderRow(order.id)).status).toBe('pending');
    const stored = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.outcome, 'rejected_bad_signature'));
    expect(stored.some((e) => JSON.stringify(e.payload).includes(id))).toBe(true);
  });

  it('a replayed notification is applied once: one confirmation, one history entry, one download mail', async () => {
    const order = await placeOrder();
    const { id } = await sandboxFor(order.id);
    const n = sandbox.buildNotification('payment.succeeded', {
      providerPaymentId: id,
      amountMinor: 120_000,
      currency: 'RUB',
    });
    const mailsBefore = await mailCount(t, 'buyer@example.com');
    const first = await webhook('test', n);
    expect(first.json().data.outcome).toBe('applied');
    const mailsAfterFirst = await mailCount(t, 'buyer@example.com');
    const second = await webhook('test', n);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.outcome).toBe('duplicate');
    expect(await mailCount(t, 'buyer@example.com')).toBe(mailsAfterFirst);
    expect(mailsAfterFirst).toBeGreaterThan(mailsBefore);
    const history = await t.database.db
      .select()
      .from(orderStatusEvents)
      .where(and(eq(orderStatusEvents.orderId, order.id), eq(orderStatusEvents.toStatus, 'confirmed')));
    expect(history).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, JSON.parse(n.rawBody).id));
    expect(events).toHaveLength(1);
  });

  it.each([
    ['a lower amount', 100, 'RUB'],
    ['another currency', 120_000, 'EUR'],
  ])(
    'a notification with %s than the order is rejected (amount_mismatch), order stays pending',
    async (_n, amountMinor, currency) => {
      const order = await placeOrder();
      const { id } = await sandboxFor(order.id);
      const res = await webhook(
        'test',
        sandbox.buildNotification('payment.succeeded', { providerPaymentId: id, amountMinor, currency }),
      );
      expect(res.json().data.outcome).toBe('amount_mismatch');
      expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paymentState: 'awaiting' });
    },
  );

  it('a payment never confirms a cancelled order: the event is stored as order_cancelled, order stays cancelled', async () => {
    const order = await placeOrder();
    const { id, signature } = await sandboxFor(order.id);
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    const res = await webhook(
      'test',
      sandbox.buildNotification('payment.succeeded', { providerPaymentId: id, amountMinor: 120_000, currency: 'RUB' }),
    );
    expect(res.json().data.outcome).toBe('order_cancelled');
    expect((await orderRow(order.id)).status).toBe('cancelled');
    // The sandbox page of that payment now tells the buyer it is finished, and a new attempt is refused.
    expect((await press(id, 'pay', signature)).statusCode).toBe(409);
    const again = await startPayment(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_NOT_PAYABLE');
  });

  it('only the buyer (or an admin) can start paying an order: another user gets 404, a guest 401', async () => {
    const order = await placeOrder();
    expect((await startPayment(order.id, other.token)).statusCode).toBe(404);
    const guest = await t.app.inject({ method: 'POST', url: '/api/payments', payload: { orderId: order.id } });
    expect(guest.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: bearer(buyer.token),
      payload: { orderId: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a partial refund of chosen lines goes through the sandbox as through YooKassa: the previewed amount, then the rest of the line', async () => {
    const order = await placeOrder(buyer.token, { items: [{ type: 'product', id: bouquetId, quantity: 2 }] });
    const { id, signature } = await sandboxFor(order.id);
    await press(id, 'pay', signature);
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const lines = [{ lineId: line!.id, quantity: 1 }];
    const ask = (path: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/${path}`,
        headers: admin.headers,
        payload: { lines },
      });
    const seen = await ask('refund-lines/preview');
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toMatchObject({ amount: 3_500, remaining: 3_500, lines: [{ quantity: 1, unitsLeft: 1 }] });
    const first = await ask('refund-lines');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ amount: 3_500, fullyRefunded: false });
    expect(first.json().data.refundId).toMatch(/^sbx_refund_/);
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
    const second = await ask('refund-lines');
    expect(second.json().data).toMatchObject({ amount: 3_500, fullyRefunded: true });
    expect((await orderRow(order.id)).paymentState).toBe('refunded');
    expect((await ask('refund-lines/preview')).json().code).toBe('REFUND_NOT_ALLOWED');
  });

  it('the sandbox refuses a refund above what is left of its payment, and answers a repeated key with the same refund', async () => {
    const provider = createTestProvider({ secret: SECRET, publicUrl: 'http://x' });
    const { providerPaymentId } = await provider.createPayment({
      paymentId: crypto.randomUUID(),
      orderId: crypto.randomUUID(),
      orderNumber: 1,
      amountMinor: 10_000,
      currency: 'RUB',
      description: 'x',
      returnUrl: 'http://x/back',
      idempotenceKey: crypto.randomUUID(),
      language: 'en',
    });
    const refund = (amountMinor: number, idempotenceKey: string = crypto.randomUUID()) =>
      provider.refund!({ providerPaymentId, amountMinor, currency: 'RUB', idempotenceKey });
    // Not paid yet.
    await expect(refund(1_000)).rejects.toMatchObject({ kind: 'http', status: 400 });
    await provider.verifyNotification(
      provider.buildNotification('payment.succeeded', { providerPaymentId, amountMinor: 10_000, currency: 'RUB' }),
    );
    const first = await refund(6_000, 'key-1');
    expect(await refund(6_000, 'key-1')).toEqual(first);
    await expect(refund(4_001)).rejects.toMatchObject({ kind: 'http', status: 400 });
    expect((await refund(4_000)).status).toBe('succeeded');
  });

  it('an unknown provider in the webhook path is a 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/bitcoin',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('one live provider payment per order', () => {
  const livePayments = async (orderId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId))).filter(
      (p) => p.status === 'pending' || p.status === 'created',
    );

  it('a second "Pay" returns the same payment and confirmation URL instead of a new one', async () => {
    const order = await placeOrder();
    const first = await startPayment(order.id);
    const second = await startPayment(order.id);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.paymentId).toBe(first.json().data.paymentId);
    expect(second.json().data.redirectUrl).toBe(first.json().data.redirectUrl);
    expect(await livePayments(order.id)).toHaveLength(1);
  });

  it('two CONCURRENT "Pay" requests share one provider payment (the database decides)', async () => {
    const order = await placeOrder();
    const replies = await Promise.all([startPayment(order.id), startPayment(order.id), startPayment(order.id)]);
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    const ids = new Set(replies.map((r) => r.json().data.paymentId));
    const urls = new Set(replies.map((r) => r.json().data.redirectUrl));
    expect(ids.size).toBe(1);
    expect(urls.size).toBe(1);
    const all = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(all).toHaveLength(1);
  });

  it('after a failed payment "Pay" makes a new one', async () => {
    const order = await placeOrder();
    const { id, signature } = await sandboxFor(order.id);
    expect((await press(id, 'fail', signature)).statusCode).toBe(303);
    const again = await startPayment(order.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.redirectUrl).not.toContain(id);
  });
});

describe('payment alerts: money that could not simply be applied is never a silent 200', () => {
  const alertsOf = (orderId: string) =>
    t.database.db.select().from(paymentAlerts).where(eq(paymentAlerts.orderId, orderId));

  it('a payment for a cancelled order: alert stored, admin mailed, listed on the dashboard until resolved', async () => {
    const order = await placeOrder();
    const { id } = await sandboxFor(order.id);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'cancelled' },
    });
    const adminMails = await mailCount(t, t.config.admin.email);
    const res = await webhook(
      'test',
      sandbox.buildNotification('payment.succeeded', { providerPaymentId: id, amountMinor: 120_000, currency: 'RUB' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outcome).toBe('order_cancelled');
    const [stored] = await alertsOf(order.id);
    expect(stored).toMatchObject({ kind: 'order_cancelled', provider: 'test', resolvedAt: null });
    expect(await mailCount(t, t.config.admin.email)).toBe(adminMails + 1);
    const mail = await lastMail(t, t.config.admin.email);
    expect(mail.subject).toContain(String(order.number));

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/payment-alerts', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((a: { id: string }) => a.id === stored!.id);
    expect(listed).toMatchObject({ orderNumber: order.number, kind: 'order_cancelled' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/payment-alerts', headers: bearer(buyer.token) }))
        .statusCode,
    ).toBe(403);

    const resolve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payment-alerts/${stored!.id}/resolve`,
      headers: bearer(admin.token),
    });
    expect(resolve.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/payment-alerts', headers: bearer(admin.token) });
    expect(after.json().data.some((a: { id: string }) => a.id === stored!.id)).toBe(false);
    expect((await alertsOf(order.id))[0]!.resolvedAt).not.toBeNull();
  });

  it('the alert mail goes through the owner notices: switched off, the alert is stored but nobody is mailed', async () => {
    const put = (paymentAlert: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/notifications',
        headers: bearer(admin.token),
        payload: { ...DEFAULT_NOTIFICATION_SETTINGS, paymentAlert },
      });
    expect((await put(false)).statusCode).toBe(200);
    try {
      const order = await placeOrder();
      const { id } = await sandboxFor(order.id);
      await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}/status`,
        headers: bearer(admin.token),
        payload: { status: 'cancelled' },
      });
      const adminMails = await mailCount(t, t.config.notify.email);
      const res = await webhook(
        'test',
        sandbox.buildNotification('payment.succeeded', {
          providerPaymentId: id,
          amountMinor: 120_000,
          currency: 'RUB',
        }),
      );
      expect(res.json().data.outcome).toBe('order_cancelled');
      expect(await alertsOf(order.id)).toHaveLength(1);
      expect(await mailCount(t, t.config.notify.email)).toBe(adminMails);
    } finally {
      await put(true);
    }
  });

  it.each([
    ['a wrong amount', 119_999, 'RUB'],
    ['a wrong currency', 120_000, 'EUR'],
  ])('%s: not applied, alert stored and mailed', async (_name, amountMinor, currency) => {
    const order = await placeOrder();
    const { id } = await sandboxFor(order.id);
    const adminMails = await mailCount(t, t.config.admin.email);
    const res = await webhook(
      'test',
      sandbox.buildNotification('payment.succeeded', { providerPaymentId: id, amountMinor, currency }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outcome).toBe('amount_mismatch');
    expect((await orderRow(order.id)).status).toBe('pending');
    const [stored] = await alertsOf(order.id);
    expect(stored?.kind).toBe('amount_mismatch');
    expect(stored?.details).toMatchObject({ received: { amountMinor, currency } });
    expect(await mailCount(t, t.config.admin.email)).toBe(adminMails + 1);
  });

  it('a payment for an order that is no longer pending (confirmed by hand meanwhile) raises an alert', async () => {
    const order = await placeOrder();
    const { id } = await sandboxFor(order.id);
    const confirm = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'confirmed' },
    });
    expect(confirm.statusCode).toBe(200);
    const res = await webhook(
      'test',
      sandbox.buildNotification('payment.succeeded', { providerPaymentId: id, amountMinor: 120_000, currency: 'RUB' }),
    );
    expect(res.json().data.outcome).toBe('order_not_pending');
    expect((await alertsOf(order.id)).map((a) => a.kind)).toEqual(['order_not_pending']);
  });

  it('a replayed notification does not alert twice', async () => {
    const order = await placeOrder();
    const { id } = await sandboxFor(order.id);
    const n = sandbox.buildNotification('payment.succeeded', {
      providerPaymentId: id,
      amountMinor: 1,
      currency: 'RUB',
    });
    await webhook('test', n);
    expect((await webhook('test', n)).json().data.outcome).toBe('duplicate');
    expect(await alertsOf(order.id)).toHaveLength(1);
  });
});

describe("PayPal with PAYPAL_* unset: the sandbox page stands in for PayPal's approval page", () => {
  it('Pay sends the buyer to the sandbox page for the euro total, nothing is mailed; paying there confirms the order and brings her back', async () => {
    const order = await placeOrder(buyer.token, { paymentMethod: 'paypal', currency: 'EUR' });
    const mailsBefore = await mailCount(t, buyer.email);
    const { id, signature, page, url } = await sandboxFor(order.id);
    expect(url.pathname).toBe(`/api/payments/sandbox/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('PayPal');
    expect(page.body).toContain('€13');
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paymentState: 'awaiting' });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ provider: 'test', amountMinor: 1300, currency: 'EUR', status: 'pending' });
    // Nothing to open in a mailbox: the way to pay is this page.
    expect(await mailCount(t, buyer.email)).toBe(mailsBefore);
    const pressed = await press(id, 'pay', signature);
    expect(pressed.headers.location).toBe(`/payment/success?order=${order.number}`);
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
  });

  it('the old PayPal request answers the same redirect (the typed address is not used)', async () => {
    const order = await placeOrder(buyer.token, { paymentMethod: 'paypal', currency: 'EUR' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal-request',
      headers: { ...bearer(buyer.token), 'accept-language': 'en' },
      payload: { orderId: order.id, email: 'Payer@Example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'redirect' });
    expect(res.json().data.redirectUrl).toContain('/api/payments/sandbox/');
    expect(await mailCount(t, 'payer@example.com')).toBe(0);
  });

  it.each([
    ['', 'Email must be specified'],
    ['not-an-email', 'Incorrect email address'],
  ])('email "%s" is refused with "%s"', async (email, message) => {
    const order = await placeOrder(buyer.token, { paymentMethod: 'paypal', currency: 'EUR' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal-request',
      headers: { ...bearer(buyer.token), 'accept-language': 'en' },
      payload: { orderId: order.id, email },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().details)).toContain(message);
  });

  it('a PayPal request for a card order is a 400', async () => {
    const order = await placeOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal-request',
      headers: bearer(buyer.token),
      payload: { orderId: order.id, email: 'payer@example.com' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PAYMENT_WRONG_METHOD');
  });
});

describe('cash and bank transfer: pending with instructions until the admin confirms', () => {
  it('bank transfer: instructions carry BANK_DETAILS and the order number; the order stays pending', async () => {
    const order = await placeOrder(buyer.token, { paymentMethod: 'bank_transfer' });
    const res = await startPayment(order.id, buyer.token, 'ru');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'instructions', redirectUrl: null });
    expect(res.json().data.instructions).toContain(BANK);
    expect(res.json().data.instructions).toContain(`№${order.number}`);
    expect((await orderRow(order.id)).status).toBe('pending');
    // Mailed once, with the order when it was placed, in the order's language, however often the
    // buyer asks.
    const mailsBefore = await mailCount(t, 'buyer@example.com');
    await startPayment(order.id, buyer.token, 'en');
    expect(await mailCount(t, 'buyer@example.com')).toBe(mailsBefore);
    const mail = await lastMail(t, 'buyer@example.com');
    expect(mail.subject).toBe(`Заказ №${order.number} ждёт оплаты`);
    expect(mail.text).toContain(BANK);
    // The processing page reads the same instructions.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payments/orders/${order.id}`,
      headers: { ...bearer(buyer.token), 'accept-language': 'en' },
    });
    expect(status.json().data).toMatchObject({ status: 'pending', paymentMethod: 'bank_transfer' });
    expect(status.json().data.instructions).toContain(`Order #${order.number}`);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/payments/orders/${order.id}`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('admin marks a cash order paid with a reference: confirmed, payment and event stored with the reference', async () => {
    const order = await placeOrder(buyer.token, { paymentMethod: 'cash' });
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/mark-paid`,
      headers: bearer(admin.token),
      payload: { reference: '  ' },
    });
    expect(missing.statusCode).toBe(400);
    const asUser = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/mark-paid`,
      headers: bearer(buyer.token),
      payload: { reference: 'КО-17' },
    });
    expect(asUser.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/mark-paid`,
      headers: bearer(admin.token),
      payload: { reference: 'КО-17' },
    });
    expect(res.statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ provider: 'manual', manualReference: 'КО-17', status: 'succeeded' });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}/payments`,
      headers: bearer(admin.token),
    });
    expect(history.json().data[0].events[0]).toMatchObject({ type: 'manual.paid', outcome: 'applied' });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/mark-paid`,
      headers: bearer(admin.token),
      payload: { reference: 'КО-17' },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('a card order cannot be marked paid by hand (409)', async () => {
    const order = await placeOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/mark-paid`,
      headers: bearer(admin.token),
      payload: { reference: 'X-1' },
    });
    expect(res.statusCode).toBe(409);
    expect((await orderRow(order.id)).status).toBe('pending');
  });
});

async function downloadLinksMailed(): Promise<string[]> {
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'buyer@example.com'));
  return rows.flatMap((r) => extractLinks(r.text)).filter((l) => l.includes('/api/downloads/'));
}

describe('digital delivery', () => {
  /** Pays a digital-book order and returns the link from the mail. */
  async function paidBookLink(): Promise<{ url: string; orderNumber: number }> {
    const order = await placeOrder();
    const { id, signature } = await sandboxFor(order.id);
    // The status mail and the books mail share the transaction (and its timestamp): look for a new link.
    const before = new Set(await downloadLinksMailed());
    await press(id, 'pay', signature);
    const url = (await downloadLinksMailed()).find((l) => !before.has(l));
    if (!url) throw new Error('no new download link mailed');
    return { url: new URL(url).pathname, orderNumber: order.number };
  }

  it('the mailed link streams the book from private storage with its filename', async () => {
    const { url } = await paidBookLink();
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Пионы из шёлка.pdf')}`,
    );
    expect(res.rawPayload.equals(BOOK_BYTES)).toBe(true);
  });

  it('the links go to the verified account address only, never to the email typed at checkout (nor on reissue)', async () => {
    const typo = 'buyer@exampel.com';
    const order = await checkout(
      t,
      buyer.token,
      orderBody([{ type: 'product', id: bookId, quantity: 1, bookFormat: 'digital' }], {
        delivery: { method: 'pickup' },
        customer: { ...CHECKOUT_CUSTOMER, email: typo },
      }),
    );
    const { id, signature } = await sandboxFor(order.id);
    const before = new Set(await downloadLinksMailed());
    await press(id, 'pay', signature);
    expect((await orderRow(order.id)).status).toBe('confirmed');
    const fresh = (await downloadLinksMailed()).filter((l) => !before.has(l));
    expect(fresh).toHaveLength(1);
    const toTypo = () => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, typo));
    expect(await toTypo()).toEqual([]);

    const link = (await t.database.db.select().from(downloadLinks).orderBy(downloadLinks.createdAt)).at(-1)!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/downloads/${link.id}/reissue`,
      headers: bearer(buyer.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lastMail(t, 'buyer@example.com')).text).toContain(new URL(res.json().data.url).pathname);
    expect(await toTypo()).toEqual([]);
  });

  it('a physical-only order gets no download link', async () => {
    const order = await placeOrder(buyer.token, { items: [{ type: 'product', id: bouquetId, quantity: 1 }] });
    const links = await t.database.db.select().from(downloadLinks);
    const before = links.length;
    const { id, signature } = await sandboxFor(order.id);
    await press(id, 'pay', signature);
    expect((await t.database.db.select().from(downloadLinks)).length).toBe(before);
  });

  it('a link works at most 5 times (HEAD requests of link scanners do not count); the 6th is 410 with the used-up text', async () => {
    const { url } = await paidBookLink();
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(BOOK_BYTES.length));
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const sixth = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(sixth.statusCode).toBe(410);
    expect(sixth.json().message).toBe('This download link has been used up. Get a new one in your account');
  });

  it('an expired link (after 7 days) is 410 with the expired text', async () => {
    const { url } = await paidBookLink();
    const link = (await t.database.db.select().from(downloadLinks).orderBy(downloadLinks.createdAt)).at(-1)!;
    const days = (link.expiresAt.getTime() - link.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    await t.database.db
      .update(downloadLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(downloadLinks.id, link.id));
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('LINK_EXPIRED');
  });

  it("a cancelled (refunded) order's link stops working (410) and cannot be re-issued (409)", async () => {
    const { url, orderNumber } = await paidBookLink();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.number, orderNumber));
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order!.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe('This order was cancelled, so its downloads are closed');
    const list = await t.app.inject({ method: 'GET', url: '/api/user/downloads', headers: bearer(buyer.token) });
    const item = list.json().data.find((d: { orderNumber: number }) => d.orderNumber === orderNumber);
    expect(item).toMatchObject({ state: 'expired', reissuesLeft: 0 });
    const reissue = await t.app.inject({
      method: 'POST',
      url: `/api/user/downloads/${item.id}/reissue`,
      headers: bearer(buyer.token),
    });
    expect(reissue.statusCode).toBe(409);
  });

  it('another signed-in user is refused (403); an unknown token is 404', async () => {
    const { url } = await paidBookLink();
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(other.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('LINK_OTHER_ACCOUNT');
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(buyer.token) })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/downloads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }))
        .statusCode,
    ).toBe(404);
  });

  it('the account lists the books; an expired link is re-issued (old link dead, new one works) a limited number of times', async () => {
    const { url: oldUrl } = await paidBookLink();
    const list = await t.app.inject({ method: 'GET', url: '/api/user/downloads', headers: bearer(buyer.token) });
    expect(list.statusCode).toBe(200);
    const item = list.json().data[0];
    expect(item).toMatchObject({ state: 'active', downloadsLeft: 5, maxDownloads: 5, reissuesLeft: 3 });
    expect(item.name.ru).toBe('Пионы из шёлка');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/downloads', headers: bearer(other.token) })).json().data,
    ).toEqual([]);

    await t.database.db
      .update(downloadLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(downloadLinks.id, item.id));
    const expired = (
      await t.app.inject({ method: 'GET', url: '/api/user/downloads', headers: bearer(buyer.token) })
    ).json().data[0];
    expect(expired.state).toBe('expired');

    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/user/downloads/${item.id}/reissue`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/downloads/${item.id}/reissue`,
      headers: bearer(buyer.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.download).toMatchObject({ state: 'active', downloadsLeft: 5, reissuesLeft: 2 });
    const fresh = new URL(res.json().data.url).pathname;
    expect((await lastMail(t, 'buyer@example.com')).text).toContain(fresh);
    expect((await t.app.inject({ method: 'GET', url: fresh })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: oldUrl })).statusCode).toBe(404);

    for (let i = 0; i < 2; i++) {
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/user/downloads/${item.id}/reissue`,
            headers: bearer(buyer.token),
          })
        ).statusCode,
      ).toBe(200);
    }
    const over = await t.app.inject({
      method: 'POST',
      url: `/api/user/downloads/${item.id}/reissue`,
      headers: bearer(buyer.token),
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('REISSUE_LIMIT');
  });
});
