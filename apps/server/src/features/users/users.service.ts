import { fromMinor, type UpdateProfileBody, type User } from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import type { users } from '../../db/schema';
import { generatePassword, hashPassword, type ScryptCost, verifyPassword } from '../../platform/auth/passwords';
import { revokeUserSessions, type SessionUser } from '../../platform/auth/sessions';
import { InvalidInput, Unauthorized } from '../../platform/errors';
import { PAGES_TAG, type PublicCache } from '../../platform/http/public-cache';
import type { RateLimiter } from '../../platform/http/rate-limit';
import { emailLimitKey } from '../../platform/mail/address-key';
import { createUsersRepo, type UsersRepo } from './users.repo';

/**
 * The one mapper from a users row to the public User shape. Everything that replies
 * with a user goes through it, so no reply can carry password_hash or other internals.
 */
export function toUser(row: typeof users.$inferSelect): User {
  const user: User = {
    id: row.id,
    name: row.name,
    email: row.email ?? '',
    role: row.role,
    isAdmin: row.role === 'admin',
    emailVerified: row.emailVerifiedAt !== null,
    marketingConsent: row.marketingConsentAt !== null,
  };
  if (row.firstName) user.firstName = row.firstName;
  if (row.lastName) user.lastName = row.lastName;
  if (row.phone) user.phone = row.phone;
  return user;
}

/** Something another feature records in the transaction of a change here (a consent). */
type InTransaction = (tx: Tx) => Promise<void>;

export interface EnsureAdminResult {
  email: string;
  /** Set only when this call chose the password (print it once): a new account, or a taken-over one. */
  generatedPassword?: string;
  created: boolean;
  /**
   * The address had an unverified account someone registered: its password was replaced, its
   * sessions ended, and only then was it promoted.
   */
  tookOver?: boolean;
  /** ADMIN_PASSWORD is set but is not the existing admin's password, which was left as it is. */
  passwordKept?: boolean;
}

export type OperatorResetResult =
  | { outcome: 'reset'; sessionsEnded: number }
  | { outcome: 'unknown-account' }
  | { outcome: 'not-admin' };

/** '' clears an optional profile field. */
const orNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

export interface UsersServiceDeps {
  repo: UsersRepo;
  db?: Db;
  /** Wrong passwords at account deletion count with failed logins (same key as the auth feature). */
  limiter?: RateLimiter;
  limits?: { loginPerAccount: number; windowMs: number };
  /** scrypt cost of new hashes (config.passwordCost); the production cost when not given. */
  passwordCost?: ScryptCost;
  /** The rendered pages, dropped after an account deletion (a certificate page shows the learner's name). */
  pages?: Pick<PublicCache, 'invalidate'>;
}

export function createUsersService({ repo, db, limiter, limits, passwordCost, pages }: UsersServiceDeps) {
  function transaction<T>(work: (repo: UsersRepo, tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>) {
    if (!db) throw new Error('users service: db is required for this operation');
    return db.transaction((tx) => work(createUsersRepo(tx), tx));
  }

  return {
    profile(user: SessionUser): User {
      return toUser(user);
    },

    /** Name, first/last name and phone; the email is not changed here. */
    async updateProfile(user: SessionUser, body: UpdateProfileBody): Promise<User> {
      const patch: Parameters<UsersRepo['update']>[1] = { name: body.name };
      if (body.firstName !== undefined) patch.firstName = orNull(body.firstName);
      if (body.lastName !== undefined) patch.lastName = orNull(body.lastName);
      if (body.phone !== undefined) patch.phone = orNull(body.phone);
      const row = await repo.update(user.id, patch);
      if (!row) throw new Unauthorized();
      return toUser(row);
    },

    /**
     * Checkout's "remember my details", in the order's transaction: her first and last name and
     * phone as she typed them become her profile's.
     */
    async rememberContact(tx: Tx, userId: string, contact: { firstName: string; lastName: string; phone: string }) {
      await createUsersRepo(tx).update(userId, {
        firstName: orNull(contact.firstName.trim()),
        lastName: orNull(contact.lastName.trim()),
        phone: orNull(contact.phone.trim()),
      });
    },

    /**
     * The opt-in to reminders and news by email; the time of the consent is kept while it holds.
     * `alsoRecord` runs in the same transaction when the setting changes (the consent on record).
     */
    async setMarketingConsent(user: SessionUser, consent: boolean, alsoRecord?: InTransaction): Promise<User> {
      if (consent === (user.marketingConsentAt !== null)) return toUser(user);
      const row = await transaction(async (txRepo, tx) => {
        const updated = await txRepo.update(user.id, { marketingConsentAt: consent ? new Date() : null });
        if (updated) await alsoRecord?.(tx);
        return updated;
      });
      if (!row) throw new Unauthorized();
      return toUser(row);
    },

    /** The user's own data as one JSON document (GDPR-style access); no hashes, no tokens. */
    async exportData(user: SessionUser) {
      const data = await repo.exportData(user.id);
      const itemsByOrder = new Map<string, typeof data.items>();
      for (const item of data.items) itemsByOrder.set(item.orderId, [...(itemsByOrder.get(item.orderId) ?? []), item]);
      return {
        exportedAt: new Date().toISOString(),
        profile: {
          ...toUser(user),
          createdAt: user.createdAt.toISOString(),
          marketingConsentAt: user.marketingConsentAt?.toISOString() ?? null,
        },
        orders: data.orderRows.map((order) => ({
          id: order.id,
          number: order.number,
          status: order.status,
          createdAt: order.createdAt.toISOString(),
          customer: order.customer,
          delivery: order.delivery,
          paymentMethod: order.paymentMethod,
          currency: order.currency,
          subtotal: fromMinor(order.subtotalRub),
          discount: fromMinor(order.discountRub),
          deliveryCost: fromMinor(order.deliveryCostRub),
          total: fromMinor(order.totalRub),
          comment: order.comment,
          items: (itemsByOrder.get(order.id) ?? []).map((item) => ({
            type: item.type,
            name: item.name,
            bookFormat: item.bookFormat,
            unitPrice: fromMinor(item.unitPriceRub),
            quantity: item.quantity,
          })),
        })),
        purchases: data.purchaseRows.map((p) => ({
          lessonId: p.lessonId,
          lessonNumber: p.lessonNumber,
          lessonTitle: p.lessonTitle,
          courseId: p.courseId,
          orderId: p.orderId,
          pricePaid: fromMinor(p.pricePaidRub),
          purchasedAt: p.createdAt.toISOString(),
        })),
        reviews: data.reviewRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        studentWorks: data.workRows.map((w) => ({
          ...w,
          image: w.image?.large ?? null,
          createdAt: w.createdAt.toISOString(),
        })),
        cart: data.cartItems,
        addresses: data.addressRows,
        favourites: data.favouriteRows.map((row) => ({
          type: row.productId ? 'product' : 'lesson',
          id: row.productId ?? row.lessonId,
          addedAt: row.createdAt.toISOString(),
        })),
        stockAlerts: data.alertRows.map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          notifiedAt: row.notifiedAt?.toISOString() ?? null,
        })),
        // Watched stretches in seconds (stored in tenths).
        lessonProgress: data.progressRows.map((row) => ({
          lessonId: row.lessonId,
          positionSeconds: row.positionSeconds,
          watched: row.watched.map(([from, to]) => [from / 10, to / 10]),
          completedAt: row.completedAt?.toISOString() ?? null,
          updatedAt: row.updatedAt.toISOString(),
        })),
        certificates: data.certificateRows.map((row) => ({ ...row, issuedAt: row.issuedAt.toISOString() })),
        customRequests: data.customRows.map(({ budgetMinor, quotePriceMinor, photos, createdAt, ...row }) => ({
          ...row,
          budget: budgetMinor === null ? null : fromMinor(budgetMinor),
          quotePrice: quotePriceMinor === null ? null : fromMinor(quotePriceMinor),
          photos: photos.map((photo) => photo.url),
          createdAt: createdAt.toISOString(),
        })),
      };
    },

    /**
     * Delete the account: password confirmation → anonymise the row, drop the cart and tokens,
     * end every session, in one transaction (with `alsoRecord`: the consents withdrawn). Orders
     * stay (see docs/decisions/0008).
     */
    async deleteAccount(user: SessionUser, password: string, alsoRecord?: InTransaction): Promise<void> {
      const failures =
        limiter && limits
          ? {
              key: `login-fail:account:${user.email ? emailLimitKey(user.email) : user.id}`,
              max: limits.loginPerAccount,
              windowMs: limits.windowMs,
            }
          : undefined;
      if (failures) await limiter?.check(failures);
      if (!(await verifyPassword(password, user.passwordHash))) {
        if (failures) await limiter?.hit(failures);
        throw new InvalidInput(
          'passwordWrong',
          { fields: [{ field: 'password', message: 'passwordWrong' }] },
          'INVALID_PASSWORD',
        );
      }
      await transaction(async (txRepo, tx) => {
        await alsoRecord?.(tx);
        await txRepo.anonymise(user.id);
        await revokeUserSessions(tx, user.id);
      });
      pages?.invalidate(PAGES_TAG);
    },

    /**
     * The configured admin exists at every start. A missing account is created with ADMIN_PASSWORD,
     * or without it a random password returned to print once. An existing verified account keeps
     * its password: the one set when it was created, or the one its owner changed it to in the app
     * (a restart never brings the environment's back; recovery is `npm run admin:reset-password`,
     * `setPasswordByOperator`); only its role is made admin. `passwordKept` says when ADMIN_PASSWORD
     * no longer opens it, so start-up can say where the password lives now.
     * An UNVERIFIED account at the address was registered by someone who never proved the mailbox
     * (anyone can register any address): promoting it would hand them the admin rights. Its password
     * is replaced (ADMIN_PASSWORD or a generated one), its codes and sessions end, and only then is
     * it verified and promoted, in one transaction.
     */
    async ensureAdmin(email: string, password: string | undefined): Promise<EnsureAdminResult> {
      const existing = await repo.findByEmail(email);
      if (existing && !existing.emailVerifiedAt) {
        const finalPassword = password ?? generatePassword();
        const passwordHash = await hashPassword(finalPassword, passwordCost);
        await transaction(async (txRepo, tx) => {
          await revokeUserSessions(tx, existing.id);
          await txRepo.dropEmailTokens(existing.id);
          await txRepo.update(existing.id, {
            passwordHash,
            emailVerifiedAt: new Date(),
            passwordContestedAt: null,
            role: 'admin',
          });
        });
        const result: EnsureAdminResult = { email, created: false, tookOver: true };
        if (!password) result.generatedPassword = finalPassword;
        return result;
      }
      if (existing) {
        if (existing.role !== 'admin') await repo.update(existing.id, { role: 'admin' });
        const result: EnsureAdminResult = { email, created: false };
        if (password && !(await verifyPassword(password, existing.passwordHash))) result.passwordKept = true;
        return result;
      }
      const finalPassword = password ?? generatePassword();
      await repo.insert({
        email,
        name: 'Administrator',
        role: 'admin',
        passwordHash: await hashPassword(finalPassword, passwordCost),
        emailVerifiedAt: new Date(),
      });
      return password ? { email, created: true } : { email, created: true, generatedPassword: finalPassword };
    },

    /**
     * The operator's recovery of an admin account (`npm run admin:reset-password`): a new password
     * and every session of the account ended, in one transaction. The caller checks the password
     * policy. Only an admin account: customers reset theirs by mail.
     */
    async setPasswordByOperator(email: string, password: string): Promise<OperatorResetResult> {
      const existing = await repo.findByEmail(email.toLowerCase());
      if (!existing) return { outcome: 'unknown-account' };
      if (existing.role !== 'admin') return { outcome: 'not-admin' };
      const passwordHash = await hashPassword(password, passwordCost);
      const sessionsEnded = await transaction(async (txRepo, tx) => {
        await txRepo.update(existing.id, { passwordHash, passwordContestedAt: null });
        return revokeUserSessions(tx, existing.id);
      });
      return { outcome: 'reset', sessionsEnded };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
