/**
 * Reviews cannot be flooded and their photos are not public before the owner approves them
 * (docs/decisions/0057): at most MAX_PENDING_REVIEWS of an author's reviews wait at once, posts are
 * limited per account and per client address, an image declaring too many pixels is refused from
 * its header, and a waiting review's photo is served only to its author and the admin.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema';
import type { ImagePipeline } from '../../platform/images/images';
import { createImagePipeline } from '../../platform/images/sharp-pipeline';
import { createLocalStorage } from '../../platform/storage/local-storage';
import { bearer } from '../../test/accounts';
import { adminUser, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { blobOf, pngBytes } from '../../test/uploads';
import { createReviewsService } from './reviews.service';

let t: TestContext;
let admin: TestUser;
let png: Buffer;

beforeAll(async () => {
  // Day-long windows: a count that straddles the turn of a 15-minute window would start again.
  t = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_IP: '8', RATE_LIMIT_WINDOW_MINUTES: '1440' } });
  admin = await adminUser(t, { email: 'limits-admin@example.com' });
  png = await pngBytes();
});
afterAll(() => t.close());

let nextIp = 0;
const freshIp = () => `10.7.0.${++nextIp}`;

function post(user: TestUser, ip: string, image: Buffer | null = png, text = 'Очень красивые цветы из шёлка') {
  const body = new FormData();
  body.append('reviewText', text);
  if (image) body.append('image', blobOf(image, 'image/png'), 'r.png');
  return t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: { ...bearer(user.token), 'accept-language': 'en' },
    payload: body as never,
    remoteAddress: ip,
  });
}
const reviewCount = async () => (await t.database.db.select({ n: count() }).from(reviews))[0]!.n;
const storedFiles = () =>
  (['public', 'private'] as const).reduce((n, zone) => {
    const dir = join(t.dataDir, 'files', zone, 'reviews');
    return n + (existsSync(dir) ? readdirSync(dir).length : 0);
  }, 0);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const moderate = (id: string, action: 'approve' | 'reject') =>
  t.app.inject({ method: 'PUT', url: `/api/reviews/admin/${id}/${action}`, headers: bearer(admin.token) });

/** A valid PNG of `width`×`height` grey pixels: a few hundred KB that decode to `width*height` bytes. */
function bigPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height); // filter byte 0 and black pixels on every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('posting reviews until refused', () => {
  it('three may wait at once (then 409), one more after an approval, and the account is limited (429)', async () => {
    const user = await verifiedUser(t, { name: 'Flood' });
    const ip = freshIp();
    const posted: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await post(user, ip);
      expect(res.statusCode, res.body).toBe(201);
      posted.push(res.json().data.id);
    }
    const before = { rows: await reviewCount(), files: storedFiles() };
    const fourth = await post(user, ip);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      code: 'REVIEWS_PENDING_LIMIT',
      message: '3 of your reviews are already awaiting moderation. Wait for them before writing another',
    });
    // Refused before the photo was converted: nothing stored.
    expect({ rows: await reviewCount(), files: storedFiles() }).toEqual(before);

    await moderate(posted[0]!, 'approve');
    expect((await post(user, ip)).statusCode).toBe(201);
    // Five posts counted in this window (the refused one too): the sixth is limited.
    const sixth = await post(user, freshIp());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many reviews in a short time. Please try again later',
    });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('one address posting with many accounts is limited per address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const user = await verifiedUser(t, { name: `Sock${i}` });
      statuses.push((await post(user, ip, null)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 429, 429]);
  });
});

describe('image size', () => {
  it('a 7000×7000 PNG is refused from its header with a clear 400; nothing is stored', async () => {
    const bomb = bigPng(7000, 7000);
    expect(bomb.length).toBeLessThan(200_000);
    const user = await verifiedUser(t, { name: 'Bomber' });
    const before = { rows: await reviewCount(), files: storedFiles() };
    const res = await post(user, freshIp(), bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMAGE_TOO_MANY_PIXELS',
      message: 'The image resolution is too large: at most 16 megapixels',
    });
    expect({ rows: await reviewCount(), files: storedFiles() }).toEqual(before);
    // A picture within the limit made the same way is taken.
    expect((await post(user, freshIp(), bigPng(1200, 900))).statusCode).toBe(201);
  });

  it("a customer's 20 MP photo is a clear 400 (the customers' 16 MP cap); the owner's same file is accepted", async () => {
    const photo = bigPng(5000, 4000);
    const user = await verifiedUser(t, { name: 'Camera' });
    const before = { rows: await reviewCount(), files: storedFiles() };
    const res = await post(user, freshIp(), photo);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMAGE_TOO_MANY_PIXELS',
      message: 'The image resolution is too large: at most 16 megapixels',
    });
    expect({ rows: await reviewCount(), files: storedFiles() }).toEqual(before);

    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({ title: { ru: 'Букет' }, description: { ru: 'Пионы' }, category: 'wedding', mainImageIndex: 0 }),
    );
    form.append('images', blobOf(photo, 'image/png'), 'big.png');
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/admin/portfolio',
      headers: bearer(admin.token),
      payload: form as never,
    });
    expect(owner.statusCode, owner.body).toBe(201);
    expect(owner.json().data.images[0].url).toMatch(/^\/uploads\/portfolio\//);
  });

  it('a photo is judged by its header before the waiting cap is counted: 400 for the photo even at the cap', async () => {
    const user = await verifiedUser(t, { name: 'Queue' });
    for (let i = 0; i < 3; i++) expect((await post(user, freshIp(), null)).statusCode).toBe(201);
    const over = await post(user, freshIp(), bigPng(5000, 4000));
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('IMAGE_TOO_MANY_PIXELS');
    // A photo within the cap now meets the waiting cap.
    expect((await post(user, freshIp(), bigPng(1200, 900))).json().code).toBe('REVIEWS_PENDING_LIMIT');
  });
});

describe('parallel posts by one account', () => {
  it('HTTP: five at once, three stored (the cap), two refused with 409', async () => {
    const user = await verifiedUser(t, { name: 'Racer' });
    const ip = freshIp();
    const before = storedFiles();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(user, ip)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409]);
    const mine = (await get('/api/reviews/mine', bearer(user.token))).json().data as unknown[];
    expect(mine).toHaveLength(3);
    // Four variants per stored photo, nothing left of the refused ones.
    expect(storedFiles() - before).toBe(12);
  });

  it('eight at once: at most the cap stored, and the refused ones never reach the decoder', async () => {
    const user = await verifiedUser(t, { name: 'Swarm' });
    const images = createImagePipeline({ storage: createLocalStorage({ root: join(t.dataDir, 'race-files') }) });
    let decodes = 0;
    const counting: ImagePipeline = {
      ...images,
      async ingest(...args) {
        decodes++;
        return images.ingest(...args);
      },
    };
    const service = createReviewsService({ db: t.database.db, images: counting });
    const author = { id: user.id, name: 'Swarm' };
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => service.create(author, { reviewText: 'Очень красивые цветы', rating: 5 }, png)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { code?: string }] : []));
    expect(refused.map((e) => e.code)).toEqual(Array(5).fill('REVIEWS_PENDING_LIMIT'));
    expect(decodes).toBe(3);
    expect((await get('/api/reviews/mine', bearer(user.token))).json().data).toHaveLength(3);
  });
});

describe("a waiting review's photo", () => {
  it('is served to its author and the admin only, privately; public once approved; private again when rejected', async () => {
    const author = await verifiedUser(t, { name: 'Author' });
    const stranger = await verifiedUser(t, { name: 'Stranger' });
    const res = await post(author, freshIp());
    expect(res.statusCode, res.body).toBe(201);
    const { id, image } = res.json().data as { id: string; image: { large: string; thumb: string } };
    const key = decodeURIComponent(new URL(image.large, 'http://x').pathname.replace('/api/media/private/', ''));
    expect(key).toMatch(/^reviews\/[\w-]+-large\.webp$/);
    const unsigned = `/api/media/private/${key}`;

    // Guests and strangers: not under /uploads/, not without a valid signature.
    for (const headers of [{}, bearer(stranger.token)]) {
      expect((await get(`/uploads/${key}`, headers)).statusCode).toBe(404);
      expect((await get(unsigned, headers)).statusCode).toBe(404);
      expect((await get(`${unsigned}?e=9999999999&s=forged`, headers)).statusCode).toBe(404);
    }
    const publicList = (await get('/api/reviews?limit=100')).json().data as { id: string }[];
    expect(publicList.map((r) => r.id)).not.toContain(id);

    // The author (own list) and the admin (moderation list) get URLs that open it, never kept by caches.
    const ownUrl = (
      (await get('/api/reviews/mine', bearer(author.token))).json().data as { id: string; image: { large: string } }[]
    ).find((r) => r.id === id)!.image.large;
    const adminUrl = (
      (await get('/api/reviews/admin?status=pending&limit=100', bearer(admin.token))).json().data as {
        id: string;
        image: { large: string };
      }[]
    ).find((r) => r.id === id)!.image.large;
    for (const url of [ownUrl, adminUrl]) {
      const file = await get(url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }

    // Approved: public under /uploads/ with long caching; the private copy is gone.
    expect((await moderate(id, 'approve')).statusCode).toBe(200);
    const listed = (
      (await get('/api/reviews?limit=100')).json().data as { id: string; image: { large: string } }[]
    ).find((r) => r.id === id)!;
    expect(listed.image.large).toBe(`/uploads/${key}`);
    const open = await get(`/uploads/${key}`);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(existsSync(join(t.dataDir, 'files', 'private', key))).toBe(false);
    expect(existsSync(join(t.dataDir, 'files', 'public', key))).toBe(true);

    // Rejected afterwards: private again, under new keys, so the URL caches were told was
    // immutable answers 404 for good (also if the review is approved again).
    expect((await moderate(id, 'reject')).statusCode).toBe(200);
    expect((await get(`/uploads/${key}`)).statusCode).toBe(404);
    expect(existsSync(join(t.dataDir, 'files', 'private', key))).toBe(false);
    expect(existsSync(join(t.dataDir, 'files', 'public', key))).toBe(false);
    const again = (
      (await get('/api/reviews/mine', bearer(author.token))).json().data as { id: string; image: { large: string } }[]
    ).find((r) => r.id === id)!.image.large;
    expect((await get(again)).statusCode).toBe(200);
    const newKey = decodeURIComponent(new URL(again, 'http://x').pathname.replace('/api/media/private/', ''));
    expect(newKey).toMatch(/^reviews\/[\w-]+-large\.webp$/);
    expect(newKey).not.toBe(key);
    expect((await moderate(id, 'approve')).statusCode).toBe(200);
    expect((await get(`/uploads/${newKey}`)).statusCode).toBe(200);
    expect((await get(`/uploads/${key}`)).statusCode).toBe(404);
  });
});
