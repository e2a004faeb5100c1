/**
 * The card payment flow with the real driver (PAYMENT_PROVIDER=yookassa) against the local fake of
 * the YooKassa v3 API, through the real app: redirect, verified notifications, provider errors and
 * timeouts ('payment creation error', order unchanged). PayPal's is in payments.paypal.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentEvents, payments } from '../../db/schema';
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

let t: TestContext;
let yookassa: YookassaFake;
let buyer: TestUser;
let productId: string;

beforeAll(async () => {
  yookassa = await startYookassaFake();
  t = await createTestContext({
    env: {
      RATE_LIMIT_PAYMENT_PER_ACCOUNT: '100000',
      RATE_LIMIT_PAYMENT_PER_IP: '100000',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: yookassa.shopId,
      YOOKASSA_SECRET_KEY: yookassa.secretKey,
      YOOKASSA_API_URL: yookassa.apiUrl,
      PAYMENT_HTTP_TIMEOUT_MS: '2000',
      // The buyer leaves many orders unpaid on purpose (the limit is tested in orders.stock.test.ts).
      MAX_OPEN_UNPAID_ORDERS: '100000',
    },
  });
  buyer = await verifiedUser(t, { email: 'buyer@example.com' });
  productId = await productWithStock(t, {
    name: { ru: 'Букет' },
    priceRub: 250_050,
    priceEur: 2_590,
    priceUsd: 2_790,
    stock: 100,
  });
});
afterAll(async () => {
  await t.close();
  await yookassa.close();
});

function placeOrder(paymentMethod: 'card', currency: 'RUB') {
  const body = orderBody([productLine(productId)], {
    customer: { firstName: 'Anna', lastName: 'Smith', email: 'buyer@example.com', phone: '+34 612 345 678' },
    delivery: { method: 'pickup' },
    paymentMethod,
    currency,
  });
  return checkout(t, buyer, body);
}
const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const startCard = (orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { ...bearer(buyer.token), 'accept-language': 'en' },
    payload: { orderId },
  });
const notify = (
  provider: string,
  rawBody: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) => t.app.inject({ method: 'POST', url: `/api/payments/webhook/${provider}`, headers, payload: rawBody });
const providerIdOf = async (orderId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId))).find((p) => p.providerPaymentId)!
    .providerPaymentId!;

const redirectOf = (id: string) => {
  const confirmation = yookassa.payments.get(id)!.confirmation;
  if (confirmation.type !== 'redirect') throw new Error('not a redirect confirmation');
  return confirmation;
};

describe('YooKassa (cards in RUB)', () => {
  it('creates a payment with the order amount in RUB and sends the buyer to its confirmation_url', async () => {
    const order = await placeOrder('card', 'RUB');
    const res = await startCard(order.id);
    expect(res.statusCode).toBe(200);
    const id = await providerIdOf(order.id);
    expect(res.json().data).toMatchObject({
      kind: 'redirect',
      redirectUrl: redirectOf(id).confirmation_url,
    });
    expect(yookassa.payments.get(id)!.amount).toEqual({ value: '2500.50', currency: 'RUB' });
    // RECEIPTS is off by default: no receipt object.
    expect(yookassa.payments.get(id)).not.toHaveProperty('receipt');
    expect(redirectOf(id).return_url).toContain(`/payment/processing?order=${order.number}`);
    expect((await orderRow(order.id)).paymentState).toBe('awaiting');
  });

  it('payment.succeeded, confirmed by a GET of the payment, confirms the order once (a replay is a duplicate)', async () => {
    const order = await placeOrder('card', 'RUB');
    await startCard(order.id);
    const id = await providerIdOf(order.id);
    yookassa.setStatus(id, 'succeeded');
    const body = yookassa.notification(id, 'payment.succeeded');
    const first = await notify('yookassa', body);
    expect(first.json().data.outcome).toBe('applied');
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
    expect((await notify('yookassa', body)).json().data.outcome).toBe('duplicate');
  });

  it('a "succeeded" notification for a payment YooKassa still reports pending is rejected (400), order unchanged', async () => {
    const order = await placeOrder('card', 'RUB');
    await startCard(order.id);
    const res = await notify('yookassa', yookassa.notification(await providerIdOf(order.id), 'payment.succeeded'));
    expect(res.statusCode).toBe(400);
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('an amount at YooKassa that differs from the order is not applied (amount_mismatch)', async () => {
    const order = await placeOrder('card', 'RUB');
    await startCard(order.id);
    const id = await providerIdOf(order.id);
    yookassa.setStatus(id, 'succeeded');
    yookassa.setAmount(id, '1.00');
    const res = await notify('yookassa', yookassa.notification(id, 'payment.succeeded'));
    expect(res.json().data.outcome).toBe('amount_mismatch');
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('payment.canceled leaves the order pending with payment_state failed', async () => {
    const order = await placeOrder('card', 'RUB');
    await startCard(order.id);
    const id = await providerIdOf(order.id);
    yookassa.setStatus(id, 'canceled');
    expect((await notify('yookassa', yookassa.notification(id, 'payment.canceled'))).json().data.outcome).toBe(
      'applied',
    );
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paymentState: 'failed' });
  });

  it.each([
    ['an HTTP 500', () => yookassa.failNext({ status: 500, body: { type: 'error', code: 'internal_server_error' } })],
    ['an HTTP 401', () => yookassa.failNext({ status: 401, body: { type: 'error', code: 'invalid_credentials' } })],
    ['a timeout', () => yookassa.setDelay(4000)],
  ])("%s from YooKassa → 502 'Payment creation error', order unchanged, attempt stored", async (_name, arrange) => {
    const order = await placeOrder('card', 'RUB');
    const before = await orderRow(order.id);
    arrange();
    try {
      const res = await startCard(order.id);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'PAYMENT_PROVIDER_ERROR',
        message: 'Payment creation error',
      });
    } finally {
      yookassa.setDelay(0);
    }
    const after = await orderRow(order.id);
    expect({ status: after.status, paymentState: after.paymentState, updatedAt: after.updatedAt }).toEqual({
      status: before.status,
      paymentState: before.paymentState,
      updatedAt: before.updatedAt,
    });
    const [attempt] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(attempt!.status).toBe('failed');
    const [event] = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, attempt!.id));
    expect(event!.outcome).toBe('provider_error');
  });
});
