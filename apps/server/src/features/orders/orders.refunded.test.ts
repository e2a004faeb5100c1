/**
 * What a refund of chosen lines changes in the rest of an order's life, through the real app and
 * the real YooKassa driver against its fake with 54-FZ receipts on: the order reads net of the
 * refund for the owner and the customer; shipping sends only the units left (the parcel, the
 * "shipped" mail, the completion receipt settled by the prepayment); an order refunded whole is
 * neither shipped nor marked delivered (409, nothing written, no mail, no receipt); the
 * dashboard's revenue and the CSV export are net of refunds; the owner's lists give each order in
 * its own currency.
 */
import {
  AdminNeedsActionSchema,
  AdminStatsSchema,
  ErrorBodySchema,
  goodsLeftToShip,
  OrderResultSchema,
  successEnvelope,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orderItems, orderStatusEvents, orders, payments, receipts } from '../../db/schema';
import { adminUser, productWithStock, storedOrder, type TestUser, verifiedUser } from '../../test/factory';
import { startYookassaFake, type YookassaFake } from '../../test/fakes/yookassa-fake';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let yookassa: YookassaFake;
let admin: TestUser;
let buyer: TestUser;
let bouquet: string;

beforeAll(async () => {
  yookassa = await startYookassaFake({ receipts: '54fz' });
  t = await createTestContext({
    env: {
      RATE_LIMIT_PAYMENT_PER_ACCOUNT: '100000',
      RATE_LIMIT_PAYMENT_PER_IP: '100000',
      MAX_OPEN_UNPAID_ORDERS: '100000',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: yookassa.shopId,
      YOOKASSA_SECRET_KEY: yookassa.secretKey,
      YOOKASSA_API_URL: yookassa.apiUrl,
      YOOKASSA_METHODS: 'bank_card,sbp',
      RECEIPTS: 'yookassa',
    },
  });
  admin = await adminUser(t);
  buyer = await verifiedUser(t, { email: 'refunded-buyer@example.test' });
  bouquet = await productWithStock(t, { name: { ru: 'Букет «Пионы»', en: 'Peonies' }, priceRub: 150_000, stock: 50 });
});
afterAll(async () => {
  await t.close();
  await yookassa.close();
});

const db = () => t.database.db;
const codeOf = (res: { json(): unknown }) => ErrorBodySchema.parse(res.json()).code;

/** Two bouquets (2 × 1 500 ₽) and 300 ₽ of delivery by post, paid by SBP at the fake: 3 300 ₽. */
async function paidOrder() {
  const order = await storedOrder(
    t,
    buyer.id,
    {
      subtotalRub: 300_000,
      deliveryCostRub: 30_000,
      totalRub: 330_000,
      delivery: { method: 'post', country: 'Россия', city: 'Казань', address: 'ул. Баумана, 1', postalCode: '420111' },
      customer: { firstName: 'Vera', lastName: 'Ivanova', email: buyer.email, phone: '+79123456789' },
    },
    [{ type: 'product', productId: bouquet, name: { ru: 'Букет «Пионы»' }, unitPriceRub: 150_000, quantity: 2 }],
  );
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: buyer.headers,
    payload: { orderId: order.id, method: 'sbp', device: 'mobile' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
  const providerId = payment!.providerPaymentId!;
  yookassa.setStatus(providerId, 'succeeded');
  const note = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/yookassa',
    headers: { 'content-type': 'application/json' },
    payload: yookassa.notification(providerId, 'payment.succeeded'),
  });
  expect(note.json().data.outcome).toBe('applied');
  const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { order, line: line!, providerId };
}

async function refund(orderId: string, lineId: string, quantity: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund-lines`,
    headers: admin.headers,
    payload: { lines: [{ lineId, quantity }] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const ship = (id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/ship`,
    headers: admin.headers,
    payload: { carrier: 'russian_post', tracking: 'RA123456789RU' },
  });

const patchStatus = (id: string, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/orders/${id}/status`, headers: admin.headers, payload: { status } });

async function orderAs(id: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(OrderResultSchema).parse(res.json()).data.order;
}

const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
const receiptsOf = (orderId: string) => db().select().from(receipts).where(eq(receipts.orderId, orderId));
const eventsOf = (orderId: string) =>
  db().select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, orderId));
const rowOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

describe('after one of two units is refunded', () => {
  it('the order reads net for the owner and the customer; shipping sends one unit: parcel, mail and completion receipt', async () => {
    const { order, line, providerId } = await paidOrder();
    await refund(order.id, line.id, 1);

    for (const headers of [admin.headers, buyer.headers]) {
      const read = await orderAs(order.id, headers);
      // The fields as before, and the refund beside them.
      expect(read).toMatchObject({ total: 3300, totalInCurrency: 3300, currency: 'RUB' });
      expect(read).toMatchObject({
        refundedTotal: 1500,
        refundedTotalInCurrency: 1500,
        netTotal: 1800,
        netTotalInCurrency: 1800,
      });
      expect(goodsLeftToShip(read.items)).toEqual([expect.objectContaining({ id: line.id, quantity: 1 })]);
    }

    const before = (await mailsTo(buyer.email)).length;
    const shipped = await ship(order.id);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.find((m) => m.subject.includes('отправлен') && m.subject.includes(String(order.number)))!;
    // One bouquet at 1 500 ₽, no "2 × …"; the refund and what the order comes to after it.
    expect(mail.text).toMatch(/• Букет «Пионы» — 1\s500\s₽\n/);
    expect(mail.text).not.toMatch(/2 × 1\s500/);
    expect(mail.text).toMatch(/Возвращено: −1\s500\s₽/);
    expect(mail.text).toMatch(/Итого с учётом возвратов: 1\s800\s₽/);

    // The completion receipt hands over the one bouquet kept and the delivery, settled by the prepayment.
    expect(await t.app.services.receipts.sendDue()).toEqual({ sent: 1, failed: 0 });
    const sent = [...yookassa.receipts.values()].filter((r) => r.payment_id === providerId && r.type === 'payment');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.items).toEqual([
      expect.objectContaining({
        description: 'Букет «Пионы»',
        quantity: 1,
        amount: { value: '1500.00', currency: 'RUB' },
        payment_mode: 'full_payment',
      }),
      expect.objectContaining({
        quantity: 1,
        amount: { value: '300.00', currency: 'RUB' },
        payment_mode: 'full_payment',
      }),
    ]);
    expect(sent[0]!.settlements).toEqual([{ type: 'prepayment', amount: { value: '1800.00', currency: 'RUB' } }]);
  });
});

describe('an order refunded whole', () => {
  it('is not shipped nor prepared: 409 ORDER_REFUNDED in the request language, nothing changed, no mail, no receipt', async () => {
    const { order, line } = await paidOrder();
    await refund(order.id, line.id, 2);
    expect(await rowOf(order.id)).toMatchObject({ status: 'confirmed', paymentState: 'refunded' });
    const mails = (await mailsTo(buyer.email)).length;
    const receiptRows = (await receiptsOf(order.id)).length;
    const events = (await eventsOf(order.id)).length;

    const res = await ship(order.id);
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('ORDER_REFUNDED');
    expect(res.json().message).toMatch(/деньги возвращены/);
    const english = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/ship`,
      headers: { ...admin.headers, 'accept-language': 'en' },
      payload: { carrier: 'courier' },
    });
    expect(english.statusCode).toBe(409);
    expect(english.json().message).toMatch(/has been refunded/);
    const preparing = await patchStatus(order.id, 'processing');
    expect(preparing.statusCode).toBe(409);
    expect(codeOf(preparing)).toBe('ORDER_REFUNDED');

    const row = await rowOf(order.id);
    expect(row).toMatchObject({ status: 'confirmed', trackingNumber: null, trackingCarrier: null });
    expect(await mailsTo(buyer.email)).toHaveLength(mails);
    expect(await receiptsOf(order.id)).toHaveLength(receiptRows);
    expect(await eventsOf(order.id)).toHaveLength(events);
  });

  it('refunded after it was shipped: not marked delivered (409), nothing changed, no mail', async () => {
    const { order, line } = await paidOrder();
    expect((await ship(order.id)).statusCode).toBe(200);
    await t.app.services.receipts.sendDue();
    await refund(order.id, line.id, 2);
    const mails = (await mailsTo(buyer.email)).length;
    const events = (await eventsOf(order.id)).length;

    const res = await patchStatus(order.id, 'delivered');
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('ORDER_REFUNDED');
    expect((await rowOf(order.id)).status).toBe('shipped');
    expect(await mailsTo(buyer.email)).toHaveLength(mails);
    expect(await eventsOf(order.id)).toHaveLength(events);
  });
});

describe("the owner's figures", () => {
  it('dashboard revenue is net of refunds, and an order refunded whole leaves the list to ship', async () => {
    const stats = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.headers });
      return successEnvelope(AdminStatsSchema).parse(res.json()).data;
    };
    const needs = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/needs-action', headers: admin.headers });
      return successEnvelope(AdminNeedsActionSchema).parse(res.json()).data;
    };
    const start = (await stats()).revenueRub;
    const { order, line } = await paidOrder();
    expect((await stats()).revenueRub).toBeCloseTo(start + 3300, 2);
    await refund(order.id, line.id, 1);
    expect((await stats()).revenueRub).toBeCloseTo(start + 1800, 2);
    expect((await needs()).toShip.map((o) => o.id)).toContain(order.id);
    await refund(order.id, line.id, 1);
    expect((await stats()).revenueRub).toBeCloseTo(start + 300, 2);
    expect((await needs()).toShip.map((o) => o.id)).not.toContain(order.id);
  });

  it('the CSV export has the refunded amount and the net total beside the total', async () => {
    const { order, line } = await paidOrder();
    await refund(order.id, line.id, 1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/export.csv?search=${order.number}`,
      headers: { ...admin.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain('"Total, RUB";"Refunded, RUB";"Net, RUB";Currency');
    const row = rows.find((r) => r.startsWith(`${order.number};`));
    expect(row).toContain(';3300.00;1500.00;1800.00;RUB;');
  });

  it("the owner's lists give an order in its own currency: a €29 order is €29", async () => {
    const order = await storedOrder(t, buyer.id, {
      status: 'confirmed',
      paymentState: 'paid',
      paymentMethod: 'paypal',
      currency: 'EUR',
      subtotalRub: 270_000,
      totalRub: 270_000,
      totalInCurrency: 2_900,
      delivery: { method: 'post', country: 'España', city: 'Madrid', address: 'Calle Mayor, 1', postalCode: '28013' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/needs-action', headers: admin.headers });
    const listed = successEnvelope(AdminNeedsActionSchema)
      .parse(res.json())
      .data.toShip.find((o) => o.id === order.id);
    expect(listed).toMatchObject({ currency: 'EUR', totalInCurrency: 29, totalRub: 2700 });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/orders?search=${order.number}`,
      headers: admin.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json().data.find((o: { id: string }) => o.id === order.id);
    expect(item).toMatchObject({ currency: 'EUR', totalInCurrency: 29, netTotalInCurrency: 29, refundedTotal: 0 });
  });
});
