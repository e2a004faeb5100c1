import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AdminReviewSchema, listEnvelope, ReviewSchema, successEnvelope } from '@atelier/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { adminUser, storedOrder, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { BAD_UPLOADS, blobOf, pngBytes } from '../../test/uploads';

let t: TestContext;
let anna: TestUser;
let boris: TestUser;
let adminToken: string;
let png: Buffer;

beforeAll(async () => {
  // Anna posts many reviews here; the cap and the rate limit are tested in reviews.limits.test.ts.
  t = await createTestContext({
    env: {
      MAX_PENDING_REVIEWS: '1000',
      RATE_LIMIT_REVIEWS_PER_ACCOUNT: '1000',
      RATE_LIMIT_UPLOADS_PER_ACCOUNT: '1000',
      RATE_LIMIT_UPLOADS_PER_IP: '1000',
    },
  });
  anna = await verifiedUser(t, { email: 'anna@example.com', name: 'Анна' });
  boris = await verifiedUser(t, { email: 'boris@example.com', name: 'Борис' });
  adminToken = (await adminUser(t, { email: 'rv-admin@example.com' })).token;
  // Anna bought something (a delivered order): her reviews carry the verified-buyer mark.
  await storedOrder(t, anna.id, {
    status: 'delivered',
    customer: { firstName: 'Анна', lastName: 'П', email: 'anna@example.com', phone: '+70000000000' },
    totalRub: 100_000,
  });
  png = await pngBytes();
});
afterAll(() => t.close());

const admin = () => bearer(adminToken);

function reviewForm(fields: Record<string, string>, image?: { bytes: Buffer; filename?: string; type?: string }) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (image) body.append('image', blobOf(image.bytes, image.type ?? 'image/png'), image.filename ?? 'r.png');
  return body;
}

const post = (payload: FormData | object, token = anna.token, lang = 'ru') =>
  t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: { ...bearer(token), 'accept-language': lang },
    payload: payload as never,
  });

async function submit(text: string, token = anna.token, rating = '5') {
  const res = await post(reviewForm({ reviewText: text, rating }), token);
  expect(res.statusCode, res.body).toBe(201);
  return successEnvelope(ReviewSchema).parse(res.json()).data;
}

const publicIds = async () =>
  listEnvelope(ReviewSchema)
    .parse((await t.app.inject({ method: 'GET', url: '/api/reviews?limit=100' })).json())
    .data.map((review) => review.id);
const reviewCount = async () => (await t.database.db.select({ n: count() }).from(reviews))[0]!.n;
const moderate = (id: string, action: 'approve' | 'reject') =>
  t.app.inject({ method: 'PUT', url: `/api/reviews/admin/${id}/${action}`, headers: admin() });
const onDisk = (url: string) => existsSync(join(t.dataDir, 'files', 'public', url.replace(/^\/uploads\//, '')));

describe('POST /api/reviews', () => {
  it('a guest gets 401 and nothing is stored', async () => {
    const before = await reviewCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: reviewForm({ reviewText: 'Прекрасные цветы!' }) as never,
    });
    expect(res.statusCode).toBe(401);
    expect(await reviewCount()).toBe(before);
  });

  it('stores a trimmed pending review with the default rating 5 and answers "Отзыв отправлен на модерацию"', async () => {
    const res = await post(reviewForm({ reviewText: '   Очень красивый букет   ' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Отзыв отправлен на модерацию',
      data: { reviewText: 'Очень красивый букет', rating: 5, status: 'pending', userName: 'Анна', verifiedBuyer: true },
    });
    expect(await publicIds()).not.toContain(res.json().data.id);
  });

  it.each([
    [
      '9 characters after trimming',
      { reviewText: `  ${'а'.repeat(9)}  ` },
      'Текст отзыва должен содержать минимум 10 символов',
    ],
    ['no text at all', { rating: '4' }, 'Текст отзыва должен содержать минимум 10 символов'],
    ['1001 characters', { reviewText: 'б'.repeat(1001) }, 'Текст отзыва не должен превышать 1000 символов'],
    ['rating 0', { reviewText: 'Хороший отзыв', rating: '0' }, 'Оценка должна быть от 1 до 5'],
    ['rating 6', { reviewText: 'Хороший отзыв', rating: '6' }, 'Оценка должна быть от 1 до 5'],
    ['rating 4.5', { reviewText: 'Хороший отзыв', rating: '4.5' }, 'Оценка должна быть от 1 до 5'],
    ['rating "five"', { reviewText: 'Хороший отзыв', rating: 'five' }, 'Оценка должна быть от 1 до 5'],
  ])('400 for %s with the exact rule message; nothing stored', async (_rule, fields, message) => {
    const before = await reviewCount();
    const res = await post(reviewForm(fields));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await reviewCount()).toBe(before);
  });

  it('accepts exactly 10 and exactly 1000 characters', async () => {
    expect((await post(reviewForm({ reviewText: 'в'.repeat(10) }))).statusCode).toBe(201);
    expect((await post(reviewForm({ reviewText: 'г'.repeat(1000), rating: '1' }))).statusCode).toBe(201);
  });

  it('the messages follow Accept-Language', async () => {
    const res = await post(reviewForm({ reviewText: 'short' }), anna.token, 'en');
    expect(JSON.stringify(res.json())).toContain('The review must contain at least 10 characters');
  });

  it('takes a JSON body too', async () => {
    const res = await post({ reviewText: 'Отзыв без фотографии', rating: 3 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.rating).toBe(3);
  });

  it('keeps markup as plain text (the web shows it escaped; nothing is interpreted)', async () => {
    const text = '<img src=x onerror=alert(1)> <script>alert(1)</script> отличный букет';
    const review = await submit(text);
    expect(review.reviewText).toBe(text);
  });

  it('stores a photo as WebP variants, private while the review waits', async () => {
    const res = await post(reviewForm({ reviewText: 'Отзыв с фотографией букета', rating: '4' }, { bytes: png }));
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json().data.image;
    expect(image.url).toMatch(/^\/api\/media\/private\/reviews\/[\w-]+-full\.webp\?e=\d+&s=[\w-]+$/);
    const key = image.large.replace(/^\/api\/media\/private\//, '').replace(/\?.*$/, '');
    expect(existsSync(join(t.dataDir, 'files', 'private', key))).toBe(true);
    expect(onDisk(`/uploads/${key}`)).toBe(false);
  });

  it.each(BAD_UPLOADS)('refuses $name with $status; nothing stored', async (bad) => {
    const before = await reviewCount();
    const res = await post(
      reviewForm({ reviewText: 'Отзыв с плохим файлом' }, { bytes: bad.bytes, filename: bad.filename, type: bad.type }),
    );
    expect(res.statusCode).toBe(bad.status);
    expect(res.json()).toMatchObject({ success: false, message: bad.message });
    expect(await reviewCount()).toBe(before);
  });
});

describe('GET /api/reviews/mine', () => {
  it('shows the author their own pending review, and nobody else', async () => {
    const mine = await submit('Мой отзыв ждёт проверки', boris.token);
    const ofBoris = await t.app.inject({ method: 'GET', url: '/api/reviews/mine', headers: bearer(boris.token) });
    expect(ofBoris.json().data.map((r: { id: string }) => r.id)).toContain(mine.id);
    expect(ofBoris.json().data.find((r: { id: string }) => r.id === mine.id)).toMatchObject({
      status: 'pending',
      verifiedBuyer: false,
    });
    const ofAnna = await t.app.inject({ method: 'GET', url: '/api/reviews/mine', headers: bearer(anna.token) });
    expect(ofAnna.json().data.map((r: { id: string }) => r.id)).not.toContain(mine.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/reviews/mine' })).statusCode).toBe(401);
  });
});

describe('review moderation (admin)', () => {
  const probe = '00000000-0000-4000-8000-000000000001';
  it.each([
    ['GET', '/api/reviews/admin', undefined],
    ['PUT', `/api/reviews/admin/${probe}/approve`, undefined],
    ['PUT', `/api/reviews/admin/${probe}/reject`, undefined],
    ['DELETE', `/api/reviews/admin/${probe}`, undefined],
    ['PUT', '/api/reviews/admin/reorder', { reviews: [probe] }],
  ] as const)('%s %s: guest → 401, customer → 403', async (method, url, payload) => {
    const body = payload ? { payload } : {};
    expect((await t.app.inject({ method, url, ...body })).statusCode).toBe(401);
    const asUser = await t.app.inject({ method, url, headers: bearer(anna.token), ...body });
    expect(asUser.statusCode).toBe(403);
  });

  it('approve shows the review first on the public list at once; reject hides it again', async () => {
    const older = await submit('Первый одобренный отзыв');
    const newer = await submit('Второй одобренный отзыв');
    await publicIds(); // cached
    expect((await moderate(older.id, 'approve')).json()).toMatchObject({
      message: 'Отзыв одобрен',
      data: { status: 'approved' },
    });
    expect((await moderate(newer.id, 'approve')).statusCode).toBe(200);
    expect((await publicIds()).slice(0, 2)).toEqual([newer.id, older.id]);
    const rejected = await moderate(newer.id, 'reject');
    expect(rejected.json()).toMatchObject({ message: 'Отзыв отклонён', data: { status: 'rejected' } });
    expect(await publicIds()).not.toContain(newer.id);
  });

  it('reorder sets the public order; unlisted approved reviews follow in their old order', async () => {
    const ids: string[] = [];
    for (const text of ['Отзыв номер один', 'Отзыв номер два', 'Отзыв номер три']) {
      const review = await submit(text);
      await moderate(review.id, 'approve');
      ids.push(review.id);
    }
    const before = await publicIds();
    const wanted = [ids[0]!, ids[2]!];
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/reviews/admin/reorder',
      headers: admin(),
      payload: { reviews: wanted },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Порядок отзывов сохранён');
    const after = await publicIds();
    expect(after.slice(0, 2)).toEqual(wanted);
    expect(after.slice(2)).toEqual(before.filter((id) => !wanted.includes(id)));
  });

  it.each([
    ['a pending review', 'pending'],
    ['an unknown id', 'unknown'],
    ['the same id twice', 'twice'],
  ])('reorder with %s → 400, order unchanged', async (_rule, kind) => {
    const before = await publicIds();
    const pending = await submit('Этот отзыв ещё не одобрен');
    const list =
      kind === 'pending'
        ? [before[0]!, pending.id]
        : kind === 'unknown'
          ? [before[0]!, '00000000-0000-4000-8000-000000000077']
          : [before[0]!, before[0]!];
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/reviews/admin/reorder',
      headers: admin(),
      payload: { reviews: list },
    });
    expect(res.statusCode).toBe(400);
    expect(await publicIds()).toEqual(before);
  });

  it('reorder with a malformed body → 400', async () => {
    for (const payload of [{}, { reviews: [] }, { reviews: ['nope'] }, { reviews: 'x' }]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/reviews/admin/reorder', headers: admin(), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('delete removes the review and its photo; unknown ids → 404', async () => {
    const res = await post(reviewForm({ reviewText: 'Отзыв, который удалят' }, { bytes: png }));
    const review = res.json().data;
    await moderate(review.id, 'approve');
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/reviews/admin/${review.id}`, headers: admin() });
    expect(gone.json()).toMatchObject({ message: 'Отзыв удалён' });
    expect(await publicIds()).not.toContain(review.id);
    expect(onDisk(review.image.large)).toBe(false);
    for (const action of ['approve', 'reject'] as const)
      expect((await moderate(review.id, action)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/reviews/admin/${review.id}`, headers: admin() })).statusCode,
    ).toBe(404);
  });

  it('GET /api/reviews/admin filters by status, searches text/author/email, pages, and shows the author email', async () => {
    const get = async (query: string) =>
      listEnvelope(AdminReviewSchema).parse(
        (await t.app.inject({ method: 'GET', url: `/api/reviews/admin?${query}`, headers: admin() })).json(),
      );
    const pending = await get('status=pending&limit=100');
    expect(pending.data.length).toBeGreaterThan(0);
    expect(pending.data.every((r) => r.status === 'pending')).toBe(true);
    const all = await get('limit=100');
    expect(all.meta.total).toBe(await reviewCount());
    const byEmail = await get('search=boris@');
    expect(byEmail.data.length).toBeGreaterThan(0);
    expect(byEmail.data.every((r) => r.userEmail === 'boris@example.com')).toBe(true);
    const page = await get('limit=2&page=2');
    expect(page.data).toHaveLength(2);
    expect(page.meta).toMatchObject({ total: all.meta.total, page: 2, limit: 2 });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/reviews/admin?status=lost', headers: admin() })).statusCode,
    ).toBe(400);
  });
});
