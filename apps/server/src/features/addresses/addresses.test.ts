/**
 * "Remember my details": with the order, her name and phone go to her profile and the delivery
 * address to her address book (most recently used first, at most five, the same address once);
 * without it nothing is kept. Only she reads or removes her addresses; deleting the account
 * deletes them.
 */
import { MAX_SAVED_ADDRESSES } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedAddresses } from '../../db/schema';
import { orderBody, postOrder, productLine, productWithStock, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let product: string;
beforeAll(async () => {
  // Seven orders of one customer in a row, none paid.
  t = await createTestContext({ env: { MAX_OPEN_UNPAID_ORDERS: '20' } });
  product = await productWithStock(t, { stock: 100 });
});
afterAll(() => t.close());

const customer = { firstName: 'Вера', lastName: 'Цветкова', email: 'vera@example.com', phone: '+7 912 345-67-89' };
const courier = (address: string, city = 'Казань', postalCode = '420000') => ({
  method: 'standard',
  country: 'Россия',
  city,
  address,
  postalCode,
});

const book = async (user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/addresses', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; country: string; city: string; address: string; postalCode: string }[];
};
const order = async (user: TestUser, extra: Record<string, unknown>) => {
  const res = await postOrder(t, user, orderBody([productLine(product)], { customer, ...extra }));
  expect(res.statusCode, res.body).toBe(201);
};
const profile = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: user.headers })).json().data.user;

describe('remembered details', () => {
  it('without "remember my details" nothing is kept: no address, the profile as it was', async () => {
    const user = await verifiedUser(t);
    await order(user, { delivery: courier('ул. Баумана, 1') });
    expect(await book(user)).toEqual([]);
    expect((await profile(user)).phone).toBeUndefined();
  });

  it('with it: the profile gets her name and phone, the book the address (country as a code, spaces tidied)', async () => {
    const user = await verifiedUser(t);
    await order(user, { delivery: courier('  ул.  Баумана,   1 '), rememberDetails: true });
    expect(await book(user)).toEqual([
      {
        id: expect.any(String),
        country: 'RU',
        city: 'Казань',
        address: 'ул. Баумана, 1',
        postalCode: '420000',
        usedAt: expect.any(String),
      },
    ]);
    expect(await profile(user)).toMatchObject({ firstName: 'Вера', lastName: 'Цветкова', phone: '+7 912 345-67-89' });
  });

  it('the same address again is one entry, moved first; the book keeps the five used last', async () => {
    const user = await verifiedUser(t);
    for (let n = 1; n <= MAX_SAVED_ADDRESSES + 1; n++) {
      await order(user, { delivery: courier(`ул. Садовая, ${n}`), rememberDetails: true });
    }
    await order(user, { delivery: courier('ул. Садовая, 3'), rememberDetails: true });
    const kept = await book(user);
    expect(kept.map((a) => a.address)).toEqual([
      'ул. Садовая, 3',
      'ул. Садовая, 6',
      'ул. Садовая, 5',
      'ул. Садовая, 4',
      'ул. Садовая, 2',
    ]);
  });

  it('a pickup order remembers the contact but no address', async () => {
    const user = await verifiedUser(t);
    await order(user, { delivery: { method: 'pickup' }, paymentMethod: 'cash', rememberDetails: true });
    expect(await book(user)).toEqual([]);
    expect((await profile(user)).lastName).toBe('Цветкова');
  });

  it('only she removes her addresses; a guest reads none (401); a bad id is a 400', async () => {
    const vera = await verifiedUser(t);
    const other = await verifiedUser(t);
    await order(vera, { delivery: courier('ул. Пушкина, 10'), rememberDetails: true });
    const [saved] = await book(vera);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/addresses' })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/user/addresses/not-a-uuid', headers: vera.headers });
    expect(bad.statusCode).toBe(400);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/addresses/${saved!.id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(200);
    expect(await book(vera)).toHaveLength(1);
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/addresses/${saved!.id}`,
      headers: vera.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(await book(vera)).toEqual([]);
  });

  it('deleting the account deletes her addresses', async () => {
    const user = await verifiedUser(t, { password: 'Peony-addresses-2026' });
    await order(user, { delivery: courier('ул. Лесная, 5'), rememberDetails: true });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/account',
      headers: user.headers,
      payload: { password: 'Peony-addresses-2026' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.database.db.select().from(savedAddresses).where(eq(savedAddresses.userId, user.id))).toEqual([]);
  });
});
