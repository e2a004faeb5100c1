/**
 * Sessions behind the bearer tokens: random token, sha256 stored, 7-day expiry,
 * revocable. The guard looks a token up with its user in one query; features create and revoke
 * sessions inside their own transactions.
 */
import { TOKEN_TTL_DAYS } from '@atelier/shared';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { hashSecret, newToken } from './tokens';

export const SESSION_TTL_MS = TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often per session (one write per 5 minutes, not per request). */
export const LAST_SEEN_THROTTLE_MS = 5 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;
/** The signed-in user as the guard sets it on `request.user`. */
export type SessionUser = UserRow & { sessionId: string };

export interface SessionMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/** Opens a session and returns the bearer token (shown once; only its hash is stored). */
export async function createSession(q: Db | Tx, userId: string, meta: SessionMeta = {}): Promise<string> {
  const token = newToken();
  await q.insert(sessions).values({
    userId,
    tokenHash: hashSecret(token),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

/** The live session of a token with its (not deleted) user, or null. */
export async function findSessionUser(q: Db, token: string): Promise<SessionUser | null> {
  const [row] = await q
    .select({ user: users, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashSecret(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_THROTTLE_MS) {
    await q
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(eq(sessions.id, row.sessionId), lt(sessions.lastSeenAt, new Date(Date.now() - LAST_SEEN_THROTTLE_MS))),
      );
  }
  return { ...row.user, sessionId: row.sessionId };
}

export async function revokeSession(q: Db | Tx, sessionId: string): Promise<void> {
  await q
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(q: Db | Tx, userId: string, keepSessionId?: string): Promise<number> {
  const ended = await q
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
