/**
 * Admin shop: create/update/delete products through the real app (multipart forms, real
 * image pipeline, real private storage), roles, upload refusals, archive-on-delete and the public
 * cache being invalidated by every write.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { AdminProductSchema, listEnvelope, ProductSchema, successEnvelope } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioItems, products } from '../../db/schema';
import { adminUser, storedOrder, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { jpegBytes, pngBytes } from '../../test/uploads';
import { createShopAdminRepo, isForeignKeyViolation } from './shop.admin.repo';

let t: TestContext;
let adminToken: string;
let userToken: string;
let userId: string;
let png: Buffer;
let jpeg: Buffer;
const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestContext();
  const user = await verifiedUser(t, { email: 'shop-user@example.com', name: 'User' });
  userId = user.id;
  userToken = user.token;
  adminToken = (await adminUser(t, { email: 'shop-admin@example.com' })).token;
  png = await pngBytes();
  jpeg = await jpegBytes();
});
afterAll(() => t.close());

const FIELDS = {
  name: { ru: 'Пион «Заря»', en: 'Dawn peony', es: 'Peonía Aurora' },
  description: { ru: 'Шёлковый пион', en: 'A silk peony', es: 'Una peonía de seda' },
  price: { rub: 3500.5, eur: 38, usd: null },
  category: 'collection',
  subcategory: 'bouquets',
  availability: 'in_stock',
  stock: 3,
};
const BOOK = {
  ...FIELDS,
  name: { ru: 'Книга пионов' },
  category: 'book',
  subcategory: null,
  stock: null,
  bookFormats: ['physical', 'digital'],
};

type Who = 'guest' | 'user' | 'admin';
const auth = (who: Who): Record<string, string> =>
  who === 'guest' ? {} : { authorization: `Bearer ${who === 'admin' ? adminToken : userToken}` };

function form(data: object, files: { images?: Buffer[]; file?: Buffer; fileName?: string } = {}) {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  for (const image of files.images ?? []) body.append('images', new Blob([image]), 'photo.png');
  if (files.file) body.append('file', new Blob([files.file]), files.fileName ?? 'book.pdf');
  return body;
}

async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object | FormData, who: Who = 'admin') {
  return t.app.inject({
    method,
    url,
    headers: { ...auth(who), 'accept-language': 'en' },
    ...(payload ? { payload: payload as never } : {}),
  });
}

async function create(data: object = FIELDS, files: Parameters<typeof form>[1] = {}) {
  const res = await send('POST', '/api/shop', form(data, files));
  expect(res.statusCode, res.body).toBe(201);
  return successEnvelope(AdminProductSchema).parse(res.json()).data;
}

const uploadsFile = (url: string) => join(t.dataDir, 'files', 'public', url.replace(/^\/uploads\//, ''));
const row = async (id: string) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0];

describe('admin shop: roles', () => {
  const probe = '00000000-0000-4000-8000-000000000001';
  it.each([
    ['POST', '/api/shop'],
    ['PUT', `/api/shop/${probe}`],
    ['DELETE', `/api/shop/${probe}`],
    ['DELETE', `/api/shop/${probe}/image/0`],
    ['GET', '/api/admin/shop'],
  ] as const)('%s %s: guest → 401, customer → 403', async (method, url) => {
    const payload = method === 'POST' || method === 'PUT' ? FIELDS : undefined;
    const asGuest = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(asGuest.statusCode).toBe(401);
    const asUser = await t.app.inject({ method, url, headers: auth('user'), ...(payload ? { payload } : {}) });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});

describe('admin shop: create', () => {
  it('creates from multipart with images: minor units stored, major units answered, WebP variants on disk', async () => {
    const product = await create(FIELDS, { images: [png, jpeg] });
    expect(product).toMatchObject({
      name: FIELDS.name,
      price: { rub: 3500.5, eur: 38, usd: null },
      category: 'collection',
      subcategory: 'bouquets',
      stock: 3,
      archivedAt: null,
      digitalFile: null,
      orderCount: 0,
    });
    expect(product.images).toHaveLength(2);
    for (const image of product.images) {
      for (const url of [image.url, image.thumb, image.medium, image.large])
        expect(existsSync(uploadsFile(url))).toBe(true);
    }
    const stored = await row(product.id);
    expect(stored).toMatchObject({ priceRub: 350_050, priceEur: 3800, priceUsd: null });
    const pub = await t.app.inject({ method: 'GET', url: `/api/shop/${product.id}` });
    expect(successEnvelope(ProductSchema).parse(pub.json()).data.images).toHaveLength(2);
  });

  it('creates from plain JSON without files', async () => {
    const res = await send('POST', '/api/shop', { ...FIELDS, category: 'tools', subcategory: null });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ category: 'tools', images: [] });
    expect(res.json().data.subcategory).toBeUndefined();
  });

  it('keeps a digital book in private storage, never in a public reply', async () => {
    const product = await create(BOOK, { file: pdf, fileName: '../../etc/Peonies.pdf' });
    expect(product.digitalFile).toEqual({ filename: 'Peonies.pdf', size: pdf.length });
    expect(product.bookFormats).toEqual(['physical', 'digital']);
    const stored = await row(product.id);
    expect(stored?.digitalFile?.key).toMatch(/^books\//);
    expect(existsSync(join(t.dataDir, 'files', 'private', stored!.digitalFile!.key))).toBe(true);
    const pub = await t.app.inject({ method: 'GET', url: `/api/shop/${product.id}` });
    expect(pub.body).not.toContain(stored!.digitalFile!.key);
    expect(pub.json().data.digitalFile).toBeUndefined();
  });

  it.each([
    ['a name without Russian text', { ...FIELDS, name: { ru: '  ', en: 'x' } }, 'name.ru'],
    ['a zero RUB price', { ...FIELDS, price: { rub: 0, eur: null, usd: null } }, 'price.rub'],
    ['a price with three decimals', { ...FIELDS, price: { rub: 10.123, eur: null, usd: null } }, 'price.rub'],
    ['a negative EUR price', { ...FIELDS, price: { rub: 10, eur: -1, usd: null } }, 'price.eur'],
    ['a fractional stock', { ...FIELDS, stock: 1.5 }, 'stock'],
    ['a negative stock', { ...FIELDS, stock: -1 }, 'stock'],
    ['an unknown category', { ...FIELDS, category: 'flowers' }, 'category'],
    ['a subcategory outside the collection', { ...FIELDS, category: 'tools' }, 'subcategory'],
    [
      'book formats on a tool',
      { ...FIELDS, subcategory: null, category: 'tools', bookFormats: ['digital'] },
      'bookFormats',
    ],
    ['a book with no format', { ...BOOK, bookFormats: [] }, 'bookFormats'],
    ['an unknown field', { ...FIELDS, archivedAt: '2020-01-01T00:00:00Z' }, ''],
    ['a size in English without Russian', { ...FIELDS, size: { en: '30 cm' } }, 'size.ru'],
    ['materials over 1000 characters', { ...FIELDS, materials: { ru: 'ш'.repeat(1001) } }, 'materials.ru'],
    ['care in an unknown language', { ...FIELDS, care: { ru: 'Беречь от воды', de: 'Trocken' } }, 'care'],
    ['a size that is not text', { ...FIELDS, size: { ru: 30 } }, 'size.ru'],
  ])('refuses %s with 400 VALIDATION_ERROR and writes nothing', async (_rule, data, field) => {
    const before = (await t.database.db.select().from(products)).length;
    const res = await send('POST', '/api/shop', data);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    if (field) expect(JSON.stringify(res.json().details)).toContain(field);
    expect((await t.database.db.select().from(products)).length).toBe(before);
  });

  it.each([
    ['a text file as an image', { images: [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')] }, FIELDS, 400],
    ['an image over 5 MB', { images: [Buffer.alloc(5 * 1024 * 1024 + 1, 1)] }, FIELDS, 413],
    ['eleven images', { images: Array.from({ length: 11 }, () => png) }, FIELDS, 400],
    ['a digital book that is not a PDF or EPUB', { file: Buffer.from('MZ\x90\x00 not a book') }, BOOK, 400],
    ['a digital book for a printed-only book', { file: pdf }, { ...BOOK, bookFormats: ['physical'] }, 400],
    ['a digital-format book without its file', {}, BOOK, 400],
  ])('refuses %s, stores no row and leaves no file behind', async (_rule, files, data, status) => {
    const before = (await t.database.db.select().from(products)).length;
    const res = await send('POST', '/api/shop', form(data, files));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().success).toBe(false);
    expect((await t.database.db.select().from(products)).length).toBe(before);
    const { readdir } = await import('node:fs/promises');
    const books = await readdir(join(t.dataDir, 'files', 'private', 'books')).catch(() => []);
    const referenced = (await t.database.db.select().from(products))
      .map((p) => p.digitalFile?.key.replace(/^books\//, ''))
      .filter(Boolean);
    expect(books.sort()).toEqual(referenced.sort());
  });
});

describe('admin shop: size, materials and care', () => {
  const DETAILS = {
    size: { ru: 'Высота 35 см', en: '35 cm tall', es: '35 cm de alto' },
    materials: { ru: 'Шёлк, проволока', en: 'Silk, wire', es: '' },
    care: { ru: '  Беречь от воды  ' },
  };

  it('stores each text in ru/en/es (trimmed, empty languages left out) and shows it on the public product', async () => {
    const product = await create({ ...FIELDS, ...DETAILS });
    expect(product).toMatchObject({
      size: DETAILS.size,
      materials: { ru: 'Шёлк, проволока', en: 'Silk, wire' },
      care: { ru: 'Беречь от воды' },
    });
    expect(product.materials).not.toHaveProperty('es');
    const pub = await t.app.inject({ method: 'GET', url: `/api/shop/${product.id}` });
    const shown = successEnvelope(ProductSchema).parse(pub.json()).data;
    expect(shown.size).toEqual(DETAILS.size);
    expect(shown.care).toEqual({ ru: 'Беречь от воды' });
  });

  it('a product without them shows none; left out on update keeps them, null or all empty clears them', async () => {
    const bare = await create();
    expect(bare.size).toBeUndefined();
    expect(bare.materials).toBeUndefined();
    const product = await create({ ...FIELDS, ...DETAILS });
    const kept = await send('PUT', `/api/shop/${product.id}`, { ...FIELDS, name: { ru: 'Новое имя' } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.size).toEqual(DETAILS.size);
    const cleared = await send('PUT', `/api/shop/${product.id}`, {
      ...FIELDS,
      size: null,
      materials: { ru: '', en: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.size).toBeUndefined();
    expect(cleared.json().data.materials).toBeUndefined();
    expect(cleared.json().data.care).toEqual({ ru: 'Беречь от воды' });
    expect((await row(product.id))?.size).toBeNull();
  });
});

describe('admin shop: update and images', () => {
  it('replaces fields and applies the image plan: reorders, drops one (its files removed), places a new part', async () => {
    const product = await create(FIELDS, { images: [png, jpeg, png] });
    const [first, second, third] = product.images;
    const res = await send(
      'PUT',
      `/api/shop/${product.id}`,
      form(
        {
          ...FIELDS,
          price: { rub: 4000, eur: 40, usd: 45 },
          availability: 'on_order',
          stock: null,
          images: [{ url: third!.url }, { file: 0 }, { url: first!.url }],
        },
        { images: [jpeg] },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data;
    expect(updated).toMatchObject({ price: { rub: 4000, eur: 40, usd: 45 }, availability: 'on_order', stock: null });
    expect(updated.images).toHaveLength(3);
    expect(updated.images[0]).toEqual(third);
    expect(updated.images[2]).toEqual(first);
    expect(existsSync(uploadsFile(updated.images[1].large))).toBe(true);
    expect(existsSync(uploadsFile(second!.url))).toBe(false);
  });

  it('without an image plan keeps the current images and appends new parts', async () => {
    const product = await create(FIELDS, { images: [png] });
    const res = await send('PUT', `/api/shop/${product.id}`, form(FIELDS, { images: [jpeg] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.images).toHaveLength(2);
    expect(res.json().data.images[0]).toEqual(product.images[0]);
  });

  it.each([
    ['a current image twice', (urls: string[]) => [{ url: urls[0] }, { url: urls[0] }], 0],
    ['an image of another product', () => [{ url: '/uploads/products/other.webp' }], 0],
    ['a part that was not sent', (urls: string[]) => [{ url: urls[0] }, { file: 0 }], 0],
    ['a sent part left out', (urls: string[]) => [{ url: urls[0] }], 1],
  ])('refuses an image plan with %s (400) and changes nothing', async (_rule, plan, parts) => {
    const product = await create(FIELDS, { images: [png, jpeg] });
    const urls = product.images.map((image) => image.url);
    const res = await send(
      'PUT',
      `/api/shop/${product.id}`,
      form(
        { ...FIELDS, name: { ru: 'Другое' }, images: plan(urls) },
        { images: Array.from({ length: parts }, () => png) },
      ),
    );
    expect(res.statusCode, res.body).toBe(400);
    const stored = await row(product.id);
    expect(stored?.name.ru).toBe(FIELDS.name.ru);
    expect(stored?.images).toEqual(product.images);
  });

  it('deletes one image by index: its files are removed, later images move up', async () => {
    const product = await create(FIELDS, { images: [png, jpeg] });
    const [first, second] = product.images;
    const res = await send('DELETE', `/api/shop/${product.id}/image/0`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.images).toEqual([second]);
    expect(existsSync(uploadsFile(first!.url))).toBe(false);
    expect(existsSync(uploadsFile(second!.url))).toBe(true);
    const past = await send('DELETE', `/api/shop/${product.id}/image/5`);
    expect(past.statusCode).toBe(404);
    const bad = await send('DELETE', `/api/shop/${product.id}/image/x`);
    expect(bad.statusCode).toBe(400);
  });

  it('replacing the digital book removes the old file; switching to printed-only removes it too', async () => {
    const product = await create(BOOK, { file: pdf });
    const oldKey = (await row(product.id))!.digitalFile!.key;
    const epub = Buffer.concat([
      Buffer.from('PK\x03\x04', 'latin1'),
      Buffer.alloc(26),
      Buffer.from('mimetypeapplication/epub+zip'),
    ]);
    const replaced = await send('PUT', `/api/shop/${product.id}`, form(BOOK, { file: epub, fileName: 'peony' }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.digitalFile).toEqual({ filename: 'peony.epub', size: epub.length });
    expect(existsSync(join(t.dataDir, 'files', 'private', oldKey))).toBe(false);
    const newKey = (await row(product.id))!.digitalFile!.key;
    const printed = await send('PUT', `/api/shop/${product.id}`, { ...BOOK, bookFormats: ['physical'] });
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.json().data.digitalFile).toBeNull();
    expect(existsSync(join(t.dataDir, 'files', 'private', newKey))).toBe(false);
  });

  it('an unknown product → 404 and the uploaded images are not kept', async () => {
    const res = await send('PUT', '/api/shop/00000000-0000-4000-8000-000000000009', form(FIELDS, { images: [png] }));
    expect(res.statusCode).toBe(404);
  });
});

describe("admin shop: the owner's order (position)", () => {
  it('sets, keeps when left out, and clears a place; the public list puts the placed product first', async () => {
    const product = await create({ ...FIELDS, position: 1 });
    expect(product.position).toBe(1);
    const publicFirst = await t.app.inject({ method: 'GET', url: '/api/shop?limit=1' });
    expect(publicFirst.json().data[0].id).toBe(product.id);
    const kept = await send('PUT', `/api/shop/${product.id}`, { ...FIELDS, stock: 4 });
    expect(kept.json().data.position).toBe(1);
    const cleared = await send('PUT', `/api/shop/${product.id}`, { ...FIELDS, position: null });
    expect(cleared.json().data.position).toBeNull();
    expect((await row(product.id))?.position).toBeNull();
  });

  it.each([0, -1, 1.5, 10_001, '3'])('refuses the place %j with a 400 and changes nothing', async (position) => {
    const product = await create({ ...FIELDS, position: 5 });
    const res = await send('PUT', `/api/shop/${product.id}`, { ...FIELDS, position });
    expect(res.statusCode).toBe(400);
    expect((await row(product.id))?.position).toBe(5);
  });
});

describe('admin shop: delete (a product with orders is archived, not lost)', () => {
  async function orderFor(productId: string) {
    await storedOrder(
      t,
      userId,
      {
        customer: { firstName: 'A', lastName: 'B', email: 'a@example.com', phone: '+79123456789' },
        paymentMethod: 'cash',
        totalRub: 100,
      },
      [{ type: 'product', productId, name: { ru: 'x' }, unitPriceRub: 100, quantity: 1 }],
    );
  }

  it('archives a product that order lines reference: hidden from the shop, kept with its images', async () => {
    const product = await create(FIELDS, { images: [png] });
    await orderFor(product.id);
    const res = await send('DELETE', `/api/shop/${product.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { id: product.id, outcome: 'archived' },
      message: 'The product has orders, so it was archived',
    });
    expect((await row(product.id))?.archivedAt).toBeInstanceOf(Date);
    expect(existsSync(uploadsFile(product.images[0]!.url))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/shop/${product.id}` })).statusCode).toBe(410);
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/shop?archived=archived',
      headers: auth('admin'),
    });
    const listed = listEnvelope(AdminProductSchema)
      .parse(admin.json())
      .data.find((p) => p.id === product.id);
    expect(listed).toMatchObject({ orderCount: 1 });
    expect(listed?.archivedAt).not.toBeNull();
  });

  it('an order line written between the check and the delete is caught by the foreign key (then archived)', async () => {
    const product = await create(FIELDS);
    await orderFor(product.id);
    const error = await createShopAdminRepo(t.database.db)
      .delete(product.id)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isForeignKeyViolation(error)).toBe(true);
    expect(await row(product.id)).toBeDefined();
  });

  it('deletes a product without orders for good: row and files gone, portfolio link cleared', async () => {
    const product = await create(BOOK, { images: [png], file: pdf });
    const key = (await row(product.id))!.digitalFile!.key;
    const [item] = await t.database.db
      .insert(portfolioItems)
      .values({ title: { ru: 'Работа' }, description: { ru: '' }, category: 'personal', linkedProductId: product.id })
      .returning();
    const res = await send('DELETE', `/api/shop/${product.id}`);
    expect(res.json()).toMatchObject({ data: { outcome: 'deleted' }, message: 'Product deleted' });
    expect(await row(product.id)).toBeUndefined();
    expect(existsSync(uploadsFile(product.images[0]!.url))).toBe(false);
    expect(existsSync(join(t.dataDir, 'files', 'private', key))).toBe(false);
    const linked = await t.database.db.select().from(portfolioItems).where(eq(portfolioItems.id, item!.id));
    expect(linked[0]?.linkedProductId).toBeNull();
    expect((await send('DELETE', `/api/shop/${product.id}`)).statusCode).toBe(404);
  });
});

describe('admin shop: list', () => {
  it('filters by search, category, availability and archive state', async () => {
    const tool = await create({
      ...FIELDS,
      name: { ru: 'Щипцы', en: 'Tweezers' },
      category: 'tools',
      subcategory: null,
      availability: 'out_of_stock',
    });
    const get = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/shop${query}`, headers: auth('admin') });
      expect(res.statusCode, res.body).toBe(200);
      return listEnvelope(AdminProductSchema)
        .parse(res.json())
        .data.map((p) => p.id);
    };
    expect(await get('?search=tweezers')).toEqual([tool.id]);
    expect(await get('?category=tools&availability=out_of_stock')).toContain(tool.id);
    expect(await get('?availability=in_stock')).not.toContain(tool.id);
    expect(await get('?archived=archived')).not.toContain(tool.id);
    expect(await get('?archived=all')).toContain(tool.id);
  });
});

describe('public cache: compressed once per entry, as the client accepts', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1, br;q=0', 'gzip'],
    ['*', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('Accept-Encoding "%s" → %s, same JSON and ETag', async (accept, encoding) => {
    const url = '/api/shop?limit=50&sort=price_desc';
    const plain = await t.app.inject({ method: 'GET', url });
    const res = await t.app.inject({ method: 'GET', url, headers: accept ? { 'accept-encoding': accept } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers.etag).toBe(plain.headers.etag);
    const bytes = res.rawPayload;
    const body = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
    expect(body.toString()).toBe(plain.body);
    if (encoding) expect(bytes.length).toBeLessThan(plain.rawPayload.length);
  });

  it('x-no-compression gets the plain body', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shop?limit=50',
      headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(() => JSON.parse(res.body)).not.toThrow();
  });
});

describe('admin shop: the public cache is invalidated by every write', () => {
  it('serves signed-in visitors from the same cache entry (the catalogue does not depend on the user)', async () => {
    const url = '/api/shop?sort=name&limit=7';
    const guest = await t.app.inject({ method: 'GET', url });
    const signedIn = await t.app.inject({ method: 'GET', url, headers: auth('user') });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['x-cache']).toBe('HIT');
    expect(signedIn.headers.etag).toBe(guest.headers.etag);
    const itemUrl = `/api/shop/${(await create()).id}`;
    await t.app.inject({ method: 'GET', url: itemUrl, headers: auth('user') });
    const again = await t.app.inject({ method: 'GET', url: itemUrl, headers: auth('admin') });
    expect(again.headers['x-cache']).toBe('HIT');
  });

  it.each(['create', 'update', 'delete image', 'delete'] as const)(
    '%s changes the ETag of GET /api/shop',
    async (write) => {
      const product = await create({ ...FIELDS, name: { ru: `Кеш ${write}` } }, { images: [png, jpeg] });
      const url = '/api/shop?limit=100';
      const first = await t.app.inject({ method: 'GET', url });
      const warm = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(warm.statusCode).toBe(304);
      if (write === 'create') await create({ ...FIELDS, name: { ru: 'Новый в кеше' } });
      if (write === 'update')
        await send('PUT', `/api/shop/${product.id}`, { ...FIELDS, name: { ru: 'Изменён в кеше' } });
      if (write === 'delete image') await send('DELETE', `/api/shop/${product.id}/image/1`);
      if (write === 'delete') await send('DELETE', `/api/shop/${product.id}`);
      const after = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(after.statusCode).toBe(200);
      expect(after.headers['x-cache']).toBe('MISS');
      expect(after.headers.etag).not.toBe(first.headers.etag);
    },
  );
});
