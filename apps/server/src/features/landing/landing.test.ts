import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type About, AboutSchema, type LandingSettings, LandingSettingsSchema, successEnvelope } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingContent } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { INDEX_HTML } from '../../test/web-template';
import { LANDING_CACHE_TAG } from './landing.schemas';

const ABOUT: About = {
  title: { ru: 'Мастерская шёлковых цветов', en: 'A studio of silk flowers', es: 'Un taller de flores de seda' },
  content: { ru: 'Меня зовут Анна', en: 'My name is Anna' },
  image: {
    url: '/uploads/landing/a.webp',
    thumb: '/uploads/landing/a-thumb.webp',
    medium: '/uploads/landing/a-medium.webp',
    large: '/uploads/landing/a-large.webp',
  },
};
const SETTINGS: LandingSettings = {
  artisanName: 'Анна Петрова',
  heroTitle: { ru: 'Цветы из шёлка', en: 'Silk flowers' },
  heroSubtitle: { ru: 'Букеты ручной работы', en: 'Handmade bouquets' },
  contactEmail: 'hello@atelier.test',
  contactPhone: '+7 921 555-24-17',
  social: [
    { network: 'instagram', url: 'https://instagram.com/atelier' },
    { network: 'telegram', url: 'https://t.me/atelier' },
  ],
};

let t: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'atelier-landing-web-'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestContext({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function store(key: 'about' | 'settings', value: unknown) {
  await t.database.db
    .insert(landingContent)
    .values({ key, value })
    .onConflictDoUpdate({ target: landingContent.key, set: { value } });
  t.app.cache.invalidate(LANDING_CACHE_TAG);
}

async function home(lang = 'ru') {
  const res = await t.app.inject({ method: 'GET', url: `/?lang=${lang}`, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  return [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

describe('on a fresh database (no demo content)', () => {
  it('GET /api/landing/about answers empty defaults, not 404 or 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/landing/about' });
    expect(res.statusCode).toBe(200);
    expect(successEnvelope(AboutSchema).parse(res.json()).data).toEqual({
      title: { ru: '' },
      content: { ru: '' },
      image: null,
    });
  });

  it('GET /api/landing answers empty settings with no social links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/landing' });
    expect(res.statusCode).toBe(200);
    expect(successEnvelope(LandingSettingsSchema).parse(res.json()).data).toEqual({
      heroTitle: { ru: '' },
      heroSubtitle: { ru: '' },
      contactEmail: '',
      contactPhone: '',
      social: [],
    });
  });

  it('the home page has no artisan JSON-LD while there is nothing to say', async () => {
    const blocks = await home();
    expect(blocks.map((b) => b['@type'])).toEqual(['WebSite']);
  });
});

describe('with stored content', () => {
  beforeAll(async () => {
    await store('about', ABOUT);
    await store('settings', SETTINGS);
  });

  it('GET /api/landing/about returns the stored about section', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/landing/about' });
    expect(successEnvelope(AboutSchema).parse(res.json()).data).toEqual(ABOUT);
  });

  it('GET /api/landing returns the stored settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/landing' });
    expect(successEnvelope(LandingSettingsSchema).parse(res.json()).data).toEqual(SETTINGS);
  });

  it('fills fields missing from an older stored row with the defaults', async () => {
    await store('settings', { contactEmail: 'old@atelier.test' });
    const res = await t.app.inject({ method: 'GET', url: '/api/landing' });
    expect(successEnvelope(LandingSettingsSchema).parse(res.json()).data).toMatchObject({
      contactEmail: 'old@atelier.test',
      social: [],
      heroTitle: { ru: '' },
    });
    await store('settings', SETTINGS);
  });

  it('answers the defaults instead of a 500 when a stored row is malformed', async () => {
    await store('about', { title: 42, content: null, image: 'nope' });
    const res = await t.app.inject({ method: 'GET', url: '/api/landing/about' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ title: { ru: '' }, content: { ru: '' }, image: null });
    await store('about', ABOUT);
  });

  it('is served from the public cache (HIT, 304) until the landing tag is invalidated', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/landing' });
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/landing',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.statusCode).toBe(304);
    await t.database.db.update(landingContent).set({ value: { ...SETTINGS, contactPhone: '+7 000' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/landing' })).body).toBe(first.body);
    t.app.cache.invalidate(LANDING_CACHE_TAG);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/landing' });
    expect(fresh.headers['x-cache']).toBe('MISS');
    expect(fresh.json().data.contactPhone).toBe('+7 000');
    await store('about', ABOUT);
    await store('settings', SETTINGS);
  });

  it('puts LocalBusiness and Person JSON-LD with contacts and social links on the home page', async () => {
    const blocks = await home('en');
    const url = t.config.publicUrl;
    const business = blocks.find((b) => b['@type'] === 'LocalBusiness');
    const person = blocks.find((b) => b['@type'] === 'Person');
    const contact = {
      url: `${url}/`,
      image: `${url}/uploads/landing/a-large.webp`,
      email: 'hello@atelier.test',
      telephone: '+7 921 555-24-17',
      sameAs: ['https://instagram.com/atelier', 'https://t.me/atelier'],
    };
    expect(business).toMatchObject({
      '@context': 'https://schema.org',
      '@id': `${url}/#business`,
      name: 'A studio of silk flowers',
      description: 'Handmade bouquets',
      founder: { '@id': `${url}/#artisan` },
      ...contact,
    });
    expect(person).toMatchObject({ '@id': `${url}/#artisan`, name: 'Анна Петрова', ...contact });
  });

  it('leaves the Person out when the artisan name is not set, and empty contacts out of the business', async () => {
    await store('settings', { ...SETTINGS, artisanName: undefined, contactPhone: '' });
    const blocks = await home('ru');
    expect(blocks.some((b) => b['@type'] === 'Person')).toBe(false);
    const business = blocks.find((b) => b['@type'] === 'LocalBusiness')!;
    expect(business.name).toBe('Мастерская шёлковых цветов');
    expect('telephone' in business).toBe(false);
    expect('founder' in business).toBe(false);
    await store('settings', SETTINGS);
  });
});
