import { AdminLessonSchema, ErrorBodySchema, successEnvelope } from '@atelier/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { fakeMp4, fakePdf } from '../../test/lessons';

let t: TestContext;
let admin: TestUser;
let user: TestUser;
let poster: Buffer;

beforeAll(async () => {
  t = await createTestContext();
  admin = await adminUser(t, { name: 'admin' });
  user = await verifiedUser(t, { name: 'user' });
  poster = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#c66' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const fields = (number: number, extra: Record<string, unknown> = {}) => ({
  number,
  title: { ru: 'Пион', en: 'Peony' },
  description: { ru: 'Пышный пион' },
  level: 'intermediate',
  price: { rub: 2900, eur: 32, usd: 35.5 },
  durationMinutes: 75,
  ...extra,
});

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

async function send(method: 'POST' | 'PUT', url: string, parts: Part[], headers = admin.headers) {
  const form = multipart(parts);
  return t.app.inject({ method, url, payload: form.payload, headers: { ...headers, ...form.headers } });
}

const lessonOf = (res: { json(): unknown }) => successEnvelope(AdminLessonSchema).parse(res.json()).data;

describe('admin lessons', () => {
  it('guest 401, user 403 on every admin lesson route', async () => {
    for (const [who, status] of [
      [{}, 401],
      [user.headers, 403],
    ] as const) {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/lessons', headers: who })).statusCode).toBe(status);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/admin/lessons', headers: who, payload: fields(1) }))
          .statusCode,
      ).toBe(status);
    }
  });

  it('creates a lesson with video, poster and methodology sheets; the buyer-facing list shows it without file keys', async () => {
    const video = fakeMp4(50_000);
    const res = await send('POST', '/api/admin/lessons', [
      { name: 'data', data: JSON.stringify(fields(11)) },
      { name: 'video', filename: 'peony.mp4', type: 'video/mp4', data: video },
      { name: 'poster', filename: 'poster.png', type: 'image/png', data: poster },
      { name: 'methodology_en', filename: 'peony-en.pdf', type: 'application/pdf', data: fakePdf('en') },
      { name: 'methodology_ru', filename: 'peony-ru.pdf', type: 'application/pdf', data: fakePdf('ru') },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const lesson = lessonOf(res);
    expect(lesson).toMatchObject({
      number: 11,
      hasVideo: true,
      video: { filename: 'peony.mp4', size: video.length },
      methodologyLanguages: ['ru', 'en'],
      methodology: { en: { filename: 'peony-en.pdf' } },
      price: { rub: 2900, eur: 32, usd: 35.5 },
      published: true,
    });
    expect(lesson.poster?.large).toMatch(/^\/uploads\/lessons\/.+\.webp$/);
    const pub = await t.app.inject({ method: 'GET', url: `/api/training/lessons/${lesson.id}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.body).not.toContain('lessons/videos');
    // The admin can watch it straight away.
    const watch = await t.app.inject({
      method: 'GET',
      url: `/api/training/lessons/${lesson.id}/video`,
      headers: { ...admin.headers, range: 'bytes=0-15' },
    });
    expect(watch.statusCode).toBe(206);
    expect(watch.rawPayload.equals(video.subarray(0, 16))).toBe(true);
  });

  it('creates from plain JSON (no files) and updates: new files replace, remove flags drop, others are kept', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/lessons',
      headers: admin.headers,
      payload: fields(12),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = lessonOf(created).id;
    const withSheets = await send('PUT', `/api/admin/lessons/${id}`, [
      { name: 'data', data: JSON.stringify(fields(12, { title: { ru: 'Роза' } })) },
      { name: 'methodology_es', filename: 'es.pdf', type: 'application/pdf', data: fakePdf('es') },
      { name: 'video', filename: 'v.mp4', type: 'video/mp4', data: fakeMp4(1000) },
    ]);
    expect(withSheets.statusCode, withSheets.body).toBe(200);
    expect(lessonOf(withSheets)).toMatchObject({ title: { ru: 'Роза' }, methodologyLanguages: ['es'], hasVideo: true });
    const dropped = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/lessons/${id}`,
      headers: admin.headers,
      payload: fields(12, { removeVideo: true, published: false }),
    });
    expect(lessonOf(dropped)).toMatchObject({
      hasVideo: false,
      video: null,
      methodologyLanguages: ['es'],
      published: false,
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/training/lessons/${id}` })).statusCode).toBe(404);
  });

  it.each([
    ['a video that is not MP4/WebM', 'video', 'clip.mp4', Buffer.from('<html>not a video</html>'), 400],
    ['a methodology that is not a PDF', 'methodology_en', 'x.pdf', Buffer.from('plain text'), 400],
    ['a poster that is not an image', 'poster', 'p.png', Buffer.from('nope'), 400],
    ['an unknown file field', 'attachment', 'a.bin', Buffer.from('x'), 400],
  ])('%s → %i and no lesson is created', async (_, name, filename, data, status) => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/lessons', headers: admin.headers })).json()
      .data.length;
    const res = await send('POST', '/api/admin/lessons', [
      { name: 'data', data: JSON.stringify(fields(50)) },
      { name, filename, type: 'application/octet-stream', data },
    ]);
    expect(res.statusCode, res.body).toBe(status);
    ErrorBodySchema.parse(res.json());
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/lessons', headers: admin.headers })).json().data
      .length;
    expect(after).toBe(before);
  });

  it.each([
    ['no ru title', { title: { ru: '' } }],
    ['a level outside the list', { level: 'expert' }],
    ['a negative price', { price: { rub: -1, eur: null, usd: null } }],
    ['a lesson number 0', { number: 0 }],
    ['an unknown field', { secret: 1 }],
  ])('%s → 400 VALIDATION_ERROR', async (_, extra) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/lessons',
      headers: admin.headers,
      payload: fields(60, extra),
    });
    expect(res.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(res.json()).code).toBe('VALIDATION_ERROR');
  });

  it('a duplicate lesson number → 409', async () => {
    await t.app.inject({ method: 'POST', url: '/api/admin/lessons', headers: admin.headers, payload: fields(70) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/lessons',
      headers: admin.headers,
      payload: fields(70),
    });
    expect(res.statusCode).toBe(409);
  });

  it('deletes a lesson without orders; unknown id → 404', async () => {
    const id = lessonOf(
      await t.app.inject({ method: 'POST', url: '/api/admin/lessons', headers: admin.headers, payload: fields(80) }),
    ).id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/lessons/${id}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/lessons/${id}`, headers: admin.headers })).statusCode,
    ).toBe(404);
  });
});
