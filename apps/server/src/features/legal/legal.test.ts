/**
 * The legal documents: seeded as version 1 from the shop's first texts, read by anyone (the version
 * in force and any older one), published by the admin only, one version after another per kind and
 * language, and the public cache dropped at each publication.
 */
import { LEGAL_KINDS } from '@atelier/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalDocuments } from '../../db/schema';
import { adminUser, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { toMarkdown } from './legal.seed';
import { LEGAL_EN } from './seed/legal-en';
import { LEGAL_RU } from './seed/legal-ru';

let t: TestContext;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestContext();
  admin = await adminUser(t);
  customer = await verifiedUser(t);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

function publish(kind: string, language: string, payload: object, who: TestUser | null = admin, lang = 'en') {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/legal/${kind}/${language}`,
    headers: { ...(who ? who.headers : {}), 'accept-language': lang },
    payload,
  });
}

describe('the seeded first versions', () => {
  it('every kind exists in ru, en and es as version 1, in force', async () => {
    for (const lang of ['ru', 'en', 'es']) {
      const res = await get(`/api/legal?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      const documents = res.json().data as { kind: string; version: number; current: boolean; language: string }[];
      expect(documents.map((d) => d.kind).sort()).toEqual([...LEGAL_KINDS].sort());
      expect(documents.every((d) => d.version === 1 && d.current && d.language === lang)).toBe(true);
    }
  });

  it('version 1 is the text the shop started with, as Markdown (the intro, ## sections; the date only once, from publishedAt)', async () => {
    const res = await get('/api/legal/privacy/en');
    expect(res.statusCode).toBe(200);
    const document = res.json().data;
    expect(document).toMatchObject({ kind: 'privacy', language: 'en', version: 1, title: LEGAL_EN.privacy.title });
    expect(document.body).toBe(toMarkdown(LEGAL_EN.privacy));
    expect(document.body.startsWith(`${LEGAL_EN.privacy.intro}\n\n## 1.`)).toBe(true);
    expect(document.body).not.toContain(LEGAL_EN.privacy.updated);
    expect(document.publishedAt).toBe('2025-09-01T00:00:00.000Z');
  });

  it('seeding again (every start) adds nothing and leaves published versions alone', async () => {
    expect(await t.app.services.legal.ensureSeeded()).toBe(0);
  });

  it.each([
    ['an unknown kind', '/api/legal/contract/ru', 400],
    ['an unknown language', '/api/legal/privacy/de', 400],
    ['a version that does not exist', '/api/legal/privacy/ru/9', 404],
    ['a version that is no number', '/api/legal/privacy/ru/latest', 400],
    ['version 0', '/api/legal/privacy/ru/0', 400],
  ])('%s (%s) → %i', async (_name, url, status) => {
    expect((await get(url)).statusCode).toBe(status);
  });
});

describe('publishing a new version', () => {
  it('guests get 401 and customers 403 on every admin route; nothing is published', async () => {
    const body = { title: 'Hijack', body: 'Nothing', baseVersion: 1 };
    expect((await publish('terms', 'ru', body, null)).statusCode).toBe(401);
    expect((await publish('terms', 'ru', body, customer)).statusCode).toBe(403);
    for (const url of [
      '/api/admin/legal',
      '/api/admin/consents',
      '/api/admin/consents/export.csv',
      '/api/admin/consents/export.json',
    ]) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, customer.headers)).statusCode).toBe(403);
    }
    const rows = await t.database.db.select().from(legalDocuments).where(eq(legalDocuments.kind, 'terms'));
    expect(rows.every((row) => row.version === 1)).toBe(true);
  });

  it('adds version 2 in that language only; version 1 stays readable and is no longer in force', async () => {
    const warm = await get('/api/legal/privacy/ru');
    expect(warm.json().data.version).toBe(1);
    expect((await get('/api/legal/privacy/ru')).headers['x-cache']).toBe('HIT');

    const res = await publish('privacy', 'ru', {
      title: '  Политика конфиденциальности  ',
      body: '*Редакция 2*\r\n\r\n## 1. Что изменилось\r\n\r\nТеперь мы храним меньше.',
      baseVersion: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Version 2 published',
      data: { kind: 'privacy', language: 'ru', version: 2, current: true, title: 'Политика конфиденциальности' },
    });
    expect(res.json().data.body).toBe('*Редакция 2*\n\n## 1. Что изменилось\n\nТеперь мы храним меньше.');

    // The public cache was dropped: the next read is the new version.
    const now = await get('/api/legal/privacy/ru');
    expect(now.headers['x-cache']).toBe('MISS');
    expect(now.json().data).toMatchObject({ version: 2, current: true });
    const old = await get('/api/legal/privacy/ru/1');
    expect(old.statusCode).toBe(200);
    expect(old.json().data).toMatchObject({ version: 1, current: false, body: toMarkdown(LEGAL_RU.privacy) });
    expect((await get('/api/legal/privacy/en')).json().data.version).toBe(1);
    expect((await get('/api/legal?lang=ru')).json().data).toContainEqual(
      expect.objectContaining({ kind: 'privacy', version: 2, current: true }),
    );

    const [row] = await t.database.db
      .select()
      .from(legalDocuments)
      .where(and(eq(legalDocuments.kind, 'privacy'), eq(legalDocuments.language, 'ru'), eq(legalDocuments.version, 2)));
    expect(row?.publishedBy).toBe(admin.id);

    const versions = (await get('/api/admin/legal', admin.headers)).json().data as {
      kind: string;
      language: string;
      version: number;
      current: boolean;
    }[];
    expect(versions.filter((v) => v.kind === 'privacy' && v.language === 'ru')).toEqual([
      expect.objectContaining({ version: 2, current: true }),
      expect.objectContaining({ version: 1, current: false }),
    ]);
    expect(versions).toHaveLength(LEGAL_KINDS.length * 3 + 1);
  });

  it('from an outdated version → 409 naming the version in force; nothing is added', async () => {
    const res = await publish('privacy', 'ru', { title: 'Old base', body: 'Edited from version 1', baseVersion: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LEGAL_VERSION_CONFLICT', details: { current: 2 } });
    expect(res.json().message).toContain('Version 2');
    expect((await get('/api/legal/privacy/ru/3')).statusCode).toBe(404);
  });

  it('the same text as the version in force → 400, nothing to publish', async () => {
    const current = (await get('/api/legal/agreement/es')).json().data;
    const res = await publish('agreement', 'es', { title: current.title, body: current.body, baseVersion: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The text is the same as the version in force: nothing to publish');
  });

  it.each([
    ['no title', { title: '  ', body: 'Text', baseVersion: 1 }, 'Enter a title'],
    ['no text', { title: 'Title', body: '', baseVersion: 1 }, 'Enter the text'],
    [
      'a text over 100 000 characters',
      { title: 'Title', body: 'x'.repeat(100_001), baseVersion: 1 },
      'The text is too long',
    ],
  ])('%s → 400 with a message', async (_name, payload, message) => {
    const res = await publish('cookies', 'en', payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('two admins publishing from the same version at once: one version is added, the other gets 409', async () => {
    const [a, b] = await Promise.all([
      publish('marketing', 'en', { title: 'Marketing A', body: 'Text A', baseVersion: 1 }),
      publish('marketing', 'en', { title: 'Marketing B', body: 'Text B', baseVersion: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rows = await t.database.db
      .select()
      .from(legalDocuments)
      .where(and(eq(legalDocuments.kind, 'marketing'), eq(legalDocuments.language, 'en')));
    expect(rows.map((row) => row.version).sort()).toEqual([1, 2]);
  });
});
