/**
 * Favourites: a signed-in customer keeps listed products and published lessons; each account sees
 * and changes only its own; what leaves the catalogue leaves the list; bad input is a 4xx.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favourites, lessons, products } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { productWithStock, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { lessonWithFiles } from '../../test/lessons';
import { createFavouritesRepo } from './favourites.repo';
import { createFavouritesService } from './favourites.service';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const put = (user: TestUser, type: string, id: string) =>
  t.app.inject({ method: 'PUT', url: `/api/favourites/${type}/${id}`, headers: bearer(user.token) });
const del = (user: TestUser, type: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/favourites/${type}/${id}`, headers: bearer(user.token) });
const list = async (user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/favourites', headers: bearer(user.token) });
  expect(res.statusCode).toBe(200);
  return res.json().data as { type: string; id: string; name: { ru: string }; availability: string | null }[];
};

describe('favourites belong to one account', () => {
  it('keeps products and lessons, newest first, described as the catalogue has them now', async () => {
    const anna = await verifiedUser(t);
    const product = await productWithStock(t, { stock: 0 });
    const lesson = await lessonWithFiles(t);
    const added = await put(anna, 'product', product);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ data: { type: 'product', id: product, favourite: true } });
    expect((await put(anna, 'lesson', lesson)).statusCode).toBe(200);
    // Twice is the same as once.
    expect((await put(anna, 'product', product)).statusCode).toBe(200);

    const items = await list(anna);
    expect(items.map((item) => [item.type, item.id])).toEqual([
      ['lesson', lesson],
      ['product', product],
    ]);
    expect(items[1]).toMatchObject({ name: { ru: 'Букет' }, availability: 'out_of_stock', price: { rub: 1500 } });
    expect(items[0]).toMatchObject({ availability: null, price: { rub: 1500 } });
  });

  it('is not visible to, nor changed by, another customer', async () => {
    const anna = await verifiedUser(t);
    const olga = await verifiedUser(t);
    const product = await productWithStock(t);
    await put(anna, 'product', product);
    expect(await list(olga)).toEqual([]);
    // Olga's delete of the same product touches only her own (empty) list.
    expect((await del(olga, 'product', product)).statusCode).toBe(200);
    expect((await list(anna)).map((item) => item.id)).toEqual([product]);
    expect((await del(anna, 'product', product)).json().data.favourite).toBe(false);
    expect(await list(anna)).toEqual([]);
  });

  it('needs a session: a guest gets 401 and nothing is stored', async () => {
    const product = await productWithStock(t);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const url = method === 'GET' ? '/api/favourites' : `/api/favourites/product/${product}`;
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    const rows = await t.database.db.select().from(favourites).where(eq(favourites.productId, product));
    expect(rows).toHaveLength(0);
  });

  it('drops out of the list what leaves the catalogue, and refuses to keep it', async () => {
    const anna = await verifiedUser(t);
    const product = await productWithStock(t);
    const lesson = await lessonWithFiles(t);
    await put(anna, 'product', product);
    await put(anna, 'lesson', lesson);
    await t.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, product));
    await t.database.db.update(lessons).set({ published: false }).where(eq(lessons.id, lesson));
    expect(await list(anna)).toEqual([]);
    const olga = await verifiedUser(t);
    expect((await put(olga, 'product', product)).statusCode).toBe(404);
    expect((await put(olga, 'lesson', lesson)).statusCode).toBe(404);
  });
});

describe('bad input changes nothing', () => {
  it.each([
    ['an unknown type', 'course', '00000000-0000-4000-8000-000000000000', 400],
    ['a malformed id', 'product', 'not-a-uuid', 400],
    ['an unknown product', 'product', '00000000-0000-4000-8000-000000000000', 404],
    ['an unknown lesson', 'lesson', '00000000-0000-4000-8000-000000000000', 404],
  ])('%s → %i', async (_name, type, id, status) => {
    const anna = await verifiedUser(t);
    const res = await put(anna, type, id);
    expect(res.statusCode).toBe(status);
    expect(res.json().success).toBe(false);
    expect(await list(anna)).toEqual([]);
  });

  it('past the limit: 409 and the list stays as it was', async () => {
    const anna = await verifiedUser(t);
    const service = createFavouritesService({
      db: t.database.db,
      repo: createFavouritesRepo(t.database.db),
      products: t.app.services.shop,
      lessons: t.app.services.lessons,
      max: 2,
    });
    const ids = [await productWithStock(t), await productWithStock(t), await productWithStock(t)];
    await service.add(anna.id, 'product', ids[0]!);
    await service.add(anna.id, 'product', ids[1]!);
    await expect(service.add(anna.id, 'product', ids[2]!)).rejects.toMatchObject({ statusCode: 409 });
    // Keeping one already kept is not a new one.
    await service.add(anna.id, 'product', ids[1]!);
    expect((await service.list(anna.id)).map((item) => item.id).sort()).toEqual([ids[0], ids[1]].sort());
  });
});
