import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { listEnvelope, PortfolioItemSchema, successEnvelope } from '@atelier/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioItems } from '../../db/schema';
import { adminUser, productWithStock, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { BAD_UPLOADS, blobOf, jpegBytes, pngBytes } from '../../test/uploads';

let t: TestContext;
let userToken: string;
let adminToken: string;
let png: Buffer;
let jpeg: Buffer;
let listedProduct: string;
let archivedProduct: string;

beforeAll(async () => {
  t = await createTestContext();
  userToken = (await verifiedUser(t, { email: 'pf-user@example.com', name: 'User' })).token;
  adminToken = (await adminUser(t, { email: 'pf-admin@example.com' })).token;
  listedProduct = await productWithStock(t, { name: { ru: 'Букет' }, description: { ru: '' }, priceRub: 100_000 });
  archivedProduct = await productWithStock(t, {
    name: { ru: 'Старый' },
    description: { ru: '' },
    priceRub: 100_000,
    archivedAt: new Date(),
  });
  png = await pngBytes();
  jpeg = await jpegBytes();
});
afterAll(() => t.close());

type Who = 'guest' | 'user' | 'admin';
const auth = (who: Who): Record<string, string> =>
  who === 'guest' ? {} : { authorization: `Bearer ${who === 'admin' ? adminToken : userToken}` };

const FIELDS = {
  title: { ru: 'Свадебный букет', en: 'Wedding bouquet', es: '' },
  description: { ru: 'Пионы и розы', en: 'Peonies and roses' },
  category: 'wedding',
  mainImageIndex: 1,
  linkedProductId: null as string | null,
};

function form(data: object, files: { bytes: Buffer; filename?: string; type?: string }[] = []) {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  for (const file of files)
    body.append('images', blobOf(file.bytes, file.type ?? 'image/png'), file.filename ?? 'p.png');
  return body;
}

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object | FormData, who: Who = 'admin') =>
  t.app.inject({ method, url, headers: auth(who), ...(payload ? { payload: payload as never } : {}) });

async function create(data: object = FIELDS, files = [{ bytes: png }, { bytes: jpeg, type: 'image/jpeg' }]) {
  const res = await send('POST', '/api/admin/portfolio', form(data, files));
  expect(res.statusCode, res.body).toBe(201);
  return successEnvelope(PortfolioItemSchema).parse(res.json()).data;
}

const onDisk = (url: string) => existsSync(join(t.dataDir, 'files', 'public', url.replace(/^\/uploads\//, '')));
const itemCount = async () => (await t.database.db.select({ n: count() }).from(portfolioItems))[0]!.n;
const publicItem = (id: string) => t.app.inject({ method: 'GET', url: `/api/portfolio/${id}` });

describe('portfolio admin: roles', () => {
  const probe = '00000000-0000-4000-8000-000000000001';
  it.each([
    ['GET', '/api/admin/portfolio'],
    ['POST', '/api/admin/portfolio'],
    ['PUT', `/api/admin/portfolio/${probe}`],
    ['DELETE', `/api/admin/portfolio/${probe}`],
  ] as const)('%s %s: guest → 401, customer → 403', async (method, url) => {
    const payload = method === 'POST' || method === 'PUT' ? FIELDS : undefined;
    expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    const asUser = await t.app.inject({ method, url, headers: auth('user'), ...(payload ? { payload } : {}) });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});

describe('portfolio admin: create', () => {
  it('creates from multipart: images in the sent order as WebP variants on disk, main image, linked product', async () => {
    const item = await create({ ...FIELDS, linkedProductId: listedProduct });
    expect(item.images).toHaveLength(2);
    expect(item.mainImageIndex).toBe(1);
    expect(item.linkedProductId).toBe(listedProduct);
    expect(item.title).toEqual({ ru: 'Свадебный букет', en: 'Wedding bouquet' });
    expect(item.images.flatMap((i) => [i.url, i.thumb, i.medium, i.large]).every(onDisk)).toBe(true);
    // The public read sees it at once (the write cleared the cache).
    expect((await publicItem(item.id)).json().data).toEqual(item);
  });

  it('puts a new item after the others in the public list', async () => {
    const before = listEnvelope(PortfolioItemSchema).parse(
      (await t.app.inject({ method: 'GET', url: '/api/portfolio?limit=100' })).json(),
    );
    const item = await create({ ...FIELDS, title: { ru: 'Последняя' }, mainImageIndex: 0 }, [{ bytes: png }]);
    const after = listEnvelope(PortfolioItemSchema).parse(
      (await t.app.inject({ method: 'GET', url: '/api/portfolio?limit=100' })).json(),
    );
    expect(after.meta.total).toBe(before.meta.total + 1);
    expect(after.data.at(-1)!.id).toBe(item.id);
  });

  it.each([
    ['no image', FIELDS, [], 'Добавьте хотя бы одно изображение'],
    ['a main image past the list', { ...FIELDS, mainImageIndex: 2 }, 'two', 'Главное изображение'],
    [
      'an unknown linked product',
      { ...FIELDS, linkedProductId: '00000000-0000-4000-8000-000000000009' },
      'two',
      'Связанный товар не найден',
    ],
    ['an archived linked product', { ...FIELDS, linkedProductId: 'archived' }, 'two', 'Связанный товар не найден'],
    ['a plan naming a missing file', { ...FIELDS, images: [{ file: 0 }, { file: 5 }] }, 'two', 'Порядок изображений'],
    ['a plan using a file twice', { ...FIELDS, images: [{ file: 0 }, { file: 0 }] }, 'two', 'Порядок изображений'],
    [
      'a plan leaving a file unused',
      { ...FIELDS, mainImageIndex: 0, images: [{ file: 0 }] },
      'two',
      'Порядок изображений',
    ],
    [
      'a url that is not one of its images',
      { ...FIELDS, images: [{ url: '/uploads/x.webp' }, { file: 0 }, { file: 1 }] },
      'two',
      'Порядок изображений',
    ],
    ['a blank ru title', { ...FIELDS, title: { ru: ' ', en: 'x' } }, 'two', 'Заполните текст на русском языке'],
    ['an unknown category', { ...FIELDS, category: 'funeral' }, 'two', ''],
  ])('400 for %s; nothing is created', async (_rule, data, files, message) => {
    const before = await itemCount();
    const payload = { ...data } as Record<string, unknown>;
    if (payload.linkedProductId === 'archived') payload.linkedProductId = archivedProduct;
    const res = await send(
      'POST',
      '/api/admin/portfolio',
      form(payload, files === 'two' ? [{ bytes: png }, { bytes: jpeg, type: 'image/jpeg' }] : []),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await itemCount()).toBe(before);
  });

  it.each(BAD_UPLOADS)('refuses $name with $status; nothing is created', async (bad) => {
    const before = await itemCount();
    const res = await send(
      'POST',
      '/api/admin/portfolio',
      form({ ...FIELDS, mainImageIndex: 0 }, [
        { bytes: png },
        { bytes: bad.bytes, filename: bad.filename, type: bad.type },
      ]),
    );
    expect(res.statusCode).toBe(bad.status);
    expect(res.json()).toMatchObject({ success: false, message: bad.message });
    expect(await itemCount()).toBe(before);
  });

  it('refuses more than 10 images', async () => {
    const files = Array.from({ length: 11 }, () => ({ bytes: png }));
    const res = await send('POST', '/api/admin/portfolio', form({ ...FIELDS, mainImageIndex: 0 }, files));
    expect(res.statusCode).toBe(400);
  });
});

describe('portfolio admin: update and delete', () => {
  it('reorders, keeps, drops and adds images by the plan; dropped files leave the disk', async () => {
    const item = await create();
    const [a, b] = item.images;
    const res = await send(
      'PUT',
      `/api/admin/portfolio/${item.id}`,
      form({ ...FIELDS, category: 'personal', mainImageIndex: 2, images: [{ file: 0 }, { url: b!.url }] }, [
        { bytes: jpeg, type: 'image/jpeg' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(400); // main index 2 is past a two-image list

    const ok = await send(
      'PUT',
      `/api/admin/portfolio/${item.id}`,
      form({ ...FIELDS, category: 'personal', mainImageIndex: 0, images: [{ file: 0 }, { url: b!.url }] }, [
        { bytes: jpeg, type: 'image/jpeg' },
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const updated = successEnvelope(PortfolioItemSchema).parse(ok.json()).data;
    expect(updated.category).toBe('personal');
    expect(updated.images).toHaveLength(2);
    expect(updated.images[1]).toEqual(b);
    expect(updated.images[0]!.url).not.toBe(a!.url);
    expect(onDisk(a!.large)).toBe(false);
    expect(onDisk(b!.large)).toBe(true);
    expect((await publicItem(item.id)).json().data).toEqual(updated);
  });

  it('a JSON update without a plan keeps the images and changes texts and the main image', async () => {
    const item = await create();
    const res = await send('PUT', `/api/admin/portfolio/${item.id}`, {
      ...FIELDS,
      title: { ru: 'Другое название' },
      mainImageIndex: 0,
      linkedProductId: listedProduct,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      title: { ru: 'Другое название' },
      images: item.images,
      mainImageIndex: 0,
      linkedProductId: listedProduct,
    });
  });

  it('a refused update (an image that is not one) changes nothing', async () => {
    const item = await create();
    const res = await send(
      'PUT',
      `/api/admin/portfolio/${item.id}`,
      form({ ...FIELDS, title: { ru: 'Нет' } }, [
        { bytes: Buffer.from('hello'), filename: 'x.jpg', type: 'image/jpeg' },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect((await publicItem(item.id)).json().data).toEqual(item);
  });

  it('PUT and DELETE of an unknown id → 404; a malformed id → 400', async () => {
    const unknown = '00000000-0000-4000-8000-000000000042';
    expect((await send('PUT', `/api/admin/portfolio/${unknown}`, FIELDS)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/admin/portfolio/${unknown}`)).statusCode).toBe(404);
    expect((await send('DELETE', '/api/admin/portfolio/nope')).statusCode).toBe(400);
  });

  it('DELETE removes the item, its files, and the public read answers 404', async () => {
    const item = await create();
    await publicItem(item.id); // cached
    const res = await send('DELETE', `/api/admin/portfolio/${item.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Работа удалена');
    expect((await publicItem(item.id)).statusCode).toBe(404);
    expect(item.images.some((image) => onDisk(image.large))).toBe(false);
  });
});

describe('GET /api/admin/portfolio', () => {
  it('filters by category, searches titles in any language, and pages', async () => {
    await create(
      {
        ...FIELDS,
        title: { ru: 'Корпоративный заказ', en: 'Office lilies' },
        category: 'corporate',
        mainImageIndex: 0,
      },
      [{ bytes: png }],
    );
    const get = async (query: string) =>
      listEnvelope(PortfolioItemSchema).parse(
        (await t.app.inject({ method: 'GET', url: `/api/admin/portfolio?${query}`, headers: auth('admin') })).json(),
      );
    const corporate = await get('category=corporate');
    expect(corporate.data.every((item) => item.category === 'corporate')).toBe(true);
    expect(corporate.data.length).toBeGreaterThan(0);
    const found = await get('search=lilies');
    expect(found.data.map((item) => item.title.ru)).toEqual(['Корпоративный заказ']);
    expect((await get('search=%25')).data).toEqual([]); // a literal %, not a wildcard
    const page = await get('limit=2&page=2');
    expect(page.meta).toMatchObject({ page: 2, limit: 2 });
    expect(page.data.length).toBeLessThanOrEqual(2);
  });
});
