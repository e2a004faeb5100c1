/**
 * Payment notifications cannot be used to flood the database or to make the shop call its
 * providers: the webhook route is limited per client address, and an event id already on record
 * (or just rejected) is answered before any call to the provider and stores nothing new. The
 * drivers are the real ones, against the local YooKassa and PayPal fakes; the fakes count calls.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, payments } from '../../db/schema';
import { bearer } from '../../test/accounts';
import {
  placeOrder as checkout,
  orderBody,
  productLine,
  productWithStock,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { type PaypalFake, startPaypalFake } from '../../test/fakes/paypal-fake';
import { startYookassaFake, type YookassaFake } from '../../test/fakes/yookassa-fake';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let yookassa: YookassaFake;
let paypal: PaypalFake;
let buyer: TestUser;
let productId: string;

beforeAll(async () => {
  yookassa = await startYookassaFake();
  paypal = await startPaypalFake();
  t = await createTestContext({
    env: {
      RATE_LIMIT_WEBHOOK_PER_IP: '20',
      // Day-long windows: a count that straddles the turn of a 15-minute window would start again.
      RATE_LIMIT_WINDOW_MINUTES: '1440',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: yookassa.shopId,
      YOOKASSA_SECRET_KEY: yookassa.secretKey,
      YOOKASSA_API_URL: yookassa.apiUrl,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      PAYPAL_API_URL: paypal.apiUrl,
      PAYMENT_HTTP_TIMEOUT_MS: '2000',
    },
  });
  buyer = await verifiedUser(t, { email: 'hooked@example.com' });
  productId = await productWithStock(t, { name: { ru: 'Букет' }, priceRub: 250_000, priceEur: 2_600, stock: 100 });
});
afterAll(async () => {
  await t.close();
  await yookassa.close();
  await paypal.close();
});

let nextIp = 0;
/** Each test posts from an address of its own, so the per-address limit is tested where meant. */
const freshIp = () => `10.9.0.${++nextIp}`;

function notify(provider: string, rawBody: string, ip: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/webhook/${provider}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: rawBody,
    remoteAddress: ip,
  });
}

async function order(paymentMethod: 'card' | 'paypal', currency: 'RUB' | 'EUR') {
  const body = orderBody([productLine(productId)], {
    customer: { firstName: 'Anna', lastName: 'Smith', email: 'hooked@example.com', phone: '+34 612 345 678' },
    delivery: { method: 'pickup' },
    paymentMethod,
    currency,
  });
  return checkout(t, buyer, body);
}
const providerIdOf = async (orderId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId))).find((p) => p.providerPaymentId)!
    .providerPaymentId!;
const storedEvents = async () => (await t.database.db.select({ n: count() }).from(paymentEvents))[0]!.n;
/** Calls the shop made to the fake asking about one payment or invoice. */
const lookups = (fake: YookassaFake | PaypalFake, id: string) =>
  fake.requests.filter((r) => r.method === 'GET' && r.path.includes(id)).length;
const verifyCalls = () => paypal.requests.filter((r) => r.path.includes('verify-webhook-signature')).length;

describe('YooKassa notifications', () => {
  it('a replayed event id makes no second call to YooKassa and stores nothing new', async () => {
    const o = await order('card', 'RUB');
    await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: bearer(buyer.token),
      payload: { orderId: o.id },
    });
    const id = await providerIdOf(o.id);
    yookassa.setStatus(id, 'succeeded');
    const body = yookassa.notification(id, 'payment.succeeded');
    const ip = freshIp();
    expect((await notify('yookassa', body, ip)).json().data.outcome).toBe('applied');
    const calls = lookups(yookassa, id);
    const events = await storedEvents();
    expect(calls).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) {
      const again = await notify('yookassa', body, ip);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.outcome).toBe('duplicate');
    }
    expect(lookups(yookassa, id)).toBe(calls);
    expect(await storedEvents()).toBe(events);
  });

  it('a forged notification is asked about once; its replays are refused without a call and stored once', async () => {
    const o = await order('card', 'RUB');
    await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: bearer(buyer.token),
      payload: { orderId: o.id },
    });
    const id = await providerIdOf(o.id);
    // YooKassa still says pending: the "succeeded" claim is a forgery.
    const forged = yookassa.notification(id, 'payment.succeeded');
    const ip = freshIp();
    const events = await storedEvents();
    expect((await notify('yookassa', forged, ip)).statusCode).toBe(400);
    const calls = lookups(yookassa, id);
    expect(calls).toBe(1);
    for (let i = 0; i < 5; i++) expect((await notify('yookassa', forged, ip)).statusCode).toBe(429);
    expect(lookups(yookassa, id)).toBe(calls);
    expect(await storedEvents()).toBe(events + 1);
  });

  it('forged notifications with ever new ids from one address end in 429 before the provider is asked', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    const before = yookassa.requests.length;
    for (let i = 0; i < 25; i++) {
      const body = JSON.stringify({
        type: 'notification',
        event: 'payment.succeeded',
        object: { id: `forged-${ip}-${i}` },
      });
      statuses.push((await notify('yookassa', body, ip)).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    // One lookup per notification let through, none for the refused ones.
    expect(yookassa.requests.length - before).toBe(20);
    // Another address is not affected.
    const other = JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: 'forged-other' } });
    expect((await notify('yookassa', other, freshIp())).statusCode).toBe(400);
  });
});

describe('PayPal notifications', () => {
  it('a replayed event id is not verified with PayPal again and stores nothing new', async () => {
    const o = await order('paypal', 'EUR');
    await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: bearer(buyer.token),
      payload: { orderId: o.id },
    });
    const id = await providerIdOf(o.id);
    paypal.approve(id);
    const hook = paypal.webhook(id, 'CHECKOUT.ORDER.APPROVED');
    const ip = freshIp();
    expect((await notify('paypal', hook.rawBody, ip, hook.headers)).json().data.outcome).toBe('applied');
    const verifies = verifyCalls();
    const invoiceLookups = lookups(paypal, id);
    const events = await storedEvents();
    for (let i = 0; i < 3; i++) {
      expect((await notify('paypal', hook.rawBody, ip, hook.headers)).json().data.outcome).toBe('duplicate');
    }
    // A forged copy naming the same event id is a duplicate too: nothing asked, nothing stored.
    const forged = await notify('paypal', hook.rawBody, ip, { ...hook.headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' });
    expect(forged.json().data.outcome).toBe('duplicate');
    expect(verifyCalls()).toBe(verifies);
    expect(lookups(paypal, id)).toBe(invoiceLookups);
    expect(await storedEvents()).toBe(events);
  });
});
