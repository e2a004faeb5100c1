import { ORDER_STATUSES, type OrderStatus } from '@atelier/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, mailOutbox, orders, products, promoCodes, purchases } from '../../db/schema';
import { bearer, lastMail, mailCount } from '../../test/accounts';
import {
  adminUser,
  CHECKOUT_CUSTOMER,
  orderBody,
  postOrder,
  productWithStock,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import type { OrderEvent } from './orders.schemas';

let t: TestContext;
let customer: TestUser;
let other: TestUser;
let admin: TestUser;
const confirmed: OrderEvent[] = [];
const cancelled: OrderEvent[] = [];

beforeAll(async () => {
  // This file's customers leave many orders unpaid on purpose; orders.limits.test.ts checks the limit.
  t = await createTestContext({ env: { MAX_OPEN_UNPAID_ORDERS: '100000' } });
  customer = await verifiedUser(t, { email: 'buyer@example.com' });
  other = await verifiedUser(t, { email: 'other@example.com' });
  admin = await adminUser(t);
  t.app.events.on('orderConfirmed', async (_tx, event) => {
    confirmed.push(event);
  });
  t.app.events.on('orderCancelled', async (_tx, event) => {
    cancelled.push(event);
  });
});
afterAll(() => t.close());

let lessonNumber = 100;
async function lesson(priceRub = 90_000): Promise<string> {
  const [row] = await t.database.db
    .insert(lessons)
    .values({
      number: lessonNumber++,
      title: { ru: 'Урок', en: 'Lesson' },
      description: { ru: 'Пион' },
      level: 'basic',
      priceRub,
      priceEur: 1_000,
      priceUsd: 1_100,
    })
    .returning({ id: lessons.id });
  return row!.id;
}
const stockOf = async (id: string) =>
  (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;

async function setStatus(id: string, status: string) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${id}/status`,
    headers: bearer(admin.token),
    payload: { status },
  });
}

describe('POST /api/orders: the server computes every amount', () => {
  it('prices lines from the database, ignores client prices and totals, answers 201 with the order', async () => {
    const id = await productWithStock(t, { priceRub: 120_000, stock: 5 });
    const res = await postOrder(
      t,
      customer,
      orderBody([{ type: 'product', id, quantity: 2, price: 1, name: 'cheap' }], {
        total: 1,
        subtotal: 1,
        deliveryCost: 0,
      }),
    );
    expect(res.statusCode).toBe(201);
    const { order } = res.json().data;
    expect(order).toMatchObject({
      status: 'pending',
      paymentMethod: 'card',
      currency: 'RUB',
      subtotal: 2400,
      deliveryCost: 300,
      total: 2700,
      totalInCurrency: 2700,
      itemCount: 2,
      delivery: { method: 'courier_pickup', pickupPoint: 'СДЭК, ул. Ленина, 1' },
      items: [{ type: 'product', refId: id, unitPrice: 1200, quantity: 2, lineTotal: 2400 }],
    });
    expect(order.number).toBeGreaterThan(0);
    const read = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(customer.token) });
    expect(read.json().data.order.history).toEqual([
      expect.objectContaining({ from: null, to: 'pending', actor: expect.objectContaining({ id: customer.id }) }),
    ]);
    expect(await stockOf(id)).toBe(3);
  });

  it.each([
    ['"1"', '1'],
    ['1.5', 1.5],
    ['0', 0],
    ['-1', -1],
    ['1e9', 1e9],
    ['null', null],
    ['100', 100],
  ])('a quantity of %s is a 400 and nothing is written', async (_label, quantity) => {
    const id = await productWithStock(t, { stock: 5 });
    const before = await orderCount();
    const res = await postOrder(t, customer, orderBody([{ type: 'product', id, quantity }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(id)).toBe(5);
  });

  it('duplicate lines merge; a merged quantity over 99 is a 400', async () => {
    const id = await productWithStock(t, { stock: null });
    const ok = await postOrder(
      t,
      customer,
      orderBody([
        { type: 'product', id, quantity: 2 },
        { type: 'product', id, quantity: 3 },
      ]),
    );
    expect(ok.json().data.order.items).toEqual([expect.objectContaining({ quantity: 5 })]);
    const over = await postOrder(
      t,
      customer,
      orderBody([
        { type: 'product', id, quantity: 60 },
        { type: 'product', id, quantity: 40 },
      ]),
    );
    expect(over.statusCode).toBe(400);
  });

  it.each([
    ['standard without an address', { method: 'standard' }, 400],
    ['courier pickup without a pickup point', { method: 'courier_pickup' }, 400],
    [
      'post with a full address',
      { method: 'post', country: 'RU', city: 'Москва', address: 'Тверская, 1', postalCode: '101000' },
      201,
    ],
    ['pickup with nothing else', { method: 'pickup' }, 201],
  ])('delivery: %s → %i', async (_label, delivery, status) => {
    const id = await productWithStock(t);
    const res = await postOrder(t, customer, orderBody([{ type: 'product', id, quantity: 1 }], { delivery }));
    expect(res.statusCode).toBe(status);
  });

  it.each([
    [4999, 300],
    [5000, 0],
    [5001, 0],
  ])('goods for %d ₽ pay %d ₽ standard delivery (free at ≥ 5000 ₽)', async (rub, deliveryCost) => {
    const id = await productWithStock(t, { priceRub: rub * 100 });
    const res = await postOrder(
      t,
      customer,
      orderBody([{ type: 'product', id, quantity: 1 }], {
        delivery: { method: 'standard', country: 'RU', city: 'Москва', address: 'Тверская, 1', postalCode: '101000' },
      }),
    );
    expect(res.json().data.order).toMatchObject({ deliveryCost, total: rub + deliveryCost });
  });

  it('a digital-only order has no delivery and needs no address', async () => {
    const book = await productWithStock(t, {
      category: 'book',
      bookFormats: ['physical', 'digital'],
      priceRub: 80_000,
      stock: 0,
    });
    const res = await postOrder(
      t,
      customer,
      orderBody([{ type: 'product', id: book, quantity: 1, bookFormat: 'digital' }], {
        delivery: { method: 'standard' },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order).toMatchObject({ delivery: { method: 'none' }, deliveryCost: 0, total: 800 });
    const noFormat = await postOrder(t, customer, orderBody([{ type: 'product', id: book, quantity: 1 }]));
    expect(noFormat.statusCode).toBe(400);
  });

  it('EUR: goods at their EUR prices, delivery converted with the stored snapshot; card refused, PayPal accepted', async () => {
    const id = await productWithStock(t, { priceRub: 150_000, priceEur: 1_600 });
    const card = await postOrder(t, customer, orderBody([{ type: 'product', id, quantity: 1 }], { currency: 'EUR' }));
    expect(card.statusCode).toBe(400);
    const res = await postOrder(
      t,
      customer,
      orderBody([{ type: 'product', id, quantity: 1 }], { currency: 'EUR', paymentMethod: 'paypal' }),
    );
    expect(res.statusCode).toBe(201);
    const { order } = res.json().data;
    expect(order).toMatchObject({ currency: 'EUR', total: 1800, exchangeRates: { EUR: 100, RUB: 1 } });
    expect(order.totalInCurrency).toBe(16 + 300 / 100);
    const notSold = await productWithStock(t, { priceEur: null });
    const refused = await postOrder(
      t,
      customer,
      orderBody([{ type: 'product', id: notSold, quantity: 1 }], { currency: 'EUR', paymentMethod: 'paypal' }),
    );
    expect(refused.statusCode).toBe(400);
  });

  it('out-of-stock products are refused (409); on-order products are orderable without stock', async () => {
    const out = await productWithStock(t, { availability: 'out_of_stock', stock: 3 });
    expect((await postOrder(t, customer, orderBody([{ type: 'product', id: out, quantity: 1 }]))).statusCode).toBe(409);
    const onOrder = await productWithStock(t, { availability: 'on_order', stock: 0 });
    const res = await postOrder(t, customer, orderBody([{ type: 'product', id: onOrder, quantity: 4 }]));
    expect(res.statusCode).toBe(201);
    expect(await stockOf(onOrder)).toBe(0);
  });

  it('more than the stock is a 409 and takes nothing; unknown and archived products are a 400', async () => {
    const a = await productWithStock(t, { stock: 5 });
    const b = await productWithStock(t, { stock: 1 });
    const res = await postOrder(
      t,
      customer,
      orderBody([
        { type: 'product', id: a, quantity: 2 },
        { type: 'product', id: b, quantity: 2 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('OUT_OF_STOCK');
    expect([await stockOf(a), await stockOf(b)]).toEqual([5, 1]);
    const archived = await productWithStock(t, { archivedAt: new Date() });
    expect((await postOrder(t, customer, orderBody([{ type: 'product', id: archived, quantity: 1 }]))).statusCode).toBe(
      400,
    );
    expect(
      (
        await postOrder(
          t,
          customer,
          orderBody([{ type: 'product', id: '00000000-0000-4000-8000-000000000000', quantity: 1 }]),
        )
      ).statusCode,
    ).toBe(400);
  });

  it('terms must be accepted; guests get 401', async () => {
    const id = await productWithStock(t);
    expect(
      (await postOrder(t, customer, orderBody([{ type: 'product', id, quantity: 1 }], { acceptTerms: false })))
        .statusCode,
    ).toBe(400);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ type: 'product', id, quantity: 1 }]),
    });
    expect(guest.statusCode).toBe(401);
  });

  it('a lesson line: quantity 1 only; a lesson already owned is a 409', async () => {
    const id = await lesson();
    expect((await postOrder(t, customer, orderBody([{ type: 'lesson', id, quantity: 2 }]))).statusCode).toBe(400);
    const res = await postOrder(
      t,
      customer,
      orderBody([{ type: 'lesson', id, quantity: 1 }], { delivery: { method: 'standard' } }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order).toMatchObject({ delivery: { method: 'none' }, total: 900 });
    await t.database.db.insert(purchases).values({ userId: customer.id, lessonId: id });
    expect((await postOrder(t, customer, orderBody([{ type: 'lesson', id, quantity: 1 }]))).statusCode).toBe(409);
  });

  it('a zero-total checkout (a free lesson) is confirmed at once and emits orderConfirmed', async () => {
    const id = await lesson(0);
    const before = confirmed.length;
    const res = await postOrder(
      t,
      other,
      orderBody([{ type: 'lesson', id, quantity: 1 }], {
        customer: { ...CHECKOUT_CUSTOMER, email: 'other@example.com' },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order).toMatchObject({ status: 'confirmed', total: 0, delivery: { method: 'none' } });
    expect(confirmed.length).toBe(before + 1);
    expect(confirmed.at(-1)).toMatchObject({
      userId: other.id,
      items: [expect.objectContaining({ lessonId: id })],
    });
  });

  it('a cash order is mailed on creation, in the language of the checkout; a card order not before it is paid', async () => {
    const id = await productWithStock(t);
    const before = await mailCount(t, 'buyer@example.com');
    const card = await postOrder(t, customer, orderBody([{ type: 'product', id, quantity: 1 }]), { lang: 'en' });
    expect(card.statusCode).toBe(201);
    expect(await mailCount(t, 'buyer@example.com')).toBe(before);
    const res = await postOrder(
      t,
      customer,
      orderBody([{ type: 'product', id, quantity: 1 }], { paymentMethod: 'cash', delivery: { method: 'pickup' } }),
      { lang: 'en' },
    );
    const { order } = res.json().data;
    expect(order.language).toBe('en');
    const mail = await lastMail(t, 'buyer@example.com');
    expect(mail.subject).toBe(`Order #${order.number} is awaiting payment`);
    expect(await mailCount(t, 'buyer@example.com')).toBe(before + 1);
  });
});

describe('reading orders', () => {
  it('owner and admin see an order; another user and an unknown id get 404; guests 401', async () => {
    const id = await productWithStock(t);
    const { order } = (await postOrder(t, customer, orderBody([{ type: 'product', id, quantity: 1 }]))).json().data;
    const get = (token?: string, orderId = order.id) =>
      t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: token ? bearer(token) : {} });
    expect((await get(customer.token)).statusCode).toBe(200);
    expect((await get(admin.token)).json().data.order.id).toBe(order.id);
    expect((await get(other.token)).statusCode).toBe(404);
    expect((await get(customer.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(customer.token, 'not-a-uuid')).statusCode).toBe(400);
    expect((await get()).statusCode).toBe(401);
  });

  it('GET /api/orders/user lists only the caller’s orders, newest first', async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders/user', headers: bearer(customer.token) });
    expect(mine.statusCode).toBe(200);
    const list = mine.json();
    expect(list.meta.total).toBeGreaterThan(0);
    expect(list.data.every((o: { userId: string }) => o.userId === customer.id)).toBe(true);
    const fresh = await verifiedUser(t, { email: 'no-orders@example.com' });
    const theirs = await t.app.inject({ method: 'GET', url: '/api/orders/user', headers: bearer(fresh.token) });
    expect(theirs.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('admin list: 403 for a user; filters by status, search by number and email, paginates', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(customer.token) })).statusCode,
    ).toBe(403);
    const id = await productWithStock(t);
    const { order } = (
      await postOrder(
        t,
        other,
        orderBody([{ type: 'product', id, quantity: 1 }], {
          customer: { ...CHECKOUT_CUSTOMER, email: 'zed@example.com' },
        }),
      )
    ).json().data;
    await setStatus(order.id, 'cancelled');
    const q = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: bearer(admin.token) });
    const byNumber = (await q(`search=${order.number}`)).json();
    expect(byNumber.data.map((o: { id: string }) => o.id)).toContain(order.id);
    expect((await q('search=zed@EXAMPLE')).json().data.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const cancelledOnly = (await q('status=cancelled')).json();
    expect(cancelledOnly.data.every((o: { status: string }) => o.status === 'cancelled')).toBe(true);
    const page = (await q('limit=2&page=1')).json();
    expect(page.data).toHaveLength(2);
    expect(page.meta).toMatchObject({ page: 1, limit: 2 });
    const today = new Date().toISOString().slice(0, 10);
    expect((await q(`from=${today}&to=${today}`)).json().meta.total).toBeGreaterThan(0);
    expect((await q('from=2000-01-01&to=2000-01-02')).json().meta.total).toBe(0);
    expect((await q('status=lost')).statusCode).toBe(400);
  });
});

describe('status machine', () => {
  const PATH: OrderStatus[] = ['pending', 'confirmed', 'processing', 'shipped', 'delivered'];
  const allowed = new Set([
    'pending>confirmed',
    'pending>cancelled',
    'confirmed>processing',
    'confirmed>cancelled',
    'processing>shipped',
    'processing>cancelled',
    'shipped>delivered',
  ]);
  async function orderIn(status: OrderStatus): Promise<string> {
    const id = await productWithStock(t, { stock: null });
    const { order } = (await postOrder(t, customer, orderBody([{ type: 'product', id, quantity: 1 }]))).json().data;
    const steps = status === 'cancelled' ? ['cancelled'] : PATH.slice(1, PATH.indexOf(status) + 1);
    for (const step of steps) expect((await setStatus(order.id, step)).statusCode).toBe(200);
    return order.id;
  }
  const invalid = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.filter((to) => !allowed.has(`${from}>${to}`)).map((to) => [from, to] as const),
  );
  it.each(invalid)('%s → %s is a 409 and changes nothing', async (from, to) => {
    const id = await orderIn(from);
    const res = await setStatus(id, to);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION', details: { from, to } });
    const after = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(admin.token) });
    expect(after.json().data.order.status).toBe(from);
  });

  it('every change is recorded with time and actor and emailed to the customer', async () => {
    const id = await orderIn('shipped');
    const { order } = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(customer.token) })
    ).json().data;
    expect(order.history.map((e: { to: string }) => e.to)).toEqual(['pending', 'confirmed', 'processing', 'shipped']);
    expect(order.history[3]).toMatchObject({ from: 'processing', actor: { id: admin.id, role: 'admin' } });
    expect(Date.parse(order.history[3].at)).not.toBeNaN();
    const mail = await lastMail(t, 'buyer@example.com');
    expect(mail.subject).toBe(`Заказ №${order.number}: отправлен`);
  });

  it('a customer cannot change a status (403); an unknown order is a 404; a bad status a 400', async () => {
    const id = await orderIn('pending');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${id}/status`,
      headers: bearer(customer.token),
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(403);
    expect((await setStatus('00000000-0000-4000-8000-000000000000', 'confirmed')).statusCode).toBe(404);
    expect((await setStatus(id, 'lost')).statusCode).toBe(400);
  });

  it('cancelling gives the reserved stock back and emits orderCancelled; confirming emits orderConfirmed', async () => {
    const id = await productWithStock(t, { stock: 4 });
    const { order } = (await postOrder(t, customer, orderBody([{ type: 'product', id, quantity: 3 }]))).json().data;
    expect(await stockOf(id)).toBe(1);
    await setStatus(order.id, 'confirmed');
    expect(confirmed.at(-1)).toMatchObject({ orderId: order.id, number: order.number, totalRub: order.total * 100 });
    await setStatus(order.id, 'cancelled');
    expect(await stockOf(id)).toBe(4);
    expect(cancelled.at(-1)).toMatchObject({
      orderId: order.id,
      items: [expect.objectContaining({ productId: id, quantity: 3 })],
    });
  });
});

describe('contract for payments and training', () => {
  const service = () => t.app.services.orders;

  it('confirmPaid moves pending → confirmed once (idempotent) and refuses a cancelled order with 409', async () => {
    const id = await productWithStock(t, { stock: null });
    const { order } = (await postOrder(t, customer, orderBody([{ type: 'product', id, quantity: 1 }]))).json().data;
    const first = await t.database.db.transaction((tx) => service().confirmPaid(tx, order.id));
    expect(first.changed).toBe(true);
    expect(first.order).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
    const again = await t.database.db.transaction((tx) => service().confirmPaid(tx, order.id));
    expect(again.changed).toBe(false);
    const second = (await postOrder(t, customer, orderBody([{ type: 'product', id, quantity: 1 }]))).json().data.order;
    await setStatus(second.id, 'cancelled');
    await expect(t.database.db.transaction((tx) => service().confirmPaid(tx, second.id))).rejects.toMatchObject({
      statusCode: 409,
    });
    const forPayment = await service().getForPayment(t.database.db, second.id);
    expect(forPayment).toMatchObject({ status: 'cancelled', totalRubMinor: 180_000, currency: 'RUB' });
  });

  it('a zero-total order (promo covering a lesson) is confirmed at once inside the same transaction', async () => {
    const id = await lesson(50_000);
    const before = confirmed.length;
    const promoCodeId = await promo();
    const order = await t.database.db.transaction((tx) =>
      t.app.services.checkout.placeOrder(tx, {
        userId: other.id,
        lines: [{ type: 'lesson', id, quantity: 1 }],
        customer: { firstName: 'O', lastName: 'T', email: 'other@example.com', phone: '' },
        paymentMethod: 'card',
        currency: 'RUB',
        language: 'es',
        promo: { promoCodeId, discountRub: 500 },
      }),
    );
    expect(order).toMatchObject({ status: 'confirmed', subtotal: 500, discount: 500, total: 0 });
    expect(order.history?.map((e) => e.to)).toEqual(['pending', 'confirmed']);
    expect(confirmed.length).toBe(before + 1);
    // Nothing paid, nothing to send: the access is granted without an order mail (decision 0105).
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'other@example.com'));
    expect(mails.filter((m) => m.subject.startsWith('Pedido n.º'))).toEqual([]);
  });
});

async function promo(): Promise<string> {
  const [row] = await t.database.db
    .insert(promoCodes)
    .values({ code: `FREE${Math.random().toString(36).slice(2, 8).toUpperCase()}`, percentOff: 100 })
    .returning({ id: promoCodes.id });
  return row!.id;
}

describe('concurrency', () => {
  it('stock 1, 20 concurrent orders: exactly one succeeds, the rest are 409, stock never negative', async () => {
    const id = await productWithStock(t, { stock: 1 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => postOrder(t, customer, orderBody([{ type: 'product', id, quantity: 1 }]))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await stockOf(id)).toBe(0);
  });

  it('six clients placing orders that share products at once never deadlock: all 201, stock adds up', async () => {
    const ids = [
      await productWithStock(t, { stock: 10_000 }),
      await productWithStock(t, { stock: 10_000 }),
      await productWithStock(t, { stock: 10_000 }),
    ];
    const placed: { id: string; quantity: number }[][] = [];
    const statuses: number[] = [];
    // Each client places its orders one after the other, the six clients side by side, each order
    // a different subset of the products: rows are updated (and moved) while others wait on them.
    await Promise.all(
      Array.from({ length: 6 }, async (_, c) => {
        for (let n = 0; n < 25; n++) {
          const lines = ids
            .filter((_, i) => (n + c + i) % 2 === 0 || i === c % 3)
            .map((id) => ({ type: 'product', id, quantity: 1 }));
          const res = await postOrder(t, customer, orderBody(lines));
          statuses.push(res.statusCode);
          if (res.statusCode === 201) placed.push(lines);
        }
      }),
    );
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    for (const id of ids) {
      const taken = placed.flat().filter((line) => line.id === id).length;
      expect(await stockOf(id)).toBe(10_000 - taken);
    }
  });
});
