/**
 * The whole app on the S3 driver (S3_* pointed at a real S3-compatible server on loopback): an
 * image uploaded through an admin route is served back through /uploads, a lesson video uploaded
 * through the admin route lands privately and plays through its signed media URL with Range, and
 * with S3_PUBLIC_URL public image URLs point at that base (allowed by the CSP).
 */
import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/accounts';
import { adminUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { startTestS3, type TestS3 } from '../../test/s3';
import { blobOf, pngBytes } from '../../test/uploads';
import { createS3Client } from './s3-storage';

const MB = 1024 * 1024;
let s3: TestS3;
let t: TestContext;
let admin: Record<string, string>;

const adminHeaders = async (context: TestContext) => (await adminUser(context)).headers;

async function bucketKeys(): Promise<string[]> {
  const client = createS3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (listed.Contents ?? []).map((o) => o.Key as string);
  } finally {
    client.destroy();
  }
}

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestContext({ env: { ...s3.env, MEDIA_URL_SECRET: 'media-secret-for-the-s3-app-test-0123456789' } });
  admin = await adminHeaders(t);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

function productForm(image: Buffer) {
  const body = new FormData();
  body.append(
    'data',
    JSON.stringify({
      name: { ru: 'Пион', en: 'Peony' },
      description: { ru: 'Шёлковый пион' },
      price: { rub: 1000, eur: null, usd: null },
      category: 'collection',
      subcategory: 'bouquets',
      availability: 'in_stock',
      stock: 2,
    }),
  );
  body.append('images', new Blob([image]), 'photo.png');
  return body;
}

describe('the app on the S3 driver', () => {
  it('uses S3: the readiness check reaches the bucket', async () => {
    expect(t.config.s3?.bucket).toBe(s3.bucket);
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.storage).toEqual({ reachable: true });
  });

  it('an image uploaded through the admin shop route is stored under public/ and served through /uploads', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop',
      headers: admin,
      payload: productForm(await pngBytes(64, 48)) as never,
    });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json().data.images[0] as { url: string; thumb: string };
    expect(image.url).toMatch(/^\/uploads\/products\/.+\.webp$/);

    const served = await t.app.inject({ method: 'GET', url: image.thumb });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const key = `public/${image.thumb.replace(/^\/uploads\//, '')}`;
    expect(await bucketKeys()).toContain(key);

    // Deleting the product (no orders) removes every variant from the bucket.
    const id = res.json().data.id as string;
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/shop/${id}`, headers: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await bucketKeys()).filter((k) => k.startsWith(key.replace(/-thumb\.webp$/, '')))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: image.thumb })).statusCode).toBe(404);
  });

  it("a waiting review's photo is under private/ and opens only by its signed URL; approved, it moves to public/", async () => {
    const author = await verifiedUser(t, { name: 'Reviewer' });
    const form = new FormData();
    form.append('reviewText', 'Шёлковые пионы как живые');
    form.append('image', blobOf(await pngBytes(64, 48), 'image/png'), 'r.png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: bearer(author.token),
      payload: form as never,
    });
    expect(res.statusCode, res.body).toBe(201);
    const signed = res.json().data.image.thumb as string;
    const key = decodeURIComponent(new URL(signed, 'http://x').pathname.replace('/api/media/private/', ''));
    expect(await bucketKeys()).toContain(`private/${key}`);
    expect(await bucketKeys()).not.toContain(`public/${key}`);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
    const served = await t.app.inject({ method: 'GET', url: signed });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');

    const id = res.json().data.id as string;
    const approved = await t.app.inject({ method: 'PUT', url: `/api/reviews/admin/${id}/approve`, headers: admin });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await bucketKeys()).toContain(`public/${key}`);
    expect(await bucketKeys()).not.toContain(`private/${key}`);
    const open = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a lesson video uploaded by the admin stays private and plays through the signed URL with Range', async () => {
    const video = randomBytes(11 * MB);
    video.writeUInt32BE(24, 0);
    video.write('ftypisom', 4, 'latin1');
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({
        number: 77,
        title: { ru: 'Урок на S3' },
        description: { ru: 'Видео в бакете' },
        level: 'basic',
        price: { rub: 1500, eur: null, usd: null },
      }),
    );
    form.append('video', new Blob([video], { type: 'video/mp4' }), 'lesson.mp4');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/lessons',
      headers: admin,
      payload: form as never,
    });
    expect(created.statusCode, created.body).toBe(201);
    const lessonId = created.json().data.id as string;

    const keys = await bucketKeys();
    const videoKeys = keys.filter((k) => k.includes('lessons/videos/'));
    expect(videoKeys).toHaveLength(1);
    expect(videoKeys[0]).toMatch(/^private\//);
    // Streamed in through a multipart upload, never buffered into one PUT.
    expect(s3.events.some((e) => e.key === videoKeys[0] && e.eventName === 'ObjectCreated:Post')).toBe(true);

    const access = await t.app.inject({
      method: 'GET',
      url: `/api/training/lessons/${lessonId}/access`,
      headers: admin,
    });
    expect(access.statusCode, access.body).toBe(200);
    const signed = access.json().data.video as string;
    expect(signed).toMatch(/^\/api\/training\/lessons\//);

    const middle = await t.app.inject({
      method: 'GET',
      url: signed,
      headers: { ...admin, range: 'bytes=6000000-6000099' },
    });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 6000000-6000099/${video.length}`);
    expect(middle.rawPayload.equals(video.subarray(6_000_000, 6_000_100))).toBe(true);

    const tail = await t.app.inject({ method: 'GET', url: signed, headers: { ...admin, range: 'bytes=-4' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(video.length - 4))).toBe(true);

    const beyond = await t.app.inject({
      method: 'GET',
      url: signed,
      headers: { ...admin, range: `bytes=${video.length}-` },
    });
    expect(beyond.statusCode).toBe(416);

    // Not reachable as a public file under any spelling of its key.
    const bare = videoKeys[0]!.replace(/^private\//, '');
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${bare}` })).statusCode).toBe(404);
  });
});

describe('with S3_PUBLIC_URL', () => {
  let cdn: TestContext;
  beforeAll(async () => {
    cdn = await createTestContext({ env: { ...s3.env, S3_PUBLIC_URL: 'https://cdn.example.com/atelier/public' } });
  });
  afterAll(() => cdn.close());

  it('public image URLs point at the public base, the CSP allows its origin, and delete still finds the keys', async () => {
    const headers = await adminHeaders(cdn);
    const res = await cdn.app.inject({
      method: 'POST',
      url: '/api/shop',
      headers,
      payload: productForm(await pngBytes(50, 50)) as never,
    });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json().data.images[0] as { url: string };
    expect(image.url).toMatch(/^https:\/\/cdn\.example\.com\/atelier\/public\/products\/.+\.webp$/);
    const key = `public/${image.url.replace('https://cdn.example.com/atelier/public/', '')}`;
    expect(await bucketKeys()).toContain(key);
    expect(String(res.headers['content-security-policy'])).toMatch(/img-src[^;]*https:\/\/cdn\.example\.com/);

    const deleted = await cdn.app.inject({ method: 'DELETE', url: `/api/shop/${res.json().data.id}`, headers });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await bucketKeys()).not.toContain(key);
  });
});
