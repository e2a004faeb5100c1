import { AdminStatsSchema, AdminUserSchema, listEnvelope, successEnvelope } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, orders, portfolioItems, products, reviews, users } from '../../db/schema';
import { hashPassword } from '../../platform/auth/passwords';
import { createSession } from '../../platform/auth/sessions';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let userToken: string;
let adminToken: string;

type OrderStatus = NonNullable<(typeof orders.$inferInsert)['status']>;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const passwordHash = await hashPassword('Silk-Peony-2024');
  const rows = await db
    .insert(users)
    .values([
      { email: 'maria@example.com', name: 'Мария Иванова', passwordHash, emailVerifiedAt: new Date() },
      { email: 'olga@example.com', name: 'Ольга', passwordHash },
      { email: 'gone@example.com', name: 'Удалённый', deletedAt: new Date() },
      { email: 'st-admin@example.com', name: 'Admin', passwordHash, role: 'admin', emailVerifiedAt: new Date() },
    ])
    .returning();
  userToken = await createSession(db, rows[0]!.id);
  adminToken = await createSession(db, rows[3]!.id);
  const order = (status: OrderStatus, totalRub: number) => ({
    userId: rows[0]!.id,
    status,
    customer: { firstName: 'М', lastName: 'И', email: 'maria@example.com', phone: '+70000000000' },
    delivery: { method: 'pickup' as const },
    paymentMethod: 'card' as const,
    subtotalRub: totalRub,
    totalRub,
  });
  await db
    .insert(orders)
    .values([
      order('pending', 100_00),
      order('confirmed', 2500_50),
      order('delivered', 1000_00),
      order('cancelled', 9999_00),
    ]);
  await db.insert(products).values([
    { name: { ru: 'A' }, description: { ru: '' }, priceRub: 1, category: 'tools' },
    { name: { ru: 'B' }, description: { ru: '' }, priceRub: 1, category: 'tools', archivedAt: new Date() },
  ]);
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

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

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
