/**
 * Failed-login back-off per account AND client address (table `login_failures`). A per-account
 * counter alone lets anyone lock the owner out by failing on purpose; counting per address means
 * only the guessing address waits, and the wait doubles with every further failure:
 *
 *   failures from one address:  < threshold → no wait; threshold → base; +1 → 2·base; … ≤ max.
 *
 * A failure is counted by one upsert (INSERT … ON CONFLICT DO UPDATE … RETURNING), never read then
 * written, so concurrent failures are all counted. A counter forgets itself after a quiet window.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { RateLimited } from '../errors';

export interface LoginThrottleSettings {
  /** Failures from one address for one account before that address has to wait. */
  threshold: number;
  baseSeconds: number;
  maxSeconds: number;
  /** A counter with no failure and no wait for this long starts again from zero. */
  windowMs: number;
}

/** Seconds an address waits after its `failures`-th failure (0 below the threshold). */
export function backoffSeconds(
  failures: number,
  s: Pick<LoginThrottleSettings, 'threshold' | 'baseSeconds' | 'maxSeconds'>,
) {
  if (failures < s.threshold) return 0;
  return Math.min(s.maxSeconds, s.baseSeconds * 2 ** (failures - s.threshold));
}

const PRUNE_EVERY = 200;

export function createLoginThrottle(db: Db, settings: LoginThrottleSettings) {
  const { threshold, baseSeconds, maxSeconds } = settings;
  const windowSeconds = Math.ceil(settings.windowMs / 1000);
  let sincePrune = 0;

  // The SQL twin of backoffSeconds, over the new failure count `n`.
  const waitFor = (n: ReturnType<typeof sql>) =>
    sql`case when ${n} >= ${threshold}::int
      then now() + least(${maxSeconds}::float8, ${baseSeconds}::float8 * power(2, ${n} - ${threshold}::int)) * interval '1 second'
      else null end`;

  return {
    /** Throws 429 (with Retry-After) while this address must wait before trying this account again. */
    async check(account: string, ip: string): Promise<void> {
      const [row] = await db
        .select({ wait: sql<number>`extract(epoch from (${loginFailures.blockedUntil} - now()))::float8` })
        .from(loginFailures)
        .where(
          and(eq(loginFailures.account, account), eq(loginFailures.ip, ip), gt(loginFailures.blockedUntil, sql`now()`)),
        );
      if (row) throw new RateLimited('authRateLimited', Math.max(1, Math.ceil(Number(row.wait))));
    },

    /** Counts one failure (atomically); returns the failures of this address so far. */
    async fail(account: string, ip: string): Promise<number> {
      const quiet = sql`greatest(${loginFailures.lastFailedAt}, coalesce(${loginFailures.blockedUntil}, ${loginFailures.lastFailedAt}))
        < now() - ${windowSeconds}::int * interval '1 second'`;
      const next = sql`(case when ${quiet} then 1 else ${loginFailures.failures} + 1 end)`;
      const [row] = await db
        .insert(loginFailures)
        .values({ account, ip, failures: 1, lastFailedAt: sql`now()`, blockedUntil: waitFor(sql`1`) })
        .onConflictDoUpdate({
          target: [loginFailures.account, loginFailures.ip],
          set: { failures: next, lastFailedAt: sql`now()`, blockedUntil: waitFor(next) },
        })
        .returning({ failures: loginFailures.failures });
      if (++sincePrune >= PRUNE_EVERY) {
        sincePrune = 0;
        await db.delete(loginFailures).where(lt(loginFailures.lastFailedAt, sql`now() - interval '1 day'`));
      }
      return row?.failures ?? 0;
    },

    /** A right password from this address: its counter starts again (other addresses keep theirs). */
    async succeed(account: string, ip: string): Promise<void> {
      await db.delete(loginFailures).where(and(eq(loginFailures.account, account), eq(loginFailures.ip, ip)));
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
