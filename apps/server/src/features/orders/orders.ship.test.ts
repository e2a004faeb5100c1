import { ErrorBodySchema, OrderResultSchema, successEnvelope } from '@atelier/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingContent, mailOutbox, orderStatusEvents, orders } from '../../db/schema';
import { adminUser, storedOrder, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  admin = await adminUser(t);
  buyer = await verifiedUser(t, { email: 'shipping@example.test' });
});
afterAll(() => t.close());

const POST = { standard: { method: 'post', country: 'Россия', city: 'Казань', address: 'ул. Баумана, 1' } } as const;

const ship = (id: string, body: unknown, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${id}/ship`, headers, payload: body as object });

const patchStatus = (id: string, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/orders/${id}/status`, headers: admin.headers, payload: { status } });

async function mailsTo(email: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt));
}

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** The order's status events (steps of one transaction share their time: ordered by the machine's order). */
async function historyOf(id: string) {
  const rank = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'];
  const rows = await t.database.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, id));
  return rows
    .map((row) => ({ ...row, from: row.fromStatus, to: row.toStatus }))
    .sort((a, b) => rank.indexOf(a.to) - rank.indexOf(b.to));
}

/** A paid order with a parcel, for its own customer (each test counts its own mails). */
async function paidOrder(email: string, values: Parameters<typeof storedOrder>[2] = {}) {
  const customer = await verifiedUser(t, { email });
  const order = await storedOrder(t, customer.id, {
    status: 'confirmed',
    paymentState: 'paid',
    delivery: POST.standard,
    ...values,
  });
  return { customer, order };
}

describe('POST /api/orders/:id/ship', () => {
  it('ships a paid order through processing, records carrier, number and note, and mails once with the link', async () => {
    const { customer, order } = await paidOrder('ship-one@example.test');
    const res = await ship(order.id, { carrier: 'russian_post', tracking: ' ra123456789ru ', note: 'Лента в подарок' });
    expect(res.statusCode, res.body).toBe(200);
    const body = successEnvelope(OrderResultSchema).parse(res.json());
    expect(body.data.order.status).toBe('shipped');
    expect(body.data.order.carrier).toBe('russian_post');
    expect(body.data.order.tracking).toEqual({ carrier: 'russian_post', number: 'RA123456789RU' });

    const history = await historyOf(order.id);
    expect(history.map((event) => [event.from, event.to])).toEqual([
      ['confirmed', 'processing'],
      ['processing', 'shipped'],
    ]);
    expect(history.every((event) => event.actorUserId === admin.id)).toBe(true);
    expect(history[1]?.note).toBe('Лента в подарок');

    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Заказ №${order.number} отправлен`);
    expect(mails[0]?.text).toContain('https://www.pochta.ru/tracking?barcode=RA123456789RU');
    expect(mails[0]?.text).toContain('Лента в подарок');
    expect(mails[0]?.html).toContain('href="https://www.pochta.ru/tracking?barcode=RA123456789RU"');
  });

  it('ships an order already in processing with one step and a CDEK link', async () => {
    const { customer, order } = await paidOrder('ship-cdek@example.test', { status: 'processing', language: 'en' });
    const res = await ship(order.id, { carrier: 'cdek', tracking: '1234567890' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await historyOf(order.id)).map((event) => event.to)).toEqual(['shipped']);
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('https://www.cdek.ru/ru/tracking?order_id=1234567890');
  });

  it('a courier has no number and no link: one mail without a tracking page', async () => {
    const { customer, order } = await paidOrder('ship-courier@example.test', { language: 'en' });
    const res = await ship(order.id, { carrier: 'courier', tracking: 'IGNORED1', note: 'Tomorrow 10–14' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(order.id);
    expect([row.status, row.trackingCarrier, row.trackingNumber]).toEqual(['shipped', 'courier', null]);
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Sent by: Courier');
    expect(mails[0]?.text).not.toMatch(/pochta\.ru|cdek\.ru/);
  });

  it('double submit and two tabs at once: one transition, one mail; the same shipment again is a quiet 200', async () => {
    const { customer, order } = await paidOrder('ship-race@example.test');
    const body = { carrier: 'cdek', tracking: '555666777' };
    const results = await Promise.all([ship(order.id, body), ship(order.id, body), ship(order.id, body)]);
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect((await historyOf(order.id)).map((event) => event.to)).toEqual(['processing', 'shipped']);
    expect(await mailsTo(customer.email)).toHaveLength(1);

    // Another shipment for an order already on its way is refused (the tracking panel corrects it).
    const other = await ship(order.id, { carrier: 'russian_post', tracking: 'RA000000000RU' });
    expect(other.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(other.json()).code).toBe('ALREADY_SHIPPED');
    const row = await rowOf(order.id);
    expect([row.trackingCarrier, row.trackingNumber]).toEqual(['cdek', '555666777']);
    expect(await mailsTo(customer.email)).toHaveLength(1);
  });

  it.each([
    ['unpaid', { status: 'pending' as const, paymentState: 'none' as const }, 'INVALID_TRANSITION'],
    ['cancelled', { status: 'cancelled' as const }, 'INVALID_TRANSITION'],
    ['with nothing to ship', { delivery: { method: 'none' as const } }, 'NO_PARCEL'],
  ])('an order %s: 409 and nothing changed, no mail', async (_, values, code) => {
    const { customer, order } = await paidOrder(`ship-409-${code}-${Math.random()}@example.test`, values);
    const res = await ship(order.id, { carrier: 'russian_post', tracking: 'RA123456789RU' });
    expect(res.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(res.json()).code).toBe(code);
    const row = await rowOf(order.id);
    expect([row.status, row.trackingCarrier, row.trackingNumber]).toEqual([order.status, null, null]);
    expect(await historyOf(order.id)).toHaveLength(0);
    expect(await mailsTo(customer.email)).toHaveLength(0);
  });

  it.each([
    ['an unknown carrier', { carrier: 'dhl', tracking: '12345678' }],
    ['Russian Post without a number', { carrier: 'russian_post' }],
    ['CDEK with an empty number', { carrier: 'cdek', tracking: '   ' }],
    ['a number with spaces inside', { carrier: 'cdek', tracking: '12 34 56' }],
    ['markup in the number', { carrier: 'russian_post', tracking: '<b>1234</b>' }],
    ['a number too long', { carrier: 'cdek', tracking: 'A'.repeat(41) }],
    ['a note too long', { carrier: 'courier', note: 'x'.repeat(1001) }],
    ['no carrier', { tracking: '12345678' }],
  ])('refuses %s with 400 and changes nothing', async (_, body) => {
    const { customer, order } = await paidOrder(`ship-400-${Math.random()}@example.test`);
    const res = await ship(order.id, body);
    expect(res.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(res.json()).code).toBe('VALIDATION_ERROR');
    const row = await rowOf(order.id);
    expect([row.status, row.trackingCarrier]).toEqual(['confirmed', null]);
    expect(await mailsTo(customer.email)).toHaveLength(0);
  });

  it('is for the admin only: a customer gets 403 (even for their own order), a guest 401; unknown order 404', async () => {
    const order = await storedOrder(t, buyer.id, {
      status: 'confirmed',
      paymentState: 'paid',
      delivery: POST.standard,
    });
    const body = { carrier: 'cdek', tracking: '12345678' };
    expect((await ship(order.id, body, buyer.headers)).statusCode).toBe(403);
    expect((await ship(order.id, body, {})).statusCode).toBe(401);
    expect((await rowOf(order.id)).status).toBe('confirmed');
    expect((await ship('00000000-0000-4000-8000-000000000000', body)).statusCode).toBe(404);
  });

  it('ready for pickup: shipped with carrier pickup, one pickup-worded mail with the shop phone and the note', async () => {
    await t.database.db
      .insert(landingContent)
      .values({ key: 'settings', value: { contactEmail: '', contactPhone: '+7 900 111-22-33' } })
      .onConflictDoUpdate({
        target: landingContent.key,
        set: { value: { contactEmail: '', contactPhone: '+7 900 111-22-33' } },
      });
    const { customer, order } = await paidOrder('ship-pickup@example.test', { delivery: { method: 'pickup' } });
    const res = await ship(order.id, { carrier: 'pickup', note: 'Открыто до 19:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Покупатель получил письмо: заказ готов к выдаче');
    const row = await rowOf(order.id);
    expect([row.status, row.trackingCarrier, row.trackingNumber]).toEqual(['shipped', 'pickup', null]);
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Заказ №${order.number} готов к выдаче`);
    expect(mails[0]?.text).toContain('+7 900 111-22-33');
    expect(mails[0]?.text).toContain('Открыто до 19:00');
    expect(mails[0]?.text).not.toContain('Отследить');
  });

  it('mark delivered after shipping: one more (status) mail; correcting the number later mails "tracking changed", never "shipped" again', async () => {
    const { customer, order } = await paidOrder('ship-deliver@example.test');
    expect((await ship(order.id, { carrier: 'russian_post', tracking: 'RA111111111RU' })).statusCode).toBe(200);
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/tracking`,
      headers: admin.headers,
      payload: { tracking: { carrier: 'russian_post', number: 'RA222222222RU' } },
    });
    expect(corrected.statusCode).toBe(200);
    const afterCorrection = await mailsTo(customer.email);
    expect(afterCorrection).toHaveLength(2);
    expect(afterCorrection[0]?.subject).toBe(`Заказ №${order.number}: трек-номер посылки`);
    expect(afterCorrection.filter((mail) => mail.subject.endsWith('отправлен'))).toHaveLength(1);

    const delivered = await patchStatus(order.id, 'delivered');
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().data.order.status).toBe('delivered');
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(3);
    expect(mails[0]?.subject).toBe(`Заказ №${order.number}: доставлен`);
    // Delivered cannot be shipped again.
    expect((await ship(order.id, { carrier: 'courier' })).statusCode).toBe(409);
  });
});
