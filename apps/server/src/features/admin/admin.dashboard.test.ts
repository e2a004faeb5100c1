/**
 * The owner's dashboard: revenue and paid orders per day / week / month in the shop's time zone
 * (only confirmed and later count), the top goods and lessons of the range, and the "needs action"
 * list with what each item links to.
 */
import { AdminNeedsActionSchema, AdminSalesSchema, successEnvelope } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, paymentAlerts, payments, reviews } from '../../db/schema';
import { bearer } from '../../test/accounts';
import {
  adminUser,
  productWithStock,
  type StoredOrderItem,
  type StoredOrderValues,
  storedOrder,
  verifiedUser,
} from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

const HOUR = 3_600_000;
let t: TestContext;
let adminToken: string;
let userToken: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext({ env: { SHOP_TIMEZONE: 'Europe/Moscow', PENDING_ORDER_HOURS: '48' } });
  const db = t.database.db;
  const buyer = await verifiedUser(t, { email: 'dash-buyer@example.test', name: 'Buyer' });
  userToken = buyer.token;
  adminToken = (await adminUser(t, { email: 'dash-admin@example.test' })).token;
  const tool = async (name: string, priceRub: number) => ({
    id: await productWithStock(t, { name: { ru: name }, description: { ru: '' }, priceRub, category: 'tools' }),
    name: { ru: name },
    priceRub,
  });
  const a = await tool('Пион', 500_00);
  const b = await tool('Роза', 2000_00);
  const [lesson] = await db
    .insert(lessons)
    .values({ number: 1, title: { ru: 'Урок' }, description: { ru: '' }, level: 'basic', priceRub: 500_50 } as never)
    .returning();

  async function order(key: string, values: StoredOrderValues, items: StoredOrderItem[] = []) {
    const customer = { firstName: 'B', lastName: 'C', email: 'dash-buyer@example.test', phone: '+70000000000' };
    ids[key] = (await storedOrder(t, buyer.id, { customer, ...values }, items)).id;
  }
  const product = (p: typeof a, quantity: number) => ({
    type: 'product' as const,
    productId: p.id,
    name: p.name,
    unitPriceRub: p.priceRub,
    quantity,
  });
  // 2026-01-31 23:59 and 2026-02-01 00:00 in Moscow (UTC+3).
  await order('jan31', { status: 'confirmed', totalRub: 1000_00, createdAt: new Date('2026-01-31T20:59:00Z') }, [
    product(a, 2),
  ]);
  await order('feb1', { status: 'shipped', totalRub: 2000_00, createdAt: new Date('2026-01-31T21:00:00Z') }, [
    product(b, 1),
  ]);
  await order('pending', { status: 'pending', totalRub: 5000_00, createdAt: new Date('2026-02-01T10:00:00Z') }, [
    product(a, 10),
  ]);
  await order('cancelled', { status: 'cancelled', totalRub: 9000_00, createdAt: new Date('2026-02-02T10:00:00Z') });
  await order(
    'feb3',
    {
      status: 'delivered',
      totalRub: 500_50,
      delivery: { method: 'none' },
      createdAt: new Date('2026-02-03T10:00:00Z'),
    },
    [{ type: 'lesson', lessonId: lesson!.id, name: { ru: 'Урок' }, unitPriceRub: 500_50, quantity: 1 }],
  );
  await order('feb9', { status: 'processing', totalRub: 300_00, createdAt: new Date('2026-02-09T10:00:00Z') });
  await order('digitalPaid', { status: 'confirmed', totalRub: 100_00, delivery: { method: 'none' } });
  // Needs action.
  const now = Date.now();
  await order('expiring', { status: 'pending', totalRub: 700_00, createdAt: new Date(now - 40 * HOUR) });
  await order('notYet', { status: 'pending', totalRub: 700_00, createdAt: new Date(now - 20 * HOUR) });
  await order('paypal', { status: 'pending', totalRub: 800_00, paymentMethod: 'paypal' });
  await db.insert(payments).values({
    orderId: ids.paypal!,
    provider: 'paypal-manual',
    status: 'requested',
    amountMinor: 800_00,
    currency: 'RUB',
    idempotenceKey: 'dash-paypal',
  } as never);
  const [review] = await db.insert(reviews).values({ userName: 'Оля', text: 'Спасибо', status: 'pending' }).returning();
  ids.review = review!.id;
  await db.insert(reviews).values({ userName: 'Ира', text: 'ok', status: 'approved' });
  const [alert] = await db
    .insert(paymentAlerts)
    .values([
      { orderId: ids.cancelled!, provider: 'test', kind: 'order_cancelled', details: {} },
      { orderId: ids.feb1!, provider: 'test', kind: 'amount_mismatch', details: {}, resolvedAt: new Date() },
    ])
    .returning();
  ids.alert = alert!.id;
});
afterAll(() => t.close());

async function sales(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/sales?${query}`, headers: bearer(adminToken) });
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(AdminSalesSchema).parse(res.json()).data;
}

describe('GET /api/admin/sales', () => {
  it('per day: only paid orders, in RUB, split at midnight Moscow time, empty days as zero', async () => {
    const data = await sales('period=day&from=2026-01-31&to=2026-02-03');
    expect(data.buckets).toEqual([
      { start: '2026-01-31', orders: 1, revenueRub: 1000 },
      { start: '2026-02-01', orders: 1, revenueRub: 2000 },
      { start: '2026-02-02', orders: 0, revenueRub: 0 },
      { start: '2026-02-03', orders: 1, revenueRub: 500.5 },
    ]);
    expect(data.totals).toEqual({ orders: 3, revenueRub: 3500.5 });
  });

  it('per week (from Monday) and per month', async () => {
    const weeks = await sales('period=week&from=2026-01-26&to=2026-02-15');
    expect(weeks.buckets).toEqual([
      { start: '2026-01-26', orders: 2, revenueRub: 3000 },
      { start: '2026-02-02', orders: 1, revenueRub: 500.5 },
      { start: '2026-02-09', orders: 1, revenueRub: 300 },
    ]);
    const months = await sales('period=month&from=2026-01-01&to=2026-02-28');
    expect(months.buckets).toEqual([
      { start: '2026-01-01', orders: 1, revenueRub: 1000 },
      { start: '2026-02-01', orders: 3, revenueRub: 2800.5 },
    ]);
  });

  it('without dates: the last 30 days up to today', async () => {
    const data = await sales('period=day');
    expect(data.buckets).toHaveLength(30);
    expect(data.totals.orders).toBe(1); // the digital paid order placed now
  });

  it('top goods and lessons of the range, by revenue, paid orders only', async () => {
    const data = await sales('period=day&from=2026-01-31&to=2026-02-03');
    expect(data.top.products.map((p) => [p.name, p.quantity, p.revenueRub])).toEqual([
      ['Роза', 1, 2000],
      ['Пион', 2, 1000], // the pending order's ten peonies do not count
    ]);
    expect(data.top.lessons).toEqual([
      expect.objectContaining({ name: 'Урок', type: 'lesson', quantity: 1, revenueRub: 500.5 }),
    ]);
    const narrow = await sales('period=day&from=2026-02-01&to=2026-02-01');
    expect(narrow.top.products.map((p) => p.name)).toEqual(['Роза']);
  });

  it.each(['period=year', 'from=2026-02-10&to=2026-02-01', 'from=2020-01-01&to=2026-01-01', 'from=yesterday'])(
    '?%s → 400',
    async (query) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/sales?${query}`, headers: bearer(adminToken) });
      expect(res.statusCode).toBe(400);
    },
  );
});

describe('GET /api/admin/needs-action', () => {
  it('lists orders about to expire, orders to ship, reviews, PayPal requests and open payment alerts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/needs-action', headers: bearer(adminToken) });
    expect(res.statusCode, res.body).toBe(200);
    const data = successEnvelope(AdminNeedsActionSchema).parse(res.json()).data;
    expect(data.expiringOrders.map((o) => o.id)).toEqual([ids.expiring]);
    expect(Date.parse(data.expiringOrders[0]!.at) - Date.now()).toBeGreaterThan(7 * HOUR);
    // Paid, with something to send: not shipped/delivered ones, not a lessons-only order.
    expect(data.toShip.map((o) => o.id).sort()).toEqual([ids.jan31, ids.feb9].sort());
    expect(data.reviews.map((r) => r.id)).toEqual([ids.review]);
    expect(data.paypalRequests.map((o) => o.id)).toEqual([ids.paypal]);
    expect(data.paymentAlerts.map((a) => a.id)).toEqual([ids.alert]);
    expect(data.counts).toEqual({
      expiringOrders: 1,
      toShip: 2,
      reviews: 1,
      studentWorks: 0,
      paypalRequests: 1,
      paymentAlerts: 1,
      customRequests: 0,
    });
  });

  it.each(['/api/admin/needs-action', '/api/admin/sales'])('%s: guest → 401, customer → 403', async (url) => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(userToken) })).statusCode).toBe(403);
  });
});
