/**
 * Exact stock (every line of a product counts, cancel gives back exactly what was taken), the
 * open-unpaid-orders limit, and where order mails go (the account's verified address).
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orderItems, orders, products } from '../../db/schema';
import { bearer, lastMail, mailCount } from '../../test/accounts';
import {
  adminUser,
  orderBody,
  type ProductValues,
  postOrder,
  productWithStock,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestContext({ env: { MAX_OPEN_UNPAID_ORDERS: '3' } });
  admin = await adminUser(t);
});
afterAll(() => t.close());

const account = (verified = true) => verifiedUser(t, { verified });
const book = (values: ProductValues = {}) =>
  productWithStock(t, {
    name: { ru: 'Книга о пионах', en: 'Peony book', es: 'Libro de peonías' },
    category: 'book',
    ...values,
  });
const stockOf = async (id: string) =>
  (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const ordersOf = async (userId: string) =>
  (await t.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]!.n;

const CUSTOMER = {
  firstName: 'Анна',
  lastName: 'Петрова',
  email: 'typed-at-checkout@example.test',
  phone: '+7 912 345-67-89',
};
/** Checkout contact data typed by the customer: never where order mails go. */
const body = (items: unknown[]) => orderBody(items, { customer: CUSTOMER });
const place = (buyer: TestUser, payload: unknown, lang = 'en') => postOrder(t, buyer, payload, { lang });
const cancel = (id: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${id}/status`,
    headers: bearer(admin.token),
    payload: { status: 'cancelled' },
  });

describe('stock is exact: every line of a product counts, cancel returns exactly what was taken', () => {
  it('a physical-only book with stock 8: lines of 8 (no bookFormat) and 99 (physical) are refused, naming the book and the 8 left', async () => {
    const buyer = await account();
    const id = await book({ stock: 8, bookFormats: ['physical'] });
    const items = [
      { type: 'product', id, quantity: 8 },
      { type: 'product', id, quantity: 99, bookFormat: 'physical' },
    ];
    const res = await place(buyer, body(items));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'OUT_OF_STOCK',
      details: { items: [{ type: 'product', id, requested: 107, available: 8 }] },
    });
    expect(res.json().message).toBe('Only 8 of “Peony book” left in stock; please lower the quantity');
    expect((await place(buyer, body(items), 'ru')).json().message).toBe(
      'Товара «Книга о пионах» в наличии: 8 шт.; уменьшите количество',
    );
    expect((await place(buyer, body(items), 'es')).json().message).toBe(
      'Solo quedan 8 unidades de «Libro de peonías»; reduzca la cantidad',
    );
    expect(await stockOf(id)).toBe(8);
    expect(await ordersOf(buyer.id)).toBe(0);

    // The 8 that are there can be ordered, in two lines naming the format differently, as one line.
    const ok = await place(
      buyer,
      body([
        { type: 'product', id, quantity: 5 },
        { type: 'product', id, quantity: 3, bookFormat: 'physical' },
      ]),
    );
    expect(ok.statusCode).toBe(201);
    const order = ok.json().data.order;
    expect(order.items).toEqual([expect.objectContaining({ refId: id, bookFormat: 'physical', quantity: 8 })]);
    expect(await stockOf(id)).toBe(0);
    const reserved = await t.database.db
      .select({ q: orderItems.reservedQuantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    expect(reserved).toEqual([{ q: 8 }]);

    expect((await cancel(order.id)).statusCode).toBe(200);
    expect(await stockOf(id)).toBe(8);
    // Cancelled is final: a second cancel is a 409 and gives nothing back twice.
    expect((await cancel(order.id)).statusCode).toBe(409);
    expect(await stockOf(id)).toBe(8);
  });

  it('the same product named twice: 3 + 3 of a stock of 5 is refused (available 5); 2 + 3 takes 5 and cancel returns 5', async () => {
    const buyer = await account();
    const id = await productWithStock(t, { stock: 5 });
    const twice = (a: number, b: number) =>
      body([
        { type: 'product', id, quantity: a },
        { type: 'product', id, quantity: b },
      ]);
    const refused = await place(buyer, twice(3, 3));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details.items).toEqual([{ type: 'product', id, requested: 6, available: 5 }]);
    expect(await stockOf(id)).toBe(5);

    const ok = await place(buyer, twice(2, 3));
    expect(ok.statusCode).toBe(201);
    expect(await stockOf(id)).toBe(0);
    await cancel(ok.json().data.order.id);
    expect(await stockOf(id)).toBe(5);
  });

  it('digital copies of a book take no physical stock: 2 physical + 3 digital of a stock of 2 are accepted; cancel returns 2', async () => {
    const buyer = await account();
    const id = await book({ stock: 2, bookFormats: ['physical', 'digital'] });
    const res = await place(
      buyer,
      body([
        { type: 'product', id, quantity: 2, bookFormat: 'physical' },
        { type: 'product', id, quantity: 3, bookFormat: 'digital' },
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect(await stockOf(id)).toBe(0);
    await cancel(res.json().data.order.id);
    expect(await stockOf(id)).toBe(2);
  });

  it('a stock that ran out between pricing and reservation (a concurrent checkout) is refused with what is left', async () => {
    const id = await productWithStock(t, { stock: 4 });
    const buyers = await Promise.all([account(), account(), account()]);
    const results = await Promise.all(buyers.map((b) => place(b, body([{ type: 'product', id, quantity: 2 }]))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().details.items).toEqual([{ type: 'product', id, requested: 2, available: 0 }]);
    expect(await stockOf(id)).toBe(0);
  });
});

describe('MAX_OPEN_UNPAID_ORDERS: a customer may hold only a few unpaid orders', () => {
  it('the 4th unpaid order is a 409 in the request language and takes nothing; a cancelled one frees a place', async () => {
    const buyer = await account();
    const id = await productWithStock(t, { stock: 10 });
    const line = body([{ type: 'product', id, quantity: 1 }]);
    const placed: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await place(buyer, line);
      expect(res.statusCode).toBe(201);
      placed.push(res.json().data.order.id);
    }
    const fourth = await place(buyer, line);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      code: 'TOO_MANY_OPEN_ORDERS',
      message: 'You already have 3 unpaid orders. Pay one of them or wait until it is cancelled automatically',
      details: { maxOpenUnpaid: 3 },
    });
    expect((await place(buyer, line, 'ru')).json().message).toBe(
      'Достигнут предел неоплаченных заказов (3). Оплатите один из них или дождитесь его автоматической отмены',
    );
    expect((await place(buyer, line, 'es')).json().message).toMatch(/^Ya tiene 3 pedidos sin pagar/);
    expect(await stockOf(id)).toBe(7);
    expect(await ordersOf(buyer.id)).toBe(3);

    // Another customer is not affected.
    const other = await account();
    expect((await place(other, line)).statusCode).toBe(201);

    await cancel(placed[0]!);
    expect((await place(buyer, line)).statusCode).toBe(201);
  });

  it('six checkouts of one customer at once: exactly three are placed (the limit holds under concurrency)', async () => {
    const buyer = await account();
    const id = await productWithStock(t, { stock: null });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => place(buyer, body([{ type: 'product', id, quantity: 1 }]))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409]);
    expect(await ordersOf(buyer.id)).toBe(3);
  });
});

describe('order mails go to the account’s verified address, not to the email typed at checkout', () => {
  it('the placed order’s mail and status mails reach the account address; the typed address stays on the order as contact data', async () => {
    const before = await mailCount(t, CUSTOMER.email);
    const buyer = await verifiedUser(t, { email: `verified-${randomUUID().slice(0, 8)}@example.test` });
    const id = await productWithStock(t, { stock: 3 });
    const res = await place(
      buyer,
      orderBody([{ type: 'product', id, quantity: 1 }], {
        customer: CUSTOMER,
        paymentMethod: 'cash',
        delivery: { method: 'pickup' },
      }),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json().data.order;
    expect(order.customer.email).toBe(CUSTOMER.email);

    const received = await lastMail(t, buyer.email);
    expect(received.subject).toBe(`Order #${order.number} is awaiting payment`);
    await cancel(order.id);
    expect((await lastMail(t, buyer.email)).subject).toBe(`Order #${order.number}: cancelled`);
    expect(await mailCount(t, CUSTOMER.email)).toBe(before);
  });

  it('an account without a verified address gets no order mail at all', async () => {
    const unverified = await account(false);
    const id = await productWithStock(t, { stock: 3 });
    const before = (await t.database.db.select({ n: count() }).from(mailOutbox))[0]!.n;
    const res = await place(unverified, body([{ type: 'product', id, quantity: 1 }]));
    expect(res.statusCode).toBe(201);
    await cancel(res.json().data.order.id);
    expect((await t.database.db.select({ n: count() }).from(mailOutbox))[0]!.n).toBe(before);
  });
});
