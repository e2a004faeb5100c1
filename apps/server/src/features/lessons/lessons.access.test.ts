import { ErrorBodySchema, LessonAccessSchema, LessonPurchaseSchema, successEnvelope } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { purchases } from '../../db/schema';
import { adminUser, orderBody, placeOrder, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { fakeMp4, fakePdf, grant, lessonWithFiles } from '../../test/lessons';
import { createMediaSigner } from './lessons.media';

const SECRET = 'test-media-secret-0123456789abcdef-xyz';
const VIDEO = fakeMp4(200_000);
const SHEET_EN = fakePdf('english sheet');

let t: TestContext;
let lesson: string;
let bare: string;
let buyer: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestContext({ env: { MEDIA_URL_SECRET: SECRET, MEDIA_URL_TTL_SECONDS: '60' } });
  lesson = await lessonWithFiles(t, { video: VIDEO, methodology: { en: SHEET_EN, ru: fakePdf('ru') } });
  bare = await lessonWithFiles(t);
  buyer = await verifiedUser(t, { name: 'buyer' });
  stranger = await verifiedUser(t, { name: 'stranger' });
  admin = await adminUser(t, { name: 'admin' });
  await grant(t, buyer.id, lesson);
  await grant(t, buyer.id, bare);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const revokeAll = (userId: string) => t.database.db.delete(purchases).where(eq(purchases.userId, userId));
/** What `<video>`, `<track>` and a download link send: the site's session cookie, no header. */
const cookieOf = (user: TestUser) => ({ cookie: `lang=ru; token=${user.token}` });
const code = (res: { json(): unknown }) => ErrorBodySchema.parse(res.json()).code;

async function accessOf(headers: Record<string, string>, id = lesson) {
  const res = await get(`/api/training/lessons/${id}/access`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(LessonAccessSchema).parse(res.json()).data;
}

describe('who may watch: GET /api/training/lessons/{id}/video', () => {
  it.each([
    ['a guest', 401, () => ({}), 'UNAUTHORIZED'],
    ['a signed-in user who has not bought it', 403, () => stranger.headers, 'FORBIDDEN'],
  ])('%s → %i', async (_, status, headers, errorCode) => {
    const res = await get(`/api/training/lessons/${lesson}/video`, headers());
    expect(res.statusCode).toBe(status);
    expect(code(res)).toBe(errorCode);
    expect(res.body).not.toContain('ftyp');
  });

  it.each([
    ['the purchaser', () => buyer.headers],
    ['an admin', () => admin.headers],
  ])('%s gets the whole file, never cached publicly', async (_, headers) => {
    const res = await get(`/api/training/lessons/${lesson}/video`, headers());
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(VIDEO)).toBe(true);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('an unknown lesson → 404; a lesson without a video → 404 with the exact "video not uploaded" text', async () => {
    expect(
      (await get('/api/training/lessons/00000000-0000-4000-8000-000000000000/video', buyer.headers)).statusCode,
    ).toBe(404);
    const res = await get(`/api/training/lessons/${bare}/video`, { ...buyer.headers, 'accept-language': 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'VIDEO_NOT_UPLOADED', message: 'The video has not been uploaded yet' });
  });

  it('the raw file is not reachable under /uploads', async () => {
    const access = await accessOf(buyer.headers);
    expect(access.video).toMatch(/^\/api\/training\/lessons\//);
    for (const url of ['/uploads/lessons/videos', `/uploads/${lesson}`]) {
      expect((await get(url)).statusCode).toBe(404);
    }
  });
});

describe('HTTP Range on the protected video (seeking)', () => {
  const size = VIDEO.length;
  it.each([
    ['the first bytes', 'bytes=0-99', 0, 99],
    ['the middle', 'bytes=100000-100999', 100_000, 100_999],
    ['an open end', `bytes=${size - 10}-`, size - 10, size - 1],
    ['a suffix', 'bytes=-100', size - 100, size - 1],
    ['an end past the file (clamped)', `bytes=${size - 5}-${size + 1000}`, size - 5, size - 1],
  ])('%s (%s) → 206 with Content-Range and exactly those bytes', async (_, range, start, end) => {
    const res = await get(`/api/training/lessons/${lesson}/video`, { ...buyer.headers, range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
    expect(Number(res.headers['content-length'])).toBe(end - start + 1);
    expect(res.rawPayload.equals(VIDEO.subarray(start, end + 1))).toBe(true);
  });

  it.each([`bytes=${200_000}-`, `bytes=${300_000}-${300_100}`, 'bytes=-0'])(
    'an unsatisfiable range (%s) → 416 with Content-Range bytes */size',
    async (range) => {
      const res = await get(`/api/training/lessons/${lesson}/video`, { ...buyer.headers, range });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${size}`);
      expect(code(res)).toBe('RANGE_NOT_SATISFIABLE');
    },
  );
});

describe('short-lived signed URLs (what <video src> and download links use)', () => {
  it('access answers signed URLs for the purchaser; they work with the session cookie the media element sends', async () => {
    const access = await accessOf(buyer.headers);
    expect(Object.keys(access.methodology).sort()).toEqual(['en', 'ru']);
    const expiresIn = new Date(access.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(50_000);
    expect(expiresIn).toBeLessThanOrEqual(61_000);
    const res = await get(access.video!, { range: 'bytes=0-9', ...cookieOf(buyer) });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(VIDEO.subarray(0, 10))).toBe(true);
    const sheet = await get(access.methodology.en!, cookieOf(buyer));
    expect(sheet.statusCode).toBe(200);
    expect(sheet.rawPayload.equals(SHEET_EN)).toBe(true);
    // The bearer header counts as well.
    expect((await get(access.video!, { range: 'bytes=0-0', ...buyer.headers })).statusCode).toBe(206);
  });

  it('a signed URL is not a bearer link: a guest gets 401, another signed-in account 403, whatever it owns', async () => {
    const access = await accessOf(buyer.headers);
    const guest = await get(access.video!, { range: 'bytes=0-9' });
    expect(guest.statusCode).toBe(401);
    expect(guest.body).not.toContain('ftyp');
    expect((await get(access.methodology.en!)).statusCode).toBe(401);
    await grant(t, stranger.id, lesson);
    try {
      for (const headers of [cookieOf(stranger), stranger.headers, cookieOf(admin)]) {
        const other = await get(access.video!, { range: 'bytes=0-9', 'accept-language': 'en', ...headers });
        expect(other.statusCode).toBe(403);
        expect(other.json()).toMatchObject({
          code: 'SIGNED_URL_OTHER_ACCOUNT',
          message: 'This link was issued to another learner. Open the lesson signed in to your own account',
        });
        expect((await get(access.methodology.en!, headers)).statusCode).toBe(403);
      }
    } finally {
      await revokeAll(stranger.id);
    }
    // A cookie on a route that does not stream media is no session (the API keeps the bearer header).
    expect((await get(`/api/training/lessons/${lesson}/access`, cookieOf(buyer))).statusCode).toBe(401);
  });

  it.each([
    ['a guest', 401, () => ({})],
    ['a non-purchaser', 403, () => stranger.headers],
  ])('access for %s → %i', async (_, status, headers) => {
    expect((await get(`/api/training/lessons/${lesson}/access`, headers())).statusCode).toBe(status);
  });

  it('an admin gets signed URLs for any lesson', async () => {
    const access = await accessOf(admin.headers);
    expect((await get(access.video!, { range: 'bytes=0-0', ...cookieOf(admin) })).statusCode).toBe(206);
  });

  it('an expired signature → 403 SIGNED_URL_INVALID', async () => {
    const signer = createMediaSigner({ secret: SECRET, ttlSeconds: 60 });
    const { query } = signer.sign(buyer.id, lesson, 'video', Date.now() - 61_000);
    const res = await get(`/api/training/lessons/${lesson}/video?${query}`, cookieOf(buyer));
    expect(res.statusCode).toBe(403);
    expect(code(res)).toBe('SIGNED_URL_INVALID');
    // The same signer with a fresh time works: only the expiry was wrong.
    const fresh = signer.sign(buyer.id, lesson, 'video').query;
    expect(
      (await get(`/api/training/lessons/${lesson}/video?${fresh}`, { range: 'bytes=0-0', ...cookieOf(buyer) }))
        .statusCode,
    ).toBe(206);
  });

  it.each([
    ['a forged signature', (q: string) => q.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')],
    ['another user', (q: string) => q.replace(/u=[^&]+/, `u=${'0'.repeat(8)}-0000-4000-8000-000000000000`)],
    ['a pushed-back expiry', (q: string) => q.replace(/e=(\d+)/, (_, e: string) => `e=${Number(e) + 3600}`)],
  ])('%s → 403', async (_, tamper) => {
    const access = await accessOf(buyer.headers);
    const [path, query] = access.video!.split('?');
    const res = await get(`${path}?${tamper(query!)}`, cookieOf(buyer));
    expect(res.statusCode).toBe(403);
  });

  it('a video signature does not open another lesson or the methodology sheet', async () => {
    const access = await accessOf(buyer.headers);
    const query = access.video!.split('?')[1];
    expect((await get(`/api/training/lessons/${bare}/video?${query}`, cookieOf(buyer))).statusCode).toBe(403);
    expect((await get(`/api/training/lessons/${lesson}/methodology/en?${query}`, cookieOf(buyer))).statusCode).toBe(
      403,
    );
  });
});

describe('a refund ends playback', () => {
  it('the order of the lesson cancelled (refunded): its signed URLs stop working at once; new ones are refused', async () => {
    const learner = await verifiedUser(t);
    const order = await placeOrder(
      t,
      learner,
      orderBody([{ type: 'lesson', id: lesson, quantity: 1 }], { paymentMethod: 'bank_transfer' }),
    );
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/mark-paid`,
      headers: admin.headers,
      payload: { reference: 'TR-2' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const access = await accessOf(learner.headers);
    // Played: its "may watch" answer is now reused for the next requests.
    expect((await get(access.video!, { range: 'bytes=0-9', ...cookieOf(learner) })).statusCode).toBe(206);

    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: admin.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await get(access.video!, { range: 'bytes=10-19', ...cookieOf(learner) });
    expect(after.statusCode).toBe(403);
    expect(after.body).not.toContain('ftyp');
    expect((await get(access.methodology.en!, cookieOf(learner))).statusCode).toBe(403);
    expect((await get(`/api/training/lessons/${lesson}/access`, learner.headers)).statusCode).toBe(403);
    // The owner who did not refund keeps playing.
    const kept = await accessOf(buyer.headers);
    expect((await get(kept.video!, { range: 'bytes=0-9', ...cookieOf(buyer) })).statusCode).toBe(206);
  });
});

describe('methodology sheets by language', () => {
  it('the purchaser downloads the en sheet as a PDF attachment', async () => {
    const res = await get(`/api/training/lessons/${lesson}/methodology/en`, buyer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=sheet-en\.pdf/);
    expect(res.rawPayload.equals(SHEET_EN)).toBe(true);
  });

  it.each([
    ['a guest', 401, () => ({})],
    ['a non-purchaser', 403, () => stranger.headers],
  ])('%s → %i', async (_, status, headers) => {
    expect((await get(`/api/training/lessons/${lesson}/methodology/en`, headers())).statusCode).toBe(status);
  });

  it('a missing language → 404 with the exact "not found in the chosen language" text', async () => {
    const res = await get(`/api/training/lessons/${lesson}/methodology/es`, {
      ...buyer.headers,
      'accept-language': 'en',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'METHODOLOGY_LANGUAGE_NOT_FOUND',
      message: 'The methodology in the chosen language was not found',
    });
  });

  it('a lesson with no sheets at all → 404 "materials unavailable, contact the administrator"', async () => {
    const res = await get(`/api/training/lessons/${bare}/methodology/ru`, buyer.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'METHODOLOGY_UNAVAILABLE',
      message: 'Методические материалы недоступны, обратитесь к администратору',
    });
  });

  it('an unknown language in the path → 400', async () => {
    expect((await get(`/api/training/lessons/${lesson}/methodology/de`, buyer.headers)).statusCode).toBe(400);
  });
});

describe('playback position', () => {
  const url = () => `/api/training/lessons/${lesson}/progress`;
  it('is saved per user and lesson and comes back with the signed URLs', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: buyer.headers,
      payload: { positionSeconds: 42.7 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await get(url(), buyer.headers)).json().data).toEqual({ positionSeconds: 42 });
    expect((await accessOf(buyer.headers)).positionSeconds).toBe(42);
    expect((await accessOf(admin.headers)).positionSeconds).toBe(0);
    await t.app.inject({ method: 'PUT', url: url(), headers: buyer.headers, payload: { positionSeconds: 90 } });
    expect((await get(url(), buyer.headers)).json().data).toEqual({ positionSeconds: 90 });
  });

  it.each([[{ positionSeconds: -1 }], [{ positionSeconds: 'ten' }], [{}], [{ positionSeconds: 10, extra: true }]])(
    'a bad body %j → 400 and nothing saved',
    async (payload) => {
      const res = await t.app.inject({ method: 'PUT', url: url(), headers: buyer.headers, payload });
      expect(res.statusCode).toBe(400);
      expect((await get(url(), buyer.headers)).json().data.positionSeconds).toBe(90);
    },
  );

  it('a non-purchaser cannot save a position (403)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: stranger.headers,
      payload: { positionSeconds: 5 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/training/purchases and `purchased`', () => {
  it("lists the buyer's lessons with purchase dates; another user has none", async () => {
    const res = await get('/api/training/purchases', buyer.headers);
    expect(res.statusCode).toBe(200);
    const data = successEnvelope(z.array(LessonPurchaseSchema)).parse(res.json()).data;
    expect(data.map((p) => p.lesson.id).sort()).toEqual([lesson, bare].sort());
    expect(data.every((p) => p.lesson.purchased && !Number.isNaN(Date.parse(p.purchasedAt)))).toBe(true);
    expect((await get('/api/training/purchases', stranger.headers)).json().data).toEqual([]);
    expect((await get('/api/training/purchases')).statusCode).toBe(401);
  });

  it('the lesson list and page say purchased for the signed-in buyer only', async () => {
    const mine = (await get('/api/training/lessons', buyer.headers)).json().data as {
      id: string;
      purchased: boolean;
    }[];
    expect(mine.find((l) => l.id === lesson)?.purchased).toBe(true);
    const theirs = (await get(`/api/training/lessons/${lesson}`, stranger.headers)).json().data;
    expect(theirs.purchased).toBe(false);
  });
});
