import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, purchases } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { productWithStock, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let user: TestUser;
let product: string;
let scarce: string;
let out: string;
let lesson: string;
let owned: string;

beforeAll(async () => {
  t = await createTestContext();
  user = await verifiedUser(t, { email: 'cart@example.com' });
  const base = { name: { ru: 'Букет', en: 'Bouquet' }, description: { ru: 'Шёлк' }, priceEur: null, priceUsd: null };
  product = await productWithStock(t, { ...base, priceRub: 150_000, priceEur: 1_600, stock: 10 });
  scarce = await productWithStock(t, { ...base, priceRub: 50_000, stock: 1 });
  out = await productWithStock(t, { ...base, priceRub: 50_000, availability: 'out_of_stock', stock: null });
  const lessonRows = await t.database.db
    .insert(lessons)
    .values([
      { number: 1, title: { ru: 'Урок' }, description: { ru: '.' }, level: 'basic' as const, priceRub: 90_000 },
      { number: 2, title: { ru: 'Урок 2' }, description: { ru: '.' }, level: 'basic' as const, priceRub: 90_000 },
    ])
    .returning({ id: lessons.id });
  [lesson, owned] = lessonRows.map((row) => row.id) as [string, string];
  await t.database.db.insert(purchases).values({ userId: user.id, lessonId: owned });
});
afterAll(() => t.close());

const put = (items: unknown[], token = user.token) =>
  t.app.inject({ method: 'PUT', url: '/api/cart', headers: bearer(token), payload: { items } });
const get = (token = user.token) => t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) });

describe('GET|PUT /api/cart (cart rules: merged lines, lessons one piece)', () => {
  it('an empty cart to start with; guests get 401', async () => {
    expect((await get()).json().data).toEqual({ items: [], updatedAt: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/cart' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/cart', payload: { items: [] } })).statusCode).toBe(401);
  });

  it('PUT stores the cart for the user (another device reads it back); same id + type merge', async () => {
    const res = await put([
      { type: 'product', id: product, quantity: 2, price: 1 },
      { type: 'product', id: product, quantity: 3 },
      { type: 'lesson', id: lesson, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    const again = (await get()).json().data;
    expect(again.items).toEqual([
      expect.objectContaining({
        type: 'product',
        id: product,
        quantity: 5,
        price: { rub: 1500, eur: 16, usd: null },
        physical: true,
        available: true,
        problem: null,
      }),
      expect.objectContaining({ type: 'lesson', id: lesson, quantity: 1, physical: false, available: true }),
    ]);
    expect(again.updatedAt).not.toBeNull();
  });

  it('flags lines that cannot be ordered as they are', async () => {
    const res = await put([
      { type: 'product', id: scarce, quantity: 2 },
      { type: 'product', id: out, quantity: 1 },
      { type: 'product', id: '00000000-0000-4000-8000-000000000000', quantity: 1 },
      { type: 'lesson', id: owned, quantity: 1 },
    ]);
    expect(
      res.json().data.items.map((line: { problem: string; available: boolean }) => [line.problem, line.available]),
    ).toEqual([
      ['insufficient_stock', false],
      ['out_of_stock', false],
      ['not_found', false],
      ['already_owned', false],
    ]);
  });

  it.each([
    ['"1"', '1'],
    ['1.5', 1.5],
    ['0', 0],
    ['-1', -1],
    ['1e9', 1e9],
    ['null', null],
  ])('a quantity of %s is a 400 and the stored cart is unchanged', async (_label, quantity) => {
    await put([{ type: 'product', id: product, quantity: 1 }]);
    const res = await put([{ type: 'product', id: product, quantity }]);
    expect(res.statusCode).toBe(400);
    expect((await get()).json().data.items[0].quantity).toBe(1);
  });

  it('an empty list clears the cart', async () => {
    await put([{ type: 'product', id: product, quantity: 1 }]);
    expect((await put([])).json().data.items).toEqual([]);
    expect((await get()).json().data.items).toEqual([]);
  });
});
