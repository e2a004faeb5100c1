/** Abuse limits (issue 3): per account and per client address, counted in the database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, register, signUp } from '../../test/accounts';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '3', RATE_LIMIT_AUTH_PER_IP: '8', RATE_LIMIT_MAIL_PER_ACCOUNT: '2' },
  });
});
afterAll(() => t.close());

describe('rate limits', () => {
  it('after N failed logins for an account, even the right password gets 429 with Retry-After', async () => {
    await signUp(t, 'victim@example.com');
    for (let i = 0; i < 3; i++) {
      expect((await login(t, 'victim@example.com', 'Guess-Number-1', `10.0.0.${i + 1}`)).statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.9',
      headers: { 'accept-language': 'en' },
      payload: { email: 'victim@example.com', password: 'Silk-Peony-2024' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please try again in a few minutes',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json().details).toEqual({ retryAfterSeconds: retryAfter });
  });

  it('one client address gets 429 after N auth requests, whatever the accounts; another address is unaffected', async () => {
    const ip = '192.0.2.7';
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: ip,
        payload: { email: `spray-${i}@example.com` },
      });
      expect(res.statusCode).toBe(200);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      payload: { email: 'spray-x@example.com', password: 'whatever1' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Слишком много попыток. Попробуйте снова через несколько минут');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: '192.0.2.8',
      payload: { email: 'spray-y@example.com' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('mails to one address are capped per window (register + forgot-password)', async () => {
    const addr = '198.51.100.';
    const first = await register(t, 'flood@example.com', {}, {});
    expect(first.statusCode).toBe(201);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: `${addr}1`,
      payload: { email: 'flood@example.com' },
    });
    expect(second.statusCode).toBe(200);
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: `${addr}2`,
      payload: { email: 'flood@example.com' },
    });
    expect(third.statusCode).toBe(429);
  });
});
