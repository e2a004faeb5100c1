import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorBodySchema, listEnvelope, ProductSchema, successEnvelope } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { INDEX_HTML } from '../../test/web-template';
import { SHOP_CACHE_TAG } from './shop.schemas';

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const image = (name: string) => ({
  url: `/uploads/products/${name}.webp`,
  thumb: `/uploads/products/${name}-thumb.webp`,
  medium: `/uploads/products/${name}-medium.webp`,
  large: `/uploads/products/${name}-large.webp`,
});

const SEED = {
  bouquet: {
    name: { ru: 'Букет «Утро»', en: 'Morning bouquet', es: 'Ramo de la mañana' },
    description: { ru: 'Пудровые розы', en: 'Powder roses', es: 'Rosas empolvadas' },
    priceRub: 150_000,
    priceEur: 1_600,
    priceUsd: 1_750,
    category: 'collection',
    subcategory: 'bouquets',
    availability: 'in_stock',
    stock: 2,
    images: [image('bouquet')],
    createdAt: ago(10),
  },
  brooch: {
    name: { ru: 'Ёлочная брошь', en: 'Pine brooch', es: 'Broche de abeto' },
    description: { ru: 'Брошь из шёлка', en: 'A silk brooch', es: 'Un broche de seda' },
    priceRub: 150_000,
    priceEur: null,
    priceUsd: null,
    category: 'collection',
    subcategory: 'accessories',
    availability: 'on_order',
    stock: null,
    createdAt: ago(9),
  },
  book: {
    name: { ru: 'Книга о шёлке', en: 'The silk book', es: 'El libro de la seda' },
    description: { ru: 'Шаблоны лепестков', en: 'Templates for a PEONY', es: 'Plantillas para una peonía' },
    priceRub: 250_000,
    priceEur: 2_700,
    priceUsd: 2_900,
    category: 'book',
    availability: 'in_stock',
    stock: null,
    bookFormats: ['physical', 'digital'],
    digitalFile: { key: 'books/secret-key/book.pdf', filename: 'book.pdf', contentType: 'application/pdf', size: 1 },
    createdAt: ago(8),
  },
  tool: {
    name: { ru: 'Булька 50% набор', en: 'Ball tool 50% set', es: 'Bolillo 50% juego' },
    description: { ru: 'Инструмент', en: 'A tool', es: 'Una herramienta' },
    priceRub: 100_000,
    priceEur: 1_100,
    priceUsd: 1_200,
    category: 'tools',
    availability: 'out_of_stock',
    stock: 0,
    createdAt: ago(7),
  },
  silk: {
    name: { ru: 'Шёлк_натуральный', en: 'Natural_silk', es: 'Seda_natural' },
    description: { ru: 'Ткань', en: 'Fabric', es: 'Tela' },
    priceRub: 99_999,
    priceEur: 1_000,
    priceUsd: 1_100,
    category: 'materials',
    availability: 'in_stock',
    stock: 40,
    createdAt: ago(6),
  },
  scissors: {
    name: { ru: 'Ножницы', en: 'Scissors (model A\\B)', es: 'Tijeras' },
    description: { ru: 'Острые', en: 'Sharp', es: 'Afiladas' },
    priceRub: 120_000,
    priceEur: 1_300,
    priceUsd: 1_400,
    category: 'tools',
    availability: 'in_stock',
    stock: 5,
    createdAt: ago(5),
  },
  archived: {
    name: { ru: 'Архивный букет', en: 'Archived bouquet', es: 'Ramo archivado' },
    description: { ru: 'Снят с продажи', en: 'No longer sold', es: 'Ya no se vende' },
    priceRub: 150_000,
    priceEur: 1_600,
    priceUsd: 1_750,
    category: 'collection',
    subcategory: 'bouquets',
    availability: 'in_stock',
    stock: 1,
    archivedAt: ago(0),
    createdAt: ago(1),
  },
} satisfies Record<string, typeof products.$inferInsert>;
type Key = keyof typeof SEED;

const ids = {} as Record<Key, string>;
const nameOf = new Map<string, Key>();
let t: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'atelier-shop-web-'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestContext({ webDist });
  for (const [key, values] of Object.entries(SEED) as [Key, typeof products.$inferInsert][]) {
    const [row] = await t.database.db.insert(products).values(values).returning({ id: products.id });
    ids[key] = row!.id;
    nameOf.set(row!.id, key);
  }
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function shop(query = '', headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api/shop${query}`, headers });
  return res;
}

/** Lists `query` and returns the seed keys in reply order, checking the reply against the shared schema. */
async function keys(query: string): Promise<Key[]> {
  const res = await shop(query);
  expect(res.statusCode, res.body).toBe(200);
  return listEnvelope(ProductSchema)
    .parse(res.json())
    .data.map((p) => nameOf.get(p.id)!);
}

describe('GET /api/shop — listing', () => {
  it('lists every product that is not archived, recommended order by default, in the shared list envelope', async () => {
    const res = await shop();
    const body = listEnvelope(ProductSchema).parse(res.json());
    expect(body.data.map((p) => nameOf.get(p.id))).toEqual(['bouquet', 'scissors', 'silk', 'book', 'tool', 'brooch']);
    expect(body.meta).toEqual({ total: 6, page: 1, limit: 24 });
  });

  it('shows prices in major units from the minor units stored, null where not sold', async () => {
    const body = listEnvelope(ProductSchema).parse((await shop()).json());
    const byKey = Object.fromEntries(body.data.map((p) => [nameOf.get(p.id), p]));
    expect(byKey.bouquet!.price).toEqual({ rub: 1500, eur: 16, usd: 17.5 });
    expect(byKey.silk!.price).toEqual({ rub: 999.99, eur: 10, usd: 11 });
    expect(byKey.brooch!.price).toEqual({ rub: 1500, eur: null, usd: null });
  });

  it('gives bookFormats only for books, omits a null subcategory, keeps stock null when not counted', async () => {
    const body = listEnvelope(ProductSchema).parse((await shop()).json());
    const byKey = Object.fromEntries(body.data.map((p) => [nameOf.get(p.id), p]));
    expect(byKey.book!.bookFormats).toEqual(['physical', 'digital']);
    expect('subcategory' in byKey.book!).toBe(false);
    expect('bookFormats' in byKey.bouquet!).toBe(false);
    expect(byKey.bouquet!.subcategory).toBe('bouquets');
    expect(byKey.brooch!.stock).toBeNull();
    expect(byKey.tool!.stock).toBe(0);
  });

  it('never exposes the digital book file reference', async () => {
    const list = await shop('?category=book');
    const one = await t.app.inject({ method: 'GET', url: `/api/shop/${ids.book}` });
    for (const body of [list.body, one.body]) {
      expect(body).not.toContain('secret-key');
      expect(body).not.toContain('digitalFile');
    }
  });

  it.each([
    ['?category=book', ['book']],
    ['?category=collection', ['bouquet', 'brooch']],
    ['?category=tools', ['scissors', 'tool']],
    ['?subcategory=bouquets', ['bouquet']],
    ['?category=collection&subcategory=accessories', ['brooch']],
  ] as const)('filters by category and subcategory: %s', async (query, expected) => {
    expect(await keys(query)).toEqual(expected);
  });
});

describe('GET /api/shop — currency: only what is sold in it, never a converted price', () => {
  it.each([
    ['?currency=EUR', ['bouquet', 'scissors', 'silk', 'book', 'tool']],
    ['?currency=USD', ['bouquet', 'scissors', 'silk', 'book', 'tool']],
    ['?currency=RUB', ['bouquet', 'scissors', 'silk', 'book', 'tool', 'brooch']],
    ['?currency=EUR&category=collection', ['bouquet']],
    ['?currency=EUR&search=брошь', []],
  ] as const)('%s lists %o', async (query, expected) => {
    expect(await keys(query)).toEqual(expected);
  });

  it('every product listed in euros has a euro price, and the total counts only those', async () => {
    const body = listEnvelope(ProductSchema).parse((await shop('?currency=EUR')).json());
    expect(body.data.every((product) => product.price.eur !== null)).toBe(true);
    expect(body.meta.total).toBe(5);
  });

  it('an unknown currency is a 400 and lists nothing', async () => {
    const res = await shop('?currency=GBP');
    expect(res.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(res.json())).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('GET /api/shop — search', () => {
  it.each([
    ['russian name, lower case', 'букет', ['bouquet']],
    ['russian name, upper case', 'БУКЕТ', ['bouquet']],
    ['english name, mixed case', 'mOrNiNg', ['bouquet']],
    ['spanish name with ñ, upper case', 'MAÑANA', ['bouquet']],
    ['english description', 'peony', ['book']],
    ['spanish description', 'PEONÍA', ['book']],
    ['russian description', 'шаблоны', ['book']],
    ['a word in two products', 'seda', ['silk', 'book', 'brooch']],
    ['nothing matching', 'orchid', []],
  ] as const)('matches case-insensitively over names and descriptions in ru/en/es (%s)', async (_, term, expected) => {
    expect(await keys(`?search=${encodeURIComponent(term)}`)).toEqual(expected);
  });

  it.each([
    ['%', ['tool']],
    ['_', ['silk']],
    ['\\', ['scissors']],
    ['50%', ['tool']],
    ['a\\b', ['scissors']],
  ] as const)('treats LIKE wildcards in the search text literally: %s', async (term, expected) => {
    expect(await keys(`?search=${encodeURIComponent(term)}`)).toEqual(expected);
  });

  it.each([
    ['russian plural of a name', 'книги', ['book']],
    ['russian plural of a name, another', 'букеты', ['bouquet']],
    ['russian singular of a description word', 'роза', ['bouquet']],
    ['english plural of a name', 'bouquets', ['bouquet']],
    ['english singular of a description word', 'rose', ['bouquet']],
    ['spanish plural of a name', 'ramos', ['bouquet']],
    ['spanish singular of a description word', 'rosa', ['bouquet']],
  ] as const)('finds other word forms of ru/en/es words (%s)', async (_, term, expected) => {
    expect(await keys(`?search=${encodeURIComponent(term)}`)).toEqual(expected);
  });

  it.each([
    ['a letter missing', 'bouqet', ['bouquet']],
    ['a letter doubled', 'букетт', ['bouquet']],
    ['a wrong letter', 'ножници', ['scissors']],
  ] as const)('forgives a small typo in a name of five letters or more (%s)', async (_, term, expected) => {
    expect(await keys(`?search=${encodeURIComponent(term)}`)).toEqual(expected);
  });

  it.each([
    ['a letter missing', 'букт', ['bouquet']],
    ['a letter missing, upper case', 'КНГА', ['book']],
  ] as const)('forgives one wrong letter in a one-word text of four letters (%s)', async (_, term, expected) => {
    expect(await keys(`?search=${encodeURIComponent(term)}`)).toEqual(expected);
  });

  it.each(['бкт', 'бакт'])('does not guess from three letters or two typos: %s', async (term) => {
    expect(await keys(`?search=${encodeURIComponent(term)}`)).toEqual([]);
  });

  it('lists products whose name matches before those matched by their description only', async () => {
    // By price alone: book (2500), brooch (1500, "de seda" in its description), silk (999.99).
    expect(await keys('?search=seda&sort=price_desc')).toEqual(['book', 'silk', 'brooch']);
    expect(await keys('?search=seda&sort=price_asc')).toEqual(['silk', 'book', 'brooch']);
  });

  it('ignores surrounding spaces and an empty search', async () => {
    expect(await keys(`?search=${encodeURIComponent('  morning  ')}`)).toEqual(['bouquet']);
    expect((await keys('?search=')).length).toBe(6);
  });

  it('combines search with category and counts only the matches in meta.total', async () => {
    const res = await shop('?search=seda&category=materials');
    const body = listEnvelope(ProductSchema).parse(res.json());
    expect(body.data.map((p) => nameOf.get(p.id))).toEqual(['silk']);
    expect(body.meta.total).toBe(1);
  });
});

describe('GET /api/shop — price range (RUB, major units)', () => {
  it.each([
    ['?minPrice=1500&maxPrice=2500', ['book', 'brooch', 'bouquet']],
    ['?minPrice=999.99&maxPrice=999.99', ['silk']],
    ['?minPrice=2500', ['book']],
    ['?maxPrice=1000', ['tool', 'silk']],
    ['?minPrice=1000.01&maxPrice=1199.99', []],
    ['?minPrice=0', ['scissors', 'silk', 'tool', 'book', 'brooch', 'bouquet']],
    // Above the largest possible price: no bound (these overflowed the integer column as a 500).
    ['?maxPrice=214748362100', ['scissors', 'silk', 'tool', 'book', 'brooch', 'bouquet']],
    ['?minPrice=99999999999', []],
  ] as const)('includes both boundaries: %s', async (query, expected) => {
    const got = await keys(query);
    expect([...got].sort()).toEqual([...expected].sort());
  });

  it('rejects minPrice greater than maxPrice with a clear localized message', async () => {
    const en = await shop('?minPrice=3000&maxPrice=1000', { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(en.json())).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The minimum price cannot be greater than the maximum price',
    });
    const ru = await shop('?minPrice=3000&maxPrice=1000');
    expect(ru.json().message).toBe('Минимальная цена не может быть больше максимальной');
  });
});

describe('GET /api/shop — sorting and pages', () => {
  // bouquet and brooch cost the same: the tie is broken by id so pages never overlap.
  const tied = () => [ids.bouquet, ids.brooch].sort().map((id) => nameOf.get(id)!);

  it('sort=price_asc orders by RUB price, ties by id', async () => {
    expect(await keys('?sort=price_asc')).toEqual(['silk', 'tool', 'scissors', ...tied(), 'book']);
  });

  it('sort=price_desc orders by RUB price descending, ties by id', async () => {
    expect(await keys('?sort=price_desc')).toEqual(['book', ...tied(), 'scissors', 'tool', 'silk']);
  });

  it('sort=name orders by the Russian name, case-insensitive, with ё sorted as е', async () => {
    expect(await keys('?sort=name')).toEqual(['bouquet', 'tool', 'brooch', 'book', 'scissors', 'silk']);
  });

  it("sort=recommended, the default: the owner's order, then bouquets to buy now, then what else can be bought now, then the rest", async () => {
    // Nothing placed: the in-stock bouquet, the in-stock products newest first, then the on-order
    // brooch and the sold-out tool (newest first).
    expect(await keys('')).toEqual(['bouquet', 'scissors', 'silk', 'book', 'tool', 'brooch']);
    await t.database.db.update(products).set({ position: 2 }).where(eq(products.id, ids.tool));
    await t.database.db.update(products).set({ position: 1 }).where(eq(products.id, ids.brooch));
    t.app.cache.invalidate(SHOP_CACHE_TAG);
    try {
      expect(await keys('')).toEqual(['brooch', 'tool', 'bouquet', 'scissors', 'silk', 'book']);
      expect(await keys('?sort=recommended')).toEqual(await keys(''));
    } finally {
      await t.database.db.update(products).set({ position: null });
      t.app.cache.invalidate(SHOP_CACHE_TAG);
    }
  });

  it('sort=newest orders by creation date, newest first', async () => {
    expect(await keys('?sort=newest')).toEqual(['scissors', 'silk', 'tool', 'book', 'brooch', 'bouquet']);
  });

  it.each(['recommended', 'newest', 'price_asc', 'price_desc', 'name'])(
    'pages of sort=%s are stable: together they are the full list with no repeats',
    async (sort) => {
      const full = await keys(`?sort=${sort}`);
      const pages: Key[] = [];
      for (let page = 1; page <= 4; page++) {
        const res = await shop(`?sort=${sort}&limit=2&page=${page}`);
        const body = listEnvelope(ProductSchema).parse(res.json());
        expect(body.meta).toEqual({ total: 6, page, limit: 2 });
        pages.push(...body.data.map((p) => nameOf.get(p.id)!));
      }
      expect(pages).toEqual(full);
    },
  );

  it('a page past the end is empty but still reports the total', async () => {
    const body = listEnvelope(ProductSchema).parse((await shop('?page=9&limit=5')).json());
    expect(body.data).toEqual([]);
    expect(body.meta).toEqual({ total: 6, page: 9, limit: 5 });
  });
});

describe('GET /api/shop — bad query values', () => {
  it.each([
    'limit=0',
    'limit=1000',
    'limit=abc',
    'sort=bogus',
    'category=bogus',
    'subcategory=bogus',
    'page=-1',
    'page=0',
    'page=1.5',
    'minPrice=abc',
    'maxPrice=-5',
    `search=${'x'.repeat(101)}`,
  ])('%s → 400 VALIDATION_ERROR envelope', async (query) => {
    const res = await shop(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(res.json())).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});

describe('GET /api/shop/{id}', () => {
  it('returns one product in the shared shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/${ids.book}` });
    expect(res.statusCode).toBe(200);
    const body = successEnvelope(ProductSchema).parse(res.json());
    expect(body.data).toMatchObject({ id: ids.book, category: 'book', price: { rub: 2500, eur: 27, usd: 29 } });
  });

  it('an archived product is gone (410), not unknown (shop.removed.test.ts has the rest)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/${ids.archived}` });
    expect(res.statusCode).toBe(410);
    expect(ErrorBodySchema.parse(res.json()).code).toBe('PRODUCT_REMOVED');
  });

  it('an unknown id → 404 envelope in the request language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shop/00000000-0000-4000-8000-000000000000',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Resource not found' });
  });

  it('a malformed id → 400 VALIDATION_ERROR', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shop/not-a-uuid' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});

describe('public cache', () => {
  it('serves a repeated request from memory until the shop tag is invalidated', async () => {
    const url = '/api/shop?category=tools&sort=name';
    const first = await t.app.inject({ method: 'GET', url });
    const second = await t.app.inject({ method: 'GET', url });
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);

    // A write that bypasses the service is invisible until the tag is invalidated: the hot path
    // does not touch the database.
    await t.database.db
      .update(products)
      .set({ name: { ru: 'Ножницы острые', en: 'Sharp scissors' } })
      .where(eq(products.id, ids.scissors));
    const stale = await t.app.inject({ method: 'GET', url });
    expect(stale.headers['x-cache']).toBe('HIT');
    expect(stale.body).not.toContain('Sharp scissors');

    t.app.cache.invalidate(SHOP_CACHE_TAG);
    const fresh = await t.app.inject({ method: 'GET', url });
    expect(fresh.headers['x-cache']).toBe('MISS');
    expect(fresh.body).toContain('Sharp scissors');
    await t.database.db.update(products).set({ name: SEED.scissors.name }).where(eq(products.id, ids.scissors));
    t.app.cache.invalidate(SHOP_CACHE_TAG);
  });

  it('answers 304 to a matching If-None-Match, list and item alike', async () => {
    for (const url of ['/api/shop?sort=price_asc', `/api/shop/${ids.bouquet}`]) {
      const first = await t.app.inject({ method: 'GET', url });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('does not cache a not-found reply', async () => {
    const url = '/api/shop/00000000-0000-4000-8000-000000000001';
    await t.app.inject({ method: 'GET', url });
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-cache']).toBeUndefined();
  });
});

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

describe('SEO for /shop?product=<id>', () => {
  it('injects the product title, description, og:image and Product JSON-LD with offers per currency', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/shop?product=${ids.bouquet}&lang=en`,
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Morning bouquet — Atelier</title>');
    expect(res.body).toContain('<meta name="description" content="Powder roses">');
    expect(res.body).toContain(
      `<meta property="og:image" content="${t.config.publicUrl}/uploads/products/bouquet-large.webp">`,
    );
    expect(res.body).toContain('<meta property="og:type" content="product">');
    const product = jsonLd(res.body).find((block) => block['@type'] === 'Product');
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Morning bouquet',
      description: 'Powder roses',
      image: [`${t.config.publicUrl}/uploads/products/bouquet-large.webp`],
      offers: [
        { '@type': 'Offer', price: '1500.00', priceCurrency: 'RUB', availability: 'https://schema.org/InStock' },
        { '@type': 'Offer', price: '16.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
        { '@type': 'Offer', price: '17.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      ],
    });
    expect(jsonLd(res.body).find((block) => block['@type'] === 'BreadcrumbList')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${t.config.publicUrl}/?lang=en` },
        { '@type': 'ListItem', position: 2, name: 'Shop', item: `${t.config.publicUrl}/shop?lang=en` },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Morning bouquet',
          item: `${t.config.publicUrl}/shop/${ids.bouquet}?lang=en`,
        },
      ],
    });
  });

  it('offers only the currencies a product is sold in, with made-to-order and sold-out availability', async () => {
    const brooch = await t.app.inject({
      method: 'GET',
      url: `/shop?product=${ids.brooch}`,
      headers: { accept: 'text/html' },
    });
    const offers = jsonLd(brooch.body).find((b) => b['@type'] === 'Product')!.offers as { priceCurrency: string }[];
    expect(offers).toEqual([
      expect.objectContaining({ priceCurrency: 'RUB', availability: 'https://schema.org/MadeToOrder' }),
    ]);
    const tool = await t.app.inject({
      method: 'GET',
      url: `/shop?product=${ids.tool}`,
      headers: { accept: 'text/html' },
    });
    const toolOffers = jsonLd(tool.body).find((b) => b['@type'] === 'Product')!.offers as { availability: string }[];
    expect(toolOffers.every((o) => o.availability === 'https://schema.org/OutOfStock')).toBe(true);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000', 404, 'Магазин'],
    ['a malformed id', 'nope', 404, 'Магазин'],
    ['an archived product', 'archived', 410, 'Этой работы больше нет в магазине'],
  ])('answers %s with its status, noindex and no Product JSON-LD', async (_, id, status, title) => {
    const product = id === 'archived' ? ids.archived : id;
    const res = await t.app.inject({
      method: 'GET',
      url: `/shop?product=${product}`,
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(status);
    expect(res.body).toContain(`<title>${title} — Atelier</title>`);
    expect(res.body).toMatch(/<meta name="robots" content="noindex[^"]*">/);
    expect(jsonLd(res.body).some((b) => b['@type'] === 'Product')).toBe(false);
  });

  it('names the product page /shop/<id> as the canonical URL of /shop?product=<id>', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/shop?product=${ids.bouquet}&lang=en&sort=price_asc`,
      headers: { accept: 'text/html' },
    });
    expect(res.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/shop/${ids.bouquet}?lang=en">`);
  });

  it('lists every listed product in the sitemap, archived ones not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    for (const key of ['bouquet', 'book', 'silk'] as const) {
      expect(res.body).toContain(`${t.config.publicUrl}/shop/${ids[key]}</loc>`);
    }
    expect(res.body).not.toContain(ids.archived);
  });
});

describe('the product page /shop/<id>', () => {
  it.each([
    ['ru', '', 'Букет «Утро»'],
    ['en', '?lang=en', 'Morning bouquet'],
  ] as const)(
    'carries its own canonical URL, its title and Product JSON-LD with one Offer per currency (%s)',
    async (_lang, suffix, name) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/shop/${ids.bouquet}${suffix}`,
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/shop/${ids.bouquet}${suffix}">`);
      expect(res.body).toContain(`<title>${name} — Atelier</title>`);
      const product = jsonLd(res.body).find((block) => block['@type'] === 'Product');
      expect(product).toMatchObject({
        name,
        url: `${t.config.publicUrl}/shop/${ids.bouquet}`,
        offers: [
          { priceCurrency: 'RUB', price: '1500.00', url: `${t.config.publicUrl}/shop/${ids.bouquet}` },
          { priceCurrency: 'EUR', price: '16.00' },
          { priceCurrency: 'USD', price: '17.50' },
        ],
      });
    },
  );

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000', 404],
    ['a malformed id', 'nope', 404],
    ['an archived product', 'archived', 410],
  ])('answers %s with %i, noindex and no Product JSON-LD', async (_, id, status) => {
    const product = id === 'archived' ? ids.archived : id;
    const res = await t.app.inject({ method: 'GET', url: `/shop/${product}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(status);
    expect(res.body).toMatch(/<meta name="robots" content="noindex[^"]*">/);
    expect(jsonLd(res.body).some((b) => b['@type'] === 'Product')).toBe(false);
  });
});
