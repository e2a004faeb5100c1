import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas, emailTokens, sessions, users } from '../../db/schema';
import { commonPasswordCount, isCommonPassword } from '../../platform/auth/common-passwords';
import { hashSecret } from '../../platform/auth/tokens';
import {
  bearer,
  captcha,
  ensureAdmin,
  GOOD_PASSWORD,
  lastMail,
  login,
  mailCount,
  REGISTRATION_CONSENTS_V1,
  register,
  signUp,
} from '../../test/accounts';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
/** Every reply body of this file, scanned at the end for hashes. */
const bodies: string[] = [];

beforeAll(async () => {
  t = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_IP: '100000', PUBLIC_URL: 'https://atelier.test' } });
  const inject = t.app.inject.bind(t.app) as (opts: InjectOptions | string) => Promise<LightMyRequestResponse>;
  // Record every reply so the last test can check that none carries a hash.
  t.app.inject = (async (opts: InjectOptions | string) => {
    const res = await inject(opts);
    bodies.push(res.body);
    return res;
  }) as unknown as typeof t.app.inject;
});
afterAll(() => t.close());

const en = { 'accept-language': 'en' };

describe('captcha', () => {
  it('GET /api/auth/captcha gives an arithmetic question and stores only a hash of the answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/captcha' });
    expect(res.statusCode).toBe(200);
    const { captchaId, question } = res.json().data;
    expect(question).toMatch(/^\d+ [+−] \d+$/);
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, captchaId));
    expect(row?.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });

  it('a wrong answer → 400 "Incorrect answer to the example", and the captcha is used up', async () => {
    const { captchaId, answer } = await captcha(t);
    const body = {
      name: 'Anna',
      email: 'wrong-captcha@example.com',
      password: GOOD_PASSWORD,
      captchaId,
      consents: REGISTRATION_CONSENTS_V1,
    };
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: en,
      payload: { ...body, captchaAnswer: answer + 1 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CAPTCHA_INVALID', message: 'Incorrect answer to the example' });
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: en,
      payload: { ...body, captchaAnswer: answer },
    });
    expect(retry.statusCode).toBe(400);
    expect(retry.json().code).toBe('CAPTCHA_INVALID');
  });

  it('a captcha cannot be reused after a successful registration', async () => {
    const { captchaId, answer } = await captcha(t);
    const payload = {
      name: 'Anna',
      email: 'reuse1@example.com',
      password: GOOD_PASSWORD,
      captchaId,
      captchaAnswer: answer,
      consents: REGISTRATION_CONSENTS_V1,
    };
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload })).statusCode).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...payload, email: 'reuse2@example.com' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CAPTCHA_INVALID');
  });

  it('an expired captcha is rejected even with the right answer', async () => {
    const { captchaId, answer } = await captcha(t);
    await t.database.db
      .update(captchas)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(captchas.id, captchaId));
    const res = await register(t, 'expired-captcha@example.com', { captchaId, captchaAnswer: answer });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CAPTCHA_INVALID');
  });

  it('accepts the answer as a numeric string', async () => {
    const { captchaId, answer } = await captcha(t);
    const res = await register(t, 'string-answer@example.com', { captchaId, captchaAnswer: String(answer) });
    expect(res.statusCode).toBe(201);
  });
});

describe('register', () => {
  it('201 { email } + a localized message; user unverified, password scrypt-hashed; mail has a code and a link', async () => {
    const res = await register(t, '  New.User@Example.com ', {}, en);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      data: { email: 'new.user@example.com' },
      message: 'We have sent a verification code to your email. Enter it to finish signing up',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'new.user@example.com'));
    expect(row?.emailVerifiedAt).toBeNull();
    expect(row?.role).toBe('user');
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    const mail = await lastMail(t, 'new.user@example.com');
    expect(mail.subject).toContain(mail.code);
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.links.some((l) => /^https:\/\/atelier\.test\/api\/auth\/verify-email\/[\w-]{43}$/.test(l))).toBe(true);
    expect(mail.html).toContain(mail.code);
    expect(mail.text).toContain('15 minutes');
    const [token] = await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, row!.id));
    expect(token?.codeHash).toBe(hashSecret(mail.code!));
    expect(token!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
  });

  it('writes the mail in the request language (ru by default, es on request)', async () => {
    await register(t, 'ru-mail@example.com');
    expect((await lastMail(t, 'ru-mail@example.com')).subject).toMatch(/^Код подтверждения/);
    await register(t, 'es-mail@example.com', {}, { 'accept-language': 'es' });
    expect((await lastMail(t, 'es-mail@example.com')).subject).toMatch(/^Su código de verificación/);
  });

  it('ignores role, isAdmin and emailVerified in the body', async () => {
    const res = await register(t, 'sneaky@example.com', { role: 'admin', isAdmin: true, emailVerified: true });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'sneaky@example.com'));
    expect(row?.role).toBe('user');
    expect(row?.emailVerifiedAt).toBeNull();
    const { code } = await lastMail(t, 'sneaky@example.com');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { email: 'sneaky@example.com', code },
    });
    expect(verified.json().data.user).toMatchObject({ role: 'user', isAdmin: false });
  });

  it.each([
    [{ name: 'A' }, 'name', 'The name must contain at least 2 characters'],
    [{ email: 'nope' }, 'email', 'Incorrect email address'],
    [{ email: '' }, 'email', 'Email must be specified'],
    [{ password: '12345' }, 'password', 'Password must contain at least 6 characters'],
    [{ captchaAnswer: '' }, 'captchaAnswer', 'Please solve the example'],
  ])('bad field %j → 400 VALIDATION_ERROR with the exact field text', async (patch, field, message) => {
    const res = await register(t, 'fields@example.com', patch, en);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().details.fields).toContainEqual({ field, message });
  });

  it('rejects a common password case-insensitively, in the request language', async () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(1000);
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword(GOOD_PASSWORD)).toBe(false);
    const res = await register(t, 'common@example.com', { password: 'QWERTY123' }, { 'accept-language': 'es' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    expect(res.json().message).toContain('demasiado común');
    expect(res.json().details.fields[0].field).toBe('password');
  });

  it('an already verified email gets the same 201 answer, no new account, and a notice mail instead of a code', async () => {
    await signUp(t, 'taken@example.com');
    const before = await mailCount(t, 'taken@example.com');
    const res = await register(t, 'taken@example.com', { password: 'Another-Pass-1' }, en);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      data: { email: 'taken@example.com' },
      message: 'We have sent a verification code to your email. Enter it to finish signing up',
    });
    expect(await mailCount(t, 'taken@example.com')).toBe(before + 1);
    const notice = await lastMail(t, 'taken@example.com');
    expect(notice.subject).toBe('Someone tried to sign up with your email');
    expect(notice.code).toBeUndefined();
    // The password did not change.
    expect((await login(t, 'taken@example.com')).statusCode).toBe(200);
    expect((await login(t, 'taken@example.com', 'Another-Pass-1')).statusCode).toBe(401);
  });

  it('an existing unverified email keeps its first registration; a repeat mails no second code within the countdown', async () => {
    await register(t, 'twice@example.com');
    const first = await lastMail(t, 'twice@example.com');
    await register(t, 'twice@example.com', { name: 'Someone Else' });
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'twice@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('Anna Petrova');
    expect(await mailCount(t, 'twice@example.com')).toBe(1);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { email: 'twice@example.com', code: first.code },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('email verification', () => {
  it('the right code → { token, user } + message; the user is verified and signed in', async () => {
    await register(t, 'code-ok@example.com');
    const { code } = await lastMail(t, 'code-ok@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: en,
      payload: { email: 'Code-OK@example.com', code },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Email confirmed. Welcome!');
    expect(body.data.user).toEqual({
      id: expect.any(String),
      name: 'Anna Petrova',
      email: 'code-ok@example.com',
      role: 'user',
      isAdmin: false,
      emailVerified: true,
      // Reminders and news by email stay off until the customer opts in.
      marketingConsent: false,
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.data.token) });
    expect(me.json().data.user.email).toBe('code-ok@example.com');
    // Single use: the same code again is refused.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { email: 'code-ok@example.com', code },
    });
    expect(again.statusCode).toBe(400);
  });

  it('a wrong code → 400 INVALID_CODE; after 5 wrong tries even the right code is refused (CODE_LOCKED)', async () => {
    await register(t, 'five@example.com');
    const { code } = await lastMail(t, 'five@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        headers: en,
        payload: { email: 'five@example.com', code: wrong },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_CODE', message: 'Wrong or expired verification code' });
    }
    const sixth = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: en,
      payload: { email: 'five@example.com', code: wrong },
    });
    expect(sixth.json()).toMatchObject({
      code: 'CODE_LOCKED',
      message: 'Too many wrong attempts. Please request a new code',
    });
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { email: 'five@example.com', code },
    });
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('CODE_LOCKED');
  });

  it('an expired code is refused like a wrong one (INVALID_CODE)', async () => {
    await register(t, 'late@example.com');
    const { code } = await lastMail(t, 'late@example.com');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'late@example.com'));
    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.userId, user!.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { email: 'late@example.com', code },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_CODE');
  });

  it('a code of the wrong shape → 400 "Please enter all 6 digits of the code"', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: en,
      payload: { email: 'x@example.com', code: '123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toContainEqual({
      field: 'code',
      message: 'Please enter all 6 digits of the code',
    });
  });

  it('the emailed link opens the confirm page (token in the fragment); its POST verifies and signs in, once', async () => {
    await register(t, 'link@example.com');
    const link = (await lastMail(t, 'link@example.com')).links.find((l) => l.includes('/api/auth/verify-email/'))!;
    const res = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/auth\/verify-link#token=[\w-]{43}$/);
    const linkToken = location.split('#token=')[1]!;
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/link',
      headers: en,
      payload: { token: linkToken },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().message).toBe('Email confirmed. Welcome!');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(confirm.json().data.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user).toMatchObject({ email: 'link@example.com', emailVerified: true });
    // Used: the same token again is refused with the localized "invalid link" text.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/link',
      headers: en,
      payload: { token: linkToken },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN', message: 'Invalid or expired verification link' });
  });

  it('a malformed link redirects to /auth?verify=invalid; a malformed POSTed token is a 400, never a 500', async () => {
    for (const token of ['x', '%00%01', 'a'.repeat(150)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth?verify=invalid');
    }
    for (const payload of [{ token: 'x' }, { token: 'a'.repeat(150) }, {}, { token: 'a'.repeat(43), extra: 1 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/link', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('resend: same answer for unknown addresses; a second send within 60 s → 429 with retry-after', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: en,
      payload: { email: 'nobody-here@example.com' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true, data: null, message: 'The code has been sent again' });

    await register(t, 'resend@example.com');
    const tooSoon = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: en,
      payload: { email: 'resend@example.com' },
    });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe('RATE_LIMITED');
    const retryAfter = Number(tooSoon.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(tooSoon.json().details.retryAfterSeconds).toBe(retryAfter);

    // Once the cooldown has passed (moved back in the database), a new code is sent.
    await t.database.db.execute(
      sql`update rate_limits set window_start = window_start - interval '61 seconds' where key = 'resend-cooldown:resend@example.com'`,
    );
    const first = (await lastMail(t, 'resend@example.com')).code;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: 'resend@example.com' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Код отправлен повторно');
    expect(await mailCount(t, 'resend@example.com')).toBe(2);
    const second = (await lastMail(t, 'resend@example.com')).code;
    expect(second).toMatch(/^\d{6}$/);
    if (first !== second) {
      const old = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { email: 'resend@example.com', code: first },
      });
      expect(old.statusCode).toBe(400);
    }
  });
});

describe('login, me, logout', () => {
  it('login → { user, token } + "Успешный вход в систему"; token stored only as sha256; 7-day expiry', async () => {
    await signUp(t, 'login@example.com');
    const res = await login(t, 'LOGIN@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Успешный вход в систему');
    const { token, user } = res.json().data;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(user).toMatchObject({ email: 'login@example.com', role: 'user', isAdmin: false, emailVerified: true });
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSecret(token)));
    expect(row).toBeDefined();
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('wrong password and unknown email get the same 401 and message', async () => {
    await signUp(t, 'generic@example.com');
    const wrong = await login(t, 'generic@example.com', 'Not-The-Password-1');
    const unknown = await login(t, 'no-such-user@example.com', 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Неверный email или пароль' });
  });

  it('an unverified email with the right password → 403 EMAIL_NOT_VERIFIED', async () => {
    await register(t, 'unverified@example.com');
    const res = await login(t, 'unverified@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Пожалуйста, подтвердите ваш email адрес. Проверьте вашу почту.',
    });
  });

  it('GET /api/auth/me without, with a garbage or with an expired token → 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const garbage = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer('x'.repeat(43)) });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const { token } = await signUp(t, 'expiring@example.com');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashSecret(token)));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('logout revokes the token on the server', async () => {
    const { token } = await signUp(t, 'logout@example.com');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('Вы вышли из системы');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSecret(token)));
    expect(row?.revokedAt).not.toBeNull();
  });

  it('last_seen_at is refreshed at most once per 5 minutes', async () => {
    const { token } = await signUp(t, 'seen@example.com');
    const where = eq(sessions.tokenHash, hashSecret(token));
    await t.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '2 minutes'` }).where(where);
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    const [recent] = await t.database.db.select().from(sessions).where(where);
    expect(Date.now() - recent!.lastSeenAt.getTime()).toBeGreaterThan(100_000);
    await t.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '6 minutes'` }).where(where);
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    const [updated] = await t.database.db.select().from(sessions).where(where);
    expect(Date.now() - updated!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });
});

describe('password reset', () => {
  it('forgot-password answers the same for a known and an unknown email; only the known one gets a link', async () => {
    await signUp(t, 'forgot@example.com');
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'forgot@example.com' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'forgot-nobody@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await mailCount(t, 'forgot-nobody@example.com')).toBe(0);
    const mail = await lastMail(t, 'forgot@example.com');
    expect(mail.links.some((l) => /^https:\/\/atelier\.test\/reset-password\/[\w-]{43}$/.test(l))).toBe(true);
  });

  it('reset sets the password, ends every session, mails "password changed"; the link works once', async () => {
    const { token: session } = await signUp(t, 'reset@example.com');
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'reset@example.com' } });
    const link = (await lastMail(t, 'reset@example.com')).links.find((l) => l.includes('/reset-password/'))!;
    const resetToken = link.split('/reset-password/')[1]!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${resetToken}`,
      headers: en,
      payload: { password: 'New-Camellia-42' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been changed. Sign in with the new password');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) })).statusCode).toBe(401);
    expect((await lastMail(t, 'reset@example.com')).subject).toBe('Your password was changed');
    expect((await login(t, 'reset@example.com')).statusCode).toBe(401);
    expect((await login(t, 'reset@example.com', 'New-Camellia-42')).statusCode).toBe(200);

    const reused = await t.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${resetToken}`,
      payload: { password: 'Third-Magnolia-7' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_TOKEN');
    expect((await login(t, 'reset@example.com', 'Third-Magnolia-7')).statusCode).toBe(401);
  });

  it('an expired reset link is refused; a malformed one is a 400, not a 500', async () => {
    await signUp(t, 'reset-late@example.com');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'reset-late@example.com' },
    });
    const link = (await lastMail(t, 'reset-late@example.com')).links.find((l) => l.includes('/reset-password/'))!;
    const resetToken = link.split('/reset-password/')[1]!;
    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.tokenHash, hashSecret(resetToken)));
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${resetToken}`,
      payload: { password: 'New-Camellia-42' },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('INVALID_TOKEN');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/%27%3B--',
      payload: { password: 'New-Camellia-42' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('change password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const { token: current } = await signUp(t, 'change@example.com');
    const other = (await login(t, 'change@example.com')).json().data.token;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...bearer(current), ...en },
      payload: { currentPassword: 'not-it-at-all', newPassword: 'Fresh-Tulip-88' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.fields).toContainEqual({ field: 'currentPassword', message: 'currentPasswordWrong' });
    expect(wrong.json().message).toBe('The current password is wrong');

    const common = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(current),
      payload: { currentPassword: GOOD_PASSWORD, newPassword: 'iloveyou' },
    });
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(current),
      payload: { currentPassword: GOOD_PASSWORD, newPassword: 'Fresh-Tulip-88' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Пароль успешно изменён');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(current) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(other) })).statusCode).toBe(401);
    expect((await login(t, 'change@example.com', 'Fresh-Tulip-88')).statusCode).toBe(200);
    expect((await lastMail(t, 'change@example.com')).subject).toBe('Пароль изменён');
  });

  it('a guest gets 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'x', newPassword: 'Fresh-Tulip-88' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('admin', () => {
  it('the ensured admin signs in with isAdmin true', async () => {
    const { user } = await ensureAdmin(t);
    expect(user).toMatchObject({ role: 'admin', isAdmin: true, emailVerified: true });
  });
});

describe('no reply ever contains a hash', () => {
  it('scans every reply body of this file', () => {
    expect(bodies.length).toBeGreaterThan(50);
    for (const body of bodies) {
      expect(body).not.toContain('scrypt$');
      expect(body).not.toMatch(/password_?hash|token_?hash|code_?hash|answer_?hash/i);
      expect(body).not.toMatch(/"[0-9a-f]{64}"/);
    }
  });
});
