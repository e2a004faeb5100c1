import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AboutSchema, LandingSettingsSchema, successEnvelope } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { BAD_UPLOADS, blobOf, jpegBytes, pngBytes } from '../../test/uploads';
import { INDEX_HTML } from '../../test/web-template';

let t: TestContext;
let userToken: string;
let adminToken: string;
let png: Buffer;
let jpeg: Buffer;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'atelier-landing-admin-web-'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestContext({ webDist });
  userToken = (await verifiedUser(t, { email: 'landing-user@example.com', name: 'User' })).token;
  adminToken = (await adminUser(t, { email: 'landing-admin@example.com' })).token;
  png = await pngBytes();
  jpeg = await jpegBytes();
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

type Who = 'guest' | 'user' | 'admin';
const auth = (who: Who): Record<string, string> =>
  who === 'guest' ? {} : { authorization: `Bearer ${who === 'admin' ? adminToken : userToken}` };

const ABOUT = {
  title: { ru: 'Обо мне', en: 'About me', es: 'Sobre mí' },
  content: { ru: 'Меня зовут **Анна**.\n\nЯ делаю цветы.', en: 'My name is **Anna**.', es: '' },
};
const SETTINGS = {
  artisanName: 'Анна Петрова',
  heroTitle: { ru: 'Цветы из шёлка', en: 'Silk flowers' },
  heroSubtitle: { ru: 'Букеты ручной работы' },
  contactEmail: 'hello@atelier.test',
  contactPhone: '+7 921 555-24-17',
  social: [{ network: 'instagram', url: 'https://instagram.com/atelier' }],
};

function aboutForm(data: object, image?: { bytes: Buffer; filename?: string; type?: string }) {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  if (image) body.append('image', blobOf(image.bytes, image.type ?? 'image/png'), image.filename ?? 'me.png');
  return body;
}

const putAbout = (payload: object | FormData, who: Who = 'admin') =>
  t.app.inject({ method: 'PUT', url: '/api/landing/about', headers: auth(who), payload: payload as never });
const getAbout = async () =>
  successEnvelope(AboutSchema).parse((await t.app.inject({ method: 'GET', url: '/api/landing/about' })).json()).data;
const onDisk = (url: string) => existsSync(join(t.dataDir, 'files', 'public', url.replace(/^\/uploads\//, '')));

describe('landing writes: roles', () => {
  it.each([
    ['PUT', '/api/landing/about', ABOUT],
    ['PUT', '/api/landing', SETTINGS],
  ] as const)('%s %s: guest → 401, customer → 403, nothing stored', async (method, url, payload) => {
    expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
    const asUser = await t.app.inject({ method, url, payload, headers: auth('user') });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'Доступ запрещён' });
    expect((await getAbout()).title).toEqual({ ru: '' });
  });
});

describe('PUT /api/landing/about', () => {
  it('stores texts from a JSON body; blank languages are dropped (they fall back to ru); GET shows it at once', async () => {
    await getAbout(); // warm the public cache: the write must clear it
    const res = await putAbout(ABOUT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Раздел «Обо мне» сохранён');
    expect(await getAbout()).toEqual({
      title: ABOUT.title,
      content: { ru: ABOUT.content.ru, en: ABOUT.content.en },
      image: null,
    });
  });

  it('takes a photo from multipart (data part + image): WebP variants on disk; a new photo removes the old files', async () => {
    const first = await putAbout(aboutForm(ABOUT, { bytes: png }));
    expect(first.statusCode, first.body).toBe(200);
    const image = (await getAbout()).image!;
    expect(image.url).toMatch(/^\/uploads\/landing\//);
    expect([image.url, image.thumb, image.medium, image.large].every(onDisk)).toBe(true);

    const second = await putAbout(aboutForm(ABOUT, { bytes: jpeg, filename: 'me.jpg', type: 'image/jpeg' }));
    expect(second.statusCode, second.body).toBe(200);
    const replaced = (await getAbout()).image!;
    expect(replaced.url).not.toBe(image.url);
    expect(onDisk(replaced.large)).toBe(true);
    expect(onDisk(image.url) || onDisk(image.large)).toBe(false);
  });

  it('keeps the photo when only the texts change, and drops it with removeImage', async () => {
    const before = (await getAbout()).image!;
    expect((await putAbout({ ...ABOUT, title: { ru: 'Новое' } })).statusCode).toBe(200);
    expect((await getAbout()).image).toEqual(before);
    expect((await putAbout({ ...ABOUT, removeImage: true })).statusCode).toBe(200);
    expect((await getAbout()).image).toBeNull();
    expect(onDisk(before.large)).toBe(false);
  });

  it.each(BAD_UPLOADS)('refuses $name with $status and changes nothing', async (bad) => {
    const before = await getAbout();
    const res = await putAbout(
      aboutForm(
        { ...ABOUT, title: { ru: 'Не сохранится' } },
        { bytes: bad.bytes, filename: bad.filename, type: bad.type },
      ),
    );
    expect(res.statusCode).toBe(bad.status);
    expect(res.json()).toMatchObject({ success: false, message: bad.message });
    expect(await getAbout()).toEqual(before);
  });

  it.each([
    ['the ru title is blank', { ...ABOUT, title: { ru: '   ', en: 'About' } }, 'Заполните текст на русском языке'],
    ['the ru content is missing', { ...ABOUT, content: { en: 'x' } }, 'Заполните текст на русском языке'],
    ['the text is too long', { ...ABOUT, content: { ru: 'x'.repeat(20_001) } }, 'Слишком длинный текст'],
  ])('400 when %s', async (_rule, payload, message) => {
    const res = await putAbout(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('answers a malformed data part with 400, not 500', async () => {
    const body = new FormData();
    body.append('data', '{not json');
    const res = await putAbout(body);
    expect(res.statusCode).toBe(400);
  });
});

describe('PUT /api/landing', () => {
  it('replaces the settings, clears the cache, and the home JSON-LD names the artisan', async () => {
    await t.app.inject({ method: 'GET', url: '/api/landing' });
    const res = await t.app.inject({ method: 'PUT', url: '/api/landing', headers: auth('admin'), payload: SETTINGS });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Настройки сайта сохранены');
    const got = successEnvelope(LandingSettingsSchema).parse(
      (await t.app.inject({ method: 'GET', url: '/api/landing' })).json(),
    );
    expect(got.data).toEqual(SETTINGS);
  });

  it.each([
    ['a bad email', { ...SETTINGS, contactEmail: 'not-an-email' }],
    ['a javascript: social link', { ...SETTINGS, social: [{ network: 'vk', url: 'javascript:alert(1)' }] }],
    ['an unknown network', { ...SETTINGS, social: [{ network: 'myspace', url: 'https://myspace.com/a' }] }],
    ['a missing hero title', { ...SETTINGS, heroTitle: undefined }],
  ])('400 for %s, settings unchanged', async (_rule, payload) => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/landing', headers: auth('admin'), payload });
    expect(res.statusCode).toBe(400);
    const got = (await t.app.inject({ method: 'GET', url: '/api/landing' })).json().data;
    expect(got).toEqual(SETTINGS);
  });
});

describe('stored markup never runs on the home page', () => {
  it('an about title with </script> is escaped inside the JSON-LD block and comes back as the same text', async () => {
    const evil = '</script><script>alert(1)</script>';
    expect((await putAbout({ ...ABOUT, title: { ru: evil } })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    const blocks = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    expect(blocks.find((b) => b['@type'] === 'LocalBusiness')?.name).toBe(evil);
    expect((await getAbout()).title.ru).toBe(evil);
  });
});
