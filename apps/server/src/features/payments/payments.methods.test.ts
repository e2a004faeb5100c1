/**
 * Ways to pay online through YooKassa (card, SBP, SberPay, T-Pay, installments) with the real
 * driver against the local YooKassa fake: the request each makes for an order, a lesson and a
 * custom-order deposit, SBP's QR code on a computer, the amount limits, the notifications with
 * `payment_method.type`, a replay, changing the way to pay, and the refund of an SBP payment.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentAlerts, paymentEvents, payments } from '../../db/schema';
import { bearer, lastMail } from '../../test/accounts';
import {
  adminUser,
  placeOrder as checkout,
  orderBody,
  productLine,
  productWithStock,
  purchaseBody,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { startYookassaFake, type YookassaFake } from '../../test/fakes/yookassa-fake';
import { createTestContext, type TestContext } from '../../test/harness';
import { lessonWithFiles } from '../../test/lessons';

let t: TestContext;
let yookassa: YookassaFake;
let buyer: TestUser;
let admin: TestUser;
let bouquet: string;
let vase: string;
let lesson: string;

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
      YOOKASSA_METHODS: 'bank_card,sbp,sberbank,tinkoff_bank,sber_bnpl',
      PAYMENT_HTTP_TIMEOUT_MS: '2000',
      MAX_OPEN_UNPAID_ORDERS: '100000',
    },
  });
  buyer = await verifiedUser(t, { email: 'sbp-buyer@example.com' });
  admin = await adminUser(t);
  bouquet = await productWithStock(t, { name: { ru: 'Букет' }, priceRub: 250_050, stock: 100 });
  // 400,000 ₽: above the card's limit (350,000 ₽), within SBP's (700,000 ₽).
  vase = await productWithStock(t, { name: { ru: 'Ваза' }, priceRub: 40_000_000, stock: 100 });
  lesson = await lessonWithFiles(t, { priceRub: 150_000 });
});
afterAll(async () => {
  await t.close();
  await yookassa.close();
});

const db = () => t.database.db;
const order = (productId = bouquet) =>
  checkout(
    t,
    buyer,
    orderBody([productLine(productId)], {
      customer: { firstName: 'Anna', lastName: 'Smith', email: buyer.email, phone: '+7 900 123 45 67' },
      delivery: { method: 'pickup' },
    }),
  );
const start = (orderId: string, choice: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { ...bearer(buyer.token), 'accept-language': 'ru' },
    payload: { orderId, ...choice },
  });
const notify = (rawBody: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/yookassa',
    headers: { 'content-type': 'application/json' },
    payload: rawBody,
  });
const paymentRows = (orderId: string) => db().select().from(payments).where(eq(payments.orderId, orderId));
const livePayment = async (orderId: string) => (await paymentRows(orderId)).find((p) => p.status === 'pending')!;
const fakeOf = async (orderId: string) => yookassa.payments.get((await livePayment(orderId)).providerPaymentId!)!;
const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const methods = (query = '') => t.app.inject({ method: 'GET', url: `/api/payments/methods${query}` });
const offered = async (query: string) =>
  ((await methods(query)).json().data.online as { method: string }[]).map((m) => m.method);

describe('GET /api/payments/methods', () => {
  it('lists what the contract allows with YooKassa’s limits; for a total, only what can take it', async () => {
    const all = await methods();
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toMatchObject({ card: true, paypal: 'sandbox' });
    expect(all.json().data.online).toEqual([
      { method: 'bank_card', min: 1, max: 350_000, currency: 'RUB' },
      { method: 'sbp', min: 1, max: 700_000, currency: 'RUB' },
      { method: 'sberbank', min: 1, max: 700_000, currency: 'RUB' },
      { method: 'tinkoff_bank', min: 1, max: 700_000, currency: 'RUB' },
      { method: 'sber_bnpl', min: 1_000, max: 150_000, currency: 'RUB' },
    ]);
    expect(await offered('?amount=500&currency=RUB')).toEqual(['bank_card', 'sbp', 'sberbank', 'tinkoff_bank']);
    expect(await offered('?amount=2500.5&currency=RUB')).toEqual([
      'bank_card',
      'sbp',
      'sberbank',
      'tinkoff_bank',
      'sber_bnpl',
    ]);
    expect(await offered('?amount=400000&currency=RUB')).toEqual(['sbp', 'sberbank', 'tinkoff_bank']);
    expect(await offered('?amount=800000&currency=RUB')).toEqual([]);
    // Euros and dollars are PayPal's: no online way to pay through YooKassa.
    expect(await offered('?amount=50&currency=EUR')).toEqual([]);
  });

  it('an amount without its currency, or a bad one, is a 400', async () => {
    for (const query of ['?amount=500', '?currency=RUB', '?amount=-1&currency=RUB', '?amount=5&currency=GBP']) {
      const res = await methods(query);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('POST /api/payments with a way to pay', () => {
  it.each([
    ['bank_card', 'mobile'],
    ['sbp', 'mobile'],
    ['sberbank', 'desktop'],
    ['tinkoff_bank', 'desktop'],
    ['sber_bnpl', 'mobile'],
  ])('%s on a %s: payment_method_data of that type, a redirect to YooKassa’s page', async (method, device) => {
    const placed = await order();
    const res = await start(placed.id, { method, device });
    expect(res.statusCode, res.body).toBe(200);
    const fake = await fakeOf(placed.id);
    expect(fake.payment_method?.type).toBe(method);
    expect(fake.amount).toEqual({ value: '2500.50', currency: 'RUB' });
    expect(fake.confirmation).toMatchObject({ type: 'redirect' });
    expect(res.json().data).toMatchObject({
      kind: 'redirect',
      redirectUrl: fake.confirmation.type === 'redirect' ? fake.confirmation.confirmation_url : 'none',
    });
    expect(await livePayment(placed.id)).toMatchObject({ method, confirmation: 'redirect' });
  });

  it('SBP on a computer: a qr confirmation; our page gets its link and until when it can be paid', async () => {
    const placed = await order();
    const res = await start(placed.id, { method: 'sbp', device: 'desktop' });
    expect(res.statusCode, res.body).toBe(200);
    const fake = await fakeOf(placed.id);
    expect(fake.confirmation.type).toBe('qr');
    const link = fake.confirmation.type === 'qr' ? fake.confirmation.confirmation_data : '';
    expect(link).toMatch(/^https:\/\/qr\.nspk\.ru\//);
    expect(res.json().data).toMatchObject({ kind: 'qr', redirectUrl: link });
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payments/orders/${placed.id}`,
      headers: bearer(buyer.token),
    });
    const qr = status.json().data.qr;
    expect(qr).toMatchObject({ url: link, method: 'sbp' });
    const left = Date.parse(qr.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(55 * 60_000);
    expect(left).toBeLessThanOrEqual(60 * 60_000);
    // "Pay" again on the same computer: the same payment, no second one at YooKassa.
    const before = yookassa.payments.size;
    expect((await start(placed.id, { method: 'sbp', device: 'desktop' })).json().data.redirectUrl).toBe(link);
    expect(yookassa.payments.size).toBe(before);
  });

  it('a lesson and a custom-order deposit are paid the same way', async () => {
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/training/lessons/${lesson}/purchase`,
      headers: bearer(buyer.token),
      payload: purchaseBody(),
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const lessonOrder = bought.json().data.order.id as string;
    expect((await start(lessonOrder, { method: 'sbp', device: 'desktop' })).json().data.kind).toBe('qr');
    expect((await fakeOf(lessonOrder)).amount).toEqual({ value: '1500.00', currency: 'RUB' });

    const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
    const form = new FormData();
    const dateNeeded = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    form.append(
      'data',
      JSON.stringify({
        occasion: 'wedding',
        dateNeeded,
        colours: 'Ivory',
        budget: 25000,
        budgetCurrency: 'RUB',
        description: 'A bridal bouquet of peonies',
      }),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/custom-orders',
      headers: bearer(buyer.token),
      payload: form as never,
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json().data.id as string;
    const quoted = await call(admin, 'POST', `/api/admin/custom-orders/${request}/quote`, {
      price: 30000,
      currency: 'RUB',
      depositPercent: 30,
      dueDate: new Date(Date.now() + 50 * 86_400_000).toISOString().slice(0, 10),
      message: 'Fine.',
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const accepted = await call(buyer, 'POST', `/api/custom-orders/${request}/accept`, {
      quotedAt: quoted.json().data.quote.quotedAt,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const deposit = (await call(buyer, 'POST', `/api/custom-orders/${request}/pay`, { part: 'deposit' })).json().data
      .order.id as string;
    const res = await start(deposit, { method: 'tinkoff_bank', device: 'mobile' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await fakeOf(deposit)).toMatchObject({
      payment_method: { type: 'tinkoff_bank' },
      amount: { value: '9000.00', currency: 'RUB' },
    });
  });

  it('a way to pay outside its limits or the contract is a 400, and nothing is asked of YooKassa', async () => {
    const big = await order(vase);
    const before = yookassa.payments.size;
    for (const method of ['bank_card', 'sber_bnpl']) {
      const res = await start(big.id, { method, device: 'mobile' });
      expect(res.statusCode, method).toBe(400);
      expect(res.json().code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    }
    expect((await start(big.id, { method: 'yoo_money' })).statusCode).toBe(400);
    expect((await start(big.id, { method: 'sbp', device: 'tablet' })).statusCode).toBe(400);
    expect(yookassa.payments.size).toBe(before);
    expect(await paymentRows(big.id)).toEqual([]);
    expect((await orderRow(big.id)).paymentState).not.toBe('awaiting');
    // SBP takes it.
    expect((await start(big.id, { method: 'sbp', device: 'mobile' })).statusCode).toBe(200);
  });
});

describe('notifications and refunds of every way to pay', () => {
  it('SBP paid: the order is confirmed, the way it was paid and the payer’s bank are kept; a replay is a duplicate', async () => {
    const placed = await order();
    await start(placed.id, { method: 'sbp', device: 'desktop' });
    const id = (await livePayment(placed.id)).providerPaymentId!;
    yookassa.setStatus(id, 'succeeded');
    const body = yookassa.notification(id, 'payment.succeeded');
    expect(JSON.parse(body).object.payment_method).toMatchObject({
      type: 'sbp',
      payer_bank_details: { bank_id: '100000000111' },
    });
    expect((await notify(body)).json().data.outcome).toBe('applied');
    expect(await orderRow(placed.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
    const [payment] = (await paymentRows(placed.id)).filter((p) => p.status === 'succeeded');
    expect(payment).toMatchObject({ method: 'sbp' });
    const events = await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment!.id));
    expect(events).toHaveLength(1);
    expect((await notify(body)).json().data.outcome).toBe('duplicate');
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment!.id))).toHaveLength(1);
  });

  it('the QR code expired unpaid (payment.canceled): the order waits for another try; a new one is made', async () => {
    const placed = await order();
    await start(placed.id, { method: 'sbp', device: 'desktop' });
    const id = (await livePayment(placed.id)).providerPaymentId!;
    yookassa.setStatus(id, 'canceled');
    expect((await notify(yookassa.notification(id, 'payment.canceled'))).json().data.outcome).toBe('applied');
    expect(await orderRow(placed.id)).toMatchObject({ status: 'pending', paymentState: 'failed' });
    const again = await start(placed.id, { method: 'sbp', device: 'desktop' });
    expect(again.json().data.kind).toBe('qr');
    expect((await livePayment(placed.id)).providerPaymentId).not.toBe(id);
    // Leaving the QR code for YooKassa's own page (no way named): a payment without payment_method_data.
    const plain = await start(placed.id);
    expect(plain.json().data.kind).toBe('redirect');
    expect((await fakeOf(placed.id)).payment_method).toBeUndefined();
  });

  it('changing the way to pay leaves the open payment behind; its late cancel does not fail the new one', async () => {
    const placed = await order();
    await start(placed.id, { method: 'sbp', device: 'desktop' });
    const first = (await livePayment(placed.id)).providerPaymentId!;
    const res = await start(placed.id, { method: 'bank_card', device: 'desktop' });
    expect(res.json().data.kind).toBe('redirect');
    const second = await livePayment(placed.id);
    expect(second).toMatchObject({ method: 'bank_card' });
    expect(second.providerPaymentId).not.toBe(first);
    // "Pay" with no way named (the account's order page) returns to the open page.
    const again = await start(placed.id);
    expect(again.json().data.redirectUrl).toBe(res.json().data.redirectUrl);
    expect((await livePayment(placed.id)).id).toBe(second.id);
    yookassa.setStatus(first, 'canceled');
    await notify(yookassa.notification(first, 'payment.canceled'));
    expect((await orderRow(placed.id)).paymentState).toBe('awaiting');
    // The new one is paid: it confirms the order.
    yookassa.setStatus(second.providerPaymentId!, 'succeeded');
    expect(
      (await notify(yookassa.notification(second.providerPaymentId!, 'payment.succeeded'))).json().data.outcome,
    ).toBe('applied');
    expect((await orderRow(placed.id)).status).toBe('confirmed');
  });

  it('paid in the bank’s app before the buyer chose another way: the order is confirmed, no second payment is opened', async () => {
    const placed = await order();
    await start(placed.id, { method: 'sbp', device: 'mobile' });
    const first = (await livePayment(placed.id)).providerPaymentId!;
    const opened = yookassa.payments.size;
    // Paid at YooKassa; its notification has not arrived yet.
    yookassa.setStatus(first, 'succeeded');
    const res = await start(placed.id, { method: 'bank_card', device: 'mobile' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('ORDER_ALREADY_PAID');
    expect(yookassa.payments.size).toBe(opened);
    expect(await orderRow(placed.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
    const rows = await paymentRows(placed.id);
    expect(rows.map((p) => p.status)).toEqual(['succeeded']);
    // The notification comes after all: the same money, told again — no alert for the owner.
    const late = await notify(yookassa.notification(first, 'payment.succeeded'));
    expect(late.json().data.outcome).toBe('ignored');
    expect(await db().select().from(paymentAlerts).where(eq(paymentAlerts.orderId, placed.id))).toEqual([]);
  });

  it('paid twice: the left-behind payment is given back whole by the background pass, its alert resolved, the customer told', async () => {
    const placed = await order();
    await start(placed.id, { method: 'sbp', device: 'desktop' });
    const first = (await livePayment(placed.id)).providerPaymentId!;
    // Another way to pay while the QR code is still open at YooKassa: the first is left behind.
    await start(placed.id, { method: 'bank_card', device: 'desktop' });
    const second = (await livePayment(placed.id)).providerPaymentId!;
    yookassa.setStatus(second, 'succeeded');
    await notify(yookassa.notification(second, 'payment.succeeded'));
    // The QR code is paid too, afterwards.
    yookassa.setStatus(first, 'succeeded');
    const late = await notify(yookassa.notification(first, 'payment.succeeded'));
    expect(late.json().data.outcome).toBe('order_not_pending');
    const alertsOf = () => db().select().from(paymentAlerts).where(eq(paymentAlerts.orderId, placed.id));
    const [alert] = await alertsOf();
    expect(alert).toMatchObject({ kind: 'order_not_pending', resolvedAt: null });
    expect(alert?.details).toMatchObject({ autoRefund: true });

    const refundsBefore = yookassa.refunds.size;
    expect(await t.app.services.payments.refundDuplicates()).toBe(1);
    const refunds = [...yookassa.refunds.values()].slice(refundsBefore);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ payment_id: first, amount: { value: '2500.50', currency: 'RUB' } });
    expect((await alertsOf())[0]?.resolvedAt).not.toBeNull();
    // The order stays paid by the payment it kept.
    expect(await orderRow(placed.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
    const told = await lastMail(t, buyer.email);
    expect(told.subject).toContain(`№${placed.number}`);
    expect(told.text).toMatch(/2\s500,50/);
    // A second pass finds nothing left to give back: never two refunds.
    expect(await t.app.services.payments.refundDuplicates()).toBe(0);
    expect(yookassa.refunds.size).toBe(refundsBefore + 1);
  });

  it('a cancelled order paid by SBP is refunded whole through YooKassa', async () => {
    const placed = await order();
    await start(placed.id, { method: 'sbp', device: 'mobile' });
    const id = (await livePayment(placed.id)).providerPaymentId!;
    yookassa.setStatus(id, 'succeeded');
    await notify(yookassa.notification(id, 'payment.succeeded'));
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${placed.id}/status`,
      headers: admin.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.id}/refund`,
      headers: admin.headers,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(yookassa.refunds.get(refund.json().data.refundId)).toMatchObject({
      payment_id: id,
      amount: { value: '2500.50', currency: 'RUB' },
    });
    expect((await orderRow(placed.id)).paymentState).toBe('refunded');
  });
});
