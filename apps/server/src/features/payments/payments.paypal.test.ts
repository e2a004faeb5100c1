/**
 * PayPal with its API configured (PAYPAL_MODE=api), through the real app against the local fake of
 * PayPal's Orders API v2: "Pay" sends the buyer to PayPal's approval page; her return, the
 * CHECKOUT.ORDER.APPROVED webhook or both (even at once) capture the payment and pay the order
 * exactly once; a capture of another amount never pays; a refund goes back through the capture.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusEvents, orders, paymentAlerts, payments } from '../../db/schema';
import { bearer } from '../../test/accounts';
import {
  adminUser,
  placeOrder as checkout,
  orderBody,
  productLine,
  productWithStock,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { type PaypalFake, startPaypalFake } from '../../test/fakes/paypal-fake';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let paypal: PaypalFake;
let buyer: TestUser;
let other: TestUser;
let admin: TestUser;
let productId: string;

beforeAll(async () => {
  paypal = await startPaypalFake();
  t = await createTestContext({
    env: {
      RATE_LIMIT_PAYMENT_PER_ACCOUNT: '100000',
      RATE_LIMIT_PAYMENT_PER_IP: '100000',
      PAYPAL_MODE: 'api',
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      PAYPAL_API_URL: paypal.apiUrl,
      PAYMENT_HTTP_TIMEOUT_MS: '2000',
      MAX_OPEN_UNPAID_ORDERS: '100000',
    },
  });
  buyer = await verifiedUser(t, { email: 'buyer@example.com' });
  other = await verifiedUser(t, { email: 'other@example.com' });
  admin = await adminUser(t);
  productId = await productWithStock(t, {
    name: { ru: 'Букет' },
    priceRub: 250_050,
    priceEur: 2_590,
    priceUsd: 2_790,
    stock: 1000,
  });
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

const placeOrder = (currency: 'EUR' | 'USD' = 'EUR') =>
  checkout(
    t,
    buyer,
    orderBody([productLine(productId)], {
      customer: { firstName: 'Anna', lastName: 'Smith', email: 'buyer@example.com', phone: '+34 612 345 678' },
      delivery: { method: 'pickup' },
      paymentMethod: 'paypal',
      currency,
    }),
  );
const pay = (orderId: string, user = buyer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { ...bearer(user.token), 'accept-language': 'en' },
    payload: { orderId },
  });
/** The buyer's browser following PayPal's redirect back to the shop. */
const comeBack = (url: string) => {
  const back = new URL(url);
  return t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
};
const notify = (hook: { rawBody: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/webhook/paypal', headers: hook.headers, payload: hook.rawBody });
const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentsOf = (orderId: string) => t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
const confirmations = async (orderId: string) =>
  (
    await t.database.db
      .select()
      .from(orderStatusEvents)
      .where(and(eq(orderStatusEvents.orderId, orderId), eq(orderStatusEvents.toStatus, 'confirmed')))
  ).length;
const capturesAtPaypal = (paypalOrderId: string) =>
  [...paypal.captures.values()].filter((c) => c.supplementary_data.related_ids.order_id === paypalOrderId).length;
const captureCalls = (paypalOrderId: string) =>
  paypal.requests.filter((r) => r.method === 'POST' && r.path === `/v2/checkout/orders/${paypalOrderId}/capture`)
    .length;

/** A placed EUR order whose payment was started: its PayPal order id and approval link. */
async function started(currency: 'EUR' | 'USD' = 'EUR') {
  const order = await placeOrder(currency);
  const res = await pay(order.id);
  expect(res.statusCode, res.body).toBe(200);
  const [payment] = await paymentsOf(order.id);
  return { order, payment: payment!, paypalId: payment!.providerPaymentId!, start: res.json().data };
}

async function expectPaidOnce(orderId: string, paypalId: string) {
  expect(await orderRow(orderId)).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
  expect(await confirmations(orderId)).toBe(1);
  expect((await paymentsOf(orderId)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
  expect(capturesAtPaypal(paypalId)).toBe(1);
}

describe('Pay: a PayPal order for the order total, and its approval page', () => {
  it('creates the PayPal order in the order currency with our payment id, and sends the buyer to its payer-action link', async () => {
    const { order, payment, paypalId, start } = await started('USD');
    expect(start).toMatchObject({ kind: 'redirect', redirectUrl: `${paypal.origin}/checkoutnow?token=${paypalId}` });
    const unit = paypal.orders.get(paypalId)!.purchase_units[0]!;
    expect(unit).toMatchObject({ amount: { currency_code: 'USD', value: '27.90' }, custom_id: payment.id });
    const site = t.config.publicUrl;
    expect(paypal.orders.get(paypalId)!.experience).toEqual({
      return_url: `${site}/api/payments/paypal/return`,
      cancel_url: `${site}/payment/cancel?order=${order.number}&id=${order.id}`,
      locale: 'en-US',
    });
    expect(payment).toMatchObject({ provider: 'paypal', status: 'pending', amountMinor: 2790, currency: 'USD' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paymentState: 'awaiting' });
  });

  it('a second Pay before approval reuses the same PayPal order (one create, one approval page)', async () => {
    const { order, paypalId } = await started();
    const again = await pay(order.id);
    expect(again.json().data.redirectUrl).toBe(`${paypal.origin}/checkoutnow?token=${paypalId}`);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('the old PayPal request answers the same redirect: no invoice, nothing mailed', async () => {
    const order = await placeOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal-request',
      headers: { ...bearer(buyer.token), 'accept-language': 'en' },
      payload: { orderId: order.id, email: 'payer@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.kind).toBe('redirect');
    expect(res.json().data.redirectUrl).toContain('/checkoutnow?token=');
  });

  it("another customer's order is not found (404), a guest gets 401", async () => {
    const order = await placeOrder();
    expect((await pay(order.id, other)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments', payload: { orderId: order.id } })).statusCode,
    ).toBe(401);
  });

  it.each([
    [
      'an HTTP 422 on create',
      () =>
        paypal.failNext(
          { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'PAYEE_ACCOUNT_RESTRICTED' }] } },
          { pathPart: '/v2/checkout/orders' },
        ),
    ],
    ['a timeout', () => paypal.setDelay(4000)],
  ])("%s from PayPal → 502 'Error sending the PayPal request', order unchanged", async (_name, arrange) => {
    const order = await placeOrder();
    arrange();
    try {
      const res = await pay(order.id);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Error sending the PayPal request');
    } finally {
      paypal.setDelay(0);
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paymentState: 'none' });
  });
});

describe('the return from PayPal', () => {
  it('captures the approved payment and sends the buyer to the success page: paid exactly once, however often she comes back', async () => {
    const { order, paypalId } = await started();
    const back = paypal.approve(paypalId);
    const res = await comeBack(back);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/payment/success?order=${order.number}`);
    await expectPaidOnce(order.id, paypalId);
    // A reload of the return page and PayPal's own word afterwards change nothing.
    expect((await comeBack(back)).headers.location).toBe(`/payment/success?order=${order.number}`);
    const completed = paypal.webhook(paypalId, 'PAYMENT.CAPTURE.COMPLETED');
    expect((await notify(completed)).json().data.outcome).toBe('ignored');
    expect((await notify(completed)).json().data.outcome).toBe('duplicate');
    expect(captureCalls(paypalId)).toBe(1);
    await expectPaidOnce(order.id, paypalId);
  });

  it('a return before the buyer approved takes nothing: the processing page waits, the order stays pending', async () => {
    const { order, paypalId } = await started();
    const res = await comeBack(`${t.config.publicUrl}/api/payments/paypal/return?token=${paypalId}`);
    expect(res.headers.location).toBe(`/payment/processing?order=${order.number}&id=${order.id}`);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paymentState: 'awaiting' });
    expect(capturesAtPaypal(paypalId)).toBe(0);
  });

  it.each([
    ['a token of no payment of ours', '?token=NOSUCHORDER1234'],
    ['no token at all', ''],
  ])('%s goes to the account orders and asks PayPal nothing', async (_name, query) => {
    const before = paypal.requests.length;
    const res = await t.app.inject({ method: 'GET', url: `/api/payments/paypal/return${query}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/account/orders');
    expect(paypal.requests.length).toBe(before);
  });

  it.each([
    ['another amount than the order', (id: string) => paypal.setAmount(id, '1.00')],
    ['another currency', (id: string) => paypal.setAmount(id, '25.90', 'USD')],
    ['money traced to another of our payments', (id: string) => paypal.setCustomId(id, crypto.randomUUID())],
  ])('a capture of %s never pays the order: the owner is alerted', async (_name, tamper) => {
    const { order, payment, paypalId } = await started();
    tamper(paypalId);
    const res = await comeBack(paypal.approve(paypalId));
    expect(res.headers.location).toBe(`/payment/processing?order=${order.number}&id=${order.id}`);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending' });
    const alerts = await t.database.db.select().from(paymentAlerts).where(eq(paymentAlerts.paymentId, payment.id));
    expect(alerts.map((a) => a.kind)).toEqual(['amount_mismatch']);
  });

  it('a capture PayPal declines leaves the order unpaid with its payment failed', async () => {
    const { order, paypalId } = await started();
    paypal.setNextCaptureStatus('DECLINED');
    await comeBack(paypal.approve(paypalId));
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paymentState: 'failed' });
  });

  it('PayPal unreachable on the return: the processing page waits, and the APPROVED webhook captures later', async () => {
    const { order, paypalId } = await started();
    const back = paypal.approve(paypalId);
    paypal.failNext({ status: 503, body: { name: 'SERVICE_UNAVAILABLE' } }, { pathPart: '/capture' });
    expect((await comeBack(back)).headers.location).toBe(`/payment/processing?order=${order.number}&id=${order.id}`);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect((await notify(paypal.webhook(paypalId, 'CHECKOUT.ORDER.APPROVED'))).json().data.outcome).toBe('applied');
    await expectPaidOnce(order.id, paypalId);
  });
});

describe('the webhooks', () => {
  it('CHECKOUT.ORDER.APPROVED captures and pays the order once; its replay and the later return change nothing', async () => {
    const { order, paypalId } = await started();
    const back = paypal.approve(paypalId);
    const approved = paypal.webhook(paypalId, 'CHECKOUT.ORDER.APPROVED');
    const first = await notify(approved);
    expect(first.json().data.outcome).toBe('applied');
    await expectPaidOnce(order.id, paypalId);
    expect((await notify(approved)).json().data.outcome).toBe('duplicate');
    expect((await comeBack(back)).headers.location).toBe(`/payment/success?order=${order.number}`);
    expect(captureCalls(paypalId)).toBe(1);
    await expectPaidOnce(order.id, paypalId);
  });

  it('the return and the APPROVED webhook at the same moment: one capture, paid once', async () => {
    const { order, paypalId } = await started();
    const back = paypal.approve(paypalId);
    const [returned, notified] = await Promise.all([
      comeBack(back),
      notify(paypal.webhook(paypalId, 'CHECKOUT.ORDER.APPROVED')),
    ]);
    expect(returned.statusCode).toBe(303);
    expect(notified.statusCode).toBe(200);
    await expectPaidOnce(order.id, paypalId);
  });

  it('a forged APPROVED event is refused (400) and captures nothing', async () => {
    const { order, paypalId } = await started();
    paypal.approve(paypalId);
    const hook = paypal.webhook(paypalId, 'CHECKOUT.ORDER.APPROVED');
    const res = await notify({ ...hook, headers: { ...hook.headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' } });
    expect(res.statusCode).toBe(400);
    expect(capturesAtPaypal(paypalId)).toBe(0);
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('an APPROVED event for an order cancelled meanwhile lets the approval lapse: nothing captured', async () => {
    const { order, paypalId } = await started();
    paypal.approve(paypalId);
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await notify(paypal.webhook(paypalId, 'CHECKOUT.ORDER.APPROVED'))).json().data.outcome).toBe('ignored');
    expect(capturesAtPaypal(paypalId)).toBe(0);
  });
});

describe('refunds', () => {
  it("the owner's refund of a cancelled paid order goes back through the capture's refund, in its currency", async () => {
    const { order, paypalId } = await started();
    await comeBack(paypal.approve(paypalId));
    await expectPaidOnce(order.id, paypalId);
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refund`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const captureId = paypal.orders.get(paypalId)!.purchase_units[0]!.payments!.captures[0]!.id;
    const refunds = [...paypal.refunds.values()].filter((r) => r.links.some((l) => l.href.endsWith(`/${captureId}`)));
    expect(refunds.map((r) => r.amount)).toEqual([{ currency_code: 'EUR', value: '25.90' }]);
    expect(paypal.captures.get(captureId)!.status).toBe('REFUNDED');
    expect((await orderRow(order.id)).paymentState).toBe('refunded');
  });
});
