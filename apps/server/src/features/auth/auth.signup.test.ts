/**
 * Sign-ups a script cannot repeat forever (docs/decisions/0097): a budget of new accounts per client
 * address per day (SIGNUPS_PER_IP_PER_DAY), and Yandex SmartCaptcha after the SPEC's arithmetic
 * question when configured (SMARTCAPTCHA_*), verified by the server against a local fake of its
 * documented validate endpoint.
 */
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { captcha, GOOD_PASSWORD, REGISTRATION_CONSENTS_V1 } from '../../test/accounts';
import { type SmartCaptchaFake, startSmartCaptchaFake } from '../../test/fakes/smartcaptcha-fake';
import { createTestContext, type TestContext } from '../../test/harness';

const SERVER_KEY = 'ysc2_server-key-for-tests';

let n = 0;
const address = () => `signup-${++n}-${Date.now().toString(36)}@example.test`;

async function register(
  t: TestContext,
  email: string,
  options: { ip?: string; lang?: string; smartCaptchaToken?: string } = {},
) {
  const { captchaId, answer } = await captcha(t);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { 'accept-language': options.lang ?? 'en' },
    payload: {
      name: 'Anna Petrova',
      email,
      password: GOOD_PASSWORD,
      captchaId,
      captchaAnswer: answer,
      consents: REGISTRATION_CONSENTS_V1,
      ...(options.smartCaptchaToken === undefined ? {} : { smartCaptchaToken: options.smartCaptchaToken }),
    },
  });
}
const accountsOf = async (t: TestContext, emails: string[]) =>
  (await t.database.db.select({ n: count() }).from(users).where(inArray(users.email, emails)))[0]!.n;

describe('SIGNUPS_PER_IP_PER_DAY: new accounts per client address per day', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { SIGNUPS_PER_IP_PER_DAY: '3' } });
  });
  afterAll(() => t.close());

  it('three accounts from one address, the fourth is a 429 in the request language; another address still signs up', async () => {
    const ip = '198.51.100.7';
    const emails = [address(), address(), address()];
    for (const email of emails) expect((await register(t, email, { ip })).statusCode).toBe(201);
    // A repeat of a pending address creates nothing, so it does not spend the budget either way.
    expect((await register(t, emails[0]!, { ip })).statusCode).toBe(429);

    const fourth = address();
    const refused = await register(t, fourth, { ip, lang: 'ru' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().message).toContain('С этого адреса сегодня уже зарегистрировано много аккаунтов');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register(t, address(), { ip, lang: 'es' })).json().message).toContain('desde esta dirección');
    expect(await accountsOf(t, [...emails, fourth])).toBe(3);

    expect((await register(t, fourth, { ip: '203.0.113.9' })).statusCode).toBe(201);
  });

  it('a refused registration (wrong captcha answer) spends nothing of the budget', async () => {
    const ip = '198.51.100.8';
    for (let i = 0; i < 4; i++) {
      const { captchaId } = await captcha(t);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: ip,
        payload: {
          name: 'Anna Petrova',
          email: address(),
          password: GOOD_PASSWORD,
          captchaId,
          captchaAnswer: 1_000,
          consents: REGISTRATION_CONSENTS_V1,
        },
      });
      expect(wrong.json().code).toBe('CAPTCHA_INVALID');
    }
    for (let i = 0; i < 3; i++) expect((await register(t, address(), { ip })).statusCode).toBe(201);
  });
});

describe('Yandex SmartCaptcha on registration', () => {
  let t: TestContext;
  let fake: SmartCaptchaFake;
  beforeAll(async () => {
    fake = await startSmartCaptchaFake(SERVER_KEY);
    t = await createTestContext({
      env: {
        SMARTCAPTCHA_SERVER_KEY: SERVER_KEY,
        SMARTCAPTCHA_CLIENT_KEY: 'ysc1_client-key-for-tests',
        SMARTCAPTCHA_URL: fake.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('GET /auth/captcha names the client key the form shows the widget with', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/captcha' });
    expect(res.json().data).toMatchObject({
      question: expect.any(String),
      smartCaptchaClientKey: 'ysc1_client-key-for-tests',
    });
    // The widget's script and frame are allowed only when it is configured.
    expect(res.headers['content-security-policy']).toMatch(
      /script-src 'self' https:\/\/smartcaptcha\.yandexcloud\.net/,
    );
  });

  it('a token Yandex passes: the account is created; the server sent secret, token and the client address', async () => {
    const token = fake.issue();
    const email = address();
    const before = fake.requests.length;
    const res = await register(t, email, { ip: '198.51.100.20', smartCaptchaToken: token });
    expect(res.statusCode).toBe(201);
    expect(await accountsOf(t, [email])).toBe(1);
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent[0]!.body))).toEqual({
      secret: SERVER_KEY,
      token,
      ip: '198.51.100.20',
    });
  });

  it('no token, or one Yandex refuses (made up, or used already): 400 CAPTCHA_INVALID under the field, no account', async () => {
    const missing = address();
    const noToken = await register(t, missing, { lang: 'ru' });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json()).toMatchObject({
      code: 'CAPTCHA_INVALID',
      message: 'Подтвердите, что вы не робот',
      details: { fields: [{ field: 'smartCaptchaToken', message: 'smartCaptchaRequired' }] },
    });

    const forged = address();
    const refused = await register(t, forged, { smartCaptchaToken: 'made-up' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'CAPTCHA_INVALID',
      message: 'The “not a robot” check failed. Please take it again',
      details: { fields: [{ field: 'smartCaptchaToken', message: 'smartCaptchaFailed' }] },
    });

    const token = fake.issue();
    expect((await register(t, address(), { smartCaptchaToken: token })).statusCode).toBe(201);
    const replayed = address();
    expect((await register(t, replayed, { smartCaptchaToken: token })).json().code).toBe('CAPTCHA_INVALID');
    expect(await accountsOf(t, [missing, forged, replayed])).toBe(0);
  });

  it('the arithmetic question stays in front: a wrong answer is refused before Yandex is asked', async () => {
    const before = fake.requests.length;
    const { captchaId } = await captcha(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Anna Petrova',
        email: address(),
        password: GOOD_PASSWORD,
        captchaId,
        captchaAnswer: 1_000,
        consents: REGISTRATION_CONSENTS_V1,
        smartCaptchaToken: fake.issue(),
      },
    });
    expect(res.json()).toMatchObject({ code: 'CAPTCHA_INVALID', details: { fields: [{ field: 'captchaAnswer' }] } });
    expect(fake.requests.length).toBe(before);
  });

  it.each([
    ['answers 500', { status: 500, body: { message: 'internal' } }],
    ['answers something that is not its JSON', { status: 200, body: { unexpected: true } }],
  ])('Yandex %s: 503 SMARTCAPTCHA_UNAVAILABLE with a clear message, no account', async (_what, reply) => {
    fake.failNext(reply, { pathPart: '/validate' });
    const email = address();
    const res = await register(t, email, { smartCaptchaToken: fake.issue() });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'SMARTCAPTCHA_UNAVAILABLE',
      message: 'The “not a robot” check is unavailable right now. Please try again in a few minutes',
    });
    expect(await accountsOf(t, [email])).toBe(0);
  });

  it('Yandex unreachable: the same 503', async () => {
    const down = await createTestContext({
      env: {
        SMARTCAPTCHA_SERVER_KEY: SERVER_KEY,
        SMARTCAPTCHA_CLIENT_KEY: 'ysc1_client-key-for-tests',
        // A port nothing listens on: the closed fake's.
        SMARTCAPTCHA_URL: await closedUrl(),
      },
    });
    try {
      const res = await register(down, address(), { smartCaptchaToken: 'any' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('SMARTCAPTCHA_UNAVAILABLE');
    } finally {
      await down.close();
    }
  });
});

describe('SmartCaptcha not configured', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('is not asked: no client key for the form, and registration needs no token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/captcha' });
    expect(res.json().data.smartCaptchaClientKey).toBeNull();
    expect(res.headers['content-security-policy']).not.toContain('smartcaptcha');
    expect((await register(t, address())).statusCode).toBe(201);
  });
});

/** The URL of a fake that has been closed again: connecting to it is refused. */
async function closedUrl(): Promise<string> {
  const gone = await startSmartCaptchaFake(SERVER_KEY);
  await gone.close();
  return gone.url;
}
