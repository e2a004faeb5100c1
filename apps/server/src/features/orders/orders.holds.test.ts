/**
 * Stock no one can hoard (docs/decisions/0096): the unpaid orders of one mailbox hold at most
 * UNPAID_HOLD_UNITS_PER_PRODUCT units of a product and owe at most UNPAID_HOLD_MAX_RUB. Cash and
 * bank transfer beyond are refused; card and PayPal beyond are placed, and take the rest only when
 * their first payment starts, held from then for UNPAID_HOLD_PAYMENT_MINUTES. A paying customer can
 * always buy what a hoarder does not hold.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products } from '../../db/schema';
import { bearer } from '../../test/accounts';
import {
  orderBody,
  type PlacedOrder,
  placeOrder,
  postOrder,
  productLine,
  productWithStock,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { createOrderExpirySweeper } from './orders.expiry';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({
    env: {
      UNPAID_HOLD_UNITS_PER_PRODUCT: '3',
      UNPAID_HOLD_MAX_RUB: '20000',
      UNPAID_HOLD_PAYMENT_MINUTES: '90',
      MAX_OPEN_UNPAID_ORDERS: '1000',
    },
  });
});
afterAll(() => t.close());

const MINUTE = 60_000;
let mailboxes = 0;
/** A fresh mailbox; `tag` spells another address of it (`a.b+tag@gmail.com` is `ab@gmail.com`). */
const mailbox = () => `hoard${++mailboxes}${Date.now().toString(36)}`;
const account = (email?: string) => verifiedUser(t, email ? { email } : {});
/** 1 500 ₽ a unit (or `priceRub` kopecks). */
const product = (stock: number, priceRub = 150_000) => productWithStock(t, { stock, priceRub });
const stockOf = async (id: string) =>
  (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const linesOf = (orderId: string) =>
  t.database.db
    .select({ reserved: orderItems.reservedQuantity, deferred: orderItems.deferredQuantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
const rowOf = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

const body = (lines: { id: string; quantity: number }[], paymentMethod: string, currency = 'RUB') =>
  orderBody(
    lines.map((l) => productLine(l.id, l.quantity)),
    { paymentMethod, currency },
  );
const order = (buyer: TestUser, id: string, quantity: number, paymentMethod = 'bank_transfer', lang = 'en') =>
  postOrder(t, buyer, body([{ id, quantity }], paymentMethod), { lang });
const startPayment = (buyer: TestUser, orderId: string) =>
  t.app.inject({ method: 'POST', url: '/api/payments', headers: bearer(buyer.token), payload: { orderId } });
const sweep = (now: Date) =>
  createOrderExpirySweeper({ orders: t.app.services.orders, log: { info() {}, error() {} } }).sweep(now);

describe('cash and bank transfer: one mailbox holds at most the caps', () => {
  it('a bank-transfer order for every unit is a 409 UNPAID_HOLD_LIMIT in ru/en/es; within the cap it holds, and the rest is a paying customer’s', async () => {
    const hoarder = await account();
    const id = await product(10);

    const refused = await order(hoarder, id, 10);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'UNPAID_HOLD_LIMIT',
      details: { unitsPerProduct: 3, maxRub: 20000, items: [{ type: 'product', id, over: 7 }] },
    });
    expect(refused.json().message).toContain('at most 3 of one item and 20000 ₽');
    expect((await order(hoarder, id, 10, 'bank_transfer', 'ru')).json().message).toContain('не больше 3 шт.');
    expect((await order(hoarder, id, 10, 'bank_transfer', 'es')).json().message).toContain('como máximo 3 unidades');
    expect(await stockOf(id)).toBe(10);

    expect((await order(hoarder, id, 3)).statusCode).toBe(201);
    expect(await stockOf(id)).toBe(7);
    // A fourth unit, even in a separate order and by cash: the cap counts every unpaid order.
    expect((await order(hoarder, id, 1, 'cash')).json().code).toBe('UNPAID_HOLD_LIMIT');

    // A paying customer buys all that is left: 3 at once, 4 more when the payment starts.
    const buyer = await account();
    const bought = await placeOrder(t, buyer, body([{ id, quantity: 7 }], 'card'));
    expect(await stockOf(id)).toBe(4);
    expect((await startPayment(buyer, bought.id)).statusCode).toBe(200);
    expect(await stockOf(id)).toBe(0);
    expect(await linesOf(bought.id)).toEqual([{ reserved: 7, deferred: 0 }]);
  });

  it('two accounts of one mailbox (a.b+1@gmail.com and ab@googlemail.com) share the per-product and the value caps; another mailbox does not', async () => {
    const box = mailbox();
    const first = await account(`${box.slice(0, 3)}.${box.slice(3)}+1@gmail.com`);
    const second = await account(`${box}@googlemail.com`);
    const stranger = await account(`${box}@example.test`);
    // c: 10 000 ₽ a piece.
    const [a, b, c] = [await product(20), await product(20), await product(20, 1_000_000)];

    expect((await order(first, a, 2)).statusCode).toBe(201);
    // 2 + 2 > 3 of one product for the mailbox, whichever account asks.
    expect((await order(second, a, 2)).json().code).toBe('UNPAID_HOLD_LIMIT');
    expect((await order(second, a, 1)).statusCode).toBe(201);
    // Per product: another product has its own 3.
    expect((await order(second, b, 3)).statusCode).toBe(201);
    // Value: 9 000 ₽ owed; 10 000 ₽ more is 19 000 ₽ (delivery free from 5 000 ₽), 10 000 ₽ again passes 20 000 ₽.
    expect((await order(second, c, 1)).statusCode).toBe(201);
    // Over the value cap, the whole order is over: each of its units is named.
    expect((await order(first, c, 1)).json()).toMatchObject({
      code: 'UNPAID_HOLD_LIMIT',
      details: { items: [{ type: 'product', id: c, over: 1 }] },
    });
    expect(await stockOf(c)).toBe(19);
    // Another mailbox (same local part, another domain) is not counted with them.
    expect((await order(stranger, a, 3)).statusCode).toBe(201);
    expect(await stockOf(a)).toBe(14);
  });
});

describe('card and PayPal beyond the caps: the hold starts with the payment', () => {
  it('placed with 3 units taken and 5 deferred; the payment takes them, holds 90 minutes from the first start, and starting again does not extend it', async () => {
    const hoarder = await account();
    const id = await product(10);
    const placed = await placeOrder(t, hoarder, body([{ id, quantity: 8 }], 'card'));
    expect(placed.status).toBe('pending');
    expect(await linesOf(placed.id)).toEqual([{ reserved: 3, deferred: 5 }]);
    expect(await stockOf(id)).toBe(7);
    expect((await rowOf(placed.id)).paymentHoldUntil).toBeNull();

    // Before the payment starts, another customer can buy what the order does not hold.
    const other = await account();
    await placeOrder(t, other, body([{ id, quantity: 1 }], 'card'));
    expect(await stockOf(id)).toBe(6);

    const before = Date.now();
    expect((await startPayment(hoarder, placed.id)).statusCode).toBe(200);
    expect(await stockOf(id)).toBe(1);
    expect(await linesOf(placed.id)).toEqual([{ reserved: 8, deferred: 0 }]);
    const until = (await rowOf(placed.id)).paymentHoldUntil!;
    expect(until.getTime()).toBeGreaterThanOrEqual(before + 90 * MINUTE);
    expect(until.getTime()).toBeLessThanOrEqual(Date.now() + 90 * MINUTE);

    // A second start (another way to pay, a reload) neither takes more nor moves the end.
    expect((await startPayment(hoarder, placed.id)).statusCode).toBe(200);
    expect((await rowOf(placed.id)).paymentHoldUntil).toEqual(until);
    expect(await stockOf(id)).toBe(1);
    // The order page says the shorter deadline.
    const page = await t.app.inject({ method: 'GET', url: `/api/orders/${placed.id}`, headers: bearer(hoarder.token) });
    expect(page.json().data.order.holdUntil).toBe(until.toISOString());

    // Unpaid at that end: the order is cancelled and gives back all 8.
    expect(await sweep(new Date(until.getTime() - 1))).not.toContain(placed.id);
    expect(await sweep(until)).toContain(placed.id);
    expect(await stockOf(id)).toBe(9);
    expect((await startPayment(hoarder, placed.id)).json().code).toBe('ORDER_NOT_PAYABLE');
    expect(await stockOf(id)).toBe(9);
  });

  it('past its payment hold, not yet swept: starting a payment is a 409 ORDER_NOT_PAYABLE', async () => {
    const hoarder = await account();
    const id = await product(10);
    const placed = await placeOrder(t, hoarder, body([{ id, quantity: 5 }], 'card'));
    expect((await startPayment(hoarder, placed.id)).statusCode).toBe(200);
    const until = (await rowOf(placed.id)).paymentHoldUntil!;
    await expect(t.app.services.orders.holdForPayment(placed.id, until)).rejects.toMatchObject({
      statusCode: 409,
      code: 'ORDER_NOT_PAYABLE',
    });
  });

  it('the deferred units sold meanwhile: starting the payment is a 409 OUT_OF_STOCK and takes nothing', async () => {
    const hoarder = await account();
    const id = await product(5);
    const placed = await placeOrder(t, hoarder, body([{ id, quantity: 5 }], 'card'));
    expect(await stockOf(id)).toBe(2);
    await placeOrder(t, await account(), body([{ id, quantity: 2 }], 'card'));
    expect(await stockOf(id)).toBe(0);
    const res = await startPayment(hoarder, placed.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      details: { items: [{ type: 'product', id, requested: 2, available: 0 }] },
    });
    expect(await stockOf(id)).toBe(0);
    expect(await linesOf(placed.id)).toEqual([{ reserved: 3, deferred: 2 }]);
    expect((await rowOf(placed.id)).paymentHoldUntil).toBeNull();
  });

  it('PayPal: an EUR order over the value cap takes nothing until the PayPal request, then all of it', async () => {
    const hoarder = await account();
    const id = await product(20);
    // 14 × 1 500 ₽ = 21 000 ₽ owed > 20 000 ₽: nothing is taken at once, whatever the units.
    const placed = await placeOrder(t, hoarder, body([{ id, quantity: 14 }], 'paypal', 'EUR'));
    expect(await linesOf(placed.id)).toEqual([{ reserved: 0, deferred: 14 }]);
    expect(await stockOf(id)).toBe(20);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal-request',
      headers: bearer(hoarder.token),
      payload: { orderId: placed.id, email: 'payer@example.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(id)).toBe(6);
    expect(await linesOf(placed.id)).toEqual([{ reserved: 14, deferred: 0 }]);
  });
});

describe('a race: 20 paying customers against a hoarder', () => {
  it('a mailbox holding its cap by transfer and 7 more by card leaves exactly 7 units to 20 concurrent buyers; its payment then finds none', async () => {
    const box = mailbox();
    const hoarder = await account(`${box}+a@example.test`);
    const twin = await account(`${box}+b@example.test`);
    const id = await product(10);
    expect((await order(hoarder, id, 3)).statusCode).toBe(201);
    // The twin account is at the mailbox's cap already: by card, everything is deferred.
    const overCap: PlacedOrder = await placeOrder(t, twin, body([{ id, quantity: 7 }], 'card'));
    expect(await linesOf(overCap.id)).toEqual([{ reserved: 0, deferred: 7 }]);
    expect(await stockOf(id)).toBe(7);

    const buyers = await Promise.all(Array.from({ length: 20 }, () => account()));
    const replies = await Promise.all(buyers.map((buyer) => order(buyer, id, 1, 'card')));
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(7);
    expect(codes.filter((c) => c === 409)).toHaveLength(13);
    for (const r of replies.filter((r) => r.statusCode === 409)) expect(r.json().code).toBe('OUT_OF_STOCK');
    expect(await stockOf(id)).toBe(0);

    expect((await startPayment(twin, overCap.id)).json().code).toBe('OUT_OF_STOCK');
    expect(await stockOf(id)).toBe(0);
  });
});
