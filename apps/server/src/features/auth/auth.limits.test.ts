/** Abuse limits: per account and per client address, counted in the database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../test/accounts';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '3', RATE_LIMIT_AUTH_PER_IP: '8', RATE_LIMIT_MAIL_PER_ACCOUNT: '2' },
  });
});
afterAll(() => t.close());

describe('rate limits', () => {
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
