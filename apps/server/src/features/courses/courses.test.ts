import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminCourseSchema, CourseSchema, PurchaseResultSchema, successEnvelope } from '@atelier/shared';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, lessons, orders, promoCodes, purchases } from '../../db/schema';
import { adminUser, purchaseBody, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { fakeMp4, lessonWithFiles } from '../../test/lessons';
import { pngBytes } from '../../test/uploads';
import { INDEX_HTML } from '../../test/web-template';
import { TRAINING_CACHE_TAG } from '../lessons/lessons.schemas';

let t: TestContext;
let admin: TestUser;

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'atelier-courses-web-'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestContext({ webDist });
  admin = await adminUser(t, { name: 'admin' });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const en = (headers: Headers = {}) => ({ ...headers, 'accept-language': 'en' });
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers: en(headers) });
const post = (url: string, headers: Headers, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers: en(headers), payload });
const buy = (id: string, headers: Headers, payload: Record<string, unknown> = {}) =>
  post(`/api/training/courses/${id}/purchase`, headers, purchaseBody(payload));
const result = (res: { json(): unknown }) => successEnvelope(PurchaseResultSchema).parse(res.json()).data;
const courseOf = (res: { json(): unknown }) => successEnvelope(CourseSchema).parse(res.json()).data;

/** A published course (minor-unit prices) with the given lessons in that order. */
async function course(values: Partial<typeof courses.$inferInsert> = {}, lessonIds: string[] = []) {
  const [row] = await t.database.db
    .insert(courses)
    .values({
      title: { ru: 'Курс', en: 'A course' },
      description: { ru: 'Описание', en: 'About it' },
      level: 'basic',
      priceRub: 300_000,
      priceEur: 3_000,
      priceUsd: 3_400,
      ...values,
    })
    .returning();
  for (const [position, id] of lessonIds.entries()) {
    await t.database.db
      .update(lessons)
      .set({ courseId: row!.id, positionInCourse: position })
      .where(eq(lessons.id, id));
  }
  // Written behind the API's back: drop the cached public replies.
  t.app.cache.invalidate(TRAINING_CACHE_TAG);
  return row!;
}

let codeSeq = 0;
async function promo(values: Partial<typeof promoCodes.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(promoCodes)
    .values({ code: `COURSE${++codeSeq}X`, percentOff: 25, ...values })
    .returning();
  return row!;
}

const pay = (orderId: string) =>
  t.database.db.transaction((tx) => t.app.services.orders.confirmPaid(tx, orderId, { note: 'test payment' }));
const seatsTaken = async (id: string) =>
  (await t.database.db.select().from(courses).where(eq(courses.id, id)))[0]!.seatsTaken;

describe('who may use the course routes (guest / user / admin)', () => {
  let id: string;
  beforeAll(async () => {
    id = (await course()).id;
  });

  it.each([
    ['GET', '/api/training/courses', [200, 200, 200]],
    ['GET', '/api/training/courses/{id}', [200, 200, 200]],
    ['GET', '/api/training/course-purchases', [401, 200, 200]],
    ['POST', '/api/training/courses/{id}/promo-check', [401, 400, 400]],
    ['GET', '/api/admin/courses', [401, 403, 200]],
    ['GET', '/api/admin/courses/{id}', [401, 403, 200]],
    ['POST', '/api/admin/courses', [401, 403, 400]],
    ['PUT', '/api/admin/courses/{id}', [401, 403, 400]],
    ['DELETE', '/api/admin/courses/00000000-0000-4000-8000-000000000000', [401, 403, 404]],
  ] as const)('%s %s → guest / user / admin %j', async (method, path, [guest, user, adminStatus]) => {
    const url = () => path.replace('{id}', id);
    const someone = await verifiedUser(t, { name: 'visitor' });
    const payload = method === 'POST' || method === 'PUT' ? { promoCode: 'NOPE' } : undefined;
    for (const [headers, status] of [
      [{}, guest],
      [someone.headers, user],
      [admin.headers, adminStatus],
    ] as const) {
      const res = await t.app.inject({ method, url: url(), headers: en(headers), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url()} ${res.body}`).toBe(status);
    }
  });

  it('a guest cannot buy (401) and nothing is written', async () => {
    const before = (await t.database.db.select({ n: count() }).from(orders))[0]!.n;
    expect((await buy(id, {})).statusCode).toBe(401);
    expect((await t.database.db.select({ n: count() }).from(orders))[0]!.n).toBe(before);
  });

  it('an unpublished course is 404 for the public and listed for the admin only', async () => {
    const draft = await course({ published: false });
    expect((await get(`/api/training/courses/${draft.id}`)).statusCode).toBe(404);
    expect((await get('/api/training/courses')).json().data.map((c: { id: string }) => c.id)).not.toContain(draft.id);
    const adminList = await get('/api/admin/courses', admin.headers);
    expect(adminList.json().data.map((c: { id: string }) => c.id)).toContain(draft.id);
    const user = await verifiedUser(t, { name: 'drafty' });
    expect((await buy(draft.id, user.headers)).statusCode).toBe(404);
  });
});

describe('GET /api/training/courses', () => {
  it('lists courses with lessons in course order, computed total duration, and filters by kind', async () => {
    const a = await lessonWithFiles(t);
    const b = await lessonWithFiles(t);
    await t.database.db.update(lessons).set({ durationMinutes: 30 }).where(eq(lessons.id, a));
    await t.database.db.update(lessons).set({ durationMinutes: 45 }).where(eq(lessons.id, b));
    const c = await course({ level: 'intermediate' }, [b, a]);
    const mc = await course({ isMasterClass: true, durationMinutes: 240, seatLimit: 8, eventPlace: 'Studio' });

    const all = successEnvelope(CourseSchema.array()).parse((await get('/api/training/courses')).json()).data;
    const listed = all.find((x) => x.id === c.id)!;
    expect(listed.lessons.map((l) => l.id)).toEqual([b, a]);
    expect(listed).toMatchObject({ durationMinutes: 75, level: 'intermediate', isMasterClass: false, soldOut: false });
    expect(listed.price).toEqual({ rub: 3000, eur: 30, usd: 34 });
    expect(all.find((x) => x.id === mc.id)).toMatchObject({ durationMinutes: 240, seatLimit: 8, seatsLeft: 8 });

    const ids = async (kind: string) =>
      (await get(`/api/training/courses?kind=${kind}`)).json().data.map((x: { id: string }) => x.id);
    expect(await ids('courses')).toContain(c.id);
    expect(await ids('courses')).not.toContain(mc.id);
    expect(await ids('masterClasses')).toEqual(expect.arrayContaining([mc.id]));
    expect(await ids('masterClasses')).not.toContain(c.id);
    expect((await get('/api/training/courses?kind=bogus')).statusCode).toBe(400);
  });
});

describe('buying a course', () => {
  it('a paid course purchase unlocks the video of every lesson in it (and shows in the account)', async () => {
    const first = await lessonWithFiles(t, { video: fakeMp4(4096) });
    const second = await lessonWithFiles(t, { video: fakeMp4(4096) });
    const c = await course({}, [first, second]);
    const user = await verifiedUser(t, { name: 'student' });
    for (const lesson of [first, second]) {
      expect((await get(`/api/training/lessons/${lesson}/video`, user.headers)).statusCode).toBe(403);
    }
    const res = await buy(c.id, user.headers);
    expect(res.statusCode, res.body).toBe(201);
    const { order, purchased } = result(res);
    expect(purchased).toBe(false);
    expect(order).toMatchObject({ status: 'pending', total: 3000 });
    expect(order.items).toEqual([expect.objectContaining({ type: 'course', refId: c.id, unitPrice: 3000 })]);
    // Not yet paid: still locked.
    expect((await get(`/api/training/lessons/${second}/video`, user.headers)).statusCode).toBe(403);

    await pay(order.id);
    for (const lesson of [first, second]) {
      const video = await get(`/api/training/lessons/${lesson}/video`, { ...user.headers, range: 'bytes=0-9' });
      expect(video.statusCode, video.body).toBe(206);
      const access = await get(`/api/training/lessons/${lesson}/access`, user.headers);
      expect(access.statusCode).toBe(200);
    }
    expect(courseOf(await get(`/api/training/courses/${c.id}`, user.headers)).purchased).toBe(true);
    const mine = await get('/api/training/course-purchases', user.headers);
    expect(mine.json().data).toEqual([
      expect.objectContaining({ course: expect.objectContaining({ id: c.id }), pricePaid: 3000, orderId: order.id }),
    ]);
    const again = await buy(c.id, user.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_PURCHASED');
  });

  it('credits what the user already paid for lessons of the course (server-side), never below zero', async () => {
    const a = await lessonWithFiles(t, { priceRub: 100_000 });
    const b = await lessonWithFiles(t, { priceRub: 250_000 });
    const c = await course({ priceRub: 300_000, priceEur: 3_000, priceUsd: null }, [a, b]);
    const user = await verifiedUser(t, { name: 'returning' });
    await t.database.db.insert(purchases).values({ userId: user.id, lessonId: a, pricePaidRub: 90_000 });

    const seen = courseOf(await get(`/api/training/courses/${c.id}`, user.headers));
    expect(seen).toMatchObject({ credit: 900, priceForYou: { rub: 2100, eur: 21, usd: null }, purchased: false });
    // Guests see the list price.
    expect(courseOf(await get(`/api/training/courses/${c.id}`)).priceForYou.rub).toBe(3000);

    const { order } = result(await buy(c.id, user.headers, { currency: 'EUR' }));
    expect(order).toMatchObject({ subtotal: 3000, discount: 900, total: 2100, currency: 'EUR', totalInCurrency: 21 });

    // Paid more for lessons than the course costs → free, confirmed at once.
    const rich = await verifiedUser(t, { name: 'collector' });
    await t.database.db.insert(purchases).values([
      { userId: rich.id, lessonId: a, pricePaidRub: 100_000 },
      { userId: rich.id, lessonId: b, pricePaidRub: 250_000 },
    ]);
    expect(courseOf(await get(`/api/training/courses/${c.id}`, rich.headers)).priceForYou.rub).toBe(0);
    const free = result(await buy(c.id, rich.headers));
    expect(free).toMatchObject({ purchased: true, order: { status: 'confirmed', total: 0 } });
  });

  it.each([
    ['a code aimed at this course', 201, (id: string) => ({ courseIds: [id] })],
    ['a code for everything (no lessons, no courses)', 201, () => ({})],
    ['a code aimed at another course', 400, () => ({ courseIds: ['00000000-0000-4000-8000-000000000001'] })],
    ['a code aimed at lessons only', 400, () => ({ lessonIds: ['00000000-0000-4000-8000-000000000002'] })],
  ])('promo codes on a course: %s → %i', async (_, status, target) => {
    const c = await course({ priceRub: 200_000 });
    const code = await promo({ percentOff: 25, ...target(c.id) });
    const user = await verifiedUser(t, { name: 'promo' });
    const check = await post(`/api/training/courses/${c.id}/promo-check`, user.headers, { promoCode: code.code });
    const res = await buy(c.id, user.headers, { promoCode: code.code.toLowerCase() });
    expect(res.statusCode, res.body).toBe(status);
    const used = (await t.database.db.select().from(promoCodes).where(eq(promoCodes.id, code.id)))[0]!.usedCount;
    if (status === 201) {
      expect(check.json().data).toMatchObject({ percentOff: 25, discountedPrice: { rub: 1500 }, toPay: { rub: 1500 } });
      expect(result(res).order).toMatchObject({ subtotal: 2000, discount: 500, total: 1500 });
      expect(used).toBe(1);
    } else {
      expect(check.statusCode).toBe(400);
      expect(res.json().code).toBe('PROMO_INVALID');
      expect(res.json().message).toBe('This code does not apply');
      expect(used).toBe(0);
    }
  });

  it('a code aimed at a course does not apply to a single lesson', async () => {
    const lesson = await lessonWithFiles(t);
    const c = await course();
    const code = await promo({ courseIds: [c.id] });
    const user = await verifiedUser(t, { name: 'lessonbuyer' });
    const res = await post(`/api/training/lessons/${lesson}/purchase`, user.headers, { promoCode: code.code });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PROMO_INVALID');
  });

  it('promo first, then the credit: 25 % off 2000 = 1500, minus 600 already paid = 900', async () => {
    const a = await lessonWithFiles(t);
    const c = await course({ priceRub: 200_000 }, [a]);
    const code = await promo({ courseIds: [c.id] });
    const user = await verifiedUser(t, { name: 'both' });
    await t.database.db.insert(purchases).values({ userId: user.id, lessonId: a, pricePaidRub: 60_000 });
    const check = await post(`/api/training/courses/${c.id}/promo-check`, user.headers, { promoCode: code.code });
    expect(check.json().data).toMatchObject({ credit: 600, toPay: { rub: 900 }, free: false });
    const { order } = result(await buy(c.id, user.headers, { promoCode: code.code }));
    expect(order).toMatchObject({ subtotal: 2000, discount: 1100, total: 900 });
  });
});

describe('live master class seats', () => {
  it('20 concurrent buyers for 5 seats → exactly 5 orders; sold out shown; a cancelled order frees its seat', async () => {
    const mc = await course({
      isMasterClass: true,
      seatLimit: 5,
      eventAt: new Date('2030-05-01T10:00:00Z'),
      eventPlace: 'Studio, Madrid',
    });
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => verifiedUser(t, { name: `seat${i}` })));
    const replies = await Promise.all(buyers.map((b) => buy(mc.id, b.headers)));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const r of replies.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('SOLD_OUT');
    expect(await seatsTaken(mc.id)).toBe(5);
    const placed = await t.database.db
      .select({ n: count() })
      .from(orders)
      .innerJoin(purchases, eq(purchases.orderId, orders.id))
      .where(and(isNotNull(purchases.courseId), eq(purchases.courseId, mc.id)));
    expect(placed[0]!.n).toBe(0); // pending, not granted yet

    const seen = courseOf(await get(`/api/training/courses/${mc.id}`));
    expect(seen).toMatchObject({ soldOut: true, seatsLeft: 0, eventPlace: 'Studio, Madrid' });

    const winner = replies.find((r) => r.statusCode === 201)!;
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${result(winner).order.id}/status`,
      headers: admin.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await seatsTaken(mc.id)).toBe(4);
    expect(courseOf(await get(`/api/training/courses/${mc.id}`))).toMatchObject({ soldOut: false, seatsLeft: 1 });
  });
});

describe('admin CRUD /api/admin/courses', () => {
  const fields = (lessonIds: string[], extra: Record<string, unknown> = {}) => ({
    title: { ru: 'Весенний курс', en: 'Spring course', es: 'Curso de primavera' },
    description: { ru: 'Три урока', en: 'Three lessons' },
    level: 'advanced',
    price: { rub: 4500, eur: 45, usd: 50 },
    lessonIds,
    ...extra,
  });

  it('creates with a cover and ordered lessons, reorders, refuses a lesson of another course, deletes', async () => {
    const [a, b, c] = [await lessonWithFiles(t), await lessonWithFiles(t), await lessonWithFiles(t)];
    const boundary = 'xcoursex';
    const png = await pngBytes();
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(fields([c, a]))}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/courses',
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const course1 = successEnvelope(AdminCourseSchema).parse(created.json()).data;
    expect(course1.lessons.map((l) => l.id)).toEqual([c, a]);
    expect(course1.cover?.large).toMatch(/^\/uploads\/courses\//);
    expect(course1).toMatchObject({ level: 'advanced', published: true, durationSet: null });

    const put = (id: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/courses/${id}`, headers: en(admin.headers), payload });
    const reordered = await put(course1.id, fields([a, b, c], { durationMinutes: 200 }));
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.lessons.map((l: { id: string }) => l.id)).toEqual([a, b, c]);
    expect(reordered.json().data.durationMinutes).toBe(200);
    const dropped = await put(course1.id, fields([b]));
    expect(dropped.json().data.lessons.map((l: { id: string }) => l.id)).toEqual([b]);
    expect((await t.database.db.select().from(lessons).where(eq(lessons.id, a)))[0]!.courseId).toBeNull();

    const other = await post('/api/admin/courses', admin.headers, fields([b]));
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('LESSON_IN_OTHER_COURSE');
    const unknown = await post('/api/admin/courses', admin.headers, fields(['00000000-0000-4000-8000-000000000009']));
    expect(unknown.statusCode).toBe(400);
    const invalid = await post('/api/admin/courses', admin.headers, { ...fields([]), level: 'beginnerish' });
    expect(invalid.statusCode).toBe(400);
    const coursesBefore = (await t.database.db.select({ n: count() }).from(courses))[0]!.n;
    expect(coursesBefore).toBeGreaterThan(0);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/courses/${course1.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.database.db.select().from(lessons).where(eq(lessons.id, b)))[0]!.courseId).toBeNull();
    expect((await t.database.db.select({ n: count() }).from(courses))[0]!.n).toBe(coursesBefore - 1);
  });

  it('a course with orders cannot be deleted (409); the seat limit cannot go below the seats taken', async () => {
    const c = await course({ seatLimit: 3 });
    const user = await verifiedUser(t, { name: 'deleter' });
    expect((await buy(c.id, user.headers)).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/courses/${c.id}`, headers: en(admin.headers) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COURSE_HAS_ORDERS');
    const lower = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/courses/${c.id}`,
      headers: en(admin.headers),
      payload: fields([], { seatLimit: 0 }),
    });
    expect(lower.statusCode).toBe(400);
  });
});

describe('course page SEO', () => {
  function jsonLd(html: string) {
    return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
  }

  it('/training-course/{id} carries the title and Course JSON-LD with offers; unknown id → 404', async () => {
    const a = await lessonWithFiles(t);
    const c = await course({ title: { ru: 'Розы', en: 'Roses course' }, durationMinutes: 90 }, [a]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/training-course/${c.id}?lang=en`,
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Roses course — Atelier</title>');
    expect(jsonLd(res.body).find((b) => b['@type'] === 'BreadcrumbList')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${t.config.publicUrl}/?lang=en` },
        { '@type': 'ListItem', position: 2, name: 'Video lessons', item: `${t.config.publicUrl}/training?lang=en` },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Roses course',
          item: `${t.config.publicUrl}/training-course/${c.id}?lang=en`,
        },
      ],
    });
    expect(jsonLd(res.body).find((b) => b['@type'] === 'Course')).toMatchObject({
      name: 'Roses course',
      educationalLevel: 'Beginner',
      timeRequired: 'PT90M',
      offers: [
        expect.objectContaining({ priceCurrency: 'RUB', price: '3000.00' }),
        expect.objectContaining({ priceCurrency: 'EUR', price: '30.00' }),
        expect.objectContaining({ priceCurrency: 'USD', price: '34.00' }),
      ],
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/training-course/00000000-0000-4000-8000-000000000000',
      headers: { accept: 'text/html' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
