/**
 * The account flows as a client goes through them, for the tests of signing up and in: solve the
 * captcha, register, read the mail the flow queued (straight from mail_outbox), verify, sign in,
 * the configured admin. A ready account for a test about something else: test/factory.ts.
 */

import { REGISTRATION_CONSENTS } from '@atelier/shared';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema';
import { createUsersRepo } from '../features/users/users.repo';
import { createUsersService } from '../features/users/users.service';
import { extractCodes, extractLinks } from '../platform/mail/mail-text';
import { consentsV1 } from './factory';
import type { TestContext } from './harness';

/** The user agreement and personal-data consent as the register form sends them (seeded versions). */
export const REGISTRATION_CONSENTS_V1 = consentsV1(REGISTRATION_CONSENTS);

export const GOOD_PASSWORD = 'Silk-Peony-2024';

/** "7 + 5" → 12, "9 − 4" → 5 */
export function solve(question: string): number {
  const m = /^(\d+)\s*([+−-])\s*(\d+)$/.exec(question);
  if (!m) throw new Error(`unexpected captcha question: ${question}`);
  return m[2] === '+' ? Number(m[1]) + Number(m[3]) : Number(m[1]) - Number(m[3]);
}

export async function captcha(t: TestContext): Promise<{ captchaId: string; answer: number }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/captcha' });
  const { captchaId, question } = res.json().data;
  return { captchaId, answer: solve(question) };
}

export async function register(
  t: TestContext,
  email: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const { captchaId, answer } = await captcha(t);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers,
    payload: {
      name: 'Anna Petrova',
      email,
      password: GOOD_PASSWORD,
      captchaId,
      captchaAnswer: answer,
      consents: REGISTRATION_CONSENTS_V1,
      ...extra,
    },
  });
}

/** The newest queued mail to `to`. */
export async function lastMail(t: TestContext, to: string) {
  // forgot-password queues its mail after answering (decision 0093).
  await t.app.services.auth.settled();
  const [row] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!row) throw new Error(`no mail to ${to}`);
  return { ...row, code: extractCodes(row.text)[0], links: extractLinks(row.text) };
}

export async function mailCount(t: TestContext, to: string): Promise<number> {
  await t.app.services.auth.settled();
  const rows = await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, to));
  return rows.length;
}

/** Registers and verifies `email`; returns the session token and user. */
export async function signUp(t: TestContext, email: string, password = GOOD_PASSWORD) {
  const reg = await register(t, email, { password });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const { code } = await lastMail(t, email);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code } });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.body}`);
  return res.json().data as { token: string; user: { id: string; email: string; role: string } };
}

export async function login(t: TestContext, email: string, password = GOOD_PASSWORD, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The users service as main.ts builds it (for ensureAdmin at start-up). */
export function usersService(t: TestContext) {
  return createUsersService({
    repo: createUsersRepo(t.database.db),
    db: t.database.db,
    passwordCost: t.config.passwordCost,
  });
}

export async function ensureAdmin(t: TestContext, email = 'admin@example.com', password = 'Admin-Orchid-99') {
  await usersService(t).ensureAdmin(email, password);
  const res = await login(t, email, password);
  return res.json().data as { token: string; user: { id: string } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
