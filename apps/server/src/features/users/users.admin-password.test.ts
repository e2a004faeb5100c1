/**
 * ADMIN_PASSWORD sets the password of the admin it creates and nothing more: a password the owner
 * changed in the app survives every later start (the start-up step `ensureAdmin`, run again as a
 * restart does). Recovery is the operator's command, `setPasswordByOperator` (the CLI around it:
 * admin-cli.test.ts): a new password and every session ended.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../platform/auth/sessions';
import { bearer, login, usersService } from '../../test/accounts';
import { verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

const EMAIL = 'owner@atelier.test';
const ENV_PASSWORD = 'Environment-Orchid-42';
const HER_PASSWORD = 'Her-own-silk-peony-7';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('ADMIN_PASSWORD across restarts', () => {
  it('a password changed in the app survives a restart: the environment’s no longer opens the account', async () => {
    const first = await usersService(t).ensureAdmin(EMAIL, ENV_PASSWORD);
    expect(first).toEqual({ email: EMAIL, created: true });
    const signedIn = await login(t, EMAIL, ENV_PASSWORD);
    expect(signedIn.statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(signedIn.json().data.token),
      payload: { currentPassword: ENV_PASSWORD, newPassword: HER_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);

    // The restart: the same start-up step with the same environment.
    const again = await usersService(t).ensureAdmin(EMAIL, ENV_PASSWORD);
    expect(again).toEqual({ email: EMAIL, created: false, passwordKept: true });

    expect((await login(t, EMAIL, ENV_PASSWORD)).statusCode).toBe(401);
    const hers = await login(t, EMAIL, HER_PASSWORD);
    expect(hers.statusCode).toBe(200);
    expect(hers.json().data.user.isAdmin).toBe(true);
  });

  it('an unchanged password is not reported as kept, and a verified customer at ADMIN_EMAIL is promoted with her own password', async () => {
    expect(await usersService(t).ensureAdmin('steady@atelier.test', ENV_PASSWORD)).toMatchObject({ created: true });
    expect(await usersService(t).ensureAdmin('steady@atelier.test', ENV_PASSWORD)).toEqual({
      email: 'steady@atelier.test',
      created: false,
    });

    const customer = await verifiedUser(t, { name: 'customer', password: 'Customer-own-pass-1' });
    const result = await usersService(t).ensureAdmin(customer.email, ENV_PASSWORD);
    expect(result).toMatchObject({ created: false, passwordKept: true });
    expect((await login(t, customer.email, ENV_PASSWORD)).statusCode).toBe(401);
    expect((await login(t, customer.email, 'Customer-own-pass-1')).statusCode).toBe(200);
    expect((await me(customer.token)).json().data.user.isAdmin).toBe(true);
  });
});

describe('the operator’s reset (npm run admin:reset-password)', () => {
  it('sets the new password and ends every session of the account', async () => {
    await usersService(t).ensureAdmin('reset@atelier.test', ENV_PASSWORD);
    const session = (await login(t, 'reset@atelier.test', ENV_PASSWORD)).json().data.token as string;
    expect((await me(session)).statusCode).toBe(200);

    const result = await usersService(t).setPasswordByOperator('Reset@Atelier.test', 'Recovered-lily-of-2026');
    expect(result).toEqual({ outcome: 'reset', sessionsEnded: 1 });
    expect((await me(session)).statusCode).toBe(401);
    expect((await login(t, 'reset@atelier.test', ENV_PASSWORD)).statusCode).toBe(401);
    expect((await login(t, 'reset@atelier.test', 'Recovered-lily-of-2026')).statusCode).toBe(200);
  });

  it('refuses an unknown address and a customer’s account, changing nothing', async () => {
    const customer = await verifiedUser(t, { name: 'not-admin' });
    const other = await createSession(t.database.db, customer.id);
    expect(await usersService(t).setPasswordByOperator('nobody@atelier.test', 'Recovered-lily-of-2026')).toEqual({
      outcome: 'unknown-account',
    });
    expect(await usersService(t).setPasswordByOperator(customer.email, 'Recovered-lily-of-2026')).toEqual({
      outcome: 'not-admin',
    });
    expect((await me(other)).statusCode).toBe(200);
    expect((await login(t, customer.email, 'Recovered-lily-of-2026')).statusCode).toBe(401);
  });
});
