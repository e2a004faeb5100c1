/**
 * Lessons and courses in any currency and in the cart: the purchase dialog's order goes in the
 * visitor's currency (EUR/USD through PayPal, sandbox or the shop's own invoice; RUB by card) with
 * the promo and credit rules, and a cart order mixes goods, lessons and courses: paying it unlocks
 * the lessons and courses and leaves the goods to ship. Through the real app on a fresh database.
 */
import { ErrorBodySchema, PurchaseResultSchema, successEnvelope } from '@atelier/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, lessons, orders, payments, products, promoCodes, purchases } from '../../db/schema';
import { bearer } from '../../test/accounts';
import {
  adminUser,
  orderBody,
  postOrder,
  productWithStock,
  purchaseBody,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { lessonWithFiles } from '../../test/lessons';
import { TRAINING_CACHE_TAG } from '../lessons/lessons.schemas';

let t: TestContext;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestContext({
    env: { RATE_LIMIT_PAYMENT_PER_IP: '100000', RATE_LIMIT_PAYMENT_PER_ACCOUNT: '100000' },
  });
  admin = await adminUser(t);
});
afterAll(() => t.close());

/** A published lesson, 1 500 ₽ / 16 € / 18 $ unless `values` say otherwise. */
const lesson = (values: Partial<typeof lessons.$inferInsert> = {}) => lessonWithFiles(t, { values });

/** A published course, 3 000 ₽ / 30 € / 34 $ unless `values` say otherwise, with these lessons. */
async function course(values: Partial<typeof courses.$inferInsert> = {}, lessonIds: string[] = []) {
  const [row] = await t.database.db
    .insert(courses)
    .values({
      title: { ru: 'Курс', en: 'A course' },
      description: { ru: 'Описание' },
      level: 'basic',
      priceRub: 300_000,
      priceEur: 3_000,
      priceUsd: 3_400,
      ...values,
    })
    .returning({ id: courses.id });
  for (const [position, id] of lessonIds.entries()) {
    await t.database.db
      .update(lessons)
      .set({ courseId: row!.id, positionInCourse: position })
      .where(eq(lessons.id, id));
  }
  t.app.cache.invalidate(TRAINING_CACHE_TAG);
  return row!.id;
}

let codeSeq = 0;
async function promo(percentOff: number) {
  const [row] = await t.database.db
    .insert(promoCodes)
    .values({ code: `ANY${++codeSeq}CUR`, percentOff })
    .returning();
  return row!;
}

const en = (user: TestUser) => ({ ...bearer(user.token), 'accept-language': 'en' });
const buy = (user: TestUser, type: 'lessons' | 'courses', id: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/training/${type}/${id}/purchase`,
    headers: en(user),
    payload: purchaseBody(payload),
  });
const purchaseOf = (res: { json(): unknown }) => successEnvelope(PurchaseResultSchema).parse(res.json()).data;
const paypalRequest = (user: TestUser, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/paypal-request',
    headers: en(user),
    payload: { orderId, email: 'payer@example.com' },
  });
const owns = async (userId: string, column: 'lessonId' | 'courseId', id: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), eq(purchases[column], id)))
  )[0]!.n > 0;
const ordersOf = async (userId: string) =>
  (await t.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]!.n;
const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = async (id: string) =>
  (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const seatsTaken = async (id: string) =>
  (await t.database.db.select().from(courses).where(eq(courses.id, id)))[0]!.seatsTaken;

/** The sandbox payment page's Pay button (what the customer presses there). */
async function pressPay(page: URL) {
  const pressed = await t.app.inject({
    method: 'POST',
    url: `${page.pathname}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ signature: page.searchParams.get('signature')! }).toString(),
  });
  expect(pressed.statusCode, pressed.body).toBe(303);
}

/** Pays a PayPal order through the sandbox page standing in for PayPal's (what the customer is sent to). */
async function payPaypal(user: TestUser, orderId: string) {
  const res = await paypalRequest(user, orderId);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.kind).toBe('redirect');
  await pressPay(new URL(res.json().data.redirectUrl));
}

/** Pays a card order through the sandbox page (POST /api/payments, then its Pay button). */
async function payCard(user: TestUser, orderId: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/payments', headers: en(user), payload: { orderId } });
  expect(res.statusCode, res.body).toBe(200);
  await pressPay(new URL(res.json().data.redirectUrl));
}

describe('the purchase dialog in the visitor’s currency', () => {
  it('EUR: a PayPal order of the lesson at its EUR price; the PayPal link is mailed, paying it unlocks the lesson', async () => {
    const user = await verifiedUser(t);
    const id = await lesson();
    const res = await buy(user, 'lessons', id, { currency: 'EUR' });
    expect(res.statusCode, res.body).toBe(201);
    const { purchased, order } = purchaseOf(res);
    expect(purchased).toBe(false);
    expect(order).toMatchObject({
      status: 'pending',
      currency: 'EUR',
      paymentMethod: 'paypal',
      total: 1500,
      totalInCurrency: 16,
      delivery: { method: 'none' },
    });
    // A card is not how euros are paid.
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: en(user),
      payload: { orderId: order.id, method: 'bank_card' },
    });
    expect(card.statusCode).toBe(400);
    expect(await owns(user.id, 'lessonId', id)).toBe(false);

    await payPaypal(user, order.id);
    const [paid] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(paid).toMatchObject({ amountMinor: 1600, currency: 'EUR', status: 'succeeded' });
    expect((await orderRow(order.id)).status).toBe('confirmed');
    expect(await owns(user.id, 'lessonId', id)).toBe(true);
    // Owned now: a second purchase, in any currency, is refused.
    const again = await buy(user, 'lessons', id, { currency: 'USD' });
    expect(again.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(again.json())).toMatchObject({
      code: 'ALREADY_PURCHASED',
      message: 'You already own this lesson',
    });
  });

  it('RUB stays a card order, as before', async () => {
    const user = await verifiedUser(t);
    const { order } = purchaseOf(await buy(user, 'lessons', await lesson(), { currency: 'RUB' }));
    expect(order).toMatchObject({ currency: 'RUB', paymentMethod: 'card', total: 1500, totalInCurrency: 1500 });
  });

  it('USD with a promo code: PayPal charges exactly the dialog’s quote, and the code use is taken', async () => {
    const user = await verifiedUser(t);
    const id = await lesson({ priceRub: 99_900, priceUsd: 1_099 });
    const code = await promo(33);
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/training/lessons/${id}/promo-check`,
      headers: en(user),
      payload: { promoCode: code.code },
    });
    const quoted = quote.json().data.discountedPrice.usd as number;
    const { order } = purchaseOf(await buy(user, 'lessons', id, { currency: 'USD', promoCode: code.code }));
    expect(order).toMatchObject({ currency: 'USD', paymentMethod: 'paypal', totalInCurrency: quoted });
    expect(order.discount).toBeGreaterThan(0);
    const [row] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.id, code.id));
    expect(row!.usedCount).toBe(1);
  });

  it('a course in EUR with the credit for a lesson bought singly: the quote’s toPay, through PayPal', async () => {
    const user = await verifiedUser(t);
    const single = await lesson();
    const id = await course({}, [single, await lesson()]);
    await t.database.db.insert(purchases).values({ userId: user.id, lessonId: single, pricePaidRub: 100_000 });
    const page = await t.app.inject({ method: 'GET', url: `/api/training/courses/${id}`, headers: en(user) });
    const priceForYou = page.json().data.priceForYou as { rub: number; eur: number };
    expect(priceForYou).toMatchObject({ rub: 2000, eur: 20 });
    const { order } = purchaseOf(await buy(user, 'courses', id, { currency: 'EUR' }));
    expect(order).toMatchObject({
      currency: 'EUR',
      paymentMethod: 'paypal',
      subtotal: 3000,
      discount: 1000,
      total: 2000,
      totalInCurrency: priceForYou.eur,
    });
    await payPaypal(user, order.id);
    expect(await owns(user.id, 'courseId', id)).toBe(true);
  });

  it('a currency the item has no price in → 400 NOT_SOLD_IN_CURRENCY; no order, no seat, no code use', async () => {
    const user = await verifiedUser(t);
    const noEuro = await lesson({ priceEur: null });
    const res = await buy(user, 'lessons', noEuro, { currency: 'EUR' });
    expect(res.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(res.json())).toMatchObject({
      code: 'NOT_SOLD_IN_CURRENCY',
      message: 'This cannot be bought in the chosen currency: choose roubles',
    });
    const masterClass = await course({ priceUsd: null, seatLimit: 3 });
    const code = await promo(10);
    const refused = await buy(user, 'courses', masterClass, { currency: 'USD', promoCode: code.code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('NOT_SOLD_IN_CURRENCY');
    expect(await ordersOf(user.id)).toBe(0);
    expect(await seatsTaken(masterClass)).toBe(0);
    const [row] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.id, code.id));
    expect(row!.usedCount).toBe(0);
    // The same items in roubles are fine.
    expect((await buy(user, 'lessons', noEuro, { currency: 'RUB' })).statusCode).toBe(201);
  });
});

describe('lessons and courses in the cart, next to goods', () => {
  it('the cart holds a course (one piece) priced after the credit, and flags what cannot be ordered', async () => {
    const user = await verifiedUser(t);
    const inCourse = await lesson();
    const bought = await lesson();
    const id = await course({}, [inCourse, bought]);
    const soldOut = await course({ seatLimit: 1, seatsTaken: 1 });
    const owned = await lesson();
    await t.database.db.insert(purchases).values([
      { userId: user.id, lessonId: bought, pricePaidRub: 150_000 },
      { userId: user.id, lessonId: owned, pricePaidRub: 150_000 },
    ]);
    const product = await productWithStock(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: en(user),
      payload: {
        items: [
          { type: 'product', id: product, quantity: 2 },
          { type: 'course', id, quantity: 5 },
          { type: 'lesson', id: inCourse, quantity: 1 },
          { type: 'course', id: soldOut, quantity: 1 },
          { type: 'lesson', id: owned, quantity: 1 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items).toMatchObject([
      { type: 'product', quantity: 2, available: true, physical: true },
      { type: 'course', id, quantity: 1, available: true, physical: false, price: { rub: 1500, eur: 15 } },
      { type: 'lesson', id: inCourse, available: false, problem: 'in_course' },
      { type: 'course', id: soldOut, available: false, problem: 'sold_out' },
      { type: 'lesson', id: owned, available: false, problem: 'already_owned' },
    ]);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: en(user),
      payload: { items: [{ type: 'course', id, quantity: 1, bookFormat: 'digital' }] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a mixed RUB order: goods reserved, seat taken, credit off; paying it unlocks the lesson and course, the goods ship', async () => {
    const user = await verifiedUser(t);
    const product = await productWithStock(t, { stock: 5 });
    const single = await lesson();
    const bought = await lesson();
    const masterClass = await course({ seatLimit: 4 }, [bought]);
    await t.database.db.insert(purchases).values({ userId: user.id, lessonId: bought, pricePaidRub: 50_000 });
    const res = await postOrder(
      t,
      user,
      orderBody(
        [
          { type: 'product', id: product, quantity: 2 },
          { type: 'lesson', id: single, quantity: 1 },
          { type: 'course', id: masterClass, quantity: 1 },
        ],
        {
          delivery: {
            method: 'standard',
            country: 'Россия',
            city: 'Тверь',
            address: 'ул. Мира, 1',
            postalCode: '170000',
          },
        },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json().data;
    // 2 × 1 500 + 1 500 + 3 000 = 7 500 ₽, less the 500 ₽ credit; the goods (3 000 ₽) are under the
    // 5 000 ₽ of free delivery: lessons and courses do not travel and do not count toward it.
    expect(order).toMatchObject({
      status: 'pending',
      paymentMethod: 'card',
      subtotal: 7500,
      discount: 500,
      deliveryCost: 300,
      total: 7300,
      delivery: { method: 'standard', city: 'Тверь' },
    });
    expect(await stockOf(product)).toBe(3);
    expect(await seatsTaken(masterClass)).toBe(1);
    expect(await owns(user.id, 'lessonId', single)).toBe(false);

    await payCard(user, order.id);
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
    expect(await owns(user.id, 'lessonId', single)).toBe(true);
    expect(await owns(user.id, 'courseId', masterClass)).toBe(true);
    const access = await t.app.inject({ method: 'GET', url: `/api/training/lessons/${single}`, headers: en(user) });
    expect(access.json().data.purchased).toBe(true);
    // The goods go on their way as in any goods order.
    for (const status of ['processing', 'shipped', 'delivered']) {
      const moved = await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}/status`,
        headers: bearer(admin.token),
        payload: { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const tracked = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/tracking`,
      headers: bearer(admin.token),
      payload: { tracking: { carrier: 'russian_post', number: 'RA123456789RU' } },
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
  });

  it('a mixed EUR order goes through PayPal; a cancelled unpaid one gives back stock and seat and grants nothing', async () => {
    const user = await verifiedUser(t);
    const product = await productWithStock(t, { stock: 5, priceEur: 1_600 });
    const single = await lesson();
    const masterClass = await course({ seatLimit: 2 });
    const body = orderBody(
      [
        { type: 'product', id: product, quantity: 1 },
        { type: 'lesson', id: single, quantity: 1 },
        { type: 'course', id: masterClass, quantity: 1 },
      ],
      { currency: 'EUR', paymentMethod: 'paypal' },
    );
    const first = (await postOrder(t, user, body)).json().data;
    // 16 + 16 + 30 €, and 3 € of delivery: the goods (16 €) are under the 50 € of free delivery.
    expect(first.order).toMatchObject({
      currency: 'EUR',
      paymentMethod: 'paypal',
      deliveryCost: 300,
      totalInCurrency: 65,
    });
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${first.order.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect([await stockOf(product), await seatsTaken(masterClass)]).toEqual([5, 0]);
    expect(await owns(user.id, 'lessonId', single)).toBe(false);

    const second = (await postOrder(t, user, body)).json().data;
    await payPaypal(user, second.order.id);
    expect((await orderRow(second.order.id)).status).toBe('confirmed');
    expect(await owns(user.id, 'lessonId', single)).toBe(true);
    expect(await owns(user.id, 'courseId', masterClass)).toBe(true);
    expect([await stockOf(product), await seatsTaken(masterClass)]).toEqual([4, 1]);
  });

  it('an order of lessons and courses only needs no delivery at all', async () => {
    const user = await verifiedUser(t);
    const { delivery: _none, ...body } = orderBody([
      { type: 'lesson', id: await lesson(), quantity: 1 },
      { type: 'course', id: await course(), quantity: 1 },
    ]);
    const res = await postOrder(t, user, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.order).toMatchObject({ delivery: { method: 'none' }, deliveryCost: 0, total: 4500 });
    // Goods without a delivery are refused, naming the field.
    const goods = await postOrder(t, user, {
      ...body,
      items: [{ type: 'product', id: await productWithStock(t), quantity: 1 }],
    });
    expect(goods.statusCode).toBe(400);
    expect(JSON.stringify(goods.json().details)).toContain('delivery.method');
  });

  it.each([
    ['a course twice', async () => [{ type: 'course', id: await course(), quantity: 2 }], 400, 'VALIDATION_ERROR'],
    [
      'a course with a book format',
      async () => [{ type: 'course', id: await course(), quantity: 1, bookFormat: 'physical' }],
      400,
      'VALIDATION_ERROR',
    ],
    [
      'an unpublished course',
      async () => [{ type: 'course', id: await course({ published: false }), quantity: 1 }],
      400,
      'ITEM_UNAVAILABLE',
    ],
    [
      'a lesson next to its own course',
      async () => {
        const id = await lesson();
        return [
          { type: 'lesson', id, quantity: 1 },
          { type: 'course', id: await course({}, [id]), quantity: 1 },
        ];
      },
      409,
      'LESSON_IN_COURSE',
    ],
    [
      'a sold-out master class',
      async () => [{ type: 'course', id: await course({ seatLimit: 2, seatsTaken: 2 }), quantity: 1 }],
      409,
      'SOLD_OUT',
    ],
    [
      'a course not sold in euros',
      async () => [{ type: 'course', id: await course({ priceEur: null }), quantity: 1 }],
      400,
      'NOT_SOLD_IN_CURRENCY',
    ],
  ])('%s → %i %s, and nothing is written', async (_, items, status, code) => {
    const user = await verifiedUser(t);
    const product = await productWithStock(t, { stock: 5 });
    const lines = [{ type: 'product', id: product, quantity: 1 }, ...(await items())];
    const res = await postOrder(t, user, orderBody(lines, { currency: 'EUR', paymentMethod: 'paypal' }));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await ordersOf(user.id)).toBe(0);
    expect(await stockOf(product)).toBe(5);
  });

  it('a course or lesson already owned is a 409 naming it; the cart says so before checkout', async () => {
    const user = await verifiedUser(t);
    const ownedCourse = await course();
    const inIt = await lesson();
    await t.database.db.update(lessons).set({ courseId: ownedCourse }).where(eq(lessons.id, inIt));
    await t.database.db.insert(purchases).values({ userId: user.id, courseId: ownedCourse, pricePaidRub: 300_000 });
    const course409 = await postOrder(t, user, orderBody([{ type: 'course', id: ownedCourse, quantity: 1 }]), {
      lang: 'en',
    });
    expect(course409.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(course409.json())).toMatchObject({
      code: 'ALREADY_OWNED',
      message: 'You already own this course',
    });
    // A lesson of a course the user owns is theirs already.
    const lesson409 = await postOrder(t, user, orderBody([{ type: 'lesson', id: inIt, quantity: 1 }]), { lang: 'en' });
    expect(lesson409.statusCode).toBe(409);
    expect(lesson409.json().message).toBe('You already own this lesson');
  });

  it('20 concurrent cart orders for a master class with 5 seats → exactly 5 orders, the rest 409 SOLD_OUT', async () => {
    const masterClass = await course({ seatLimit: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => verifiedUser(t)));
    const answers = await Promise.all(
      buyers.map((user) => postOrder(t, user, orderBody([{ type: 'course', id: masterClass, quantity: 1 }]))),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('SOLD_OUT');
    expect(await seatsTaken(masterClass)).toBe(5);
  });
});

describe('PAYPAL_MODE=manual: the shop’s own PayPal invoice', () => {
  let manual: TestContext;
  beforeAll(async () => {
    manual = await createTestContext({ env: { PAYPAL_MODE: 'manual' } });
  });
  afterAll(() => manual.close());

  it('a lesson bought in USD asks the owner for an invoice; "Mark paid" unlocks the lesson', async () => {
    const user = await verifiedUser(manual);
    const owner = await adminUser(manual);
    const [row] = await manual.database.db
      .insert(lessons)
      .values({
        number: 900,
        title: { ru: 'Урок' },
        description: { ru: 'Пион' },
        level: 'basic',
        priceRub: 150_000,
        priceUsd: 1_800,
      })
      .returning({ id: lessons.id });
    const bought = await manual.app.inject({
      method: 'POST',
      url: `/api/training/lessons/${row!.id}/purchase`,
      headers: en(user),
      payload: purchaseBody({ currency: 'USD' }),
    });
    const { order } = purchaseOf(bought);
    expect(order).toMatchObject({ currency: 'USD', paymentMethod: 'paypal', totalInCurrency: 18 });
    const requested = await manual.app.inject({
      method: 'POST',
      url: '/api/payments/paypal-request',
      headers: en(user),
      payload: { orderId: order.id, email: 'payer@example.com' },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json().data.kind).toBe('invoice_requested');
    const paid = await manual.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/mark-paid`,
      headers: bearer(owner.token),
      payload: { reference: 'PAYPAL-7Q' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const mine = await manual.app.inject({ method: 'GET', url: '/api/training/purchases', headers: en(user) });
    expect(mine.json().data).toMatchObject([{ lesson: { id: row!.id, purchased: true }, orderId: order.id }]);
  });
});
