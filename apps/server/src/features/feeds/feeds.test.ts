/**
 * The product feeds through the app: both parse as XML, list every variant of every listed product
 * (and nothing archived) with its price and availability, carry every field their documentation
 * requires, escape what the owner types, group the variants of one product, and change with the
 * catalogue (the public cache drops them with every catalogue or delivery write).
 */
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../../db/schema';
import { adminUser, productWithStock } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { FEED_PATHS } from './feeds.routes';

/**
 * What Yandex Products requires of a YML feed (simplified offer type): of the shop, of each
 * category and of each offer (besides its `id` attribute).
 */
const YML_SHOP_REQUIRED = ['name', 'company', 'url', 'currencies', 'categories', 'offers'];
const YML_OFFER_REQUIRED = ['name', 'vendor', 'url', 'price', 'currencyId', 'categoryId', 'picture', 'description'];
/** What Google Merchant Center requires of an RSS 2.0 channel and of each product in it. */
const RSS_CHANNEL_REQUIRED = ['title', 'link', 'description'];
const GOOGLE_ITEM_REQUIRED = [
  'g:id',
  'g:title',
  'g:description',
  'g:link',
  'g:image_link',
  'g:availability',
  'g:price',
  'g:condition',
  'g:brand',
  'g:identifier_exists',
];

type Node = Record<string, unknown>;
const ARRAYS = new Set([
  'offer',
  'item',
  'picture',
  'param',
  'category',
  'option',
  'g:additional_image_link',
  'g:shipping',
]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ARRAYS.has(name),
});

let t: TestContext;
let adminHeaders: { authorization: string };
const PUBLIC = 'https://atelier.test';

const image = (name: string) => ({
  url: `/uploads/products/${name}.webp`,
  thumb: `/uploads/products/${name}-thumb.webp`,
  medium: `/uploads/products/${name}-medium.webp`,
  large: `/uploads/products/${name}-large.webp`,
});

const COLOUR = {
  id: 'colour',
  name: { ru: 'Цвет', en: 'Colour', es: 'Color' },
  values: [
    { id: 'powder', label: { ru: 'Пудровый', en: 'Powder', es: 'Empolvado' } },
    { id: 'wine', label: { ru: 'Винный', en: 'Wine', es: 'Vino' } },
  ],
};

/** The products of the file, by role, with their variants' ids. */
const ids = {
  plain: '',
  plainVariant: '',
  peony: '',
  powder: '',
  wine: '',
  archived: '',
  archivedVariant: '',
  soldOut: '',
  soldOutVariant: '',
  escaped: '',
  escapedVariant: '',
  ebook: '',
  ebookVariant: '',
  dear: '',
  dearVariant: '',
};

async function defaultVariant(productId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestContext({ env: { PUBLIC_URL: PUBLIC } });
  adminHeaders = (await adminUser(t)).headers;
  ids.plain = await productWithStock(t, {
    name: { ru: 'Букет «Заря»' },
    description: { ru: 'Пионы из шёлка' },
    images: [image('dawn-1'), image('dawn-2')],
    subcategory: 'bouquets',
  });
  ids.plainVariant = await defaultVariant(ids.plain);

  ids.peony = await productWithStock(t, {
    name: { ru: 'Пион' },
    images: [image('peony')],
    options: [COLOUR],
    stock: 9,
  });
  await t.database.db.delete(productVariants).where(eq(productVariants.productId, ids.peony));
  const [powder, wine] = await t.database.db
    .insert(productVariants)
    .values([
      { productId: ids.peony, optionValues: ['powder'], stock: 3, position: 1, images: [image('peony-powder')] },
      { productId: ids.peony, optionValues: ['wine'], priceRub: 180_000, availability: 'on_order', position: 2 },
    ])
    .returning({ id: productVariants.id });
  ids.powder = powder!.id;
  ids.wine = wine!.id;

  ids.archived = await productWithStock(t, { name: { ru: 'Снятый с продажи' }, archivedAt: new Date() });
  ids.archivedVariant = await defaultVariant(ids.archived);
  ids.soldOut = await productWithStock(t, {
    name: { ru: 'Раскупленный' },
    images: [image('gone')],
    stock: 0,
    category: 'tools',
  });
  ids.soldOutVariant = await defaultVariant(ids.soldOut);
  ids.escaped = await productWithStock(t, {
    name: { ru: 'Роза & <Лилия> "Ночь"' },
    description: { ru: 'Шёлк & атлас <b>\u0001' },
    images: [image('night')],
    category: 'materials',
  });
  ids.escapedVariant = await defaultVariant(ids.escaped);
  ids.ebook = await productWithStock(t, {
    name: { ru: 'Книга пионов' },
    images: [image('book')],
    category: 'book',
    bookFormats: ['digital'],
    stock: null,
    priceRub: 90_000,
  });
  ids.ebookVariant = await defaultVariant(ids.ebook);
  ids.dear = await productWithStock(t, {
    name: { ru: 'Большая композиция' },
    images: [image('big')],
    priceRub: 720_000,
  });
  ids.dearVariant = await defaultVariant(ids.dear);
});
afterAll(() => t.close());

async function fetchFeed(path: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: path, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(XMLValidator.validate(res.body)).toBe(true);
  return res;
}

async function yml() {
  const doc = parser.parse((await fetchFeed(FEED_PATHS.yandex)).body) as Node;
  const catalog = doc.yml_catalog as Node;
  const shop = catalog.shop as Node;
  const offers = (shop.offers as { offer: Node[] }).offer;
  return { catalog, shop, offers, offer: (id: string) => offers.find((o) => o['@id'] === id) };
}

async function google() {
  const doc = parser.parse((await fetchFeed(FEED_PATHS.google)).body) as Node;
  const rss = doc.rss as Node;
  const channel = rss.channel as Node;
  const items = channel.item as Node[];
  return { rss, channel, items, item: (id: string) => items.find((i) => i['g:id'] === id) };
}

const listedVariants = () => [
  ids.plainVariant,
  ids.powder,
  ids.wine,
  ids.soldOutVariant,
  ids.escapedVariant,
  ids.ebookVariant,
  ids.dearVariant,
];

describe('both feeds', () => {
  it.each(Object.entries(FEED_PATHS))('%s (%s) is well-formed UTF-8 XML, served to anyone', async (_, path) => {
    const res = await fetchFeed(path);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    // The app's own route list says who may call it.
    expect(t.app.routeTable.find((r) => r.url === path && r.method === 'GET')?.access).toBe('public');
  });

  it('list every variant of every listed product once, with the same ids, and nothing archived', async () => {
    const ymlIds = (await yml()).offers.map((o) => o['@id']);
    const googleIds = (await google()).items.map((i) => i['g:id']);
    expect([...ymlIds].sort()).toEqual([...listedVariants()].sort());
    expect(googleIds).toEqual(ymlIds);
    expect(ymlIds).not.toContain(ids.archivedVariant);
  });

  it.each([
    ['a product without options', 'plainVariant', '1500.00', 'true', 'in_stock'],
    ['a variant at the product price with its own stock', 'powder', '1500.00', 'true', 'in_stock'],
    ['a made-to-order variant with its own price', 'wine', '1800.00', 'true', 'preorder'],
    ['counted stock that ran out', 'soldOutVariant', '1500.00', 'false', 'out_of_stock'],
    ['a digital book', 'ebookVariant', '900.00', 'true', 'in_stock'],
  ] as const)('%s (%s): price %s, available %s, %s', async (_, key, price, available, availability) => {
    const offer = (await yml()).offer(ids[key])!;
    expect(offer.price).toBe(price);
    expect(offer.currencyId).toBe('RUR');
    expect(offer['@available']).toBe(available);
    const item = (await google()).item(ids[key])!;
    expect(item['g:price']).toBe(`${price} RUB`);
    expect(item['g:availability']).toBe(availability);
    // Google wants the day a pre-ordered piece can be sent, and only for those.
    expect('g:availability_date' in item).toBe(availability === 'preorder');
  });
});

describe('the YML for Yandex Products', () => {
  it('is dated now (RFC 3339 with the zone) and names the shop, its currency and categories', async () => {
    const before = Date.now();
    const { catalog, shop } = await yml();
    const date = catalog['@date'] as string;
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/);
    expect(Math.abs(Date.parse(date) - before)).toBeLessThan(60_000);
    for (const field of YML_SHOP_REQUIRED) expect(shop, field).toHaveProperty(field);
    expect(shop.name).toBe('Atelier');
    expect(shop.url).toBe(`${PUBLIC}/`);
    expect((shop.currencies as Node).currency).toEqual({ '@id': 'RUR', '@rate': '1' });
    const categories = (shop.categories as { category: Node[] }).category;
    const categoryIds = new Set(categories.map((c) => c['@id']));
    expect(categories).toContainEqual({ '#text': 'Букеты и композиции', '@id': '5', '@parentId': '1' });
    for (const category of categories) {
      if (category['@parentId'] !== undefined) expect(categoryIds).toContain(category['@parentId']);
    }
    for (const offer of (await yml()).offers) expect(categoryIds, String(offer['@id'])).toContain(offer.categoryId);
  });

  it('gives every offer every element Yandex requires', async () => {
    for (const offer of (await yml()).offers) {
      expect(offer['@id']).toBeTruthy();
      for (const field of YML_OFFER_REQUIRED) expect(offer, `${String(offer['@id'])}: ${field}`).toHaveProperty(field);
      expect(offer.vendor).toBe('Atelier');
    }
  });

  it('makes the variants of a product with options one group, each value a param, each its own URL and photos first', async () => {
    const { offer } = await yml();
    const powder = offer(ids.powder)!;
    const wine = offer(ids.wine)!;
    expect(powder['@group_id']).toBe(ids.peony);
    expect(wine['@group_id']).toBe(ids.peony);
    expect(powder.param).toEqual([{ '#text': 'Пудровый', '@name': 'Цвет' }]);
    expect(wine.param).toEqual([{ '#text': 'Винный', '@name': 'Цвет' }]);
    expect(powder.name).toBe('Пион, Пудровый');
    expect(powder.url).toBe(`${PUBLIC}/shop?product=${ids.peony}&variant=${ids.powder}`);
    expect(powder.picture).toEqual([
      `${PUBLIC}/uploads/products/peony-powder-large.webp`,
      `${PUBLIC}/uploads/products/peony-large.webp`,
    ]);
    const plain = offer(ids.plainVariant)!;
    expect(plain['@group_id']).toBeUndefined();
    expect(plain.param).toBeUndefined();
    expect(plain.url).toBe(`${PUBLIC}/shop/${ids.plain}`);
    expect(plain.categoryId).toBe('5');
    expect(plain.picture).toEqual([
      `${PUBLIC}/uploads/products/dawn-1-large.webp`,
      `${PUBLIC}/uploads/products/dawn-2-large.webp`,
    ]);
  });

  it('states the delivery terms: the courier prices for the shop, free from the threshold, none for a file', async () => {
    const { shop, offer } = await yml();
    expect((shop['delivery-options'] as Node).option).toEqual([
      { '@cost': '300', '@days': '3-7' },
      { '@cost': '500', '@days': '1-3' },
    ]);
    // No workshop address yet: nothing to collect.
    expect(shop['pickup-options']).toBeUndefined();
    expect(offer(ids.plainVariant)).toMatchObject({ delivery: 'true', pickup: 'false' });
    expect(offer(ids.plainVariant)!['delivery-options']).toBeUndefined();
    expect((offer(ids.dearVariant)!['delivery-options'] as Node).option).toEqual([{ '@cost': '0', '@days': '1-3' }]);
    expect(offer(ids.ebookVariant)).toMatchObject({ delivery: 'false', pickup: 'false' });
  });
});

describe('the RSS for Google Merchant Center', () => {
  it('is RSS 2.0 in the g: namespace with every attribute Google requires of each product', async () => {
    const { rss, channel, items } = await google();
    expect(rss['@version']).toBe('2.0');
    expect(rss['@xmlns:g']).toBe('http://base.google.com/ns/1.0');
    for (const field of RSS_CHANNEL_REQUIRED) expect(channel, field).toHaveProperty(field);
    for (const item of items) {
      for (const field of GOOGLE_ITEM_REQUIRED) expect(item, `${String(item['g:id'])}: ${field}`).toHaveProperty(field);
      expect(item).toMatchObject({ 'g:condition': 'new', 'g:brand': 'Atelier', 'g:identifier_exists': 'no' });
      expect(item['g:price']).toMatch(/^\d+\.\d{2} RUB$/);
    }
  });

  it('groups the variants of one product and links each to its page', async () => {
    const { item } = await google();
    expect(item(ids.powder)!['g:item_group_id']).toBe(ids.peony);
    expect(item(ids.wine)!['g:item_group_id']).toBe(ids.peony);
    expect(item(ids.plainVariant)!['g:item_group_id']).toBeUndefined();
    expect(item(ids.wine)!['g:link']).toBe(`${PUBLIC}/shop?product=${ids.peony}&variant=${ids.wine}`);
    expect(item(ids.plainVariant)).toMatchObject({
      'g:link': `${PUBLIC}/shop/${ids.plain}`,
      'g:image_link': `${PUBLIC}/uploads/products/dawn-1-large.webp`,
      'g:additional_image_link': [`${PUBLIC}/uploads/products/dawn-2-large.webp`],
      'g:product_type': 'Цветы и украшения > Букеты и композиции',
    });
    expect(item(ids.wine)!['g:availability_date']).toMatch(/^\d{4}-\d{2}-\d{2}T00:00Z$/);
  });
});

describe('what the owner types', () => {
  it('is escaped: a name with & < > " reads back unchanged, a control character is dropped', async () => {
    const [ymlBody, googleBody] = await Promise.all([
      fetchFeed(FEED_PATHS.yandex).then((r) => r.body),
      fetchFeed(FEED_PATHS.google).then((r) => r.body),
    ]);
    for (const body of [ymlBody, googleBody]) {
      expect(body).toContain('Роза &amp; &lt;Лилия&gt;');
      expect(body).not.toContain('<Лилия>');
      expect(body).not.toContain('\u0001');
    }
    expect((await yml()).offer(ids.escapedVariant)).toMatchObject({
      name: 'Роза & <Лилия> "Ночь"',
      description: 'Шёлк & атлас <b>',
    });
    expect((await google()).item(ids.escapedVariant)).toMatchObject({ 'g:title': 'Роза & <Лилия> "Ночь"' });
  });
});

describe('caching', () => {
  it('serves a kept copy (ETag, 304) whatever query string is added, until the catalogue changes', async () => {
    const first = await fetchFeed(FEED_PATHS.yandex);
    const again = await fetchFeed(`${FEED_PATHS.yandex}?utm_source=x&n=${Math.random()}`);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.headers.etag).toBe(first.headers.etag);
    const notModified = await t.app.inject({
      method: 'GET',
      url: FEED_PATHS.yandex,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
  });

  it.each(Object.entries(FEED_PATHS))('%s changes after a product edit', async (_, path) => {
    await fetchFeed(path);
    expect((await fetchFeed(path)).headers['x-cache']).toBe('HIT');
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/shop/${ids.plain}`,
      headers: adminHeaders,
      payload: {
        name: { ru: `Букет «Рассвет» ${path}` },
        description: { ru: 'Пионы из шёлка' },
        price: { rub: 2100, eur: null, usd: null },
        category: 'collection',
        subcategory: 'bouquets',
        availability: 'in_stock',
        stock: 5,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await fetchFeed(path);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body).toContain(`Букет «Рассвет» ${path}`);
    expect(after.body).toContain('2100.00');
  });

  it('an archived product leaves the feeds at once', async () => {
    await fetchFeed(FEED_PATHS.google);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/shop/${ids.soldOut}`, headers: adminHeaders });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await google()).item(ids.soldOutVariant)).toBeUndefined();
    expect((await yml()).offer(ids.soldOutVariant)).toBeUndefined();
  });

  it('saving the delivery settings changes the terms in the YML (a workshop to collect from)', async () => {
    await fetchFeed(FEED_PATHS.yandex);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/delivery',
      headers: adminHeaders,
      payload: {
        shippingCountries: ['RU', 'BY'],
        pickup: { address: { ru: 'Москва, ул. Шёлковая, 1' }, hours: { ru: '10–19' }, mapUrl: '' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { shop, offer } = await yml();
    expect((shop['pickup-options'] as Node).option).toEqual([{ '@cost': '0', '@days': '1-2' }]);
    expect(offer(ids.plainVariant)).toMatchObject({ pickup: 'true' });
    expect(offer(ids.ebookVariant)).toMatchObject({ pickup: 'false' });
  });
});

describe('robots.txt', () => {
  it('names both feeds and disallows neither', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/robots.txt' })).body;
    const disallowed = [...body.matchAll(/^Disallow: (.+)$/gm)].map((match) => match[1]!);
    for (const path of Object.values(FEED_PATHS)) {
      expect(body).toContain(`# ${PUBLIC}${path}\n`);
      expect(body).toContain(`Allow: ${path}\n`);
      expect(disallowed.filter((prefix) => path.startsWith(prefix))).toEqual([]);
    }
  });
});
