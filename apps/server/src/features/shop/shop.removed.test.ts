/**
 * A removed product's old link (an Instagram post's `/shop?product=<id>`): 410 Gone with its name,
 * category and similar pieces when the product existed (archived, or deleted for good and kept as a
 * tombstone), 404 when the id never named one; the pages say the same with `noindex`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorBodySchema, PRODUCT_SIMILAR_MAX, ProductRemovedSchema } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, removedProducts } from '../../db/schema';
import { adminUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { INDEX_HTML } from '../../test/web-template';

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

const base = {
  description: { ru: 'Описание', en: 'Description', es: 'Descripción' },
  priceRub: 100_000,
  priceEur: 1_000,
  priceUsd: 1_100,
} as const;

/** `gone` is the removed product; the others are what its similar pieces are chosen from. */
const SEED = {
  gone: {
    ...base,
    name: { ru: 'Букет «Прощай»', en: 'Farewell bouquet', es: 'Ramo adiós' },
    category: 'collection',
    availability: 'in_stock',
    stock: 1,
    archivedAt: ago(0),
    createdAt: ago(30),
  },
  peony: {
    ...base,
    name: { ru: 'Пион' },
    category: 'collection',
    availability: 'in_stock',
    stock: 3,
    createdAt: ago(3),
  },
  rose: {
    ...base,
    name: { ru: 'Роза' },
    category: 'collection',
    availability: 'on_order',
    stock: null,
    createdAt: ago(2),
  },
  soldOut: {
    ...base,
    name: { ru: 'Распродано' },
    category: 'collection',
    availability: 'out_of_stock',
    stock: null,
    createdAt: ago(1),
  },
  countedOut: {
    ...base,
    name: { ru: 'Кончились' },
    category: 'collection',
    availability: 'in_stock',
    stock: 0,
    createdAt: ago(1),
  },
  otherArchived: {
    ...base,
    name: { ru: 'Другой архивный' },
    category: 'collection',
    availability: 'in_stock',
    stock: 2,
    archivedAt: ago(0),
    createdAt: ago(1),
  },
  scissors: {
    ...base,
    name: { ru: 'Ножницы' },
    category: 'tools',
    availability: 'in_stock',
    stock: 5,
    createdAt: ago(5),
  },
  silk: {
    ...base,
    name: { ru: 'Шёлк' },
    category: 'materials',
    availability: 'in_stock',
    stock: null,
    createdAt: ago(4),
  },
  oldBook: {
    ...base,
    name: { ru: 'Старая книга', en: 'Old book' },
    category: 'book',
    availability: 'in_stock',
    stock: null,
    bookFormats: ['physical', 'digital'],
    digitalFile: { key: 'books/secret-key/book.pdf', filename: 'book.pdf', contentType: 'application/pdf', size: 1 },
    archivedAt: ago(0),
    createdAt: ago(40),
  },
} satisfies Record<string, typeof products.$inferInsert>;
type Key = keyof typeof SEED;

const ids = {} as Record<Key, string>;
const keyOf = new Map<string, Key>();
let t: TestContext;
let webDist: string;
let admin: Record<string, string>;
const NEVER = '00000000-0000-4000-8000-00000000dead';

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'atelier-removed-web-'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestContext({ webDist });
  for (const [key, values] of Object.entries(SEED) as [Key, typeof products.$inferInsert][]) {
    const [row] = await t.database.db.insert(products).values(values).returning({ id: products.id });
    ids[key] = row!.id;
    keyOf.set(row!.id, key);
  }
  admin = { authorization: `Bearer ${(await adminUser(t, { email: 'removed-admin@example.com' })).token}` };
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function removedReply(id: string, lang = 'en') {
  const res = await t.app.inject({ method: 'GET', url: `/api/shop/${id}`, headers: { 'accept-language': lang } });
  expect(res.statusCode, res.body).toBe(410);
  const body = ErrorBodySchema.parse(res.json());
  return { body, details: ProductRemovedSchema.parse(body.details), raw: res.body };
}

describe('GET /api/shop/{id} of a removed product', () => {
  it('an archived product: 410 PRODUCT_REMOVED in the visitor’s language, with its name and category', async () => {
    const { body, details } = await removedReply(ids.gone);
    expect(body).toMatchObject({
      success: false,
      code: 'PRODUCT_REMOVED',
      message: 'This piece is no longer available',
    });
    expect(details).toMatchObject({ removed: true, id: ids.gone, name: SEED.gone.name, category: 'collection' });
    const ru = await removedReply(ids.gone, 'ru');
    expect(ru.body.message).toBe('Этой работы больше нет в магазине');
    const es = await removedReply(ids.gone, 'es');
    expect(es.body.message).toBe('Esta pieza ya no está disponible');
  });

  it('offers what can still be ordered: its category first, then the newest others; never sold-out, counted-out or archived pieces', async () => {
    const { details } = await removedReply(ids.gone);
    expect(details.similar.map((p) => keyOf.get(p.id))).toEqual(['rose', 'peony', 'silk', 'scissors']);
  });

  it('falls back to the newest pieces when nothing of its category is left', async () => {
    const { details } = await removedReply(ids.oldBook);
    expect(details.category).toBe('book');
    expect(details.similar.map((p) => keyOf.get(p.id))).toEqual(['rose', 'peony', 'silk', 'scissors']);
  });

  it('says nothing more of the removed product than its name and category, and leaks no private file', async () => {
    const { details, raw } = await removedReply(ids.oldBook);
    expect(Object.keys(details).sort()).toEqual(['category', 'id', 'name', 'removed', 'similar']);
    expect(raw).not.toContain('secret-key');
    expect(raw).not.toContain('digitalFile');
  });

  it(`offers at most ${PRODUCT_SIMILAR_MAX} pieces`, async () => {
    const many = Array.from({ length: PRODUCT_SIMILAR_MAX + 3 }, (_, i) => ({
      ...SEED.peony,
      name: { ru: `Пион ${i}` },
      createdAt: ago(10 + i),
    }));
    const added = await t.database.db.insert(products).values(many).returning({ id: products.id });
    try {
      const { details } = await removedReply(ids.gone);
      expect(details.similar).toHaveLength(PRODUCT_SIMILAR_MAX);
      expect(details.similar.every((p) => p.category === 'collection')).toBe(true);
    } finally {
      for (const row of added) await t.database.db.delete(products).where(eq(products.id, row.id));
    }
  });

  it('a product deleted for good leaves a tombstone: still 410 with its name and category, twice the same', async () => {
    const [row] = await t.database.db
      .insert(products)
      .values({ ...SEED.peony, name: { ru: 'Одуванчик', en: 'Dandelion' }, category: 'collection' })
      .returning({ id: products.id });
    const id = row!.id;
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/shop/${id}`, headers: admin });
    expect(deleted.json()).toMatchObject({ data: { id, outcome: 'deleted' } });
    const [tombstone] = await t.database.db.select().from(removedProducts).where(eq(removedProducts.id, id));
    expect(tombstone).toMatchObject({ id, name: { ru: 'Одуванчик', en: 'Dandelion' }, category: 'collection' });
    expect(tombstone?.removedAt).toBeInstanceOf(Date);
    const { details } = await removedReply(id);
    expect(details).toMatchObject({ id, name: { ru: 'Одуванчик', en: 'Dandelion' }, category: 'collection' });
    expect(details.similar.some((p) => p.id === id)).toBe(false);
    // Deleting again finds nothing and changes nothing.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/shop/${id}`, headers: admin })).statusCode).toBe(404);
    expect(await t.database.db.select().from(removedProducts).where(eq(removedProducts.id, id))).toHaveLength(1);
    expect((await removedReply(id)).details.name.en).toBe('Dandelion');
  });

  it('an id that never named a product is 404; a malformed one 400', async () => {
    const never = await t.app.inject({ method: 'GET', url: `/api/shop/${NEVER}` });
    expect(never.statusCode).toBe(404);
    expect(never.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'GET', url: '/api/shop/nope' })).statusCode).toBe(400);
  });

  it('a listed product is still answered as itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/${ids.peony}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { id: ids.peony } });
  });
});

describe('the pages of a removed product', () => {
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it.each([
    ['its old link over the shop', (id: string) => `/shop?product=${id}`],
    ['its own page', (id: string) => `/shop/${id}`],
  ])('%s: 410 Gone, noindex, titled as removed in the visitor’s language', async (_, url) => {
    const ru = await page(url(ids.gone));
    expect(ru.statusCode).toBe(410);
    expect(ru.body).toMatch(/<meta name="robots" content="noindex[^"]*">/);
    expect(ru.body).toContain('<title>Этой работы больше нет в магазине — Atelier</title>');
    expect(ru.body).not.toContain('rel="canonical"');
    const en = await page(`${url(ids.gone)}${url(ids.gone).includes('?') ? '&' : '?'}lang=en`);
    expect(en.statusCode).toBe(410);
    expect(en.body).toContain('<title>This piece is no longer available — Atelier</title>');
  });

  it.each([
    ['its old link over the shop', `/shop?product=${NEVER}`],
    ['its own page', `/shop/${NEVER}`],
  ])('%s of an id that never existed: 404 with noindex', async (_, url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatch(/<meta name="robots" content="noindex[^"]*">/);
  });

  it('the shop without a product keeps its own head and 200', async () => {
    const res = await page('/shop?category=collection');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Магазин — Atelier</title>');
  });
});
