/**
 * Consents on record: each is stored with the document version the client showed, the time, the
 * client address (request.ip, X-Forwarded-For only under TRUST_PROXY) and the account or visitor.
 * Registration and checkout are refused without the consents they need; a version that does not
 * exist is a 400, one no longer in force a 409. The account's export lists them; the admin lists
 * and exports them.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, courses, legalDocuments, orders, products, users } from '../../db/schema';
import { bearer, captcha, GOOD_PASSWORD, lastMail, REGISTRATION_CONSENTS_V1, register } from '../../test/accounts';
import {
  adminUser,
  consentsV1,
  orderBody,
  postOrder,
  productLine,
  productWithStock,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { lessonWithFiles } from '../../test/lessons';

let t: TestContext;
let admin: TestUser;
beforeAll(async () => {
  // One proxy in front: the client address is the one it appended to X-Forwarded-For.
  t = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_IP: '100000', TRUST_PROXY: '1' } });
  admin = await adminUser(t);
});
afterAll(() => t.close());

const en = { 'accept-language': 'en' };
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Consent-Test';

/** The rows of an account, oldest first, with the version each names. */
async function consentsOf(userId: string) {
  return t.database.db
    .select({
      kind: consents.kind,
      granted: consents.granted,
      source: consents.source,
      ip: consents.ip,
      userAgent: consents.userAgent,
      orderId: consents.orderId,
      createdAt: consents.createdAt,
      document: { kind: legalDocuments.kind, language: legalDocuments.language, version: legalDocuments.version },
    })
    .from(consents)
    .innerJoin(legalDocuments, eq(legalDocuments.id, consents.documentId))
    .where(eq(consents.userId, userId))
    .orderBy(consents.createdAt, consents.kind);
}

async function userByEmail(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

async function publish(kind: string, language: string, baseVersion: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/legal/${kind}/${language}`,
    headers: admin.headers,
    payload: { title: `${kind} v${baseVersion + 1}`, body: `New text ${baseVersion + 1}`, baseVersion },
  });
  expect(res.statusCode).toBe(201);
}

describe('registration', () => {
  it('records the user agreement and the personal-data consent with their versions, the time, the client address and the browser', async () => {
    const before = Date.now();
    const res = await register(
      t,
      'consenting@example.com',
      {},
      { 'x-forwarded-for': '198.51.100.23', 'user-agent': UA },
    );
    expect(res.statusCode).toBe(201);
    const user = await userByEmail('consenting@example.com');
    const rows = await consentsOf(user!.id);
    expect(rows).toHaveLength(2);
    for (const [kind, row] of [
      ['agreement', rows.find((r) => r.kind === 'agreement')],
      ['personal-data', rows.find((r) => r.kind === 'personal-data')],
    ] as const) {
      expect(row).toMatchObject({
        granted: true,
        source: 'registration',
        ip: '198.51.100.23',
        userAgent: UA,
        orderId: null,
        document: { kind, language: 'ru', version: 1 },
      });
      expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it.each([
    ['none', [], 'Agreement with the user agreement is required'],
    [
      'no personal-data consent',
      [{ kind: 'agreement', language: 'en', version: 1 }],
      'Consent to the processing of personal data is required',
    ],
    [
      'no user agreement',
      [{ kind: 'personal-data', language: 'en', version: 1 }],
      'Agreement with the user agreement is required',
    ],
  ])('%s → 400 CONSENT_REQUIRED; no account, the captcha still usable', async (_name, given, message) => {
    const email = `refused-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { captchaId, answer } = await captcha(t);
    const body = { name: 'Anna', email, password: GOOD_PASSWORD, captchaId, captchaAnswer: answer };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: en,
      payload: { ...body, consents: given },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CONSENT_REQUIRED',
      message,
      details: { fields: [{ field: 'consents' }] },
    });
    expect(await userByEmail(email)).toBeNull();
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, consents: REGISTRATION_CONSENTS_V1 },
    });
    expect(retry.statusCode).toBe(201);
  });

  it.each([
    [
      'a consent the form does not ask for',
      [...REGISTRATION_CONSENTS_V1, { kind: 'marketing', language: 'ru', version: 1 }],
    ],
    ['a kind twice', [...REGISTRATION_CONSENTS_V1, { kind: 'agreement', language: 'en', version: 1 }]],
    [
      'a version that is no number',
      [{ kind: 'agreement', language: 'ru', version: 'latest' }, REGISTRATION_CONSENTS_V1[1]],
    ],
    ['an unknown language', [{ kind: 'agreement', language: 'de', version: 1 }, REGISTRATION_CONSENTS_V1[1]]],
  ])('%s → 400, no account', async (_name, given) => {
    const email = `odd-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await register(t, email, { consents: given });
    expect(res.statusCode).toBe(400);
    expect(await userByEmail(email)).toBeNull();
  });

  it('a version that does not exist → 400 LEGAL_VERSION_UNKNOWN; one no longer in force → 409 LEGAL_VERSION_STALE; other languages are unaffected', async () => {
    const unknown = await register(
      t,
      'unknown-version@example.com',
      { consents: [{ kind: 'agreement', language: 'ru', version: 7 }, REGISTRATION_CONSENTS_V1[1]] },
      en,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'LEGAL_VERSION_UNKNOWN', details: { kind: 'agreement', version: 7 } });
    expect(unknown.json().message).toContain('User agreement');

    await publish('agreement', 'ru', 1);
    const stale = await register(t, 'stale-version@example.com', {}, en);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'LEGAL_VERSION_STALE',
      details: { kind: 'agreement', language: 'ru', version: 1, current: 2 },
    });
    expect(stale.json().message).toBe(
      '“User agreement” has been updated since the page was opened. Read the new version and confirm again',
    );
    expect(await userByEmail('stale-version@example.com')).toBeNull();

    const current = await register(t, 'current-version@example.com', {
      consents: [{ kind: 'agreement', language: 'ru', version: 2 }, REGISTRATION_CONSENTS_V1[1]],
    });
    expect(current.statusCode).toBe(201);
    const rows = await consentsOf((await userByEmail('current-version@example.com'))!.id);
    expect(rows.find((r) => r.kind === 'agreement')?.document.version).toBe(2);
    // English is still at version 1, and in force.
    expect(
      (await register(t, 'english@example.com', { consents: consentsV1(['agreement', 'personal-data'], 'en') }))
        .statusCode,
    ).toBe(201);
  });
});

describe('checkout', () => {
  let buyer: TestUser;
  let product: string;
  beforeAll(async () => {
    buyer = await verifiedUser(t);
    product = await productWithStock(t, { stock: 5, priceEur: 2_000 });
  });

  const stockOf = async () => (await t.database.db.select().from(products).where(eq(products.id, product)))[0]?.stock;
  const ordersOf = async () => t.database.db.select().from(orders).where(eq(orders.userId, buyer.id));

  it('a card order records the personal-data consent with the order, its version, time and the client address', async () => {
    const res = await postOrder(t, buyer, orderBody([productLine(product)]), {
      headers: { 'x-forwarded-for': '203.0.113.7', 'user-agent': UA },
    });
    expect(res.statusCode).toBe(201);
    const orderId = res.json().data.order.id;
    const rows = (await consentsOf(buyer.id)).filter((r) => r.source === 'checkout');
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'personal-data',
        granted: true,
        orderId,
        ip: '203.0.113.7',
        userAgent: UA,
        document: { kind: 'personal-data', language: 'ru', version: 1 },
      }),
    ]);
  });

  it('without the personal-data consent, and none on record → 400; no order, no stock taken, nothing recorded', async () => {
    const newcomer = await verifiedUser(t);
    const [placedBefore, stock] = [(await ordersOf()).length, await stockOf()];
    const res = await postOrder(t, newcomer, orderBody([productLine(product)], { consents: [] }), { lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CONSENT_REQUIRED',
      message: 'Consent to the processing of personal data is required',
    });
    expect((await ordersOf()).length).toBe(placedBefore);
    expect(await stockOf()).toBe(stock);
    expect(await consentsOf(newcomer.id)).toEqual([]);
  });

  it('PayPal without the cross-border consent → 400 that says so; with it both are recorded', async () => {
    const paypal = { paymentMethod: 'paypal', currency: 'EUR' };
    const refused = await postOrder(
      t,
      buyer,
      orderBody([productLine(product)], { ...paypal, consents: consentsV1(['personal-data']) }),
      { lang: 'en' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'CONSENT_REQUIRED',
      message: 'Paying through PayPal requires consent to the cross-border transfer of your data',
    });

    const placed = await postOrder(t, buyer, orderBody([productLine(product)], paypal));
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().data.order.id;
    const rows = (await consentsOf(buyer.id)).filter((r) => r.orderId === orderId);
    expect(rows.map((r) => r.kind).sort()).toEqual(['cross-border', 'personal-data']);
    expect(rows.every((r) => r.granted && r.document.version === 1)).toBe(true);
  });

  it('a card order that sends the cross-border consent → 400 (not asked there), nothing placed', async () => {
    const before = (await ordersOf()).length;
    const res = await postOrder(
      t,
      buyer,
      orderBody([productLine(product)], { consents: consentsV1(['personal-data', 'cross-border']) }),
    );
    expect(res.statusCode).toBe(400);
    expect((await ordersOf()).length).toBe(before);
  });

  it('an order that fails (not enough stock) records no consent', async () => {
    const recorded = (await consentsOf(buyer.id)).length;
    const res = await postOrder(t, buyer, orderBody([productLine(product, 50)]));
    expect(res.statusCode).toBe(409);
    expect((await consentsOf(buyer.id)).length).toBe(recorded);
  });
});

describe('the cookie banner', () => {
  const choose = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/consents/cookies', headers, payload });
  const cookies = (version = 1) => ({ kind: 'cookies', language: 'es', version });

  it('a visitor without an account is given a random id; the choice is stored with it, the version and the address', async () => {
    const res = await choose({ granted: false, document: cookies() }, { 'x-forwarded-for': '192.0.2.44' });
    expect(res.statusCode).toBe(201);
    const { visitorId } = res.json().data;
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await choose({ granted: true, document: cookies(), visitorId });
    expect(again.json().data.visitorId).toBe(visitorId);
    const rows = await t.database.db
      .select()
      .from(consents)
      .where(eq(consents.visitorId, visitorId))
      .orderBy(consents.createdAt);
    expect(rows.map((r) => [r.granted, r.userId, r.source, r.kind])).toEqual([
      [false, null, 'cookie_banner', 'cookies'],
      [true, null, 'cookie_banner', 'cookies'],
    ]);
    expect(rows[0]?.ip).toBe('192.0.2.44');
  });

  it('a signed-in visitor’s choice also names the account', async () => {
    const anna = await verifiedUser(t);
    const res = await choose({ granted: true, document: cookies() }, anna.headers);
    expect(res.statusCode).toBe(201);
    expect((await consentsOf(anna.id)).map((r) => [r.kind, r.granted])).toEqual([['cookies', true]]);
  });

  it.each([
    ['another document', 400, { granted: true, document: { kind: 'privacy', language: 'ru', version: 1 } }],
    ['no decision', 400, { document: cookies() }],
    ['a made-up visitor id', 400, { granted: true, document: cookies(), visitorId: 'me' }],
    ['a version that does not exist', 400, { granted: true, document: cookies(3) }],
  ])('%s → %i', async (_name, status, payload) => {
    expect((await choose(payload)).statusCode).toBe(status);
  });

  it('a notice version no longer in force → 409', async () => {
    await publish('cookies', 'es', 1);
    const res = await choose({ granted: true, document: cookies(1) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LEGAL_VERSION_STALE');
    expect((await choose({ granted: true, document: cookies(2) })).statusCode).toBe(201);
  });
});

describe('the marketing opt-in', () => {
  const setConsent = (user: TestUser, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/user/marketing-consent', headers: { ...user.headers, ...en }, payload });

  it('off by default; turning it on needs the text version shown (400 otherwise, nothing changes)', async () => {
    const anna = await verifiedUser(t);
    const res = await setConsent(anna, { consent: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CONSENT_REQUIRED');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, anna.id));
    expect(row?.marketingConsentAt).toBeNull();
    expect(await consentsOf(anna.id)).toEqual([]);
  });

  it('on, then off: both recorded against the version given, the setting follows', async () => {
    const anna = await verifiedUser(t);
    const on = await setConsent(anna, { consent: true, document: { kind: 'marketing', language: 'ru', version: 1 } });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.user.marketingConsent).toBe(true);
    // Asking again changes nothing and records nothing new.
    await setConsent(anna, { consent: true, document: { kind: 'marketing', language: 'ru', version: 1 } });
    const off = await setConsent(anna, { consent: false });
    expect(off.json().data.user.marketingConsent).toBe(false);
    expect((await consentsOf(anna.id)).map((r) => [r.kind, r.granted, r.source, r.document.version])).toEqual([
      ['marketing', true, 'account', 1],
      ['marketing', false, 'account', 1],
    ]);
  });
});

describe('the account’s data', () => {
  // The Russian user agreement is at version 2 by now (see registration): these sign up in English.
  async function signUpInEnglish(email: string) {
    const reg = await register(t, email, { consents: consentsV1(['agreement', 'personal-data'], 'en') });
    expect(reg.statusCode).toBe(201);
    const { code } = await lastMail(t, email);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code } });
    return res.json().data as { token: string; user: { id: string } };
  }

  it('the export lists the account’s consents with their versions, times and addresses', async () => {
    const { token, user } = await signUpInEnglish('export-consents@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/api/user/export', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const exported = res.json().consents as { kind: string; document: { version: number }; ip: string; at: string }[];
    expect(exported.map((c) => c.kind).sort()).toEqual(['agreement', 'personal-data']);
    expect(exported.every((c) => c.ip === '127.0.0.1' && typeof c.at === 'string')).toBe(true);
    expect(exported.find((c) => c.kind === 'agreement')?.document).toMatchObject({ language: 'en', version: 1 });
    expect(JSON.stringify(exported)).toContain(user.id);
  });

  it('deleting the account records the withdrawal of every consent still given; the records stay', async () => {
    const { token, user } = await signUpInEnglish('leaving-consents@example.com');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/account',
      headers: bearer(token),
      payload: { password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const rows = await consentsOf(user.id);
    expect(rows.map((r) => [r.kind, r.granted, r.source])).toEqual(
      expect.arrayContaining([
        ['agreement', true, 'registration'],
        ['personal-data', true, 'registration'],
        ['agreement', false, 'account_deletion'],
        ['personal-data', false, 'account_deletion'],
      ]),
    );
    expect(rows).toHaveLength(4);
  });
});

describe('the admin’s list and exports', () => {
  it('lists newest first with the account, version and address; filters by kind and day', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/consents?kind=cross-border',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const [first] = res.json().data;
    expect(res.json().meta).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(first).toMatchObject({
      kind: 'cross-border',
      granted: true,
      source: 'checkout',
      document: { kind: 'cross-border', language: 'ru', version: 1 },
      user: { email: expect.stringContaining('@example.test') },
      orderNumber: expect.any(Number),
    });
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/admin/consents?limit=100', headers: admin.headers })
    ).json();
    const times = (all.data as { at: string }[]).map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/admin/consents?to=${yesterday}`,
      headers: admin.headers,
    });
    expect(old.json().meta.total).toBe(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/consents?kind=terms', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('CSV: localized headers, one line per consent, a user agent that looks like a formula is neutralised', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/consents/cookies',
      headers: { 'user-agent': '=HYPERLINK("http://evil")' },
      payload: { granted: true, document: { kind: 'cookies', language: 'ru', version: 1 } },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/consents/export.csv?kind=cookies&from=${new Date().toISOString().slice(0, 10)}`,
      headers: { ...admin.headers, ...en },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="consents-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date (UTC);Consent;Decision;Where;Document;Language;Version;Email;Name;Visitor;Order;IP address;Browser',
    );
    const cookieRows = await t.database.db.select().from(consents).where(eq(consents.kind, 'cookies'));
    expect(lines).toHaveLength(cookieRows.length + 1);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines.some((line) => line.includes(';Cookie notice;granted;Cookie banner;'))).toBe(true);
  });

  it('JSON: every matching consent, oldest first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/consents/export.json?kind=agreement',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const { consents: rows } = res.json() as { consents: { kind: string; at: string }[] };
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((row) => row.kind === 'agreement')).toBe(true);
    expect(rows.map((row) => row.at)).toEqual(rows.map((row) => row.at).sort());
    const [latest] = await t.database.db
      .select()
      .from(consents)
      .where(and(eq(consents.kind, 'agreement')))
      .orderBy(desc(consents.createdAt))
      .limit(1);
    expect(rows.at(-1)).toMatchObject({ id: latest?.id });
  });
});

// Last: these add cross-border consents, which the admin list above counts.
describe('buying a lesson or a course from its dialog', () => {
  let buyer: TestUser;
  beforeAll(async () => {
    buyer = await verifiedUser(t);
  });

  const buy = (type: 'lessons' | 'courses', id: string, payload: Record<string, unknown>, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/training/${type}/${id}/purchase`,
      headers: { ...buyer.headers, ...en, ...headers },
      payload,
    });
  const ordersOf = async () => t.database.db.select().from(orders).where(eq(orders.userId, buyer.id));

  it('in euros (PayPal) without the cross-border consent → 400 that says so; nothing placed or recorded', async () => {
    const lesson = await lessonWithFiles(t);
    const [placed, recorded] = [(await ordersOf()).length, (await consentsOf(buyer.id)).length];
    const res = await buy('lessons', lesson, { currency: 'EUR' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CONSENT_REQUIRED',
      message: 'Paying through PayPal requires consent to the cross-border transfer of your data',
    });
    expect((await ordersOf()).length).toBe(placed);
    expect((await consentsOf(buyer.id)).length).toBe(recorded);
  });

  it('with it: recorded with the order, the version, the client address and the browser', async () => {
    const lesson = await lessonWithFiles(t);
    const res = await buy(
      'lessons',
      lesson,
      { currency: 'USD', consents: consentsV1(['cross-border']) },
      { 'x-forwarded-for': '192.0.2.44', 'user-agent': UA },
    );
    expect(res.statusCode).toBe(201);
    const order = res.json().data.order;
    expect(order).toMatchObject({ paymentMethod: 'paypal', currency: 'USD' });
    expect((await consentsOf(buyer.id)).filter((r) => r.orderId === order.id)).toEqual([
      expect.objectContaining({
        kind: 'cross-border',
        granted: true,
        source: 'purchase',
        ip: '192.0.2.44',
        userAgent: UA,
        document: { kind: 'cross-border', language: 'ru', version: 1 },
      }),
    ]);
  });

  it('in roubles (card) it is not asked: sending it → 400, nothing placed; without it the order is placed', async () => {
    const lesson = await lessonWithFiles(t);
    const before = (await ordersOf()).length;
    const refused = await buy('lessons', lesson, { currency: 'RUB', consents: consentsV1(['cross-border']) });
    expect(refused.statusCode).toBe(400);
    expect((await ordersOf()).length).toBe(before);
    const placed = await buy('lessons', lesson, { currency: 'RUB' });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.order.paymentMethod).toBe('card');
  });

  it('a free lesson in euros asks for nothing: it is unlocked at once', async () => {
    const lesson = await lessonWithFiles(t, { priceRub: 0, values: { priceEur: 0, priceUsd: 0 } });
    const res = await buy('lessons', lesson, { currency: 'EUR' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.purchased).toBe(true);
  });

  it('a course in euros: a cross-border text no longer in force → 409 LEGAL_VERSION_STALE, nothing placed', async () => {
    const [course] = await t.database.db
      .insert(courses)
      .values({
        title: { ru: 'Курс', en: 'A course' },
        description: { ru: 'Описание' },
        level: 'basic',
        priceRub: 300_000,
        priceEur: 3_000,
        priceUsd: 3_400,
      })
      .returning({ id: courses.id });
    await publish('cross-border', 'es', 1);
    const before = (await ordersOf()).length;
    const stale = await buy('courses', course!.id, { currency: 'EUR', consents: consentsV1(['cross-border'], 'es') });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'LEGAL_VERSION_STALE', details: { current: 2 } });
    expect((await ordersOf()).length).toBe(before);
    const current = await buy('courses', course!.id, {
      currency: 'EUR',
      consents: [{ kind: 'cross-border', language: 'es', version: 2 }],
    });
    expect(current.statusCode).toBe(201);
    const rows = (await consentsOf(buyer.id)).filter((r) => r.orderId === current.json().data.order.id);
    expect(rows.map((r) => r.document)).toEqual([{ kind: 'cross-border', language: 'es', version: 2 }]);
  });
});
