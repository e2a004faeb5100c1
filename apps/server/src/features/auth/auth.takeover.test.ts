/**
 * Accounts nobody else can take over: a repeat registration of a pending address, an unverified
 * ADMIN_EMAIL, code guessing (same answers for unknown addresses, 5 tries even in parallel), link
 * scanners (a GET of the emailed link verifies nothing), and old password hashes (rehashed at login).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { createSession } from '../../platform/auth/sessions';
import { bearer, GOOD_PASSWORD, lastMail, login, register, usersService } from '../../test/accounts';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  // No resend countdown: a repeat registration mails a new code at once (the worst case).
  t = await createTestContext({ env: { RESEND_COOLDOWN_SECONDS: '0', RATE_LIMIT_AUTH_PER_IP: '100000' } });
});
afterAll(() => t.close());

const ATTACKER_PASSWORD = 'Attacker-Lily-77';
const en = { 'accept-language': 'en' };
const userRow = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

function verify(email: string, code: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: en, payload: { email, code } });
}

describe('a repeat registration of a pending address', () => {
  it('never changes its password: after the owner verifies with the newest code, only the owner’s password works', async () => {
    const email = 'pending-owner@example.com';
    const first = await register(t, email);
    const second = await register(t, email, { name: 'Mallory', password: ATTACKER_PASSWORD });
    // The same answer as a fresh registration, so the address's state stays hidden.
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());

    const { code } = await lastMail(t, email);
    expect((await verify(email, code!)).statusCode).toBe(200);
    expect((await userRow(email))!.name).toBe('Anna Petrova');
    expect((await login(t, email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await login(t, email, GOOD_PASSWORD)).statusCode).toBe(200);
  });
});

describe('ensureAdmin with an unverified ADMIN_EMAIL someone registered', () => {
  it.each([
    ['with ADMIN_PASSWORD', 'boss-set@example.com', 'Admin-Orchid-99'],
    ['without ADMIN_PASSWORD (a generated one, returned to print once)', 'boss-gen@example.com', undefined],
  ])(
    '%s: the registrant’s password and sessions stop working before the account is promoted',
    async (_case, email, adminPassword) => {
      await register(t, email, { password: ATTACKER_PASSWORD });
      const row = await userRow(email);
      const attackerSession = await createSession(t.database.db, row!.id);

      const result = await usersService(t).ensureAdmin(email, adminPassword);
      expect(result).toMatchObject({ email, created: false, tookOver: true });
      const password = adminPassword ?? result.generatedPassword;
      expect(password).toEqual(expect.any(String));

      expect((await login(t, email, ATTACKER_PASSWORD)).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(attackerSession) })).statusCode,
      ).toBe(401);
      const admin = await login(t, email, password);
      expect(admin.statusCode).toBe(200);
      expect(admin.json().data.user).toMatchObject({ isAdmin: true, emailVerified: true });
      // The code mailed to the registrant's request is dead too.
      expect(await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, row!.id))).toEqual([]);
    },
  );
});

describe('POST /api/auth/verify-email', () => {
  it('answers an unknown address exactly like a pending one with a wrong code, try after try', async () => {
    await register(t, 'pending-probe@example.com');
    const { code } = await lastMail(t, 'pending-probe@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 7; i++) {
      const pending = await verify('pending-probe@example.com', wrong);
      const unknown = await verify('nobody-probe@example.com', wrong);
      expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
        status: pending.statusCode,
        body: pending.json(),
      });
      expect(pending.json().code).toBe(i < 5 ? 'INVALID_CODE' : 'CODE_LOCKED');
    }
  });

  it('12 wrong codes at once take no more than the code’s 5 tries', async () => {
    const email = 'parallel-guess@example.com';
    await register(t, email);
    const { code } = await lastMail(t, email);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    const replies = await Promise.all(guesses.map((guess) => verify(email, guess)));
    expect(replies.every((r) => r.statusCode === 400)).toBe(true);
    expect(replies.filter((r) => r.json().code === 'INVALID_CODE').length).toBeLessThanOrEqual(5);
    const row = await userRow(email);
    const [token] = await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, row!.id));
    expect(token!.attempts).toBe(5);
    expect((await verify(email, code!)).json().code).toBe('CODE_LOCKED');
  });
});

describe('the emailed verification link', () => {
  it('a GET (what link scanners do) verifies nothing; the confirm page’s POST does', async () => {
    const email = 'scanned@example.com';
    await register(t, email);
    const link = (await lastMail(t, email)).links.find((l) => l.includes('/api/auth/verify-email/'))!;
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
      expect(res.statusCode).toBe(302);
    }
    expect((await userRow(email))!.emailVerifiedAt).toBeNull();
    expect((await login(t, email)).json().code).toBe('EMAIL_NOT_VERIFIED');

    const token = new URL(link).pathname.split('/').pop()!;
    const confirm = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/link', payload: { token } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().data.user).toMatchObject({ email, emailVerified: true });
    expect((await userRow(email))!.emailVerifiedAt).not.toBeNull();
  });
});

describe('password hashes made with weaker parameters', () => {
  it('are rehashed at the configured cost on the next successful login', async () => {
    const email = 'old-hash@example.com';
    await register(t, email);
    await verify(email, (await lastMail(t, email)).code!);
    const weak = await hashPassword(GOOD_PASSWORD, { N: 2 ** 10, r: 8, p: 1 });
    await t.database.db.update(users).set({ passwordHash: weak }).where(eq(users.email, email));

    expect((await login(t, email)).statusCode).toBe(200);
    const stored = (await userRow(email))!.passwordHash!;
    const { N, r, p } = t.config.passwordCost;
    expect(stored).not.toBe(weak);
    expect(stored.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    expect(await verifyPassword(GOOD_PASSWORD, stored)).toBe(true);
    expect((await login(t, email)).statusCode).toBe(200);
  });
});
