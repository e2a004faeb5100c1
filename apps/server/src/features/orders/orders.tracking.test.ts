import { ErrorBodySchema, OrderResultSchema, successEnvelope } from '@atelier/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../db/schema';
import { adminUser, storedOrder, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  admin = await adminUser(t);
  buyer = await verifiedUser(t, { email: 'parcel@example.test' });
});
afterAll(() => t.close());

const putTracking = (id: string, body: unknown, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/orders/${id}/tracking`, headers, payload: body as object });

const patchStatus = (id: string, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/orders/${id}/status`, headers: admin.headers, payload: { status } });

async function mailsTo(email: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt));
}

describe('PUT /api/orders/:id/tracking', () => {
  it('stores the number upper-cased, shows it on the order, and the shipped mail carries it with the carrier link', async () => {
    const order = await storedOrder(t, buyer.id, { status: 'processing', paymentState: 'paid' });
    const res = await putTracking(order.id, { tracking: { carrier: 'russian_post', number: ' ra123456789ru ' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = successEnvelope(OrderResultSchema).parse(res.json());
    expect(body.data.order.tracking).toEqual({ carrier: 'russian_post', number: 'RA123456789RU' });
    // Not shipped yet: no mail of its own; the number goes out with the "shipped" mail.
    expect(await mailsTo(buyer.email)).toHaveLength(0);

    const own = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: buyer.headers });
    expect(own.json().data.order.tracking).toEqual({ carrier: 'russian_post', number: 'RA123456789RU' });

    expect((await patchStatus(order.id, 'shipped')).statusCode).toBe(200);
    const [shipped] = await mailsTo(buyer.email);
    expect(shipped?.subject).toContain('отправлен');
    expect(shipped?.text).toContain('Трек-номер (Почта России): RA123456789RU');
    expect(shipped?.text).toContain('https://www.pochta.ru/tracking?barcode=RA123456789RU');
  });

  it('mails a number given after the order was shipped at once, and not again when saved unchanged', async () => {
    const order = await storedOrder(t, buyer.id, { status: 'shipped', paymentState: 'paid', language: 'en' });
    const before = (await mailsTo(buyer.email)).length;
    const body = { tracking: { carrier: 'cdek', number: '1234567890' } };
    expect((await putTracking(order.id, body)).statusCode).toBe(200);
    const after = await mailsTo(buyer.email);
    expect(after).toHaveLength(before + 1);
    expect(after[0]?.subject).toBe(`Order #${order.number}: tracking number`);
    expect(after[0]?.text).toContain('Tracking number (CDEK): 1234567890');
    expect(after[0]?.text).toContain('https://www.cdek.ru/ru/tracking?order_id=1234567890');
    expect((await putTracking(order.id, body)).statusCode).toBe(200);
    expect(await mailsTo(buyer.email)).toHaveLength(before + 1);
  });

  it('removes the number with null', async () => {
    const order = await storedOrder(t, buyer.id, {
      status: 'processing',
      trackingCarrier: 'other',
      trackingNumber: 'ABC-123',
    });
    const res = await putTracking(order.id, { tracking: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order.tracking).toBeNull();
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect([row?.trackingCarrier, row?.trackingNumber]).toEqual([null, null]);
  });

  it.each([
    ['a number with spaces inside', { tracking: { carrier: 'cdek', number: '12 34 56' } }],
    ['a number too short', { tracking: { carrier: 'cdek', number: 'AB1' } }],
    ['a number too long', { tracking: { carrier: 'cdek', number: 'A'.repeat(41) } }],
    ['markup', { tracking: { carrier: 'cdek', number: '<b>1234</b>' } }],
    ['an unknown carrier', { tracking: { carrier: 'dhl', number: '12345678' } }],
    ['no tracking field', {}],
  ])('refuses %s with 400 and changes nothing', async (_, body) => {
    const order = await storedOrder(t, buyer.id, { status: 'processing' });
    const res = await putTracking(order.id, body);
    expect(res.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(res.json()).code).toBe('VALIDATION_ERROR');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.trackingNumber).toBeNull();
  });

  it('409 for an order with nothing to ship or a cancelled one; 404 for an unknown order', async () => {
    const digital = await storedOrder(t, buyer.id, { status: 'confirmed', delivery: { method: 'none' } });
    const cancelled = await storedOrder(t, buyer.id, { status: 'cancelled' });
    for (const id of [digital.id, cancelled.id]) {
      const res = await putTracking(id, { tracking: { carrier: 'cdek', number: '12345678' } });
      expect(res.statusCode).toBe(409);
      expect(ErrorBodySchema.parse(res.json()).code).toBe('NO_PARCEL');
    }
    const unknown = await putTracking('00000000-0000-4000-8000-000000000000', {
      tracking: { carrier: 'cdek', number: '12345678' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('is for the admin only: a customer gets 403, a guest 401', async () => {
    const order = await storedOrder(t, buyer.id, { status: 'processing' });
    const body = { tracking: { carrier: 'cdek', number: '12345678' } };
    expect((await putTracking(order.id, body, buyer.headers)).statusCode).toBe(403);
    expect((await putTracking(order.id, body, {})).statusCode).toBe(401);
  });
});
