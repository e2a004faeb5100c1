/**
 * Account flows. Each flow reads top to bottom as named steps; every multi-step write
 * runs in one transaction together with the mail it causes (transactional outbox). Services never
 * see the request: routes pass a RequestContext (client address, user agent, language).
 */
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AuthResult, ErrorCode, Language, LoginBody, RegisterBody, ServerMessageKey, User } from '@atelier/shared';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { isCommonPassword } from '../../platform/auth/common-passwords';
import { createLoginThrottle } from '../../platform/auth/login-throttle';
import { hashPassword, needsRehash, type ScryptCost, verifyPassword } from '../../platform/auth/passwords';
import { createSession, revokeSession, revokeUserSessions, type SessionUser } from '../../platform/auth/sessions';
import type { SmartCaptchaVerifier } from '../../platform/auth/smartcaptcha';
import { hashSecret, newCode, newToken } from '../../platform/auth/tokens';
import { AppError, Forbidden, InvalidInput, RateLimited, Unauthorized } from '../../platform/errors';
import { siteLinks } from '../../platform/http/links';
import { addressKey, type Limit, type RateLimiter } from '../../platform/http/rate-limit';
import { emailLimitKey } from '../../platform/mail/address-key';
import { enqueueMail } from '../../platform/mail/outbox';
import { toUser } from '../users/users.service';
import { passwordChangedMail, registrationAttemptMail, resetPasswordMail, verificationMail } from './auth.mail';
import { type AuthRepo, createAuthRepo } from './auth.repo';

export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
export const VERIFY_TTL_MS = 15 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/** Wrong codes before a verification code is dead and a new one is needed. */
export const MAX_CODE_ATTEMPTS = 5;

export interface RequestContext {
  ip: string;
  userAgent?: string | undefined;
  lang: Language;
}

export interface AuthServiceDeps {
  db: Db;
  limiter: RateLimiter;
  publicUrl: string;
  limits: Config['rateLimits'];
  /** scrypt cost of new hashes; a login with a weaker stored hash rehashes it. */
  passwordCost: ScryptCost;
  /** Where a failure of work done after the answer (the reset link) is reported. */
  onBackgroundError?: (error: unknown) => void;
  /** New accounts per client address per day (SIGNUPS_PER_IP_PER_DAY); unset = no budget. */
  signupsPerIpPerDay?: number | undefined;
  /** Yandex SmartCaptcha after the arithmetic question (SMARTCAPTCHA_*); unset = not asked. */
  smartCaptcha?: { clientKey: string; verifier: SmartCaptchaVerifier } | null | undefined;
}

/** A field error in the envelope the web maps onto its form (`details.fields`). */
function fieldError(field: string, message: ServerMessageKey, code: ErrorCode = 'VALIDATION_ERROR'): AppError {
  return new InvalidInput(message, { fields: [{ field, message }] }, code);
}

export function createAuthService({
  db,
  limiter,
  publicUrl,
  limits,
  passwordCost,
  onBackgroundError,
  signupsPerIpPerDay,
  smartCaptcha,
}: AuthServiceDeps) {
  const base = siteLinks(publicUrl).base;
  const windowMs = limits.windowMs;
  /** Compared against when the email is unknown, so a miss costs as long as a wrong password. */
  const dummyHash = hashPassword(newToken(), passwordCost);
  const loginThrottle = createLoginThrottle(db, {
    threshold: limits.loginPerAccount,
    baseSeconds: limits.loginBackoffSeconds,
    maxSeconds: limits.loginBackoffMaxSeconds,
    windowMs,
  });

  const ipLimit = (ip: string): Limit => ({ key: `auth:ip:${addressKey(ip)}`, max: limits.authPerIp, windowMs });
  /** Accounts created from one client address per (UTC) day: counted once an account is created. */
  const signupBudget = (ip: string): Limit | null =>
    signupsPerIpPerDay ? { key: `signup:ip:${addressKey(ip)}`, max: signupsPerIpPerDay, windowMs: DAY_MS } : null;
  // Every per-address limit counts the mailbox (`a+1@` is `a@`), see emailLimitKey.
  const loginFailures = (email: string): Limit => ({
    key: `login-fail:account:${emailLimitKey(email)}`,
    max: limits.loginPerAccount,
    windowMs,
  });
  // Every address's failures against one account in a (UTC) day: past it, addresses this account
  // never signed in from get one try per pace for the account (decision 0093).
  const dailyFailures = (email: string): Limit => ({
    key: `login-fail-day:account:${emailLimitKey(email)}`,
    max: limits.loginDailyMax,
    windowMs: 24 * 60 * 60 * 1000,
  });
  const mailLimit = (email: string): Limit => ({
    key: `mail:account:${emailLimitKey(email)}`,
    max: limits.mailPerAccount,
    windowMs,
  });
  const verifyLimit = (email: string): Limit => ({
    key: `verify:account:${emailLimitKey(email)}`,
    max: limits.verifyPerAccount,
    windowMs,
  });
  const resendCooldownKey = (email: string) => `resend-cooldown:${emailLimitKey(email)}`;
  /**
   * Tries of addresses with no live code (unknown, verified, expired), counted like a real code's,
   * so the answers to wrong codes never tell which addresses have a pending account.
   */
  const phantomAttempts = (email: string): Limit => ({
    key: `verify-phantom:${emailLimitKey(email)}`,
    max: MAX_CODE_ATTEMPTS,
    windowMs: VERIFY_TTL_MS,
  });
  const wrongCode = () => fieldError('code', 'codeWrong', 'INVALID_CODE');
  const codeLocked = () => fieldError('code', 'codeTooManyAttempts', 'CODE_LOCKED');

  /**
   * Past the daily ceiling of failures for this account, a login from an address it has not
   * signed in from lately (IPv6: the same /64) takes the account's one try per pace (429 with
   * Retry-After otherwise). The owner at home is never slowed; on a new device she waits minutes,
   * not days, or resets the password by mail, which clears the ceiling.
   */
  async function paceUnfamiliar(email: string, userId: string | undefined, ip: string): Promise<void> {
    try {
      await limiter.check(dailyFailures(email));
      return;
    } catch (error) {
      if (!(error instanceof RateLimited)) throw error;
    }
    const familiar = userId
      ? (await createAuthRepo(db).recentSignInAddresses(userId)).some((known) => addressKey(known) === addressKey(ip))
      : false;
    if (familiar) return;
    await limiter.cooldown(`login-paced:${emailLimitKey(email)}`, limits.loginDailyPaceSeconds, 'loginPaced');
  }

  /** True when the resend countdown of `email` is over (and starts it again), false while it runs. */
  async function resendCooldownOver(email: string): Promise<boolean> {
    try {
      await limiter.cooldown(resendCooldownKey(email), limits.resendCooldownSeconds);
      return true;
    } catch (error) {
      if (error instanceof RateLimited) return false;
      throw error;
    }
  }

  function assertNotCommon(password: string, field: string) {
    if (isCommonPassword(password)) throw fieldError(field, 'passwordCommon', 'PASSWORD_TOO_COMMON');
  }

  const inFlight = new Set<Promise<void>>();

  /** The account-dependent half of forgot-password: a known address gets a link, in one transaction. */
  async function sendResetLink(email: string, lang: Language): Promise<void> {
    await db.transaction(async (tx) => {
      const repo = createAuthRepo(tx);
      const user = await repo.findUserByEmail(email);
      if (!user?.email) return;
      const token = await issueResetToken(repo, user.id);
      await enqueueMail(
        tx,
        resetPasswordMail({ to: user.email, name: user.name, link: `${base}/reset-password/${token}`, lang }),
      );
    });
  }

  /** A verification code + one-click link for `user`, replacing any earlier one, mailed in `tx`. */
  async function issueVerification(
    repo: AuthRepo,
    tx: Parameters<typeof enqueueMail>[0],
    user: { id: string; email: string; name: string },
    lang: Language,
  ) {
    const code = newCode();
    const token = newToken();
    await repo.retireTokens(user.id, 'verify_email');
    await repo.insertToken({
      userId: user.id,
      purpose: 'verify_email',
      codeHash: hashSecret(code),
      tokenHash: hashSecret(token),
      expiresAt: new Date(Date.now() + VERIFY_TTL_MS),
    });
    await enqueueMail(
      tx,
      verificationMail({
        to: user.email,
        name: user.name,
        code,
        link: `${base}/api/auth/verify-email/${token}`,
        lang,
      }),
    );
  }

  /** A single-use reset token (1 hour) for `userId`, replacing any earlier one; only its hash is stored. */
  async function issueResetToken(repo: AuthRepo, userId: string): Promise<string> {
    const token = newToken();
    await repo.retireTokens(userId, 'reset_password');
    await repo.insertToken({
      userId,
      purpose: 'reset_password',
      tokenHash: hashSecret(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    return token;
  }

  /**
   * Marks the email verified and opens a session: the end of both verification paths. A contested
   * account (two registrations with different passwords) was claimed by two people and only the
   * verifier proved the mailbox: whichever password is stored may be the other person's, so it is
   * discarded with every session, and the verifier gets a one-time token to choose a password.
   */
  async function completeVerification(
    repo: AuthRepo,
    tx: Parameters<typeof createSession>[0],
    userId: string,
    ctx: RequestContext,
  ): Promise<AuthResult | null> {
    // Locked: a contesting registration running now either commits first (and is seen here) or
    // finds the account verified and marks nothing.
    const current = await repo.lockUser(userId);
    if (!current) return null;
    const contested = current.passwordContestedAt !== null;
    const user = await repo.updateUser(
      userId,
      contested
        ? { emailVerifiedAt: new Date(), passwordHash: null, passwordContestedAt: null }
        : { emailVerifiedAt: new Date() },
    );
    await repo.retireTokens(userId, 'verify_email');
    if (!contested) {
      const token = await createSession(tx, userId, ctx);
      return { token, user: toUser(user) };
    }
    await revokeUserSessions(tx, userId);
    const setPasswordToken = await issueResetToken(repo, userId);
    const token = await createSession(tx, userId, ctx);
    return { token, user: toUser(user), mustSetPassword: true, setPasswordToken };
  }

  /** Yandex's verdict on the widget's token: 400 missing or refused, 503 when Yandex gives none. */
  async function checkSmartCaptcha(verifier: SmartCaptchaVerifier, token: string | undefined, ip: string) {
    if (!token) throw fieldError('smartCaptchaToken', 'smartCaptchaRequired', 'CAPTCHA_INVALID');
    const verdict = await verifier.verify(token, ip);
    if (verdict === 'failed') throw fieldError('smartCaptchaToken', 'smartCaptchaFailed', 'CAPTCHA_INVALID');
    if (verdict === 'unavailable') throw new AppError(503, 'SMARTCAPTCHA_UNAVAILABLE', 'smartCaptchaUnavailable');
  }

  return {
    /** An arithmetic question ("7 + 5"); the answer is stored hashed, single use, 10 minutes. */
    async captcha(): Promise<{ captchaId: string; question: string; smartCaptchaClientKey: string | null }> {
      let a = randomInt(1, 21);
      let b = randomInt(1, 21);
      const plus = randomInt(0, 2) === 0;
      if (!plus && b > a) [a, b] = [b, a];
      const answer = plus ? a + b : a - b;
      const captchaId = randomUUID();
      const repo = createAuthRepo(db);
      await repo.insertCaptcha({
        id: captchaId,
        answerHash: hashSecret(`${captchaId}:${answer}`),
        expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
      });
      if (randomInt(0, 50) === 0) await repo.deleteExpiredCaptchas();
      return {
        captchaId,
        question: `${a} ${plus ? '+' : '−'} ${b}`,
        smartCaptchaClientKey: smartCaptcha?.clientKey ?? null,
      };
    },

    /**
     * Register: limits → captcha (consumed whatever happens next) → password rules → create or
     * refresh the unverified account and mail a code; an already verified address gets a notice
     * instead, and the caller sees the same answer either way. Only a new account records the
     * consents given with it: a repeat of a pending one may be somebody else's try.
     */
    async register(
      body: RegisterBody,
      ctx: RequestContext,
      /** Runs in the transaction that creates the account (the consents given with it). */
      onAccountCreated?: (tx: Tx, userId: string) => Promise<void>,
    ): Promise<{ email: string }> {
      await limiter.hit(ipLimit(ctx.ip));
      await limiter.hit(mailLimit(body.email));
      const budget = signupBudget(ctx.ip);
      if (budget) await limiter.check(budget, 'signupsPerAddressUsed');

      const captcha = await createAuthRepo(db).consumeCaptcha(body.captchaId);
      if (!captcha || captcha.expiresAt.getTime() < Date.now()) {
        throw fieldError('captchaAnswer', 'captchaExpired', 'CAPTCHA_INVALID');
      }
      const expected = Buffer.from(captcha.answerHash);
      const given = Buffer.from(hashSecret(`${body.captchaId}:${body.captchaAnswer}`));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw fieldError('captchaAnswer', 'captchaWrong', 'CAPTCHA_INVALID');
      }
      if (smartCaptcha) await checkSmartCaptcha(smartCaptcha.verifier, body.smartCaptchaToken, ctx.ip);
      assertNotCommon(body.password, 'password');

      // One scrypt at today's cost in every case, so the answer takes as long whether the address
      // is new, pending or verified: a pending account checks the password against its stored hash
      // (a different one contests the account), the others hash it.
      const before = await createAuthRepo(db).findUserByEmail(body.email);
      const pendingBefore = before && !before.emailVerifiedAt ? before : null;
      const checked = pendingBefore
        ? { id: pendingBefore.id, matches: await verifyPassword(body.password, pendingBefore.passwordHash) }
        : null;
      let hashed = pendingBefore ? null : await hashPassword(body.password, passwordCost);
      const passwordHashOf = async () => {
        hashed ??= await hashPassword(body.password, passwordCost);
        return hashed;
      };
      // Read before the transaction: on the embedded database the limiter's queries would wait for it.
      const cooldownOver = await resendCooldownOver(body.email);
      /**
       * A repeat registration of a pending account: a different password contests it (two people
       * claim the address; see completeVerification), the same one is its owner retrying.
       */
      const repeatOfPending = async (repo: AuthRepo, existing: { id: string; passwordHash: string | null }) => {
        const matches =
          checked?.id === existing.id ? checked.matches : await verifyPassword(body.password, existing.passwordHash);
        if (!matches) await repo.markPasswordContested(existing.id);
      };
      let created = false;
      await db.transaction(async (tx) => {
        const repo = createAuthRepo(tx);
        const existing = await repo.findUserByEmail(body.email);
        if (existing?.emailVerifiedAt) {
          await enqueueMail(
            tx,
            registrationAttemptMail({
              to: body.email,
              name: existing.name,
              resetLink: `${base}/forgot-password`,
              lang: ctx.lang,
            }),
          );
          return;
        }
        // A pending account keeps the password and name of its first registration: letting a later
        // one replace them let anybody take over an address its owner had not verified yet (the
        // owner verifies, and the account opens with the other person's password). A repeat only
        // mails a fresh code, at most once per resend countdown.
        if (existing) {
          await repeatOfPending(repo, existing);
          if (cooldownOver) {
            await issueVerification(repo, tx, { id: existing.id, email: body.email, name: existing.name }, ctx.lang);
          }
          return;
        }
        const user = await repo.insertUser({
          email: body.email,
          name: body.name,
          passwordHash: await passwordHashOf(),
        });
        created = Boolean(user);
        if (user) {
          await onAccountCreated?.(tx, user.id);
          await issueVerification(repo, tx, { id: user.id, email: body.email, name: body.name }, ctx.lang);
          return;
        }
        // A concurrent registration of the same address won: it is pending now, as above (two
        // people registering at once with different passwords contest it just the same).
        const winner = await repo.findUserByEmail(body.email);
        if (winner && !winner.emailVerifiedAt) await repeatOfPending(repo, winner);
      });
      // Counted after the transaction (on the embedded database the limiter would wait for it); a
      // race of registrations from one address may pass the budget by the few running at once.
      if (created && budget) {
        await limiter.hit(budget, 'signupsPerAddressUsed').catch((error: unknown) => {
          if (!(error instanceof RateLimited)) throw error;
        });
      }
      return { email: body.email };
    },

    /**
     * The emailed link's token, POSTed by the confirm page (a GET of the link only shows that page,
     * so mail scanners that open links burn nothing): valid, unused, unexpired → verifies, signs in.
     */
    async verifyLink(token: string, ctx: RequestContext): Promise<AuthResult> {
      await limiter.hit(ipLimit(ctx.ip));
      const result = await db.transaction(async (tx) => {
        const repo = createAuthRepo(tx);
        const row = await repo.takeToken(hashSecret(token), 'verify_email');
        if (!row) return null;
        return completeVerification(repo, tx, row.userId, ctx);
      });
      if (!result) throw new InvalidInput('verificationLinkInvalid', undefined, 'INVALID_TOKEN');
      return result;
    },

    /**
     * The 6-digit code: each try takes one of the code's 5 in one conditional UPDATE, so parallel
     * guesses get no more; a right one verifies and signs in. Unknown, verified and expired
     * addresses answer exactly like a pending one with a wrong code (the same 5 tries, then locked).
     */
    async verifyCode(email: string, code: string, ctx: RequestContext): Promise<AuthResult> {
      await limiter.hit(ipLimit(ctx.ip));
      await limiter.hit(verifyLimit(email));
      const repo = createAuthRepo(db);
      const user = await repo.findUserByEmail(email);
      const current = user && !user.emailVerifiedAt ? await repo.currentToken(user.id, 'verify_email') : null;
      if (!user || !current?.codeHash) {
        try {
          await limiter.hit(phantomAttempts(email));
        } catch (error) {
          if (error instanceof RateLimited) throw codeLocked();
          throw error;
        }
        throw wrongCode();
      }
      // Null: its 5 tries are taken (or it was used or expired since it was read).
      if ((await repo.takeAttempt(current.id, MAX_CODE_ATTEMPTS)) === null) throw codeLocked();
      const expected = Buffer.from(current.codeHash);
      const given = Buffer.from(hashSecret(code));
      if (!timingSafeEqual(expected, given)) throw wrongCode();
      const result = await db.transaction(async (tx) => {
        const txRepo = createAuthRepo(tx);
        if (!(await txRepo.markTokenUsed(current.id))) return null;
        return completeVerification(txRepo, tx, user.id, ctx);
      });
      if (!result) throw wrongCode();
      return result;
    },

    /** Same answer whether or not the address has an account; one mail per cooldown per address. */
    async resendVerification(email: string, ctx: RequestContext): Promise<void> {
      await limiter.hit(ipLimit(ctx.ip));
      await limiter.cooldown(resendCooldownKey(email), limits.resendCooldownSeconds, 'resendTooSoon');
      await limiter.hit(mailLimit(email));
      await db.transaction(async (tx) => {
        const repo = createAuthRepo(tx);
        const user = await repo.findUserByEmail(email);
        if (!user?.email || user.emailVerifiedAt) return;
        await issueVerification(repo, tx, { id: user.id, email: user.email, name: user.name }, ctx.lang);
      });
    },

    /**
     * Wrong email or wrong password: one answer, and about the same time (a dummy hash is checked).
     * Failures count per account AND client address: only the guessing address backs off.
     * A right password with a hash weaker than today's cost is rehashed on the way in.
     */
    async login(body: LoginBody, ctx: RequestContext): Promise<AuthResult> {
      await limiter.hit(ipLimit(ctx.ip));
      await loginThrottle.check(emailLimitKey(body.email), addressKey(ctx.ip));
      const repo = createAuthRepo(db);
      const user = await repo.findUserByEmail(body.email);
      await paceUnfamiliar(body.email, user?.id, ctx.ip);
      const ok = await verifyPassword(body.password, user?.passwordHash ?? (await dummyHash));
      if (!user || !ok) {
        await loginThrottle.fail(emailLimitKey(body.email), addressKey(ctx.ip));
        await limiter.hit(dailyFailures(body.email)).catch((error: unknown) => {
          if (!(error instanceof RateLimited)) throw error; // past the ceiling: counted, and paced above
        });
        throw new Unauthorized('invalidCredentials', 'INVALID_CREDENTIALS');
      }
      if (!user.emailVerifiedAt) throw new Forbidden('emailNotVerified', 'EMAIL_NOT_VERIFIED');
      await loginThrottle.succeed(emailLimitKey(body.email), addressKey(ctx.ip));
      if (needsRehash(user.passwordHash, passwordCost)) {
        await repo.updateUser(user.id, { passwordHash: await hashPassword(body.password, passwordCost) });
      }
      const token = await createSession(db, user.id, ctx);
      return { token, user: toUser(user) };
    },

    async logout(user: SessionUser): Promise<void> {
      await revokeSession(db, user.sessionId);
    },

    me(user: SessionUser): User {
      return toUser(user);
    },

    /**
     * Same answer always, in the same time: the request does only what every address costs (the
     * two limit counters) and answers; finding the account, issuing the single-use link (valid
     * 1 hour) and queueing its mail run right after, off the request, so nothing account-dependent
     * is on the answer's clock (decision 0093). `settled()` waits for that work.
     */
    async forgotPassword(email: string, ctx: RequestContext): Promise<void> {
      await limiter.hit(ipLimit(ctx.ip));
      await limiter.hit(mailLimit(email));
      const work = sendResetLink(email, ctx.lang).catch((error: unknown) => onBackgroundError?.(error));
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    },

    /** Resolves once every reset link asked for so far is issued and its mail queued (tests, shutdown). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    /**
     * Reset: take the token (single use) → set the password → the mailbox is proven, so the email
     * counts as verified → end every session → mail "password changed". One transaction.
     */
    async resetPassword(token: string, password: string, ctx: RequestContext): Promise<void> {
      await limiter.hit(ipLimit(ctx.ip));
      assertNotCommon(password, 'password');
      const passwordHash = await hashPassword(password, passwordCost);
      const email = await db.transaction(async (tx) => {
        const repo = createAuthRepo(tx);
        const row = await repo.takeToken(hashSecret(token), 'reset_password');
        const user = row ? await repo.findUserById(row.userId) : null;
        if (!row || !user?.email) return null;
        // The mailbox owner chose this password: any contest over the account is settled too.
        await repo.updateUser(user.id, {
          passwordHash,
          emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
          passwordContestedAt: null,
        });
        await revokeUserSessions(tx, user.id);
        await enqueueMail(
          tx,
          passwordChangedMail({
            to: user.email,
            name: user.name,
            resetLink: `${base}/forgot-password`,
            lang: ctx.lang,
          }),
        );
        return user.email;
      });
      if (!email) throw new InvalidInput('resetLinkInvalid', undefined, 'INVALID_TOKEN');
      // The mailbox owner is back in: this address may try again at once (others keep their wait),
      // and the account's daily ceiling starts again.
      await loginThrottle.succeed(emailLimitKey(email), addressKey(ctx.ip));
      await limiter.reset(dailyFailures(email));
    },

    /** Change from the account: the current password is required; other sessions end, this one stays. */
    async changePassword(
      user: SessionUser,
      body: { currentPassword: string; newPassword: string },
      ctx: RequestContext,
    ): Promise<void> {
      const failures = loginFailures(user.email ?? user.id);
      await limiter.check(failures);
      if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
        await limiter.hit(failures);
        throw fieldError('currentPassword', 'currentPasswordWrong', 'INVALID_PASSWORD');
      }
      assertNotCommon(body.newPassword, 'newPassword');
      const passwordHash = await hashPassword(body.newPassword, passwordCost);
      await db.transaction(async (tx) => {
        const repo = createAuthRepo(tx);
        await repo.updateUser(user.id, { passwordHash });
        await revokeUserSessions(tx, user.id, user.sessionId);
        if (user.email) {
          await enqueueMail(
            tx,
            passwordChangedMail({
              to: user.email,
              name: user.name,
              resetLink: `${base}/forgot-password`,
              lang: ctx.lang,
            }),
          );
        }
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
