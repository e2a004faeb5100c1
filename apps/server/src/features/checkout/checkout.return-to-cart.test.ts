/**
 * "Change the order" (`POST /api/orders/{id}/return-to-cart`, docs/decisions/0104) through the real
 * app with the sandbox provider: the customer's unpaid card order is cancelled on the path every
 * cancel takes (stock and the promo use back at once) and its lines are merged into her cart;
 * someone else's order, a paid, cash, already changed or still-paying one is refused and nothing
 * changes; two at once let one through; a payment that still succeeds afterwards keeps the money
 * safe (recorded, alerted, the order stays cancelled).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carts,
  courses,
  orderStatusEvents,
  orders,
  paymentAlerts,
  payments,
  products,
  promoCodes,
} from '../../db/schema';
import { createTestProvider } from '../../platform/payments/test-provider';
import { bearer, mailCount } from '../../test/accounts';
import {
  adminUser,
  orderBody,
  placeOrder,
  productLine,
  productWithStock,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { TRAINING_CACHE_TAG } from '../lessons/lessons.schemas';
import { SHOP_CACHE_TAG } from '../shop/shop.schemas';

const SECRET = 'sandbox-secret-for-return-to-cart';
const sandbox = createTestProvider({ secret: SECRET, publicUrl: 'http://x' });
let t: TestContext;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestContext({
    env: {
      PAYMENT_SANDBOX_SECRET: SECRET,
      RATE_LIMIT_PAYMENT_PER_IP: '100000',
      RATE_LIMIT_PAYMENT_PER_ACCOUNT: '100000',
      MAX_OPEN_UNPAID_ORDERS: '1000',
    },
  });
  admin = await adminUser(t);
});
afterAll(() => t.close());

const customer = () => verifiedUser(t, { email: `buyer-${randomUUID().slice(0, 8)}@example.test` });
const product = (stock: number | null, extra: Parameters<typeof productWithStock>[1] = {}) =>
  productWithStock(t, { stock, priceRub: 150_000, priceEur: 1_600, priceUsd: 1_700, ...extra });
const stockOf = async (id: string) =>
  (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const storedCart = async (userId: string) =>
  (await t.database.db.select().from(carts).where(eq(carts.userId, userId)))[0] ?? null;

const returnToCart = (orderId: string, token: string, lang = 'ru') =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/return-to-cart`,
    headers: { ...bearer(token), 'accept-language': lang },
  });
const putCart = (token: string, items: unknown[]) =>
  t.app.inject({ method: 'PUT', url: '/api/cart', headers: bearer(token), payload: { items } });
const startPayment = (orderId: string, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/payments', headers: bearer(token), payload: { orderId } });
const webhook = (n: { rawBody: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/webhook/test', headers: n.headers, payload: n.rawBody });

/** A card payment opened on the sandbox: its provider id and the signature its page buttons carry. */
async function openPayment(orderId: string, token: string) {
  const res = await startPayment(orderId, token);
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().data.redirectUrl);
  return { id: url.pathname.split('/').pop()!, signature: url.searchParams.get('signature')! };
}
/** The buyer's Cancel (or Fail) on the sandbox page: the provider's notification, as the page sends it. */
async function press(payment: { id: string; signature: string }, action: 'pay' | 'cancel' | 'fail') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/${payment.id}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ signature: payment.signature }).toString(),
  });
  expect(res.statusCode).toBe(303);
}
const succeeded = (providerPaymentId: string, amountMinor: number) =>
  sandbox.buildNotification('payment.succeeded', { providerPaymentId, amountMinor, currency: 'RUB' });

/** Two of a counted product, by card with pickup; the payment opened and cancelled on the sandbox. */
async function cancelledCardOrder(buyer: TestUser, productId: string, extra: Record<string, unknown> = {}) {
  const order = await placeOrder(
    t,
    buyer,
    orderBody([productLine(productId, 2)], { delivery: { method: 'pickup' }, ...extra }),
  );
  const payment = await openPayment(order.id, buyer.token);
  await press(payment, 'cancel');
  return { order, payment };
}

describe('return to cart: the order cancelled, its lines back in the cart', () => {
  it('stock comes back at once; the lines merge into the cart; history by the customer; no mail', async () => {
    const buyer = await customer();
    const peony = await product(5);
    const tulip = await product(null);
    const { order } = await cancelledCardOrder(buyer, peony);
    expect(await stockOf(peony)).toBe(3);
    // Meanwhile the cart got another item and one more of the same.
    expect((await putCart(buyer.token, [productLine(tulip, 1), productLine(peony, 1)])).statusCode).toBe(200);
    const mails = await mailCount(t, buyer.email);

    const res = await returnToCart(order.id, buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(res.json().message).toBe('Заказ отменён, его товары снова в корзине');
    expect(data.orderNumber).toBe(order.number);
    expect(data.notReturned).toEqual([]);
    expect(data.cart.items.map((l: { id: string; quantity: number }) => [l.id, l.quantity])).toEqual([
      [tulip, 1],
      [peony, 3],
    ]);
    expect(data.cart.items.every((l: { available: boolean }) => l.available)).toBe(true);

    // Freed at once, not at the order's expiry.
    expect(await stockOf(peony)).toBe(5);
    const row = await orderRow(order.id);
    expect(row.status).toBe('cancelled');
    const [event] = await t.database.db
      .select()
      .from(orderStatusEvents)
      .where(and(eq(orderStatusEvents.orderId, order.id), eq(orderStatusEvents.toStatus, 'cancelled')));
    expect(event).toMatchObject({ fromStatus: 'pending', actorUserId: buyer.id, note: 'to change it' });
    expect(await mailCount(t, buyer.email)).toBe(mails);
    // The stored cart no longer remembers the lines as ordered: a tab that saw the order keeps them.
    expect((await storedCart(buyer.id))!.ordered.filter((entry) => entry.id === peony)).toEqual([]);
    // The shop's public figures follow at once.
    const shown = await t.app.inject({ method: 'GET', url: `/api/shop/${peony}` });
    expect(shown.json().data.stock).toBe(5);
  });

  it('a master class bought with a promo code: the seat and the promo use come back, the course goes to the cart', async () => {
    const buyer = await customer();
    const [course] = await t.database.db
      .insert(courses)
      .values({
        title: { ru: 'Мастер-класс', en: 'Master class' },
        description: { ru: 'Пионы' },
        level: 'basic',
        priceRub: 500_000,
        priceEur: 5_000,
        priceUsd: 5_500,
        isMasterClass: true,
        seatLimit: 4,
      })
      .returning();
    t.app.cache.invalidate(TRAINING_CACHE_TAG);
    const [promo] = await t.database.db
      .insert(promoCodes)
      .values({ code: `CHANGE${randomUUID().slice(0, 6).toUpperCase()}`, percentOff: 20, maxUses: 10 })
      .returning();
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/training/courses/${course!.id}/purchase`,
      headers: bearer(buyer.token),
      payload: { promoCode: promo!.code, currency: 'RUB' },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const order = bought.json().data.order;
    const seats = async () => (await t.database.db.select().from(courses).where(eq(courses.id, course!.id)))[0]!;
    const uses = async () =>
      (await t.database.db.select().from(promoCodes).where(eq(promoCodes.id, promo!.id)))[0]!.usedCount;
    expect((await seats()).seatsTaken).toBe(1);
    expect(await uses()).toBe(1);

    const res = await returnToCart(order.id, buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await seats()).seatsTaken).toBe(0);
    expect(await uses()).toBe(0);
    expect(res.json().data.cart.items).toEqual([
      expect.objectContaining({ type: 'course', id: course!.id, quantity: 1, available: true }),
    ]);
  });

  it('a book keeps its format; a line past the cart cap and an item no longer sold are answered, not dropped', async () => {
    const buyer = await customer();
    const book = await product(null, { category: 'book', bookFormats: ['physical', 'digital'] });
    const vase = await product(10);
    const order = await placeOrder(
      t,
      buyer,
      orderBody([{ type: 'product', id: book, quantity: 1, bookFormat: 'digital' }, productLine(vase, 3)], {
        delivery: { method: 'pickup' },
      }),
    );
    await putCart(buyer.token, [productLine(vase, 98)]);
    await t.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, book));
    t.app.cache.invalidate(SHOP_CACHE_TAG);

    const res = await returnToCart(order.id, buyer.token, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const { cart, notReturned } = res.json().data;
    expect(cart.items).toEqual([expect.objectContaining({ id: vase, quantity: 99 })]);
    expect(notReturned).toHaveLength(2);
    expect(notReturned).toEqual(
      expect.arrayContaining([
        {
          type: 'product',
          id: book,
          name: expect.objectContaining({ ru: expect.any(String) }),
          quantity: 1,
          reason: 'gone',
        },
        { type: 'product', id: vase, name: expect.any(Object), quantity: 2, reason: 'over_limit' },
      ]),
    );
    expect(await stockOf(vase)).toBe(10);
  });

  it('an order that never had a payment started can be changed too; the digital format comes back with the book', async () => {
    const buyer = await customer();
    const book = await product(null, { category: 'book', bookFormats: ['physical', 'digital'] });
    const order = await placeOrder(
      t,
      buyer,
      orderBody([{ type: 'product', id: book, quantity: 1, bookFormat: 'digital' }]),
    );
    const res = await returnToCart(order.id, buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.cart.items).toEqual([
      expect.objectContaining({ type: 'product', id: book, bookFormat: 'digital', quantity: 1 }),
    ]);
  });
});

describe('return to cart: refused, nothing changed', () => {
  it('someone else’s order → 404; an unknown id → 404; signed out → 401', async () => {
    const buyer = await customer();
    const other = await customer();
    const peony = await product(4);
    const { order } = await cancelledCardOrder(buyer, peony);
    expect((await returnToCart(order.id, other.token)).statusCode).toBe(404);
    expect((await returnToCart(randomUUID(), buyer.token)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/return-to-cart` });
    expect(anonymous.statusCode).toBe(401);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await stockOf(peony)).toBe(2);
    expect(await storedCart(other.id)).toBeNull();
  });

  it('a paid order → 409 ORDER_NOT_CHANGEABLE', async () => {
    const buyer = await customer();
    const peony = await product(4);
    const order = await placeOrder(t, buyer, orderBody([productLine(peony, 2)], { delivery: { method: 'pickup' } }));
    await press(await openPayment(order.id, buyer.token), 'pay');
    expect((await orderRow(order.id)).status).toBe('confirmed');
    const res = await returnToCart(order.id, buyer.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ORDER_NOT_CHANGEABLE');
    expect((await orderRow(order.id)).status).toBe('confirmed');
    expect(await stockOf(peony)).toBe(2);
    expect(await storedCart(buyer.id)).toBeNull();
  });

  it('twice → the second is 409 and the lines are in the cart once', async () => {
    const buyer = await customer();
    const peony = await product(4);
    const { order } = await cancelledCardOrder(buyer, peony);
    expect((await returnToCart(order.id, buyer.token)).statusCode).toBe(200);
    const again = await returnToCart(order.id, buyer.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_NOT_CHANGEABLE');
    expect((await storedCart(buyer.id))!.items).toEqual([{ type: 'product', id: peony, quantity: 2 }]);
    expect(await stockOf(peony)).toBe(4);
  });

  it('two at once (two tabs) → one 200, one 409; stock given back once, the lines in the cart once', async () => {
    const buyer = await customer();
    const peony = await product(4);
    const { order } = await cancelledCardOrder(buyer, peony);
    const answers = await Promise.all([returnToCart(order.id, buyer.token), returnToCart(order.id, buyer.token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(peony)).toBe(4);
    expect((await storedCart(buyer.id))!.items).toEqual([{ type: 'product', id: peony, quantity: 2 }]);
    const cancels = await t.database.db
      .select()
      .from(orderStatusEvents)
      .where(and(eq(orderStatusEvents.orderId, order.id), eq(orderStatusEvents.toStatus, 'cancelled')));
    expect(cancels).toHaveLength(1);
  });

  it.each(['cash', 'bank_transfer'])('a %s order → 409, also once the shop is preparing it', async (paymentMethod) => {
    const buyer = await customer();
    const peony = await product(4);
    const order = await placeOrder(
      t,
      buyer,
      orderBody([productLine(peony, 1)], { delivery: { method: 'pickup' }, paymentMethod }),
    );
    const pending = await returnToCart(order.id, buyer.token);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().code).toBe('ORDER_NOT_CHANGEABLE');
    for (const status of ['confirmed', 'processing']) {
      const moved = await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}/status`,
        headers: bearer(admin.token),
        payload: { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await returnToCart(order.id, buyer.token)).statusCode).toBe(409);
    }
    expect((await orderRow(order.id)).status).toBe('processing');
    expect(await stockOf(peony)).toBe(3);
  });

  it('a payment still open at the provider → 409 PAYMENT_IN_PROGRESS; once cancelled there, the change goes through', async () => {
    const buyer = await customer();
    const peony = await product(4);
    const order = await placeOrder(t, buyer, orderBody([productLine(peony, 2)], { delivery: { method: 'pickup' } }));
    const payment = await openPayment(order.id, buyer.token);
    const open = await returnToCart(order.id, buyer.token, 'en');
    expect(open.statusCode).toBe(409);
    expect(open.json().code).toBe('PAYMENT_IN_PROGRESS');
    expect(open.json().message).toContain('still open');
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await stockOf(peony)).toBe(2);

    await press(payment, 'fail');
    expect((await returnToCart(order.id, buyer.token)).statusCode).toBe(200);
    expect(await stockOf(peony)).toBe(4);
  });

  it('a PayPal invoice sent → 409 PAYMENT_IN_PROGRESS (an invoice cannot be taken back)', async () => {
    const buyer = await customer();
    const peony = await product(4);
    const order = await placeOrder(
      t,
      buyer,
      orderBody([productLine(peony, 1)], { delivery: { method: 'pickup' }, paymentMethod: 'paypal', currency: 'EUR' }),
    );
    const invoice = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal-request',
      headers: bearer(buyer.token),
      payload: { orderId: order.id, email: buyer.email },
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    const res = await returnToCart(order.id, buyer.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYMENT_IN_PROGRESS');
    expect((await orderRow(order.id)).status).toBe('pending');
  });
});

describe('return to cart and a payment that still succeeds: the money stays safe', () => {
  const alertsOf = (orderId: string) =>
    t.database.db.select().from(paymentAlerts).where(eq(paymentAlerts.orderId, orderId));

  it('changed, then the cancelled payment succeeds after all: recorded, alerted, the order stays cancelled', async () => {
    const buyer = await customer();
    const peony = await product(4);
    const { order, payment } = await cancelledCardOrder(buyer, peony);
    expect((await returnToCart(order.id, buyer.token)).statusCode).toBe(200);
    expect(await stockOf(peony)).toBe(4);

    const late = await webhook(succeeded(payment.id, 300_000));
    expect(late.statusCode).toBe(200);
    expect(late.json().data.outcome).toBe('order_cancelled');
    expect((await orderRow(order.id)).status).toBe('cancelled');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, payment.id));
    expect(row!.status).toBe('succeeded');
    expect(await alertsOf(order.id)).toEqual([expect.objectContaining({ kind: 'order_cancelled', resolvedAt: null })]);
    // Nothing was taken again, and the cart keeps the lines to order anew.
    expect(await stockOf(peony)).toBe(4);
    expect((await storedCart(buyer.id))!.items).toEqual([{ type: 'product', id: peony, quantity: 2 }]);
  });

  it('the provider’s success and the change at once: the order is either paid (change refused) or cancelled with the payment alerted', async () => {
    const buyer = await customer();
    const peony = await product(4);
    const { order, payment } = await cancelledCardOrder(buyer, peony);
    const [change, late] = await Promise.all([
      returnToCart(order.id, buyer.token),
      webhook(succeeded(payment.id, 300_000)),
    ]);
    const status = (await orderRow(order.id)).status;
    if (status === 'confirmed') {
      expect(change.statusCode).toBe(409);
      expect(late.json().data.outcome).toBe('applied');
      expect(await stockOf(peony)).toBe(2);
      expect(await storedCart(buyer.id)).toBeNull();
    } else {
      expect(status).toBe('cancelled');
      expect(change.statusCode).toBe(200);
      // A notification that met the order mid-change is refused and delivered again by the provider.
      const outcome =
        late.statusCode === 200
          ? late.json().data.outcome
          : (await webhook(succeeded(payment.id, 300_000))).json().data.outcome;
      expect(outcome).toBe('order_cancelled');
      expect(await alertsOf(order.id)).toHaveLength(1);
      expect(await stockOf(peony)).toBe(4);
    }
  });

  it('a payment open at the provider that succeeds meanwhile: asked first, the order is confirmed by it and the change refused', async () => {
    const buyer = await customer();
    const peony = await product(4);
    const order = await placeOrder(t, buyer, orderBody([productLine(peony, 2)], { delivery: { method: 'pickup' } }));
    const payment = await openPayment(order.id, buyer.token);
    const [change, paid] = await Promise.all([
      returnToCart(order.id, buyer.token),
      webhook(succeeded(payment.id, 300_000)),
    ]);
    expect(change.statusCode).toBe(409);
    expect(['PAYMENT_IN_PROGRESS', 'ORDER_ALREADY_PAID']).toContain(change.json().code);
    // Whichever learns of the success first confirms the order; the other finds it done.
    expect(['applied', 'ignored']).toContain(paid.json().data.outcome);
    expect((await orderRow(order.id)).status).toBe('confirmed');
    expect(await stockOf(peony)).toBe(2);
    expect(await alertsOf(order.id)).toEqual([]);
  });
});
