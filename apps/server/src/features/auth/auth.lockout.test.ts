/**
 * Failed logins back off per account AND client address: an attacker guessing from one address
 * waits longer and longer, while the owner (any other address) still signs in. Counting is one
 * upsert per failure, so concurrent failures are all counted. TRUST_PROXY=1 here: the client
 * address is the one the single proxy saw, whatever a client writes further left in X-Forwarded-For.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema';
import { createLoginThrottle } from '../../platform/auth/login-throttle';
import { GOOD_PASSWORD, login, signUp } from '../../test/accounts';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: {
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
      LOGIN_BACKOFF_SECONDS: '30',
      RATE_LIMIT_AUTH_PER_IP: '100000',
      TRUST_PROXY: '1',
    },
  });
});
afterAll(() => t.close());

const WRONG = 'Guess-Number-1';

async function failuresOf(account: string, ip: string) {
  const [row] = await t.database.db
    .select()
    .from(loginFailures)
    .where(and(eq(loginFailures.account, account), eq(loginFailures.ip, ip)));
  return row?.failures ?? 0;
}

/** Lets the current wait of `ip` run out without waiting for it. */
async function endWait(account: string, ip: string) {
  await t.database.db
    .update(loginFailures)
    .set({ blockedUntil: sql`now() - interval '1 second'` })
    .where(and(eq(loginFailures.account, account), eq(loginFailures.ip, ip)));
}

describe('failed-login back-off', () => {
  it('an attacker failing from one address gets 429 with a doubling wait; the owner signs in from another address', async () => {
    const email = 'owner@example.com';
    await signUp(t, email);
    const attacker = '203.0.113.66';
    for (let i = 0; i < 3; i++) expect((await login(t, email, WRONG, attacker)).statusCode).toBe(401);

    // Even the right password waits at that address: it cannot tell a guess that happens to be right.
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: attacker,
      headers: { 'accept-language': 'en' },
      payload: { email, password: GOOD_PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please try again in a few minutes',
    });
    const firstWait = Number(blocked.headers['retry-after']);
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(30);
    expect(blocked.json().details).toEqual({ retryAfterSeconds: firstWait });

    const owner = await login(t, email, GOOD_PASSWORD, '198.51.100.7');
    expect(owner.statusCode).toBe(200);

    // The wait over, one more failure doubles it.
    await endWait(email, attacker);
    expect((await login(t, email, WRONG, attacker)).statusCode).toBe(401);
    const second = await login(t, email, WRONG, attacker);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(30);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await failuresOf(email, attacker)).toBe(4);
  });

  it('a right password resets the counter of its own address only', async () => {
    const email = 'reset-counter@example.com';
    await signUp(t, email);
    const a = '192.0.2.10';
    const b = '192.0.2.11';
    for (let i = 0; i < 2; i++) {
      expect((await login(t, email, WRONG, a)).statusCode).toBe(401);
      expect((await login(t, email, WRONG, b)).statusCode).toBe(401);
    }
    expect((await login(t, email, GOOD_PASSWORD, a)).statusCode).toBe(200);
    expect(await failuresOf(email, a)).toBe(0);
    expect(await failuresOf(email, b)).toBe(2);
    expect((await login(t, email, WRONG, a)).statusCode).toBe(401);
    expect((await login(t, email, WRONG, b)).statusCode).toBe(401);
    expect((await login(t, email, GOOD_PASSWORD, a)).statusCode).toBe(200);
    expect((await login(t, email, GOOD_PASSWORD, b)).statusCode).toBe(429);
  });

  it('30 concurrent failed logins from one address: every answered failure is counted, none lost', async () => {
    const email = 'burst@example.com';
    await signUp(t, email);
    const ip = '192.0.2.30';
    const replies = await Promise.all(Array.from({ length: 30 }, () => login(t, email, WRONG, ip)));
    const failed = replies.filter((r) => r.statusCode === 401).length;
    const waited = replies.filter((r) => r.statusCode === 429).length;
    expect(failed + waited).toBe(30);
    expect(failed).toBeGreaterThanOrEqual(3);
    expect(await failuresOf(email, ip)).toBe(failed);
  });

  it('the counting upsert is atomic: 30 concurrent failures → counter exactly 30, each count returned once', async () => {
    const throttle = createLoginThrottle(t.database.db, {
      threshold: 1000,
      baseSeconds: 30,
      maxSeconds: 3600,
      windowMs: 15 * 60_000,
    });
    const counts = await Promise.all(
      Array.from({ length: 30 }, () => throttle.fail('atomic@example.com', '192.0.2.31')),
    );
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await failuresOf('atomic@example.com', '192.0.2.31')).toBe(30);
  });
});

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  it('a client cannot dodge the back-off by writing extra X-Forwarded-For entries', async () => {
    const email = 'spoofed@example.com';
    await signUp(t, email);
    const through = (spoofed: string, password = WRONG) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.1',
        // What the proxy appends is the last entry; everything left of it is the client's own text.
        headers: { 'x-forwarded-for': `${spoofed}, 203.0.113.99` },
        payload: { email, password },
      });
    for (let i = 0; i < 3; i++) expect((await through(`198.18.0.${i + 1}`)).statusCode).toBe(401);
    expect((await through('198.18.0.200')).statusCode).toBe(429);
    expect(await failuresOf(email, '203.0.113.99')).toBe(3);
    // The owner behind the same proxy, from their own address, is not affected.
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.10' },
      payload: { email, password: GOOD_PASSWORD },
    });
    expect(owner.statusCode).toBe(200);
  });
});
