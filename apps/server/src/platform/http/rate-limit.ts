/**
 * Abuse limits as fixed-window counters in the `rate_limits` table, so several app instances share
 * them (an in-memory limiter would give each instance its own allowance). One upsert per counted
 * request; windows older than a day are pruned now and then. See docs/decisions/0007.
 */
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { type LocalizedMessage, RateLimited } from '../errors';

export interface Limit {
  /** Names the counter and its subject, e.g. `login-fail:account:anna@example.com`. */
  key: string;
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one hit; throws RateLimited (429 with Retry-After) when the window is already full. */
  hit(limit: Limit, message?: LocalizedMessage): Promise<void>;
  /** Throws RateLimited when the window is full, without counting (for "failed attempts" limits). */
  check(limit: Limit, message?: LocalizedMessage): Promise<void>;
  /** Forgets a counter (e.g. failed logins after a successful one). */
  reset(limit: Limit): Promise<void>;
  /**
   * At most one event per `seconds` for `key` (the resend countdown): throws RateLimited with the
   * seconds left when the last one was more recent, otherwise records this one.
   */
  cooldown(key: string, seconds: number, message?: LocalizedMessage): Promise<void>;
  /** Records an event for `cooldown` without checking (e.g. registration sends the first code). */
  record(key: string): Promise<void>;
}

const PRUNE_EVERY = 200;
const KEEP_MS = 24 * 60 * 60 * 1000;

export function createRateLimiter(db: Db, now: () => number = Date.now): RateLimiter {
  let sincePrune = 0;

  function window(limit: Limit) {
    const t = now();
    const start = Math.floor(t / limit.windowMs) * limit.windowMs;
    return { start: new Date(start), retryAfterSeconds: Math.max(1, Math.ceil((start + limit.windowMs - t) / 1000)) };
  }

  async function prune() {
    if (++sincePrune < PRUNE_EVERY) return;
    sincePrune = 0;
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now() - KEEP_MS)));
  }

  return {
    async hit(limit, message = 'authRateLimited') {
      const { start, retryAfterSeconds } = window(limit);
      const [row] = await db
        .insert(rateLimits)
        .values({ key: limit.key, windowStart: start, hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { hits: sql`${rateLimits.hits} + 1` },
        })
        .returning({ hits: rateLimits.hits });
      await prune();
      if ((row?.hits ?? 0) > limit.max) throw new RateLimited(message, retryAfterSeconds);
    },
    async check(limit, message = 'authRateLimited') {
      const { start, retryAfterSeconds } = window(limit);
      const [row] = await db
        .select({ hits: rateLimits.hits })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, limit.key), eq(rateLimits.windowStart, start)));
      if ((row?.hits ?? 0) >= limit.max) throw new RateLimited(message, retryAfterSeconds);
    },
    async reset(limit) {
      await db.delete(rateLimits).where(eq(rateLimits.key, limit.key));
    },
    async cooldown(key, seconds, message = 'rateLimited') {
      if (seconds <= 0) return;
      const t = now();
      const [last] = await db
        .select({ at: rateLimits.windowStart })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.windowStart, new Date(t - seconds * 1000))))
        .orderBy(desc(rateLimits.windowStart))
        .limit(1);
      if (last) {
        throw new RateLimited(message, Math.max(1, Math.ceil((last.at.getTime() + seconds * 1000 - t) / 1000)));
      }
      await db
        .insert(rateLimits)
        .values({ key, windowStart: new Date(t), hits: 1 })
        .onConflictDoNothing();
    },
    async record(key) {
      await db
        .insert(rateLimits)
        .values({ key, windowStart: new Date(now()), hits: 1 })
        .onConflictDoNothing();
    },
  };
}

/** Counts one request for the request's client address and signed-in account (429 past either limit). */
export type AccountAndAddressLimit = (request: FastifyRequest) => Promise<void>;

/**
 * One allowance per client address and per signed-in account, e.g. for the requests that look up a
 * code someone could try to guess (gift certificates, promo codes: a right code counts as much as a
 * wrong one, so trying a dictionary runs into a 429 whatever the answers were) or that post
 * something for moderation (reviews).
 */
export function accountAndAddressLimit(
  limiter: RateLimiter,
  name: string,
  message: LocalizedMessage,
  limits: { perAccount: number; perIp: number; windowMs: number },
): AccountAndAddressLimit {
  return async (request) => {
    const { perAccount, perIp, windowMs } = limits;
    await limiter.hit({ key: `${name}:ip:${request.ip}`, max: perIp, windowMs }, message);
    if (request.user) {
      await limiter.hit({ key: `${name}:account:${request.user.id}`, max: perAccount, windowMs }, message);
    }
  };
}
