/**
 * Unpaid orders expire: the sweeper (called directly with a clock, no waiting) cancels card/PayPal
 * orders after PENDING_ORDER_HOURS and cash/bank-transfer orders after PENDING_TRANSFER_DAYS,
 * through the normal cancel path, and mails the customer.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, mailOutbox, orderStatusEvents, orders, products, promoCodes } from '../../db/schema';
import { createJobRuntime } from '../../platform/jobs/runtime';
import { bearer, lastMail } from '../../test/accounts';
import { orderBody, placeOrder, productLine, productWithStock, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { TRAINING_CACHE_TAG } from '../lessons/lessons.schemas';
import { createOrderExpirySweeper } from './orders.expiry';
import type { OrderEvent } from './orders.schemas';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestContext;
const cancelled: OrderEvent[] = [];
const silent = { info() {}, error() {} };

beforeAll(async () => {
  t = await createTestContext({
    env: {
      PENDING_ORDER_HOURS: '48',
      PENDING_TRANSFER_DAYS: '5',
      PENDING_SCARCE_HOURS: '24',
      MAX_OPEN_UNPAID_ORDERS: '1000',
    },
  });
  t.app.events.on('orderCancelled', async (_tx, event) => {
    cancelled.push(event);
  });
});
afterAll(() => t.close());

/** A sweeper as main.ts builds it, on the app's orders service (its events, cache and the configured policy). */
function sweeper() {
  return createOrderExpirySweeper({ orders: t.app.services.orders, log: silent });
}

const account = () => verifiedUser(t, { name: 'Ana García' });
const product = (stock: number) => productWithStock(t, { stock });
const stockOf = async (id: string) =>
  (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

/** Two pieces of `productId`, placed through the API by a Spanish-speaking customer. */
function place(buyer: TestUser, productId: string, paymentMethod = 'card', lang = 'es') {
  const body = orderBody([productLine(productId, 2)], {
    customer: { firstName: 'Ana', lastName: 'García', email: 'typed@example.test', phone: '+34 612 345 678' },
    delivery: { method: 'courier_pickup', pickupPoint: 'Calle Mayor 1' },
    paymentMethod,
  });
  return placeOrder(t, buyer, body, { lang });
}
const statusOf = async (id: string) =>
  (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
const at = (order: { createdAt: string }, ms: number) => new Date(new Date(order.createdAt).getTime() + ms);
const cancelEvents = async (id: string) =>
  t.database.db
    .select()
    .from(orderStatusEvents)
    .where(and(eq(orderStatusEvents.orderId, id), eq(orderStatusEvents.toStatus, 'cancelled')));

describe('unpaid orders expire and give back what they held', () => {
  it('card: held PENDING_ORDER_HOURS (the page shows until when), cancelled at the deadline, stock back, history by the system, mail in Spanish', async () => {
    const buyer = await account();
    const id = await product(5);
    const order = await place(buyer, id, 'card', 'es');
    expect(order.holdUntil).toBe(at(order, 48 * HOUR).toISOString());
    expect(await stockOf(id)).toBe(3);

    expect(await sweeper().sweep(at(order, 48 * HOUR - 1))).not.toContain(order.id);
    expect(await statusOf(order.id)).toBe('pending');

    expect(await sweeper().sweep(at(order, 48 * HOUR))).toContain(order.id);
    expect(await statusOf(order.id)).toBe('cancelled');
    expect(await stockOf(id)).toBe(5);
    expect(cancelled.filter((e) => e.orderId === order.id)).toHaveLength(1);

    const read = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(buyer.token) });
    const detail = read.json().data.order;
    expect(detail.holdUntil).toBeNull();
    expect(detail.history.at(-1)).toMatchObject({ from: 'pending', to: 'cancelled', actor: null, note: 'expired' });

    const mail = await lastMail(t, buyer.email);
    expect(mail.subject).toBe(`Pedido n.º ${order.number} cancelado: no se pagó a tiempo`);
    expect(mail.text).toContain('se ha cancelado automáticamente');
    const typed = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'typed@example.test'));
    expect(typed).toHaveLength(0);
  });

  it('bank transfer and cash: still held after 48 hours and until PENDING_TRANSFER_DAYS, cancelled at the deadline (mail in Russian / English)', async () => {
    const buyer = await account();
    const id = await product(10);
    const transfer = await place(buyer, id, 'bank_transfer', 'ru');
    const cash = await place(buyer, id, 'cash', 'en');
    expect(transfer.holdUntil).toBe(at(transfer, 5 * DAY).toISOString());
    const s = sweeper();

    expect(await s.sweep(at(cash, 48 * HOUR))).not.toEqual(expect.arrayContaining([transfer.id]));
    expect(await s.sweep(at(transfer, 5 * DAY - 1))).not.toContain(transfer.id);
    expect(await statusOf(transfer.id)).toBe('pending');
    expect(await statusOf(cash.id)).toBe('pending');
    expect(await stockOf(id)).toBe(6);

    const expired = await s.sweep(at(cash, 5 * DAY));
    expect(expired).toEqual(expect.arrayContaining([transfer.id, cash.id]));
    expect(await stockOf(id)).toBe(10);
    expect((await lastMail(t, buyer.email)).subject).toMatch(
      new RegExp(
        `^(Заказ №${transfer.number} отменён: истёк срок оплаты|Order #${cash.number} cancelled: not paid in time)$`,
      ),
    );
    const subjects = (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email))).map(
      (m) => m.subject,
    );
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Заказ №${transfer.number} отменён: истёк срок оплаты`,
        `Order #${cash.number} cancelled: not paid in time`,
      ]),
    );
  });

  it('a master-class order with a promo code: the seat and the promo use come back when it expires', async () => {
    const buyer = await account();
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
      .values({ code: `SPRING${randomUUID().slice(0, 6).toUpperCase()}`, percentOff: 20, maxUses: 10 })
      .returning();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/training/courses/${course!.id}/purchase`,
      headers: { ...bearer(buyer.token), 'accept-language': 'en' },
      payload: { promoCode: promo!.code, currency: 'RUB' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order;
    expect(order.status).toBe('pending');
    const seats = async () => (await t.database.db.select().from(courses).where(eq(courses.id, course!.id)))[0]!;
    const uses = async () =>
      (await t.database.db.select().from(promoCodes).where(eq(promoCodes.id, promo!.id)))[0]!.usedCount;
    expect((await seats()).seatsTaken).toBe(1);
    expect(await uses()).toBe(1);

    expect(await sweeper().sweep(at(order, 47 * HOUR))).not.toContain(order.id);
    expect((await seats()).seatsTaken).toBe(1);
    expect(await sweeper().sweep(at(order, 48 * HOUR))).toContain(order.id);
    expect((await seats()).seatsTaken).toBe(0);
    expect(await uses()).toBe(0);
    expect((await lastMail(t, buyer.email)).subject).toBe(`Order #${order.number} cancelled: not paid in time`);
  });

  it('taking the last units by bank transfer: held PENDING_SCARCE_HOURS (the page says so), not PENDING_TRANSFER_DAYS', async () => {
    const buyer = await account();
    const id = await product(2);
    const order = await place(buyer, id, 'bank_transfer', 'ru');
    expect(await stockOf(id)).toBe(0);
    expect(order.holdUntil).toBe(at(order, 24 * HOUR).toISOString());
    const read = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(buyer.token) });
    expect(read.json().data.order.holdUntil).toBe(at(order, 24 * HOUR).toISOString());
    // The order's one mail, with how to pay, says until when (in UTC), the short deadline.
    const instructions = await lastMail(t, buyer.email);
    expect(instructions.subject).toBe(`Заказ №${order.number} ждёт оплаты`);
    const deadline = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
    expect(instructions.text).toContain(`Заказ ждёт оплаты до ${deadline.format(at(order, 24 * HOUR))} UTC`);

    expect(await sweeper().sweep(at(order, 24 * HOUR - 1))).not.toContain(order.id);
    expect(await statusOf(order.id)).toBe('pending');
    expect(await sweeper().sweep(at(order, 24 * HOUR))).toContain(order.id);
    expect(await statusOf(order.id)).toBe('cancelled');
    expect(await stockOf(id)).toBe(2);
    expect((await lastMail(t, buyer.email)).subject).toBe(`Заказ №${order.number} отменён: истёк срок оплаты`);
  });

  it('not the last units: a bank-transfer order keeps PENDING_TRANSFER_DAYS; cash for the last ones gets the short hold', async () => {
    const buyer = await account();
    const id = await product(4);
    const first = await place(buyer, id, 'bank_transfer', 'en');
    expect(await stockOf(id)).toBe(2);
    expect(first.holdUntil).toBe(at(first, 5 * DAY).toISOString());
    const last = await place(buyer, id, 'cash', 'en');
    expect(await stockOf(id)).toBe(0);
    expect(last.holdUntil).toBe(at(last, 24 * HOUR).toISOString());

    const s = sweeper();
    expect(await s.sweep(at(last, 24 * HOUR))).toContain(last.id);
    expect(await statusOf(first.id)).toBe('pending');
    expect(await s.sweep(at(first, 5 * DAY - 1))).not.toContain(first.id);
    expect(await statusOf(first.id)).toBe('pending');
    expect(await s.sweep(at(first, 5 * DAY))).toContain(first.id);
    expect(await stockOf(id)).toBe(4);
  });

  it('the last seat of a master class by bank transfer at checkout: held PENDING_SCARCE_HOURS, then the seat comes back', async () => {
    const buyer = await account();
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
        seatLimit: 1,
      })
      .returning();
    t.app.cache.invalidate(TRAINING_CACHE_TAG);
    const order = await placeOrder(
      t,
      buyer,
      orderBody([{ type: 'course', id: course!.id, quantity: 1 }], { paymentMethod: 'bank_transfer' }),
      { lang: 'en' },
    );
    const seats = async () => (await t.database.db.select().from(courses).where(eq(courses.id, course!.id)))[0]!;
    expect((await seats()).seatsTaken).toBe(1);
    expect(order.holdUntil).toBe(at(order, 24 * HOUR).toISOString());
    expect(await sweeper().sweep(at(order, 24 * HOUR - 1))).not.toContain(order.id);
    expect(await sweeper().sweep(at(order, 24 * HOUR))).toContain(order.id);
    expect((await seats()).seatsTaken).toBe(0);
  });

  it('a paid (confirmed) order is never expired', async () => {
    const buyer = await account();
    const id = await product(5);
    const order = await place(buyer, id, 'card');
    const service = t.app.services.orders;
    await t.database.db.transaction((tx) => service.confirmPaid(tx, order.id, { note: 'test payment' }));
    expect(await sweeper().sweep(at(order, 365 * DAY))).not.toContain(order.id);
    expect(await statusOf(order.id)).toBe('confirmed');
    expect(await stockOf(id)).toBe(3);
  });

  it('two sweepers at once expire an order once: one cancellation event, stock returned once', async () => {
    const buyer = await account();
    const id = await product(9);
    const placed = [];
    for (let i = 0; i < 4; i += 1) placed.push(await place(buyer, id, 'card', 'en'));
    expect(await stockOf(id)).toBe(1);
    const now = at(placed.at(-1)!, 48 * HOUR);
    const [a, b] = await Promise.all([sweeper().sweep(now), sweeper().sweep(now)]);
    const ids = placed.map((o) => o.id);
    const both = [...a, ...b].filter((x) => ids.includes(x));
    expect(both.sort()).toEqual([...ids].sort());
    for (const order of placed) {
      expect(await cancelEvents(order.id)).toHaveLength(1);
      expect(cancelled.filter((e) => e.orderId === order.id)).toHaveLength(1);
    }
    expect(await stockOf(id)).toBe(9);
  });
});

describe('the sweeper as a job of the runtime', () => {
  it('the started runtime runs passes on its timer with its clock; stop() waits for the pass in flight', async () => {
    const buyer = await account();
    const id = await product(2);
    const order = await place(buyer, id, 'card');
    const orders = t.app.services.orders;
    let passes = 0;
    const s = createOrderExpirySweeper({
      orders: {
        expireDue: async (now, options) => {
          passes += 1;
          return orders.expireDue(now, options);
        },
      },
      log: silent,
    });
    const runtime = createJobRuntime({
      db: t.database.db,
      log: { ...silent, warn() {} },
      singleProcess: false,
      now: () => at(order, 49 * HOUR),
    });
    runtime.recurring({ name: 'test.orders.expire', everyMs: 5, handler: ({ now }) => s.sweep(now) });
    await runtime.start();
    await expect.poll(() => statusOf(order.id)).toBe('cancelled');
    await runtime.stop();
    const after = passes;
    expect(after).toBeGreaterThan(0);
    await expect.poll(() => passes, { timeout: 100 }).toBe(after);
    expect(await stockOf(id)).toBe(2);
  });
});
