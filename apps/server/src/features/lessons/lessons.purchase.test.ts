import { ErrorBodySchema, PurchaseResultSchema, successEnvelope } from '@atelier/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, promoCodes, purchases } from '../../db/schema';
import { adminUser, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { lessonWithFiles } from '../../test/lessons';

let t: TestContext;
let lesson: string;
let other: string;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  lesson = await lessonWithFiles(t, { priceRub: 150_000 });
  other = await lessonWithFiles(t, { priceRub: 90_000 });
  admin = await adminUser(t, { name: 'admin' });
});
afterAll(() => t.close());

let codeSeq = 0;
async function promo(values: Partial<typeof promoCodes.$inferInsert> = {}) {
  const code = `CODE${++codeSeq}X`;
  const [row] = await t.database.db
    .insert(promoCodes)
    .values({ code, percentOff: 100, ...values })
    .returning();
  return row!;
}

const usedCount = async (id: string) =>
  (await t.database.db.select().from(promoCodes).where(eq(promoCodes.id, id)))[0]!.usedCount;
const ordersOf = async (userId: string) =>
  (await t.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]!.n;
const owns = async (userId: string, lessonId: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), eq(purchases.lessonId, lessonId)))
  )[0]!.n > 0;

function buy(headers: Record<string, string>, payload: Record<string, unknown> = {}, id = lesson) {
  return t.app.inject({
    method: 'POST',
    url: `/api/training/lessons/${id}/purchase`,
    headers: { ...headers, 'accept-language': 'en' },
    payload,
  });
}
function check(headers: Record<string, string>, promoCode: string, id = lesson) {
  return t.app.inject({
    method: 'POST',
    url: `/api/training/lessons/${id}/promo-check`,
    headers: { ...headers, 'accept-language': 'en' },
    payload: { promoCode },
  });
}
const result = (res: { json(): unknown }) => successEnvelope(PurchaseResultSchema).parse(res.json()).data;

describe('POST /api/training/lessons/{id}/promo-check (live validation)', () => {
  it('answers the price before and after the code, matching it case-insensitively', async () => {
    const user = await verifiedUser(t, { name: 'checker' });
    const row = await promo({ percentOff: 25 });
    const res = await check(user.headers, row.code.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      code: row.code,
      percentOff: 25,
      price: { rub: 1500, eur: 16, usd: 18 },
      discountedPrice: { rub: 1125, eur: 12, usd: 13.5 },
      free: false,
    });
    expect(await usedCount(row.id)).toBe(0);
  });

  it('an unknown, an inactive, an expired, a used-up code and one for another lesson get one identical answer', async () => {
    const user = await verifiedUser(t, { name: 'guesser' });
    const codes = [
      'NOSUCHCODE',
      (await promo({ active: false })).code,
      (await promo({ expiresAt: new Date(Date.now() - 1000) })).code,
      (await promo({ maxUses: 2, usedCount: 2 })).code,
      (await promo({ lessonIds: [other] })).code,
    ];
    const answers = [];
    for (const code of codes) {
      const res = await check(user.headers, code);
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers[0]).toEqual({
      status: 400,
      body: { success: false, code: 'PROMO_INVALID', message: 'This code does not apply' },
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // The same for the purchase naming each code, and nothing is ordered.
    for (const code of codes) {
      const res = await buy(user.headers, { promoCode: code });
      expect({ status: res.statusCode, body: res.json() }).toEqual(answers[0]);
    }
    expect(await ordersOf(user.id)).toBe(0);
  });

  it.each([
    ['ru', 'Этот код не подходит'],
    ['es', 'Este código no es aplicable'],
  ])('the answer in %s', async (language, message) => {
    const user = await verifiedUser(t, { name: 'speaker' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/training/lessons/${lesson}/promo-check`,
      headers: { ...user.headers, 'accept-language': language },
      payload: { promoCode: 'NOSUCHCODE' },
    });
    expect(res.json()).toMatchObject({ code: 'PROMO_INVALID', message });
  });

  it('a guest → 401', async () => {
    expect((await check({}, 'X')).statusCode).toBe(401);
  });
});

describe('POST /api/training/lessons/{id}/purchase', () => {
  it('without a code: a pending order of the lesson for the payments flow; nothing unlocked yet', async () => {
    const user = await verifiedUser(t, { name: 'payer' });
    const res = await buy(user.headers);
    expect(res.statusCode, res.body).toBe(201);
    const data = result(res);
    expect(data.purchased).toBe(false);
    expect(data.order).toMatchObject({ status: 'pending', total: 1500, discount: 0, currency: 'RUB' });
    expect(data.order.items).toMatchObject([{ type: 'lesson', refId: lesson, quantity: 1 }]);
    expect(await owns(user.id, lesson)).toBe(false);
  });

  it('a 100 % code (any case) confirms at once with no payment and unlocks the lesson', async () => {
    const user = await verifiedUser(t, { name: 'lucky' });
    const row = await promo({ percentOff: 100, maxUses: 5 });
    const res = await buy(user.headers, { promoCode: ` ${row.code.toLowerCase()} ` });
    expect(res.statusCode, res.body).toBe(201);
    const data = result(res);
    expect(data.purchased).toBe(true);
    expect(res.json().message).toBe('The lesson is yours and ready to watch');
    expect(data.order).toMatchObject({ status: 'confirmed', total: 0, discount: 1500 });
    expect(await owns(user.id, lesson)).toBe(true);
    expect(await usedCount(row.id)).toBe(1);
    const mine = await t.app.inject({ method: 'GET', url: '/api/training/purchases', headers: user.headers });
    expect(mine.json().data).toMatchObject([{ lesson: { id: lesson, purchased: true }, pricePaid: 0 }]);
    // Owned: a second purchase is refused.
    const again = await buy(user.headers);
    expect(again.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(again.json()).code).toBe('ALREADY_PURCHASED');
  });

  it('a 30 % code: the order carries the discount and waits for payment; the code use is taken', async () => {
    const user = await verifiedUser(t, { name: 'thrifty' });
    const row = await promo({ percentOff: 30 });
    const data = result(await buy(user.headers, { promoCode: row.code }));
    expect(data).toMatchObject({
      purchased: false,
      order: { status: 'pending', subtotal: 1500, discount: 450, total: 1050 },
    });
    expect(await usedCount(row.id)).toBe(1);
  });

  it.each([
    ['an unknown code', async () => 'NOPE-NOPE', 'PROMO_INVALID'],
    ['an expired code', async () => (await promo({ expiresAt: new Date(Date.now() - 1) })).code, 'PROMO_INVALID'],
    ['a used-up code', async () => (await promo({ maxUses: 1, usedCount: 1 })).code, 'PROMO_INVALID'],
    ['a code for another lesson', async () => (await promo({ lessonIds: [other] })).code, 'PROMO_INVALID'],
  ])('%s → 400 %s, and no order is written', async (_, code, errorCode) => {
    const user = await verifiedUser(t, { name: 'refused' });
    const res = await buy(user.headers, { promoCode: await code() });
    expect(res.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(res.json()).code).toBe(errorCode);
    expect(await ordersOf(user.id)).toBe(0);
  });

  it('a guest → 401', async () => {
    expect((await buy({})).statusCode).toBe(401);
  });

  it.each([
    ['an unknown lesson', 404, '00000000-0000-4000-8000-000000000000', {}],
    ['a bad currency', 400, null, { currency: 'GBP' }],
    ['an unknown field', 400, null, { price: 0 }],
  ])('%s → %i', async (_, status, id, payload) => {
    const user = await verifiedUser(t, { name: 'odd' });
    expect((await buy(user.headers, payload, id ?? lesson)).statusCode).toBe(status);
  });

  it('20 concurrent redemptions of a single-use code → exactly one succeeds', async () => {
    const row = await promo({ percentOff: 100, maxUses: 1 });
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => verifiedUser(t, { name: `racer${i}` })));
    const answers = await Promise.all(buyers.map((b) => buy(b.headers, { promoCode: row.code }, other)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(a.json().code).toBe('PROMO_INVALID');
    expect(await usedCount(row.id)).toBe(1);
    const owners = await Promise.all(buyers.map((b) => owns(b.id, other)));
    expect(owners.filter(Boolean)).toHaveLength(1);
  });
});

describe('the orderConfirmed / orderCancelled listeners', () => {
  it('a paid order grants the lesson; cancelling it takes it back and returns the code use', async () => {
    const user = await verifiedUser(t, { name: 'later' });
    const row = await promo({ percentOff: 10, maxUses: 3 });
    const { order } = result(await buy(user.headers, { promoCode: row.code }));
    expect(await usedCount(row.id)).toBe(1);
    await t.database.db.transaction((tx) => t.app.services.orders.confirmPaid(tx, order.id, { note: 'test payment' }));
    expect(await owns(user.id, lesson)).toBe(true);
    const mine = await t.app.inject({ method: 'GET', url: '/api/training/purchases', headers: user.headers });
    expect(mine.json().data[0].pricePaid).toBe(1350);
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: admin.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await owns(user.id, lesson)).toBe(false);
    expect(await usedCount(row.id)).toBe(0);
  });
});
