import { ErrorBodySchema, listEnvelope, PortfolioItemSchema, successEnvelope } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioItems, products } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { PORTFOLIO_CACHE_TAG } from './portfolio.schemas';

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const image = (name: string) => ({
  url: `/uploads/portfolio/${name}.webp`,
  thumb: `/uploads/portfolio/${name}-thumb.webp`,
  medium: `/uploads/portfolio/${name}-medium.webp`,
  large: `/uploads/portfolio/${name}-large.webp`,
});

let t: TestContext;
const ids: Record<string, string> = {};
const keyOf = new Map<string, string>();
let listedProduct: string;
let archivedProduct: string;

const product = (name: string, archivedAt: Date | null) => ({
  name: { ru: name },
  description: { ru: name },
  priceRub: 100_000,
  category: 'collection' as const,
  archivedAt,
});

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const [listed, archived] = await db
    .insert(products)
    .values([product('Букет', null), product('Старый букет', ago(1))])
    .returning({ id: products.id });
  listedProduct = listed!.id;
  archivedProduct = archived!.id;
  // Admin order: sortOrder first; equal positions in the order they were added.
  type Seed = Pick<
    typeof portfolioItems.$inferInsert,
    'category' | 'sortOrder' | 'createdAt' | 'linkedProductId' | 'mainImageIndex'
  > & { key: string };
  const seeds: Seed[] = [
    { key: 'w2', category: 'wedding', sortOrder: 2, createdAt: ago(30), linkedProductId: listedProduct },
    { key: 'c1', category: 'corporate', sortOrder: 1, createdAt: ago(5), linkedProductId: archivedProduct },
    { key: 'p3a', category: 'personal', sortOrder: 3, createdAt: ago(20) },
    { key: 'p3b', category: 'personal', sortOrder: 3, createdAt: ago(10) },
    { key: 'w0', category: 'wedding', sortOrder: 0, createdAt: ago(1), mainImageIndex: 5 },
  ];
  const rows = seeds.map((row) => ({
    ...row,
    title: { ru: `Работа ${row.key}`, en: `Work ${row.key}` },
    description: { ru: `Описание ${row.key}` },
    images: [image(`${row.key}-1`), image(`${row.key}-2`)],
    mainImageIndex: row.mainImageIndex ?? 1,
  }));
  for (const { key, ...values } of rows) {
    const [row] = await db.insert(portfolioItems).values(values).returning({ id: portfolioItems.id });
    ids[key] = row!.id;
    keyOf.set(row!.id, key);
  }
});
afterAll(() => t.close());

async function keys(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/portfolio${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = listEnvelope(PortfolioItemSchema).parse(res.json());
  return { keys: body.data.map((item) => keyOf.get(item.id)!), meta: body.meta, data: body.data };
}

describe('GET /api/portfolio', () => {
  it('lists every item in the admin order (sortOrder, then date added) with a default limit of 12', async () => {
    const { keys: order, meta } = await keys();
    expect(order).toEqual(['w0', 'c1', 'w2', 'p3a', 'p3b']);
    expect(meta).toEqual({ total: 5, page: 1, limit: 12 });
  });

  it.each([
    ['all', ['w0', 'c1', 'w2', 'p3a', 'p3b']],
    ['wedding', ['w0', 'w2']],
    ['corporate', ['c1']],
    ['personal', ['p3a', 'p3b']],
  ])('category=%s shows only that category', async (category, expected) => {
    const { keys: order, meta } = await keys(`?category=${category}`);
    expect(order).toEqual(expected);
    expect(meta.total).toBe(expected.length);
  });

  it('pages through the list without overlap', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const { keys: order, meta } = await keys(`?limit=2&page=${page}`);
      expect(meta).toEqual({ total: 5, page, limit: 2 });
      pages.push(...order);
    }
    expect(pages).toEqual(['w0', 'c1', 'w2', 'p3a', 'p3b']);
  });

  it('links only to a product that is still listed', async () => {
    const { data } = await keys();
    const byKey = Object.fromEntries(data.map((item) => [keyOf.get(item.id), item]));
    expect(byKey.w2!.linkedProductId).toBe(listedProduct);
    expect(byKey.c1!.linkedProductId).toBeNull();
    expect(byKey.p3a!.linkedProductId).toBeNull();
  });

  it('keeps the main image index inside the image list', async () => {
    const { data } = await keys();
    const byKey = Object.fromEntries(data.map((item) => [keyOf.get(item.id), item]));
    expect(byKey.w2!.mainImageIndex).toBe(1);
    expect(byKey.w0!.mainImageIndex).toBe(0);
  });

  it.each(['category=bogus', 'limit=0', 'limit=1000', 'page=-1', 'page=abc'])(
    '%s → 400 VALIDATION_ERROR',
    async (query) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/portfolio?${query}` });
      expect(res.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(res.json()).code).toBe('VALIDATION_ERROR');
    },
  );
});

describe('GET /api/portfolio/{id}', () => {
  it('returns one item in the shared shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/portfolio/${ids.w2}` });
    expect(res.statusCode).toBe(200);
    const body = successEnvelope(PortfolioItemSchema).parse(res.json());
    expect(body.data).toMatchObject({ id: ids.w2, category: 'wedding', title: { ru: 'Работа w2', en: 'Work w2' } });
    expect(body.data.images).toHaveLength(2);
  });

  it('a malformed id → 400 VALIDATION_ERROR', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/portfolio/12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('an unknown id → 404 NOT_FOUND envelope', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/portfolio/00000000-0000-4000-8000-000000000000',
      headers: { 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Recurso no encontrado' });
  });
});

describe('public cache', () => {
  it('a repeated request is a cache HIT until the portfolio tag is invalidated', async () => {
    const url = '/api/portfolio?category=corporate';
    await t.app.inject({ method: 'GET', url });
    expect((await t.app.inject({ method: 'GET', url })).headers['x-cache']).toBe('HIT');
    await t.database.db
      .update(portfolioItems)
      .set({ title: { ru: 'Новое название' } })
      .where(eq(portfolioItems.id, ids.c1!));
    expect((await t.app.inject({ method: 'GET', url })).body).not.toContain('Новое название');
    t.app.cache.invalidate(PORTFOLIO_CACHE_TAG);
    const fresh = await t.app.inject({ method: 'GET', url });
    expect(fresh.headers['x-cache']).toBe('MISS');
    expect(fresh.body).toContain('Новое название');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const url = `/api/portfolio/${ids.p3a}`;
    const first = await t.app.inject({ method: 'GET', url });
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});
