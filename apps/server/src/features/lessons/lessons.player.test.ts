/**
 * The lesson player's data: chapters and WebVTT subtitles per language (written by the admin,
 * shown to purchasers and admins only, subtitles served as text/vtt through the same short-lived
 * signed URLs as the video), and the player settings kept per account.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DEFAULT_PLAYER_SETTINGS,
  ErrorBodySchema,
  LessonAccessSchema,
  LessonMediaSchema,
  PlayerSettingsSchema,
  successEnvelope,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, lessons, purchases } from '../../db/schema';
import { adminUser, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { fakeMp4, grant, lessonWithFiles } from '../../test/lessons';
import { createMediaSigner } from './lessons.media';

const SECRET = 'test-media-secret-0123456789abcdef-player';
const EN_VTT =
  'WEBVTT\n\n00:00.500 --> 00:02.000\nFold the petal in half\n\n00:02.500 --> 00:04.000\nNow curl the edge\n';
const ES_VTT = 'WEBVTT\n\n00:00.500 --> 00:02.000\nDoble el pétalo por la mitad\n';

let t: TestContext;
let lesson: string;
let inCourse: string;
let buyer: TestUser;
let courseBuyer: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestContext({ env: { MEDIA_URL_SECRET: SECRET, MEDIA_URL_TTL_SECONDS: '60' } });
  lesson = await lessonWithFiles(t, { video: fakeMp4(50_000) });
  inCourse = await lessonWithFiles(t, { video: fakeMp4(50_000) });
  const [course] = await t.database.db
    .insert(courses)
    .values({ title: { ru: 'Курс' }, description: { ru: '' }, level: 'basic', priceRub: 500_000 })
    .returning({ id: courses.id });
  await t.database.db.update(lessons).set({ courseId: course!.id }).where(eq(lessons.id, inCourse));
  buyer = await verifiedUser(t, { name: 'buyer' });
  courseBuyer = await verifiedUser(t, { name: 'course buyer' });
  stranger = await verifiedUser(t, { name: 'stranger' });
  admin = await adminUser(t, { name: 'admin' });
  await grant(t, buyer.id, lesson);
  await t.database.db.insert(purchases).values({ userId: courseBuyer.id, courseId: course!.id, pricePaidRub: 500_000 });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
/** What `<track>` sends: the site's session cookie, no header. */
const cookieOf = (user: { token: string }) => ({ cookie: `token=${user.token}` });
const send = (method: 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const code = (res: { json(): unknown }) => ErrorBodySchema.parse(res.json()).code;
const media = async (id = lesson) => {
  const res = await get(`/api/admin/lessons/${id}/media`, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(LessonMediaSchema).parse(res.json()).data;
};
async function accessOf(headers: Headers, id = lesson) {
  const res = await get(`/api/training/lessons/${id}/access`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(LessonAccessSchema).parse(res.json()).data;
}
const storedSubtitles = async () =>
  readdir(join(t.config.filesDir, 'private/lessons/subtitles')).catch(() => [] as string[]);

const CHAPTERS = [
  { startSeconds: 75, title: { ru: 'Лепесток', en: 'The petal', es: 'El pétalo' } },
  { startSeconds: 0, title: { ru: 'Вступление', en: 'Introduction' } },
];

describe('chapters', () => {
  it('the admin saves chapters in any order; they are stored by start time', async () => {
    const res = await send('PUT', `/api/admin/lessons/${lesson}/chapters`, admin.headers, { chapters: CHAPTERS });
    expect(res.statusCode, res.body).toBe(200);
    const saved = successEnvelope(LessonMediaSchema).parse(res.json()).data.chapters;
    expect(saved.map((chapter) => chapter.startSeconds)).toEqual([0, 75]);
    expect(saved[1]).toEqual(CHAPTERS[0]);
    expect((await media()).chapters).toEqual(saved);
  });

  it.each([
    ['the purchaser of the lesson', () => buyer.headers, () => lesson],
    ['the purchaser of its course', () => courseBuyer.headers, () => inCourse],
    ['an admin', () => admin.headers, () => lesson],
  ])('%s sees the chapters with the signed URLs', async (_, headers, which) => {
    const id = which();
    await send('PUT', `/api/admin/lessons/${id}/chapters`, admin.headers, { chapters: CHAPTERS });
    const access = await accessOf(headers(), id);
    expect(access.chapters.map((chapter) => chapter.title.ru)).toEqual(['Вступление', 'Лепесток']);
  });

  it('a guest (401) and a non-purchaser (403) never see them; the public lesson does not carry them', async () => {
    expect((await get(`/api/training/lessons/${lesson}/access`)).statusCode).toBe(401);
    const res = await get(`/api/training/lessons/${lesson}/access`, stranger.headers);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Лепесток');
    expect((await get(`/api/training/lessons/${inCourse}/access`, buyer.headers)).statusCode).toBe(403);
    for (const headers of [{}, stranger.headers, buyer.headers]) {
      const page = await get(`/api/training/lessons/${lesson}`, headers);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('Лепесток');
    }
  });

  it.each([
    ['two chapters at one time', { chapters: [CHAPTERS[0], { ...CHAPTERS[1], startSeconds: 75 }] }],
    ['no Russian title', { chapters: [{ startSeconds: 5, title: { ru: '  ', en: 'Intro' } }] }],
    ['a negative time', { chapters: [{ startSeconds: -1, title: { ru: 'a' } }] }],
    ['a fractional time', { chapters: [{ startSeconds: 1.5, title: { ru: 'a' } }] }],
    ['an unknown language', { chapters: [{ startSeconds: 1, title: { ru: 'a', de: 'b' } }] }],
    ['an extra field', { chapters: [], publish: true }],
    ['no list', {}],
  ])('%s → 400 and the chapters stay as they were', async (_, body) => {
    const before = await media();
    const res = await send('PUT', `/api/admin/lessons/${lesson}/chapters`, admin.headers, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(code(res)).toBe('VALIDATION_ERROR');
    expect(await media()).toEqual(before);
  });

  it('only admins write chapters (guest 401, purchaser 403); an unknown lesson → 404', async () => {
    const body = { chapters: [] };
    expect((await send('PUT', `/api/admin/lessons/${lesson}/chapters`, {}, body)).statusCode).toBe(401);
    expect((await send('PUT', `/api/admin/lessons/${lesson}/chapters`, buyer.headers, body)).statusCode).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await send('PUT', `/api/admin/lessons/${unknown}/chapters`, admin.headers, body)).statusCode).toBe(404);
    expect((await media()).chapters).toHaveLength(2);
  });
});

describe('subtitles per language', () => {
  const adminUrl = (lang: string, id = lesson) => `/api/admin/lessons/${id}/subtitles/${lang}`;

  it('the admin saves en and es; the purchaser gets signed text/vtt URLs that work with the session cookie', async () => {
    expect((await send('PUT', adminUrl('en'), admin.headers, { vtt: EN_VTT })).statusCode).toBe(200);
    const res = await send('PUT', adminUrl('es'), admin.headers, { vtt: ES_VTT.replace(/\n/g, '\r\n') });
    expect(res.statusCode, res.body).toBe(200);
    const saved = successEnvelope(LessonMediaSchema).parse(res.json()).data;
    expect(Object.keys(saved.subtitles).sort()).toEqual(['en', 'es']);

    const access = await accessOf(buyer.headers);
    expect(Object.keys(access.subtitles).sort()).toEqual(['en', 'es']);
    expect(access.subtitles.en).toMatch(new RegExp(`^/api/training/lessons/${lesson}/subtitles/en\\?u=.+&e=\\d+&s=`));
    expect((await get(access.subtitles.en!)).statusCode).toBe(401);
    const en = await get(access.subtitles.en!, cookieOf(buyer));
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(en.headers['cache-control']).toBe('private, no-store');
    expect(en.body).toBe(EN_VTT);
    // Stored with LF line breaks whatever the admin's system wrote.
    expect((await get(access.subtitles.es!, cookieOf(buyer))).body).toBe(ES_VTT);
    // The editor reads back what is stored.
    const text = await get(adminUrl('es'), admin.headers);
    expect(text.json().data).toEqual({ language: 'es', vtt: ES_VTT });
  });

  it('a course purchaser and an admin get them too; a bearer session of the purchaser works without signing', async () => {
    await send('PUT', adminUrl('ru', inCourse), admin.headers, { vtt: EN_VTT });
    const course = await accessOf(courseBuyer.headers, inCourse);
    expect((await get(course.subtitles.ru!, cookieOf(courseBuyer))).body).toBe(EN_VTT);
    expect((await get(course.subtitles.ru!, cookieOf(buyer))).statusCode).toBe(403);
    const own = await accessOf(admin.headers);
    expect((await get(own.subtitles.en!, cookieOf(admin))).statusCode).toBe(200);
    const bearer = await get(`/api/training/lessons/${lesson}/subtitles/en`, buyer.headers);
    expect(bearer.statusCode).toBe(200);
    expect(bearer.headers['content-type']).toBe('text/vtt; charset=utf-8');
  });

  it.each([
    ['a guest without a signature', 401, () => ({}), 'UNAUTHORIZED'],
    ['a non-purchaser without a signature', 403, () => stranger.headers, 'FORBIDDEN'],
  ])('%s → %i', async (_, status, headers, errorCode) => {
    const res = await get(`/api/training/lessons/${lesson}/subtitles/en`, headers());
    expect(res.statusCode).toBe(status);
    expect(code(res)).toBe(errorCode);
    expect(res.body).not.toContain('petal');
  });

  it.each([
    ['a forged signature', (q: string) => q.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')],
    ['another user', (q: string) => q.replace(/u=[^&]+/, `u=${stranger.id}`)],
    ['a pushed-back expiry', (q: string) => q.replace(/e=(\d+)/, (_, e: string) => `e=${Number(e) + 3600}`)],
    ['no signature part', (q: string) => q.replace(/&s=[^&]+/, '')],
  ])('%s → 403 SIGNED_URL_INVALID, no text', async (_, tamper) => {
    const access = await accessOf(buyer.headers);
    const [path, query] = access.subtitles.en!.split('?');
    const res = await get(`${path}?${tamper(query!)}`, cookieOf(buyer));
    expect(res.statusCode).toBe(403);
    expect(code(res)).toBe('SIGNED_URL_INVALID');
    expect(res.body).not.toContain('petal');
  });

  it('a signature is bound to its language, file and lesson, and dies when it expires', async () => {
    const access = await accessOf(buyer.headers);
    const enQuery = access.subtitles.en!.split('?')[1];
    const videoQuery = access.video!.split('?')[1];
    expect((await get(`/api/training/lessons/${lesson}/subtitles/es?${enQuery}`, cookieOf(buyer))).statusCode).toBe(
      403,
    );
    expect((await get(`/api/training/lessons/${lesson}/subtitles/en?${videoQuery}`, cookieOf(buyer))).statusCode).toBe(
      403,
    );
    expect((await get(`/api/training/lessons/${inCourse}/subtitles/en?${enQuery}`, cookieOf(buyer))).statusCode).toBe(
      403,
    );
    const signer = createMediaSigner({ secret: SECRET, ttlSeconds: 60 });
    const expired = signer.sign(buyer.id, lesson, 'subtitles-en', Date.now() - 61_000).query;
    expect((await get(`/api/training/lessons/${lesson}/subtitles/en?${expired}`, cookieOf(buyer))).statusCode).toBe(
      403,
    );
    const fresh = signer.sign(buyer.id, lesson, 'subtitles-en').query;
    expect((await get(`/api/training/lessons/${lesson}/subtitles/en?${fresh}`, cookieOf(buyer))).body).toBe(EN_VTT);
  });

  it('a language without subtitles → 404 SUBTITLES_NOT_FOUND; an unknown language → 400', async () => {
    const res = await get(`/api/training/lessons/${lesson}/subtitles/ru`, {
      ...buyer.headers,
      'accept-language': 'en',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'SUBTITLES_NOT_FOUND',
      message: 'There are no subtitles in this language',
    });
    expect((await get(`/api/training/lessons/${lesson}/subtitles/de`, buyer.headers)).statusCode).toBe(400);
  });

  it.each([
    [
      'an SRT file',
      '1\n00:00:01,000 --> 00:00:02,000\nHello\n',
      'header',
      1,
      'This is not a subtitles file: its first line is wrong',
    ],
    [
      'a broken time',
      'WEBVTT\n\n00:01.000 -> 00:02.000\nHello\n',
      'timing',
      3,
      'Line 3: expected a cue time such as 00:01.000 --> 00:04.000',
    ],
    [
      'a cue ending before it starts',
      'WEBVTT\n\n00:05.000 --> 00:01.000\nHello\n',
      'endBeforeStart',
      3,
      'Line 3: the cue ends before it starts',
    ],
    ['no cues', 'WEBVTT\n\nNOTE draft\n', 'empty', 1, 'The subtitles contain no cues'],
  ])('%s → 400 INVALID_WEBVTT naming the line; nothing is stored', async (_, vtt, problem, line, message) => {
    const files = await storedSubtitles();
    const before = await media();
    const res = await send('PUT', adminUrl('en'), { ...admin.headers, 'accept-language': 'en' }, { vtt });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_WEBVTT', message, details: { problem, line } });
    expect(await media()).toEqual(before);
    expect(await storedSubtitles()).toEqual(files);
    expect((await get(`/api/training/lessons/${lesson}/subtitles/en`, buyer.headers)).body).toBe(EN_VTT);
  });

  it('the message is in the request language', async () => {
    const res = await send(
      'PUT',
      adminUrl('en'),
      { ...admin.headers, 'accept-language': 'ru' },
      { vtt: 'WEBVTT\n\nx\n' },
    );
    expect(res.json().message).toBe('Строка 4: ожидалось время реплики вида 00:01.000 --> 00:04.000');
  });

  it.each([
    ['an empty text', { vtt: '' }],
    ['a number', { vtt: 42 }],
    ['an extra field', { vtt: EN_VTT, lang: 'en' }],
  ])('%s → 400 VALIDATION_ERROR', async (_, body) => {
    const res = await send('PUT', adminUrl('en'), admin.headers, body);
    expect(res.statusCode).toBe(400);
    expect(code(res)).toBe('VALIDATION_ERROR');
  });

  it('only admins write subtitles (guest 401, purchaser 403); an unknown lesson → 404 and no file left', async () => {
    const files = await storedSubtitles();
    expect((await send('PUT', adminUrl('en'), {}, { vtt: EN_VTT })).statusCode).toBe(401);
    expect((await send('PUT', adminUrl('en'), buyer.headers, { vtt: EN_VTT })).statusCode).toBe(403);
    expect((await get(adminUrl('en'), buyer.headers)).statusCode).toBe(403);
    const unknown = adminUrl('en', '00000000-0000-4000-8000-000000000000');
    expect((await send('PUT', unknown, admin.headers, { vtt: EN_VTT })).statusCode).toBe(404);
    expect(await storedSubtitles()).toEqual(files);
  });

  it('saving again replaces the file (the old one is deleted); deleting removes the language and its file', async () => {
    const files = await storedSubtitles();
    const changed = EN_VTT.replace('Fold', 'Fold gently');
    expect((await send('PUT', adminUrl('en'), admin.headers, { vtt: changed })).statusCode).toBe(200);
    expect((await storedSubtitles()).length).toBe(files.length);
    expect((await get(`/api/training/lessons/${lesson}/subtitles/en`, buyer.headers)).body).toBe(changed);

    const removed = await send('DELETE', adminUrl('es'), admin.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(Object.keys(removed.json().data.subtitles)).toEqual(['en']);
    expect((await storedSubtitles()).length).toBe(files.length - 1);
    expect(Object.keys((await accessOf(buyer.headers)).subtitles)).toEqual(['en']);
    expect((await send('DELETE', adminUrl('es'), admin.headers)).statusCode).toBe(404);
  });

  it('deleting the lesson deletes its subtitle files', async () => {
    const doomed = await lessonWithFiles(t);
    await send('PUT', adminUrl('es', doomed), admin.headers, { vtt: ES_VTT });
    const files = await storedSubtitles();
    const res = await send('DELETE', `/api/admin/lessons/${doomed}`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedSubtitles()).length).toBe(files.length - 1);
  });
});

describe('player settings per account', () => {
  const url = '/api/training/player-settings';
  const settingsOf = async (user: TestUser) => {
    const res = await get(url, user.headers);
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(PlayerSettingsSchema).parse(res.json()).data;
  };

  it('are the defaults until changed, then kept for that account only', async () => {
    expect(await settingsOf(buyer)).toEqual(DEFAULT_PLAYER_SETTINGS);
    const mine = { speed: 0.5, mirrored: true, subtitles: 'es' };
    const res = await send('PUT', url, buyer.headers, mine);
    expect(res.statusCode, res.body).toBe(200);
    expect(await settingsOf(buyer)).toEqual(mine);
    expect(await settingsOf(stranger)).toEqual(DEFAULT_PLAYER_SETTINGS);
    await send('PUT', url, buyer.headers, { speed: 1.75, mirrored: false, subtitles: 'off' });
    expect(await settingsOf(buyer)).toEqual({ speed: 1.75, mirrored: false, subtitles: 'off' });
  });

  it.each([
    [{ speed: 3, mirrored: false, subtitles: 'off' }],
    [{ speed: 0.3, mirrored: false, subtitles: 'off' }],
    [{ speed: '1', mirrored: false, subtitles: 'off' }],
    [{ speed: 1, mirrored: false, subtitles: 'de' }],
    [{ speed: 1, mirrored: false }],
    [{ speed: 1, mirrored: false, subtitles: 'off', loop: [1, 2] }],
  ])('%j → 400 and nothing changes', async (body) => {
    const res = await send('PUT', url, buyer.headers, body);
    expect(res.statusCode).toBe(400);
    expect(await settingsOf(buyer)).toEqual({ speed: 1.75, mirrored: false, subtitles: 'off' });
  });

  it('a guest → 401', async () => {
    expect((await get(url)).statusCode).toBe(401);
    expect((await send('PUT', url, {}, DEFAULT_PLAYER_SETTINGS)).statusCode).toBe(401);
  });
});
