/**
 * Abuse limits as fixed-window counters in the `rate_limits` table, so several app instances share
 * them (an in-memory limiter would give each instance its own allowance). One upsert per counted
 * request; windows older than a day are pruned now and then. See docs/decisions/0007.
 */
import { isIPv4, isIPv6 } from 'node:net';
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
  /**
   * Counts one hit on each limit in one statement (one commit, however many counters); throws
   * RateLimited for the first one whose window is already full.
   */
  hitAll(limits: readonly Limit[], message?: LocalizedMessage): Promise<void>;
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
    async hitAll(limits, message = 'authRateLimited') {
      if (limits.length === 0) return;
      const windows = limits.map((limit) => window(limit));
      const rows = await db
        .insert(rateLimits)
        .values(limits.map((limit, i) => ({ key: limit.key, windowStart: windows[i]!.start, hits: 1 })))
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { hits: sql`${rateLimits.hits} + 1` },
        })
        .returning({ key: rateLimits.key, hits: rateLimits.hits });
      await prune();
      const hits = new Map(rows.map((row) => [row.key, row.hits]));
      limits.forEach((limit, i) => {
        if ((hits.get(limit.key) ?? 0) > limit.max) throw new RateLimited(message, windows[i]!.retryAfterSeconds);
      });
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

/**
 * The part of a client address every per-address limit counts. IPv4 as it is; IPv6 by its /64
 * prefix, the block one customer line or host is usually given, so walking the 2^64 addresses of
 * one's own subnet gets no fresh allowance (an IPv4-mapped IPv6 address counts as its IPv4).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  const bare = ip.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) is not part of the address
  if (!isIPv6(bare)) return ip;
  const [head = '', tail] = bare.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  let groups = parse(head);
  if (tail !== undefined) {
    const rest = parse(tail);
    // An embedded IPv4 tail (::1.2.3.4) takes two groups; only the first four groups matter here.
    const restLength = rest.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
    groups = [...groups, ...Array<string>(8 - groups.length - restLength).fill('0'), ...rest];
  }
  const prefix = groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':');
  return `${prefix}::/64`;
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
    // Both counters in one statement: one commit per counted request, not two.
    await limiter.hitAll(
      [
        { key: `${name}:ip:${addressKey(request.ip)}`, max: perIp, windowMs },
        ...(request.user ? [{ key: `${name}:account:${request.user.id}`, max: perAccount, windowMs }] : []),
      ],
      message,
    );
  };
}
