import { AdminStatsSchema, AdminUserSchema, listEnvelope, successEnvelope } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, portfolioItems, reviews } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { adminUser, productWithStock, type StoredOrderValues, storedOrder, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let userToken: string;
let adminToken: string;

type OrderStatus = NonNullable<StoredOrderValues['status']>;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const maria = await verifiedUser(t, { email: 'maria@example.com', name: 'Мария Иванова' });
  await verifiedUser(t, { email: 'olga@example.com', name: 'Ольга', verified: false });
  await verifiedUser(t, { email: 'gone@example.com', name: 'Удалённый', verified: false, deletedAt: new Date() });
  userToken = maria.token;
  adminToken = (await adminUser(t, { email: 'st-admin@example.com' })).token;
  const customer = { firstName: 'М', lastName: 'И', email: 'maria@example.com', phone: '+70000000000' };
  const orders: [OrderStatus, number][] = [
    ['pending', 100_00],
    ['confirmed', 2500_50],
    ['delivered', 1000_00],
    ['cancelled', 9999_00],
  ];
  for (const [status, totalRub] of orders) await storedOrder(t, maria.id, { status, customer, totalRub });
  await productWithStock(t, { name: { ru: 'A' }, description: { ru: '' }, priceRub: 1, category: 'tools' });
  await productWithStock(t, {
    name: { ru: 'B' },
    description: { ru: '' },
    priceRub: 1,
    category: 'tools',
    archivedAt: new Date(),
  });
  await db
    .insert(lessons)
    .values({ number: 1, title: { ru: 'Урок' }, description: { ru: '' }, level: 'basic', priceRub: 1 } as never);
  await db.insert(portfolioItems).values({ title: { ru: 'P' }, description: { ru: '' }, category: 'wedding' });
  await db.insert(reviews).values([
    { userName: 'x', text: 'pending review', status: 'pending' },
    { userName: 'y', text: 'approved review', status: 'approved' },
  ]);
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('admin dashboard API', () => {
  it.each(['/api/admin/stats', '/api/admin/users'])('%s: guest → 401, customer → 403', async (url) => {
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, userToken)).statusCode).toBe(403);
  });

  it('GET /api/admin/stats counts orders, pending ones, paid revenue in rubles, live users, listed products…', async () => {
    const res = await get('/api/admin/stats', adminToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(successEnvelope(AdminStatsSchema).parse(res.json()).data).toEqual({
      orders: 4,
      pendingOrders: 1,
      revenueRub: 3500.5, // confirmed 2500.50 + delivered 1000; pending and cancelled do not count
      users: 3, // the deleted account is not counted
      products: 1, // the archived product is not counted
      lessons: 1,
      pendingReviews: 1,
      portfolio: 1,
    });
  });

  it('GET /api/admin/users lists live accounts newest first with order counts, searchable by name or email', async () => {
    const all = listEnvelope(AdminUserSchema).parse((await get('/api/admin/users', adminToken)).json());
    expect(all.meta).toEqual({ total: 3, page: 1, limit: 20 });
    expect(all.data.map((u) => u.email)).not.toContain('gone@example.com');
    const maria = all.data.find((u) => u.email === 'maria@example.com')!;
    expect(maria).toMatchObject({ name: 'Мария Иванова', orders: 4, emailVerified: true, role: 'user' });
    expect(all.data.find((u) => u.email === 'olga@example.com')).toMatchObject({ emailVerified: false, orders: 0 });

    const byName = listEnvelope(AdminUserSchema).parse(
      (await get('/api/admin/users?search=иванова', adminToken)).json(),
    );
    expect(byName.data.map((u) => u.email)).toEqual(['maria@example.com']);
    const byEmail = listEnvelope(AdminUserSchema).parse(
      (await get('/api/admin/users?search=OLGA@', adminToken)).json(),
    );
    expect(byEmail.data.map((u) => u.email)).toEqual(['olga@example.com']);
    const page = listEnvelope(AdminUserSchema).parse((await get('/api/admin/users?limit=2&page=2', adminToken)).json());
    expect(page.data).toHaveLength(1);
    expect(page.meta).toEqual({ total: 3, page: 2, limit: 2 });
  });

  it.each(['limit=0', 'limit=101', 'page=0'])('GET /api/admin/users?%s → 400', async (query) => {
    expect((await get(`/api/admin/users?${query}`, adminToken)).statusCode).toBe(400);
  });
});
