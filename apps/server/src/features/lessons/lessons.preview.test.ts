import { AdminCourseSchema, AdminLessonSchema, LessonSchema, successEnvelope } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons } from '../../db/schema';
import { adminUser, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { fakeMp4, fakePdf, lessonWithFiles } from '../../test/lessons';

let t: TestContext;
let admin: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  admin = await adminUser(t, { name: 'admin' });
  stranger = await verifiedUser(t, { name: 'stranger' });
});
afterAll(() => t.close());

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

function multipart(parts: Part[]) {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const send = (method: 'POST' | 'PUT', url: string, parts: Part[]) => {
  const form = multipart(parts);
  return t.app.inject({ method, url, payload: form.payload, headers: { ...admin.headers, ...form.headers } });
};
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const adminLesson = (res: { json(): unknown }) => successEnvelope(AdminLessonSchema).parse(res.json()).data;
const publicLesson = async (id: string) => {
  const res = await get(`/api/training/lessons/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(LessonSchema).parse(res.json()).data;
};

const fields = (number: number, extra: Record<string, unknown> = {}) => ({
  number,
  title: { ru: 'Пион', en: 'Peony' },
  description: { ru: 'Пышный пион' },
  level: 'intermediate',
  price: { rub: 2900, eur: 32, usd: 35.5 },
  durationMinutes: 75,
  ...extra,
});

describe('the public preview clip: GET /api/training/lessons/{id}/preview', () => {
  const VIDEO = fakeMp4(120_000);
  const PREVIEW = fakeMp4(8_000);
  let id: string;

  beforeAll(async () => {
    const res = await send('POST', '/api/admin/lessons', [
      { name: 'data', data: JSON.stringify(fields(501)) },
      { name: 'video', filename: 'peony.mp4', type: 'video/mp4', data: VIDEO },
      { name: 'preview', filename: 'peony-trailer.mp4', type: 'video/mp4', data: PREVIEW },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const lesson = adminLesson(res);
    expect(lesson.preview).toEqual({ filename: 'peony-trailer.mp4', size: PREVIEW.length });
    expect(lesson.video).toEqual({ filename: 'peony.mp4', size: VIDEO.length });
    id = lesson.id;
  });

  it('a guest gets exactly the trailer (the lesson says it has one), publicly cacheable, with Range', async () => {
    expect((await publicLesson(id)).hasPreview).toBe(true);
    const whole = await get(`/api/training/lessons/${id}/preview`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('public, max-age=300');
    expect(whole.rawPayload.equals(PREVIEW)).toBe(true);
    const part = await get(`/api/training/lessons/${id}/preview`, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${PREVIEW.length}`);
    expect(part.rawPayload.equals(PREVIEW.subarray(100, 200))).toBe(true);
  });

  it('never reaches past the trailer into the paid video: ranges beyond it are refused, the video stays closed', async () => {
    for (const range of [`bytes=${PREVIEW.length}-`, `bytes=${PREVIEW.length + 1000}-${PREVIEW.length + 5000}`]) {
      const res = await get(`/api/training/lessons/${id}/preview`, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.rawPayload.length).toBeLessThan(200);
    }
    // Whatever range is asked, no stretch of the video's bytes comes back.
    const tail = await get(`/api/training/lessons/${id}/preview`, { range: 'bytes=-100000' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(PREVIEW)).toBe(true);
    expect(tail.rawPayload.includes(VIDEO.subarray(5_000, 5_064))).toBe(false);
    // The video itself: still a guest 401 and a non-buyer 403.
    expect((await get(`/api/training/lessons/${id}/video`)).statusCode).toBe(401);
    expect((await get(`/api/training/lessons/${id}/video`, stranger.headers)).statusCode).toBe(403);
    // Signed-URL parameters on the preview route change nothing: it only knows the trailer.
    const forged = await get(`/api/training/lessons/${id}/preview?u=${stranger.id}&e=9999999999&s=x`);
    expect(forged.statusCode).toBe(200);
    expect(forged.rawPayload.equals(PREVIEW)).toBe(true);
  });

  it('no preview, an unpublished lesson, an unknown one → 404; a malformed id → 400', async () => {
    const bare = await lessonWithFiles(t, { video: fakeMp4(10_000) });
    expect((await publicLesson(bare)).hasPreview).toBeUndefined();
    expect((await get(`/api/training/lessons/${bare}/preview`)).statusCode).toBe(404);
    expect((await get('/api/training/lessons/00000000-0000-4000-8000-000000000000/preview')).statusCode).toBe(404);
    expect((await get('/api/training/lessons/not-a-lesson/preview')).statusCode).toBe(400);
    await t.database.db.update(lessons).set({ published: false }).where(eq(lessons.id, id));
    try {
      expect((await get(`/api/training/lessons/${id}/preview`)).statusCode).toBe(404);
    } finally {
      await t.database.db.update(lessons).set({ published: true }).where(eq(lessons.id, id));
    }
  });

  it('a preview that is not a video is a 400 and changes nothing; removing it closes the route', async () => {
    const refused = await send('PUT', `/api/admin/lessons/${id}`, [
      { name: 'data', data: JSON.stringify(fields(501)) },
      { name: 'preview', filename: 'trailer.mp4', type: 'video/mp4', data: fakePdf('not a video') },
    ]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect((await get(`/api/training/lessons/${id}/preview`)).rawPayload.equals(PREVIEW)).toBe(true);

    const removed = await send('PUT', `/api/admin/lessons/${id}`, [
      { name: 'data', data: JSON.stringify(fields(501, { removePreview: true })) },
    ]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(adminLesson(removed).preview).toBeNull();
    expect(adminLesson(removed).video).not.toBeNull();
    expect((await get(`/api/training/lessons/${id}/preview`)).statusCode).toBe(404);
    expect((await publicLesson(id)).hasPreview).toBeUndefined();
  });
});

describe("what you'll learn and materials", () => {
  const outcomes = { ru: 'Гофрировать лепестки\nСобирать ярусами', en: 'Crimp the petals\nBuild in tiers', es: '' };
  const materials = { ru: 'Шёлк 50 × 50 см' };

  it('are written with the lesson, shown on its public page, kept when a form leaves them out, cleared when empty', async () => {
    const created = await send('POST', '/api/admin/lessons', [
      { name: 'data', data: JSON.stringify(fields(502, { outcomes, materials })) },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const id = adminLesson(created).id;
    const shown = await publicLesson(id);
    // An empty language is not stored: the page falls back like every other text.
    expect(shown.outcomes).toEqual({ ru: outcomes.ru, en: outcomes.en });
    expect(shown.materials).toEqual(materials);

    const kept = await send('PUT', `/api/admin/lessons/${id}`, [{ name: 'data', data: JSON.stringify(fields(502)) }]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await publicLesson(id)).outcomes).toEqual({ ru: outcomes.ru, en: outcomes.en });

    const cleared = await send('PUT', `/api/admin/lessons/${id}`, [
      { name: 'data', data: JSON.stringify(fields(502, { outcomes: { ru: '  ', en: '' }, materials: null })) },
    ]);
    expect(cleared.statusCode, cleared.body).toBe(200);
    const after = await publicLesson(id);
    expect(after.outcomes).toBeUndefined();
    expect(after.materials).toBeUndefined();
  });

  it('too long a text or a wrong shape is a 400 and changes nothing', async () => {
    const id = await lessonWithFiles(t, { values: { outcomes: { ru: 'Было' } } });
    const number = (await t.database.db.select().from(lessons).where(eq(lessons.id, id)))[0]!.number;
    for (const bad of [{ ru: 'x'.repeat(4001) }, { en: 'no russian' }, 'a string', { ru: 5 }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/lessons/${id}`,
        headers: admin.headers,
        payload: fields(number, { outcomes: bad }),
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await publicLesson(id)).outcomes).toEqual({ ru: 'Было' });
  });

  it('are written with a course and shown on its public page', async () => {
    const lesson = await lessonWithFiles(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/courses',
      headers: admin.headers,
      payload: {
        title: { ru: 'Курс' },
        description: { ru: 'Описание' },
        level: 'basic',
        price: { rub: 1000, eur: null, usd: null },
        lessonIds: [lesson],
        outcomes,
        materials,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const course = successEnvelope(AdminCourseSchema).parse(res.json()).data;
    const shown = await get(`/api/training/courses/${course.id}`);
    expect(shown.json().data).toMatchObject({ outcomes: { ru: outcomes.ru, en: outcomes.en }, materials });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/courses/${course.id}`,
      headers: admin.headers,
      payload: {
        title: { ru: 'Курс' },
        description: { ru: 'Описание' },
        level: 'basic',
        price: { rub: 1000, eur: null, usd: null },
        lessonIds: [lesson],
        materials: { ru: 'y'.repeat(4001) },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect((await get(`/api/training/courses/${course.id}`)).json().data.materials).toEqual(materials);
  });
});
