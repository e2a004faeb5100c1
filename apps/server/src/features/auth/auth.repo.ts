/**
 * SQL of the account flows: users by email, captchas, email tokens (verification codes/links and
 * reset links). Built over a Db or a transaction, so the service runs multi-step flows in one
 * transaction: `db.transaction((tx) => flow(createAuthRepo(tx)))`.
 */
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { captchas, emailTokens, sessions, users } from '../../db/schema';

type Purpose = (typeof emailTokens.$inferSelect)['purpose'];

export function createAuthRepo(q: Db | Tx) {
  return {
    /** The client addresses this account signed in from in the last 90 days (newest first, at most 50). */
    async recentSignInAddresses(userId: string): Promise<string[]> {
      const rows = await q
        .select({ ip: sessions.ip })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.createdAt, sql`now() - interval '90 days'`)))
        .orderBy(desc(sessions.createdAt))
        .limit(50);
      return rows.flatMap((row) => (row.ip ? [row.ip] : []));
    },

    async findUserByEmail(email: string) {
      const [row] = await q
        .select()
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async findUserById(id: string) {
      const [row] = await q
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    /** Null when the address was taken meanwhile (a concurrent registration of the same address). */
    async insertUser(values: { email: string; name: string; passwordHash: string }) {
      const [row] = await q
        .insert(users)
        .values({ ...values, role: 'user' })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** Locks the row until the transaction ends (a verification reads the contested mark this way). */
    async lockUser(id: string) {
      const [row] = await q
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    /**
     * Marks a still pending account as claimed by a second password. Conditional, so a verification
     * that committed meanwhile is never marked after the fact.
     */
    async markPasswordContested(id: string) {
      await q
        .update(users)
        .set({ passwordContestedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(users.id, id), isNull(users.emailVerifiedAt), isNull(users.passwordContestedAt)));
    },

    async updateUser(id: string, values: Partial<typeof users.$inferInsert>) {
      const [row] = await q
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error('update found no user');
      return row;
    },

    async insertCaptcha(values: { id: string; answerHash: string; expiresAt: Date }) {
      await q.insert(captchas).values(values);
    },

    /** Marks a captcha used and returns it, or null when it does not exist or was already used. */
    async consumeCaptcha(id: string) {
      const [row] = await q
        .update(captchas)
        .set({ usedAt: sql`now()` })
        .where(and(eq(captchas.id, id), isNull(captchas.usedAt)))
        .returning();
      return row ?? null;
    },

    async deleteExpiredCaptchas() {
      await q.delete(captchas).where(sql`${captchas.expiresAt} < now() - interval '1 day'`);
    },

    /** Ends every unused token of a purpose (a new code replaces the old one). */
    async retireTokens(userId: string, purpose: Purpose) {
      await q
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    },

    async insertToken(values: {
      userId: string;
      purpose: Purpose;
      tokenHash: string;
      codeHash?: string;
      expiresAt: Date;
    }) {
      await q.insert(emailTokens).values(values);
    },

    /** The newest unused, unexpired token of a purpose for a user. */
    async currentToken(userId: string, purpose: Purpose) {
      const [row] = await q
        .select()
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.userId, userId),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(emailTokens.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Takes an unused, unexpired token by its hash, marking it used in the same statement. */
    async takeToken(tokenHash: string, purpose: Purpose) {
      const [row] = await q
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, sql`now()`),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Marks a token used only if it still is unused; false when another request took it first. */
    async markTokenUsed(id: string) {
      const rows = await q
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
        .returning({ id: emailTokens.id });
      return rows.length === 1;
    },

    /**
     * Takes one of a code's `max` tries, in one conditional UPDATE (concurrent guesses cannot all
     * read "0 tries so far"): the tries so far, or null when the code is used up, used or expired.
     */
    async takeAttempt(id: string, max: number) {
      const [row] = await q
        .update(emailTokens)
        .set({ attempts: sql`${emailTokens.attempts} + 1` })
        .where(
          and(
            eq(emailTokens.id, id),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, sql`now()`),
            lt(emailTokens.attempts, max),
          ),
        )
        .returning({ attempts: emailTokens.attempts });
      return row?.attempts ?? null;
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
