/**
 * Accounts nobody else can take over: a repeat registration of a pending address (never changes
 * its password; a different password contests it, and verifying a contested account discards every
 * password and session and asks the verifier to choose one), an unverified
 * ADMIN_EMAIL, code guessing (same answers for unknown addresses, 5 tries even in parallel), link
 * scanners (a GET of the emailed link verifies nothing), and old password hashes (rehashed at login).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { createSession } from '../../platform/auth/sessions';
import { bearer, GOOD_PASSWORD, lastMail, login, register, signUp, usersService } from '../../test/accounts';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  // No resend countdown: a repeat registration mails a new code at once (the worst case).
  t = await createTestContext({
    env: { RESEND_COOLDOWN_SECONDS: '0', RATE_LIMIT_AUTH_PER_IP: '100000', RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000' },
  });
});
afterAll(() => t.close());

const ATTACKER_PASSWORD = 'Attacker-Lily-77';
const VICTIM_PASSWORD = 'Victim-Tulip-58';
const CHOSEN_PASSWORD = 'Chosen-Iris-2026';
const en = { 'accept-language': 'en' };
const userRow = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

function verify(email: string, code: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: en, payload: { email, code } });
}

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const resetTo = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: `/api/auth/reset-password/${token}`, headers: en, payload: { password } });
const confirmLink = async (email: string) => {
  const link = (await lastMail(t, email)).links.find((l) => l.includes('/api/auth/verify-email/'))!;
  const token = new URL(link).pathname.split('/').pop()!;
  return t.app.inject({ method: 'POST', url: '/api/auth/verify-email/link', headers: en, payload: { token } });
};

describe('a repeat registration of a pending address', () => {
  it('answers like a fresh one and never changes the stored password, even with a different one', async () => {
    const email = 'pending-owner@example.com';
    const first = await register(t, email);
    const second = await register(t, email, { name: 'Mallory', password: ATTACKER_PASSWORD });
    // The same answer as a fresh registration, so the address's state stays hidden.
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const row = (await userRow(email))!;
    expect(row.name).toBe('Anna Petrova');
    expect(await verifyPassword(GOOD_PASSWORD, row.passwordHash)).toBe(true);
    expect(await verifyPassword(ATTACKER_PASSWORD, row.passwordHash)).toBe(false);
    expect(row.passwordContestedAt).toBeInstanceOf(Date);
  });

  it('by the same person with the same password is no contest: verifying keeps that password', async () => {
    const email = 'same-twice@example.com';
    await register(t, email);
    await register(t, email);
    expect((await userRow(email))!.passwordContestedAt).toBeNull();

    const verified = await verify(email, (await lastMail(t, email)).code!);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toEqual({ token: expect.any(String), user: expect.objectContaining({ email }) });
    expect((await me(verified.json().data.token)).statusCode).toBe(200);
    expect((await login(t, email)).statusCode).toBe(200);
  });

  it('of an address already verified answers as before and neither contests nor changes the account', async () => {
    const email = 'verified-owner@example.com';
    await signUp(t, email);
    const fresh = await register(t, 'verified-owner-fresh@example.com');
    const repeat = await register(t, email, { name: 'Mallory', password: ATTACKER_PASSWORD });
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()).toEqual({ ...fresh.json(), data: { email } });
    expect((await userRow(email))!.passwordContestedAt).toBeNull();
    expect((await login(t, email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await login(t, email)).statusCode).toBe(200);
  });
});

describe('an address an attacker registered before its owner (contested)', () => {
  /** Attacker registers with A (and holds a session, the worst case), the owner registers with B. */
  async function attackerFirst(email: string) {
    const attacker = await register(t, email, { name: 'Mallory', password: ATTACKER_PASSWORD });
    const victim = await register(t, email, { password: VICTIM_PASSWORD });
    expect(victim.statusCode).toBe(201);
    expect(victim.json()).toEqual(attacker.json());
    const row = (await userRow(email))!;
    expect(row.passwordContestedAt).toBeInstanceOf(Date);
    const attackerSession = await createSession(t.database.db, row.id);
    return { attackerSession };
  }

  async function expectPasswordDiscarded(
    email: string,
    verified: Awaited<ReturnType<typeof verify>>,
    attackerSession: string,
  ) {
    expect(verified.statusCode).toBe(200);
    const data = verified.json().data;
    expect(data).toMatchObject({
      token: expect.any(String),
      user: { email, emailVerified: true },
      mustSetPassword: true,
      setPasswordToken: expect.stringMatching(/^[\w-]{20,100}$/),
    });
    const row = (await userRow(email))!;
    expect(row.passwordHash).toBeNull();
    expect(row.passwordContestedAt).toBeNull();
    // Nobody's password opens the account, and the answer is the ordinary wrong-credentials one.
    for (const password of [ATTACKER_PASSWORD, VICTIM_PASSWORD]) {
      const res = await login(t, email, password);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 401, code: 'INVALID_CREDENTIALS' });
    }
    expect((await me(attackerSession)).statusCode).toBe(401);
    // The verifier is signed in as after any verification.
    expect((await me(data.token)).statusCode).toBe(200);

    expect((await resetTo(data.setPasswordToken, CHOSEN_PASSWORD)).statusCode).toBe(200);
    expect((await login(t, email, CHOSEN_PASSWORD)).statusCode).toBe(200);
    for (const password of [ATTACKER_PASSWORD, VICTIM_PASSWORD]) {
      expect((await login(t, email, password)).statusCode).toBe(401);
    }
    // The token sets a password once.
    expect((await resetTo(data.setPasswordToken, 'Another-Rose-404')).statusCode).toBe(400);
  }

  it('verified with the newest code: no password survives, the verifier chooses one', async () => {
    const email = 'contested-code@example.com';
    const { attackerSession } = await attackerFirst(email);
    const verified = await verify(email, (await lastMail(t, email)).code!);
    await expectPasswordDiscarded(email, verified, attackerSession);
  });

  it('verified through the link’s confirm endpoint: no password survives, the verifier chooses one', async () => {
    const email = 'contested-link@example.com';
    const { attackerSession } = await attackerFirst(email);
    await expectPasswordDiscarded(email, await confirmLink(email), attackerSession);
  });

  it('the owner registered first and someone else second: contested just the same', async () => {
    const email = 'contested-owner-first@example.com';
    await register(t, email);
    await register(t, email, { name: 'Mallory', password: ATTACKER_PASSWORD });
    const verified = await verify(email, (await lastMail(t, email)).code!);
    expect(verified.json().data.mustSetPassword).toBe(true);
    expect((await login(t, email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await login(t, email, GOOD_PASSWORD)).statusCode).toBe(401);
  });

  it('two registrations at once with different passwords contest the account whichever wins', async () => {
    const email = 'contested-race@example.com';
    const replies = await Promise.all([
      register(t, email, { password: VICTIM_PASSWORD }),
      register(t, email, { name: 'Mallory', password: ATTACKER_PASSWORD }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201]);
    expect((await userRow(email))!.passwordContestedAt).toBeInstanceOf(Date);
  });

  it('a reset by mail before verifying settles the contest: the password set there works', async () => {
    const email = 'contested-reset@example.com';
    await attackerFirst(email);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const link = (await lastMail(t, email)).links.find((l) => l.includes('/reset-password/'))!;
    expect((await resetTo(new URL(link).pathname.split('/').pop()!, CHOSEN_PASSWORD)).statusCode).toBe(200);
    expect((await userRow(email))!.passwordContestedAt).toBeNull();
    expect((await login(t, email, CHOSEN_PASSWORD)).statusCode).toBe(200);
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
