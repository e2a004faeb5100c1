import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, favourites, orders, reviews, sessions, stockAlerts, users } from '../../db/schema';
import { bearer, GOOD_PASSWORD, login, signUp } from '../../test/accounts';
import { productWithStock, storedOrder } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_IP: '100000' } });
});
afterAll(() => t.close());

const en = { 'accept-language': 'en' };

describe('profile', () => {
  it('GET /api/user/profile → { user } in the shared User shape; guests get 401', async () => {
    const { token } = await signUp(t, 'profile@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data.user).sort()).toEqual([
      'email',
      'emailVerified',
      'id',
      'isAdmin',
      'marketingConsent',
      'name',
      'role',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
  });

  it('PUT updates name, first/last name and phone; the email cannot be changed here', async () => {
    const { token } = await signUp(t, 'update@example.com');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...bearer(token), ...en },
      payload: {
        name: '  Maria ',
        firstName: 'Maria',
        lastName: 'Ivanova',
        phone: '+7 (912) 345-67-89',
        email: 'hijack@example.com',
        role: 'admin',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Profile updated',
      data: {
        user: {
          id: expect.any(String),
          name: 'Maria',
          firstName: 'Maria',
          lastName: 'Ivanova',
          phone: '+7 (912) 345-67-89',
          email: 'update@example.com',
          role: 'user',
          isAdmin: false,
          emailVerified: true,
          marketingConsent: false,
        },
      },
    });
    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(token),
      payload: { name: 'Maria', phone: '' },
    });
    expect(cleared.json().message).toBe('Профиль обновлён');
    expect(cleared.json().data.user.phone).toBeUndefined();
    expect(cleared.json().data.user.lastName).toBe('Ivanova');
  });

  it.each([
    [{ name: 'M', phone: '' }, 'name', 'The name must contain at least 2 characters'],
    [{ name: 'Maria', phone: '12-34' }, 'phone', 'Invalid phone number format'],
    [{ name: 'Maria', phone: '+7 912 abc 67 89' }, 'phone', 'Invalid phone number format'],
  ])('bad profile %j → 400 with a field message', async (payload, field, message) => {
    const { token } = await signUp(t, `bad-${field}-${Math.random().toString(36).slice(2, 8)}@example.com`);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...bearer(token), ...en },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toContainEqual({ field, message });
  });
});

/** A 1 500 ₽ order of one peony in the user's history. */
function placeOrder(userId: string, email: string) {
  return storedOrder(
    t,
    userId,
    { customer: { firstName: 'Anna', lastName: 'Petrova', email, phone: '+79123456789' }, totalRub: 150_000 },
    [{ type: 'product', name: { ru: 'Пион', en: 'Peony' }, unitPriceRub: 150_000, quantity: 1 }],
  );
}

describe('data export', () => {
  it('downloads the user’s own data as a JSON attachment, without hashes or tokens', async () => {
    const { token, user } = await signUp(t, 'export@example.com');
    const other = await signUp(t, 'export-other@example.com');
    await placeOrder(user.id, 'export@example.com');
    await placeOrder(other.user.id, 'export-other@example.com');
    await t.database.db
      .insert(reviews)
      .values({ userId: user.id, userName: 'Anna', text: 'Beautiful flowers!', rating: 5 });
    const kept = await productWithStock(t, { stock: 0 });
    await t.database.db.insert(favourites).values({ userId: user.id, productId: kept });
    await t.database.db
      .insert(stockAlerts)
      .values({ productId: kept, email: 'export@example.com', language: 'es', status: 'active' });
    const res = await t.app.inject({ method: 'GET', url: '/api/user/export', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="atelier-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['content-type']).toContain('application/json');
    const data = res.json();
    expect(data.profile).toMatchObject({ email: 'export@example.com', name: 'Anna Petrova' });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      total: 1500,
      items: [{ name: { en: 'Peony' }, quantity: 1, unitPrice: 1500 }],
    });
    expect(data.reviews).toEqual([expect.objectContaining({ text: 'Beautiful flowers!', rating: 5 })]);
    expect(data.purchases).toEqual([]);
    expect(data.favourites).toEqual([{ type: 'product', id: kept, addedAt: expect.any(String) }]);
    expect(data.stockAlerts).toEqual([expect.objectContaining({ productId: kept, status: 'active', language: 'es' })]);
    expect(data.profile.marketingConsentAt).toBeNull();
    expect(res.body).not.toContain('scrypt$');
    expect(res.body).not.toMatch(/hash|token/i);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('a wrong password → 400 and nothing is deleted', async () => {
    const { token } = await signUp(t, 'keep-me@example.com');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/account',
      headers: { ...bearer(token), ...en },
      payload: { password: 'not-my-password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Wrong password');
    expect((await login(t, 'keep-me@example.com')).statusCode).toBe(200);
  });

  it('anonymises the user, ends every session, drops the cart, favourites, alerts and consent; orders and reviews stay; login is impossible', async () => {
    const { token, user } = await signUp(t, 'leaving@example.com');
    const second = (await login(t, 'leaving@example.com')).json().data.token;
    const order = await placeOrder(user.id, 'leaving@example.com');
    await t.database.db
      .insert(carts)
      .values({ userId: user.id, items: [{ type: 'product', id: order.id, quantity: 1 }] });
    await t.database.db
      .insert(reviews)
      .values({ userId: user.id, userName: 'Anna', text: 'Lovely bouquet, thank you', rating: 5 });
    const product = await productWithStock(t, { stock: 0 });
    await t.database.db.insert(favourites).values({ userId: user.id, productId: product });
    await t.database.db
      .insert(stockAlerts)
      .values([
        { productId: product, email: 'leaving@example.com', userId: user.id, language: 'en', status: 'active' },
      ]);
    await t.database.db.update(users).set({ marketingConsentAt: new Date() }).where(eq(users.id, user.id));

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/account',
      headers: { ...bearer(token), ...en },
      payload: { password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null, message: 'Your account has been deleted' });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      email: null,
      name: 'Deleted user',
      firstName: null,
      lastName: null,
      phone: null,
      passwordHash: null,
      marketingConsentAt: null,
    });
    expect(row?.deletedAt).not.toBeNull();
    expect(await t.database.db.select().from(favourites).where(eq(favourites.userId, user.id))).toEqual([]);
    expect(await t.database.db.select().from(stockAlerts).where(eq(stockAlerts.productId, product))).toEqual([]);
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    for (const tk of [token, second]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tk) })).statusCode).toBe(401);
    }
    expect(await t.database.db.select().from(carts).where(eq(carts.userId, user.id))).toEqual([]);
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept?.userId).toBe(user.id);
    const [review] = await t.database.db.select().from(reviews).where(eq(reviews.userId, user.id));
    expect(review?.userName).toBe('Anna');

    const again = await login(t, 'leaving@example.com');
    expect(again.statusCode).toBe(401);
    // The address is free again: a new registration starts from scratch.
    const fresh = await signUp(t, 'leaving@example.com');
    expect(fresh.user.id).not.toBe(user.id);
  });
});
