/**
 * 54-FZ receipts through the real app and the real YooKassa driver, against the YooKassa fake with
 * receipts switched on in the shop (it refuses a payment without a receipt and checks every
 * receipt as YooKassa documents, so a bad receipt fails these tests): the payment's receipt, the
 * completion receipt when prepaid goods ship, the refund receipt, errors kept and retried, and the
 * self-employed regime.
 */
import { ErrorBodySchema, OrderReceiptsSchema, successEnvelope } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, receipts } from '../../db/schema';
import { decimalToMinor } from '../../platform/payments/provider';
import type { Receipt, ReceiptRequest } from '../../platform/payments/receipt';
import { adminUser, orderBody, placeOrder, productLine, productWithStock, verifiedUser } from '../../test/factory';
import { startYookassaFake } from '../../test/fakes/yookassa-fake';
import { createTestContext } from '../../test/harness';
import { lessonWithFiles } from '../../test/lessons';

const ADDRESS = {
  method: 'standard',
  country: 'Россия',
  city: 'Казань',
  address: 'ул. Баумана, 1',
  postalCode: '420111',
};

/** A shop on YooKassa with receipts on; each describe block has its own. */
async function shop(receiptEnv: Record<string, string>, mode: '54fz' | 'self_employed') {
  const yookassa = await startYookassaFake({ receipts: mode });
  const t = await createTestContext({
    env: {
      RATE_LIMIT_PAYMENT_PER_ACCOUNT: '100000',
      RATE_LIMIT_PAYMENT_PER_IP: '100000',
      MAX_OPEN_UNPAID_ORDERS: '100000',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: yookassa.shopId,
      YOOKASSA_SECRET_KEY: yookassa.secretKey,
      YOOKASSA_API_URL: yookassa.apiUrl,
      PAYMENT_HTTP_TIMEOUT_MS: '1000',
      RECEIPTS: 'yookassa',
      ...receiptEnv,
    },
  });
  const admin = await adminUser(t);
  const buyer = await verifiedUser(t, { email: 'vera@example.test' });

  const api = {
    pay: (orderId: string, as: { headers: Record<string, string> } = buyer) =>
      t.app.inject({ method: 'POST', url: '/api/payments', headers: as.headers, payload: { orderId } }),
    /** Pays the order at the fake and delivers YooKassa's notification. */
    async paid(orderId: string) {
      const res = await api.pay(orderId);
      expect(res.statusCode, res.body).toBe(200);
      const id = await api.providerId(orderId);
      yookassa.setStatus(id, 'succeeded');
      const note = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/yookassa',
        headers: { 'content-type': 'application/json' },
        payload: yookassa.notification(id, 'payment.succeeded'),
      });
      expect(note.json().data.outcome).toBe('applied');
      return id;
    },
    async providerId(orderId: string) {
      const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
      return rows.find((p) => p.status === 'pending' || p.status === 'succeeded')!.providerPaymentId!;
    },
    status: (orderId: string, status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${orderId}/status`,
        headers: admin.headers,
        payload: { status },
      }),
    async ship(orderId: string) {
      for (const status of ['processing', 'shipped']) {
        const res = await api.status(orderId, status);
        expect(res.statusCode, res.body).toBe(200);
      }
    },
    async receipts(orderId: string, headers = admin.headers) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/receipts`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return successEnvelope(OrderReceiptsSchema).parse(res.json()).data;
    },
    retry: (receiptId: string, headers = admin.headers) =>
      t.app.inject({ method: 'POST', url: `/api/admin/receipts/${receiptId}/retry`, headers }),
    refund: (orderId: string, headers = admin.headers) =>
      t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/refund`, headers }),
    orderRow: async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!,
  };
  return { t, yookassa, admin, buyer, api };
}

const total = (items: Receipt['items']) =>
  items.reduce((sum, item) => sum + Math.round(decimalToMinor(item.amount.value) * item.quantity), 0);

describe('54-FZ receipts (RECEIPTS=yookassa, tax system 2)', () => {
  let s: Awaited<ReturnType<typeof shop>>;
  let bouquet: string;
  let lesson: string;

  beforeAll(async () => {
    s = await shop({ RECEIPT_TAX_SYSTEM_CODE: '2', RECEIPT_SUBJECT_LESSON: 'intellectual_activity' }, '54fz');
    bouquet = await productWithStock(s.t, {
      name: { ru: 'Букет «Пионы»', en: 'Peonies' },
      priceRub: 120_050,
      stock: 1000,
    });
    lesson = await lessonWithFiles(s.t, { priceRub: 200_000 });
  });
  afterAll(async () => {
    await s.t.close();
    await s.yookassa.close();
  });

  /** Two bouquets, a lesson the buyer does not own yet, standard delivery: 4 701 ₽. */
  const mixedOrder = async () =>
    placeOrder(
      s.t,
      s.buyer,
      orderBody(
        [
          productLine(bouquet, 2),
          { type: 'lesson', id: await lessonWithFiles(s.t, { priceRub: 200_000 }), quantity: 1 },
        ],
        { delivery: ADDRESS },
      ),
    );

  it('a card payment carries the receipt: the customer, one item per line and one for delivery, adding up to the payment', async () => {
    const order = await mixedOrder();
    const res = await s.api.pay(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const sent = s.yookassa.payments.get(await s.api.providerId(order.id))!;
    const receipt = sent.receipt as Receipt;
    // To the account's verified address, not to the one typed at checkout (buyer@example.com).
    expect(receipt.customer).toEqual({ email: 'vera@example.test' });
    expect(receipt.tax_system_code).toBe(2);
    const byName = (items: Receipt['items']) => [...items].sort((a, b) => a.description.localeCompare(b.description));
    expect(byName(receipt.items)).toEqual([
      {
        description: 'Букет «Пионы»',
        quantity: 2,
        amount: { value: '1200.50', currency: 'RUB' },
        vat_code: 1,
        payment_subject: 'commodity',
        payment_mode: 'full_prepayment',
      },
      {
        description: 'Доставка',
        quantity: 1,
        amount: { value: '300.00', currency: 'RUB' },
        vat_code: 1,
        payment_subject: 'service',
        payment_mode: 'full_prepayment',
      },
      {
        description: 'Урок',
        quantity: 1,
        amount: { value: '2000.00', currency: 'RUB' },
        vat_code: 1,
        payment_subject: 'intellectual_activity',
        payment_mode: 'full_payment',
      },
    ]);
    expect(total(receipt.items)).toBe(decimalToMinor(sent.amount.value));

    // Stored and listed: awaiting the payment until YooKassa says it succeeded.
    let listed = await s.api.receipts(order.id);
    expect(listed).toMatchObject({ enabled: true, selfEmployed: false });
    expect(listed.receipts).toHaveLength(1);
    expect(listed.receipts[0]).toMatchObject({
      kind: 'payment',
      state: 'awaiting_payment',
      amount: 4_701,
      email: 'vera@example.test',
      taxSystemCode: 2,
      retryable: false,
    });
    expect(listed.receipts[0]!.lines.map((l) => [l.description, l.quantity, l.amount, l.paymentMode])).toEqual(
      receipt.items.map((i) => [i.description, i.quantity, Number(i.amount.value), i.payment_mode]),
    );
    const id = await s.api.providerId(order.id);
    s.yookassa.setStatus(id, 'succeeded');
    await s.t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/yookassa',
      headers: { 'content-type': 'application/json' },
      payload: s.yookassa.notification(id, 'payment.succeeded'),
    });
    listed = await s.api.receipts(order.id);
    expect(listed.receipts[0]!.state).toBe('sent');
  });

  it('a lesson bought with a promo code: the discounted price is on the receipt, to the kopeck', async () => {
    const code = await s.t.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: s.admin.headers,
      payload: { code: 'SILK33', percentOff: 33, lessonIds: [lesson] },
    });
    expect(code.statusCode, code.body).toBe(201);
    const other = await verifiedUser(s.t);
    const bought = await s.t.app.inject({
      method: 'POST',
      url: `/api/training/lessons/${lesson}/purchase`,
      headers: other.headers,
      payload: { promoCode: 'silk33' },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const order = bought.json().data.order as { id: string; total: number };
    const res = await s.api.pay(order.id, other);
    expect(res.statusCode, res.body).toBe(200);
    const sent = s.yookassa.payments.get(await s.api.providerId(order.id))!;
    const items = (sent.receipt as Receipt).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ description: 'Урок', quantity: 1, payment_mode: 'full_payment' });
    expect(total(items)).toBe(Math.round(order.total * 100));
    expect(sent.amount.value).toBe(order.total.toFixed(2));
  });

  it('a free-delivery order has no delivery item', async () => {
    const order = await placeOrder(s.t, s.buyer, orderBody([productLine(bouquet, 5)], { delivery: ADDRESS }));
    expect(order.deliveryCost).toBe(0);
    await s.api.pay(order.id);
    const receipt = s.yookassa.payments.get(await s.api.providerId(order.id))!.receipt as Receipt;
    expect(receipt.items.map((i) => i.description)).toEqual(['Букет «Пионы»']);
    expect(total(receipt.items)).toBe(600_250);
  });

  it('shipped: the completion receipt (POST /v3/receipts, full_payment, settled by the prepayment) is sent after the status change', async () => {
    const order = await mixedOrder();
    const providerPaymentId = await s.api.paid(order.id);
    const before = s.yookassa.requests.filter((r) => r.path === '/v3/receipts').length;
    await s.api.ship(order.id);
    // The status change does not call YooKassa itself: the receipt is queued with it.
    expect(s.yookassa.requests.filter((r) => r.path === '/v3/receipts')).toHaveLength(before);
    let completion = (await s.api.receipts(order.id)).receipts.find((r) => r.kind === 'completion');
    expect(completion?.state).toBe('queued');

    expect(await s.t.app.services.receipts.sendDue()).toEqual({ sent: 1, failed: 0 });
    const call = s.yookassa.requests.filter((r) => r.path === '/v3/receipts').at(-1)!;
    const body = JSON.parse(call.body) as ReceiptRequest;
    expect(body).toMatchObject({
      type: 'payment',
      payment_id: providerPaymentId,
      send: true,
      customer: { email: 'vera@example.test' },
      tax_system_code: 2,
      settlements: [{ type: 'prepayment', amount: { value: '2701.00', currency: 'RUB' } }],
    });
    expect(body.items.map((i) => [i.description, i.quantity, i.amount.value, i.payment_mode])).toEqual([
      ['Букет «Пионы»', 2, '1200.50', 'full_payment'],
      ['Доставка', 1, '300.00', 'full_payment'],
    ]);
    completion = (await s.api.receipts(order.id)).receipts.find((r) => r.kind === 'completion');
    expect(completion).toMatchObject({ state: 'sent', providerStatus: 'pending', amount: 2701, error: null });
    expect(s.yookassa.receipts.get(completion!.providerId!)).toBeDefined();
    // Nothing left to send.
    expect(await s.t.app.services.receipts.sendDue()).toEqual({ sent: 0, failed: 0 });
  });

  it('an order of lessons only: every item is paid in full on payment, nothing is left to complete', async () => {
    const other = await verifiedUser(s.t);
    const order = await placeOrder(
      s.t,
      other,
      orderBody([{ type: 'lesson', id: await lessonWithFiles(s.t), quantity: 1 }]),
    );
    const payRes = await s.api.pay(order.id, other);
    expect(payRes.statusCode, payRes.body).toBe(200);
    const receipt = s.yookassa.payments.get(await s.api.providerId(order.id))!.receipt as Receipt;
    expect(receipt.items.map((i) => i.payment_mode)).toEqual(['full_payment']);
  });

  it('YooKassa unreachable when the goods ship: the order is shipped anyway, the receipt waits and is tried again', async () => {
    const order = await mixedOrder();
    await s.api.paid(order.id);
    await s.api.ship(order.id);
    expect((await s.api.orderRow(order.id)).status).toBe('shipped');
    s.yookassa.failNext(
      { status: 503, body: { type: 'error', code: 'internal_server_error' } },
      { pathPart: '/v3/receipts' },
    );
    expect(await s.t.app.services.receipts.sendDue()).toEqual({ sent: 0, failed: 1 });
    const [row] = await s.t.database.db
      .select()
      .from(receipts)
      .where(eq(receipts.orderId, order.id))
      .then((rows) => rows.filter((r) => r.kind === 'completion'));
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row!.error).toContain('HTTP 503');
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: the pass leaves it; the admin may send it now.
    expect(await s.t.app.services.receipts.sendDue()).toEqual({ sent: 0, failed: 0 });
    const retried = await s.api.retry(row!.id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ kind: 'completion', state: 'sent', error: null });
  });

  it('YooKassa refuses the completion receipt: stored as failed with its error; the admin retries it with a new idempotence key', async () => {
    const order = await mixedOrder();
    await s.api.paid(order.id);
    await s.api.ship(order.id);
    s.yookassa.failNext(
      {
        status: 400,
        body: { type: 'error', code: 'invalid_request', description: 'Receipt is illegal', parameter: 'items' },
      },
      { pathPart: '/v3/receipts' },
    );
    await s.t.app.services.receipts.sendDue();
    const failed = (await s.api.receipts(order.id)).receipts.find((r) => r.kind === 'completion')!;
    expect(failed).toMatchObject({ state: 'failed', retryable: true, attempts: 1 });
    expect(failed.error).toContain('Receipt is illegal');
    // Left for the admin: the worker does not send it again on its own.
    expect(await s.t.app.services.receipts.sendDue()).toEqual({ sent: 0, failed: 0 });
    const keyBefore = s.yookassa.requests.filter((r) => r.path === '/v3/receipts').at(-1)!.headers['idempotence-key'];

    const res = await s.api.retry(failed.id, { ...s.admin.headers, 'accept-language': 'en' } as never);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'The receipt has been sent to YooKassa',
      data: { id: failed.id, state: 'sent', error: null },
    });
    const keyAfter = s.yookassa.requests.filter((r) => r.path === '/v3/receipts').at(-1)!.headers['idempotence-key'];
    expect(keyAfter).not.toBe(keyBefore);
    // Sent once: a second retry is a 409.
    const again = await s.api.retry(failed.id);
    expect(again.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(again.json()).code).toBe('RECEIPT_ALREADY_SENT');
  });

  it('a refused payment receipt: payment creation error, the order untouched, the receipt kept with YooKassa’s words', async () => {
    const order = await mixedOrder();
    s.yookassa.failNext(
      {
        status: 400,
        body: {
          type: 'error',
          code: 'invalid_request',
          description: 'Receipt customer email is invalid',
          parameter: 'receipt.customer.email',
        },
      },
      { pathPart: '/v3/payments' },
    );
    const res = await s.api.pay(order.id);
    expect(res.statusCode).toBe(502);
    expect((await s.api.orderRow(order.id)).status).toBe('pending');
    const [receipt] = (await s.api.receipts(order.id)).receipts;
    expect(receipt).toMatchObject({ kind: 'payment', state: 'failed', retryable: false });
    expect(receipt!.error).toContain('receipt.customer.email');
    const retry = await s.api.retry(receipt!.id);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().code).toBe('RECEIPT_NOT_RETRYABLE');
    // The customer pays again: a new payment with its own receipt.
    expect((await s.api.pay(order.id)).statusCode).toBe(200);
    expect((await s.api.receipts(order.id)).receipts.map((r) => r.state)).toEqual(['failed', 'awaiting_payment']);
  });

  it('refund of a cancelled order: the whole payment back with its refund receipt; the order reads refunded', async () => {
    const order = await mixedOrder();
    const providerPaymentId = await s.api.paid(order.id);
    // Not cancelled yet: no refund.
    expect((await s.api.refund(order.id)).statusCode).toBe(409);
    expect((await s.api.status(order.id, 'cancelled')).statusCode).toBe(200);

    // YooKassa refuses once: nothing changes but the receipt's error; the admin tries again.
    s.yookassa.failNext(
      { status: 400, body: { type: 'error', code: 'invalid_request', description: 'Refund rejected' } },
      { pathPart: '/v3/refunds' },
    );
    const refused = await s.api.refund(order.id);
    expect(refused.statusCode).toBe(502);
    expect((await s.api.orderRow(order.id)).paymentState).toBe('paid');
    const failed = (await s.api.receipts(order.id)).receipts.find((r) => r.kind === 'refund')!;
    expect(failed).toMatchObject({ state: 'failed', retryable: true });
    expect(failed.error).toContain('Refund rejected');

    const res = await s.api.refund(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const refundId = res.json().data.refundId as string;
    const refund = s.yookassa.refunds.get(refundId)!;
    expect(refund).toMatchObject({ payment_id: providerPaymentId, amount: { value: '4701.00', currency: 'RUB' } });
    const paidReceipt = s.yookassa.payments.get(providerPaymentId)!.receipt as Receipt;
    expect(refund.receipt).toEqual(paidReceipt);
    expect((await s.api.orderRow(order.id)).paymentState).toBe('refunded');
    const listed = (await s.api.receipts(order.id)).receipts.filter((r) => r.kind === 'refund');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: failed.id, state: 'sent', providerId: refundId, amount: 4701, error: null });
    // Once is enough.
    expect((await s.api.refund(order.id)).statusCode).toBe(409);
  });

  it('only the admin sees receipts, retries them or refunds; unknown ids are 404', async () => {
    const order = await mixedOrder();
    const asBuyer = s.buyer.headers;
    expect(
      (await s.t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/receipts`, headers: asBuyer }))
        .statusCode,
    ).toBe(403);
    expect((await s.t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/receipts` })).statusCode).toBe(
      401,
    );
    expect((await s.api.retry(crypto.randomUUID(), asBuyer)).statusCode).toBe(403);
    expect((await s.api.refund(order.id, asBuyer)).statusCode).toBe(403);
    expect((await s.api.retry(crypto.randomUUID())).statusCode).toBe(404);
    expect((await s.api.refund(crypto.randomUUID())).statusCode).toBe(404);
    expect((await s.api.retry('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('self-employed receipts (RECEIPT_SELF_EMPLOYED=true)', () => {
  let s: Awaited<ReturnType<typeof shop>>;
  let flowers: string[];

  beforeAll(async () => {
    s = await shop({ RECEIPT_SELF_EMPLOYED: 'true' }, 'self_employed');
    flowers = [];
    for (let i = 1; i <= 7; i += 1) {
      flowers.push(await productWithStock(s.t, { name: { ru: `Цветок ${i}` }, priceRub: 10_000 * i, stock: 100 }));
    }
  });
  afterAll(async () => {
    await s.t.close();
    await s.yookassa.close();
  });

  it('at most 6 items with VAT code 1 and no subject, mode or tax system; the items add up; no completion receipt on shipping', async () => {
    const order = await placeOrder(
      s.t,
      s.buyer,
      orderBody(
        flowers.map((id) => productLine(id)),
        { delivery: ADDRESS },
      ),
    );
    const providerPaymentId = await s.api.paid(order.id);
    const sent = s.yookassa.payments.get(providerPaymentId)!;
    const receipt = sent.receipt as Receipt;
    expect(receipt.items).toHaveLength(6);
    expect(receipt.items.at(-1)).toMatchObject({ description: `Прочие позиции заказа № ${order.number}`, quantity: 1 });
    for (const item of receipt.items) {
      expect(item.vat_code).toBe(1);
      expect(Number.isInteger(item.quantity)).toBe(true);
      expect(item).not.toHaveProperty('payment_subject');
      expect(item).not.toHaveProperty('payment_mode');
    }
    expect(receipt).not.toHaveProperty('tax_system_code');
    expect(total(receipt.items)).toBe(decimalToMinor(sent.amount.value));

    await s.api.ship(order.id);
    await s.t.app.services.receipts.sendDue();
    expect(s.yookassa.requests.filter((r) => r.path === '/v3/receipts')).toHaveLength(0);
    expect((await s.api.receipts(order.id)).receipts.map((r) => r.kind)).toEqual(['payment']);
  });

  it('a refund sends no receipt object: YooKassa annuls the receipt in "Мой налог" itself', async () => {
    const order = await placeOrder(s.t, s.buyer, orderBody([productLine(flowers[0]!)], { delivery: ADDRESS }));
    await s.api.paid(order.id);
    expect((await s.api.status(order.id, 'cancelled')).statusCode).toBe(200);
    const res = await s.api.refund(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = JSON.parse(s.yookassa.requests.filter((r) => r.path === '/v3/refunds').at(-1)!.body);
    expect(body).not.toHaveProperty('receipt');
    const refund = (await s.api.receipts(order.id)).receipts.find((r) => r.kind === 'refund');
    expect(refund).toMatchObject({ state: 'sent', lines: [], amount: 400 });
  });
});
