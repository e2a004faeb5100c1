/**
 * Production mode (NODE_ENV=production) through the real app: the demo's sandbox, its `test`
 * webhook and /dev/mail do not exist; PAYMENT_PROVIDER=none refuses cards everywhere; PayPal
 * without PAYPAL_* is the owner's manual invoice, mailed to the customer's verified address.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from './db/schema';
import { createTestProvider } from './platform/payments/test-provider';
import { lastMail, mailCount } from './test/accounts';
import {
  adminUser,
  orderBody,
  postOrder,
  productLine,
  productWithStock,
  type TestUser,
  verifiedUser,
} from './test/factory';
import { createTestContext, type TestContext } from './test/harness';
import { lessonWithFiles } from './test/lessons';

const SANDBOX_SECRET = 'sandbox-secret-that-production-ignores';
let t: TestContext;
let buyer: TestUser;
let admin: TestUser;
let productId: string;
let lessonId: string;

beforeAll(async () => {
  t = await createTestContext({
    env: {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://atelier.example',
      // The mail worker does not run in tests: mails stay in the outbox table, where we read them.
      SMTP_URL: 'smtp://127.0.0.1:9',
      PAYMENT_PROVIDER: 'none',
      MEDIA_URL_SECRET: 'media-secret-of-at-least-32-characters',
      // Set, yet useless: even a correctly signed sandbox notification finds no `test` provider.
      PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET,
      ADMIN_EMAIL: 'owner@atelier.test',
    },
  });
  buyer = await verifiedUser(t, { name: 'buyer' });
  admin = await adminUser(t, { name: 'admin' });
  productId = await productWithStock(t, { priceRub: 350_000, priceEur: 3_800, priceUsd: 4_100, stock: null });
  lessonId = await lessonWithFiles(t, { priceRub: 150_000 });
});
afterAll(() => t.close());

function placeOrder(paymentMethod: string, currency: string, lang = 'en') {
  const body = orderBody([productLine(productId)], {
    // A checkout address different from the account's: contact data only, never a mail target.
    customer: { firstName: 'Ana', lastName: 'García', email: 'typed@elsewhere.test', phone: '+34 612 345 678' },
    delivery: { method: 'pickup' },
    paymentMethod,
    currency,
  });
  return postOrder(t, buyer, body, { lang });
}

describe('production: the demo parts are not registered', () => {
  it.each([
    ['GET', '/api/payments/sandbox/sbx_anything?signature=x'],
    ['POST', '/api/payments/sandbox/sbx_anything/pay'],
    ['POST', '/api/payments/webhook/test'],
    ['GET', '/dev/mail'],
    ['GET', '/dev/mail/2026-01-01T00-00-00-000Z-abc.eml'],
  ])('%s %s → 404', async (method, url) => {
    const res = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      ...(method === 'POST' ? { payload: '{"id":"evt_1","event":"payment.succeeded"}' } : {}),
    });
    expect(res.statusCode).toBe(404);
  });

  it('a correctly signed sandbox notification is a 404: the `test` webhook does not exist', async () => {
    const sandbox = createTestProvider({ secret: SANDBOX_SECRET, publicUrl: 'http://x' });
    const n = sandbox.buildNotification('payment.succeeded', {
      providerPaymentId: 'sbx_00000000-0000-4000-8000-000000000000',
      amountMinor: 350_000,
      currency: 'RUB',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/test',
      headers: n.headers,
      payload: n.rawBody,
    });
    expect(res.statusCode).toBe(404);
  });

  it('the route table has no sandbox page and no /dev/mail', () => {
    const urls = t.app.routeTable.map((r) => r.url);
    expect(urls.some((u) => u.startsWith('/api/payments/sandbox'))).toBe(false);
    expect(urls.some((u) => u.startsWith('/dev/mail'))).toBe(false);
  });
});

describe('production with PAYMENT_PROVIDER=none: cards are not offered anywhere', () => {
  it('the methods endpoint says no card and manual PayPal', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/methods' });
    expect(res.statusCode).toBe(200);
    // No online way to pay at all: no card, no SBP, no bank button.
    expect(res.json().data).toEqual({ card: false, paypal: 'manual', online: [] });
  });

  it('a card checkout is a 400 in the error envelope and creates no order', async () => {
    const before = (await t.database.db.select().from(orders)).length;
    const res = await placeOrder('card', 'RUB');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'CARD_PAYMENTS_UNAVAILABLE' });
    expect(res.json().message).toBe(
      'Card payments are not available at the moment. Please choose another payment method',
    );
    expect((await t.database.db.select().from(orders)).length).toBe(before);
  });

  it('a lesson bought in roubles (card) is a 400 too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/training/lessons/${lessonId}/purchase`,
      headers: { ...buyer.headers, 'accept-language': 'en' },
      payload: { currency: 'RUB' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CARD_PAYMENTS_UNAVAILABLE');
  });

  it('cash still works', async () => {
    expect((await placeOrder('cash', 'RUB')).statusCode).toBe(201);
  });
});

describe('production PayPal without PAYPAL_*: the owner sends the invoice by hand', () => {
  it('request → owner task and mail; link sent → customer mail in the order language to the verified address; mark paid confirms', async () => {
    const placed = await placeOrder('paypal', 'EUR', 'es');
    expect(placed.statusCode).toBe(201);
    const order = placed.json().data.order as { id: string; number: number };
    const ownerMails = await mailCount(t, 'owner@atelier.test');
    const buyerMails = await mailCount(t, buyer.email);

    const request = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal-request',
      headers: { ...buyer.headers, 'accept-language': 'en' },
      payload: { orderId: order.id, email: 'ana.paypal@example.test' },
    });
    expect(request.statusCode).toBe(200);
    expect(request.json().data.kind).toBe('invoice_requested');
    expect(request.json().message).toBe('Request sent: the shop will email a PayPal invoice to your account address');
    // No sandbox link anywhere: nothing is mailed to the customer yet, the owner gets the task.
    expect(await mailCount(t, 'ana.paypal@example.test')).toBe(0);
    expect(await mailCount(t, buyer.email)).toBe(buyerMails);
    expect(await mailCount(t, 'owner@atelier.test')).toBe(ownerMails + 1);
    const task = await lastMail(t, 'owner@atelier.test');
    expect(task.text).toContain('ana.paypal@example.test');
    expect(task.links.some((l) => l.endsWith(`/admin/orders/${order.id}`))).toBe(true);

    // Asking again does not make a second task.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal-request',
      headers: buyer.headers,
      payload: { orderId: order.id, email: 'ana.paypal@example.test' },
    });
    expect(again.json().data.paymentId).toBe(request.json().data.paymentId);
    expect(await mailCount(t, 'owner@atelier.test')).toBe(ownerMails + 1);

    const status = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/payments/orders/${order.id}`, headers: buyer.headers })).json()
        .data;
    expect((await status()).paypalInvoice).toMatchObject({ state: 'requested', url: null });

    const send = (url: string, headers = admin.headers) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/paypal-invoice`,
        headers: { ...headers, 'accept-language': 'en' },
        payload: { url },
      });
    const plain = await send('http://paypal.example/invoice/1');
    expect(plain.statusCode).toBe(400);
    expect(JSON.stringify(plain.json())).toContain('https://');
    expect((await send('javascript:alert(1)')).statusCode).toBe(400);
    expect((await send('https://www.paypal.com/invoice/p/#INV2-TEST', buyer.headers)).statusCode).toBe(403);

    const typedMails = await mailCount(t, 'typed@elsewhere.test');
    const link = 'https://www.paypal.com/invoice/p/#INV2-TEST-1234';
    const sent = await send(link);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.mailedTo).toBe(buyer.email);
    const mail = await lastMail(t, buyer.email);
    expect(mail.subject).toBe(`Factura de PayPal del pedido n.º ${order.number}`);
    expect(mail.links).toContain(link);
    expect(await mailCount(t, 'typed@elsewhere.test')).toBe(typedMails);
    expect(await status()).toMatchObject({ paymentState: 'invoice_sent', paypalInvoice: { state: 'sent', url: link } });

    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/mark-paid`,
      headers: admin.headers,
      payload: { reference: 'PAYPAL-TXN-77' },
    });
    expect(paid.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect([row!.status, row!.paymentState]).toEqual(['confirmed', 'paid']);
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((p) => p.provider).sort()).toEqual(['manual', 'paypal-manual']);
  });

  it('an invoice link for a card or cash order is refused (409)', async () => {
    const placed = await placeOrder('cash', 'EUR');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.json().data.order.id}/paypal-invoice`,
      headers: admin.headers,
      payload: { url: 'https://www.paypal.com/invoice/p/#X' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYPAL_INVOICE_NOT_MANUAL');
  });
});

describe('development (npm start): /dev/mail exists for this machine only', () => {
  let dev: TestContext;
  beforeAll(async () => {
    dev = await createTestContext({ env: { NODE_ENV: 'development' } });
  });
  afterAll(() => dev.close());

  it('a loopback caller reads it; a caller from the network gets 404', async () => {
    expect((await dev.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '127.0.0.1' })).statusCode).toBe(
      200,
    );
    expect((await dev.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '203.0.113.9' })).statusCode).toBe(
      404,
    );
  });

  it('the sandbox stays the demo: card by the sandbox, PayPal through its page', async () => {
    const res = await dev.app.inject({ method: 'GET', url: '/api/payments/methods' });
    const data = res.json().data as { card: boolean; paypal: string; online: { method: string }[] };
    expect({ card: data.card, paypal: data.paypal }).toEqual({ card: true, paypal: 'sandbox' });
    // The sandbox offers every way to pay YooKassa has, so `npm start` shows them all.
    expect(data.online.map((m) => m.method)).toEqual(['bank_card', 'sbp', 'sberbank', 'tinkoff_bank', 'sber_bnpl']);
  });
});
