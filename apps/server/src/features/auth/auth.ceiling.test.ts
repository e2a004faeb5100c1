/**
 * The daily ceiling of failed logins per account (decision 0093): guesses spread over many
 * addresses, each under the per-address back-off, still add up. Past LOGIN_DAILY_MAX failures in a
 * day, addresses the account has not signed in from get one try per LOGIN_DAILY_PACE_MINUTES for
 * that account; the owner's own addresses (IPv6: the same /64) are never slowed, and a password
 * reset by mail lifts the ceiling. Forgot-password answers without any account-dependent work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, lastMail, login, mailCount, signUp } from '../../test/accounts';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: {
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
      RATE_LIMIT_AUTH_PER_IP: '100000',
      RATE_LIMIT_MAIL_PER_ACCOUNT: '100',
      LOGIN_DAILY_MAX: '5',
      LOGIN_DAILY_PACE_MINUTES: '5',
    },
  });
});
afterAll(() => t.close());

const WRONG = 'Guess-Number-1';
const enLogin = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'accept-language': 'en' },
    payload: { email, password },
  });

describe('the daily ceiling of failed logins per account', () => {
  it('paces unfamiliar addresses past the ceiling, never the owner at home; a reset by mail lifts it', async () => {
    const email = 'ceiling-owner@example.com';
    await signUp(t, email);
    const home = '2001:db8:aa:1::10';
    expect((await login(t, email, GOOD_PASSWORD, home)).statusCode).toBe(200);

    // Five addresses, one guess each: none of them reaches its own back-off, the account its ceiling.
    for (let i = 1; i <= 5; i++) expect((await login(t, email, WRONG, `198.51.100.${i}`)).statusCode).toBe(401);

    // Past the ceiling an unfamiliar address takes the account's one try of the pace…
    expect((await login(t, email, WRONG, '198.51.100.50')).statusCode).toBe(401);
    // …and the next one, from anywhere new, waits for the pace, whatever the password.
    for (const [ip, password] of [
      ['198.51.100.51', WRONG],
      ['203.0.113.9', GOOD_PASSWORD],
    ] as const) {
      const paced = await enLogin(email, password, ip);
      expect(paced.statusCode).toBe(429);
      expect(paced.json().message).toMatch(/^Too many failed sign-ins to this account today/);
      const wait = Number(paced.headers['retry-after']);
      expect(wait).toBeGreaterThan(200);
      expect(wait).toBeLessThanOrEqual(300);
    }

    // The owner at home signs in at once, also from another address of the same /64 (a new
    // privacy address the next day).
    expect((await login(t, email, GOOD_PASSWORD, home)).statusCode).toBe(200);
    expect((await login(t, email, GOOD_PASSWORD, '2001:db8:aa:1:9a3f::77')).statusCode).toBe(200);

    // The mailbox owner resets the password: the ceiling starts again for every address.
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const link = (await lastMail(t, email)).links.find((l) => l.includes('/reset-password/'))!;
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${link.split('/reset-password/')[1]}`,
      remoteAddress: '203.0.113.9',
      payload: { password: 'Another-Peony-77' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(t, email, 'Another-Peony-77', '203.0.113.10')).statusCode).toBe(200);
  });

  it('an unknown address is paced exactly like a known one (no telling which exist)', async () => {
    const email = 'nobody-ceiling@example.com';
    for (let i = 1; i <= 6; i++) expect((await login(t, email, WRONG, `192.0.2.${i}`)).statusCode).toBe(401);
    expect((await enLogin(email, WRONG, '192.0.2.99')).statusCode).toBe(429);
  });
});

describe('forgot-password', () => {
  it('answers before any account-dependent work: the same answer, and the mail is queued right after', async () => {
    await signUp(t, 'forgot-known@example.com');
    const service = t.app.services.auth;
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'forgot-known@example.com' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'forgot-unknown@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await service.settled();
    expect(await mailCount(t, 'forgot-unknown@example.com')).toBe(0);
    expect((await lastMail(t, 'forgot-known@example.com')).subject).toBe('Сброс пароля');
  });
});
