/**
 * The moderation caps (reviews waiting, students' works waiting, open custom orders) counted
 * before a photo is decoded, race-proof. Counting the stored rows alone lets parallel posts by one
 * account all pass the count and all pay for a decode, the refused ones included. So a post first
 * takes a slot: under a transaction-level advisory lock per account it counts the stored rows plus
 * the slots of posts still converting their photos, refuses over the cap, and records its own
 * slot; only then is anything decoded. The write later settles the slot under the same lock.
 *
 * Slots are rows of `rate_limits` (`upload-slot:<kind>:<account>:<id>`, the time in
 * `window_start`) rather than a table of their own: they are short-lived counters of the same
 * kind, shared by every instance, and the limiter's pruning already clears what a crash leaves
 * behind. A slot older than SLOT_TTL_MS no longer counts. docs/decisions/0092.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rateLimits } from '../../db/schema';

/** A slot whose post never finished (a crash mid-decode) stops counting after this long. */
export const SLOT_TTL_MS = 10 * 60 * 1000;

export interface UploadSlot {
  /** Gives the slot up inside the write's transaction (the row being written takes its place). */
  settle(tx: Tx): Promise<void>;
  /** Gives the slot up when the post failed; safe to call after `settle`. */
  release(): Promise<void>;
}

export interface TakeSlot {
  /** What the cap counts, e.g. `review`. */
  kind: string;
  accountId: string;
  max: number;
  /**
   * The stored rows the cap counts: read once without the lock (stored rows at the cap refuse at
   * once, whatever else is in flight) and again inside the locked transaction.
   */
  stored: (q: Db | Tx) => Promise<number>;
  /** The refusal (a 409 naming the cap). */
  refuse: () => Error;
}

/** Serialises one account's posts of every kind, on PGlite and PostgreSQL alike. */
export async function lockAccountUploads(tx: Tx, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${accountId}`}))`);
}

export function createUploadSlots(db: Db, now: () => number = Date.now) {
  const prefix = (kind: string, accountId: string) => `upload-slot:${kind}:${accountId}:`;

  return {
    /** Takes a slot, or throws `refuse()` when the stored rows and the live slots reach `max`. */
    async take({ kind, accountId, max, stored, refuse }: TakeSlot): Promise<UploadSlot> {
      // The common refusal (the cap already reached by stored rows) needs no lock and no write:
      // the rows only leave the count through the owner's moderation, so it stays true.
      if ((await stored(db)) >= max) throw refuse();
      const key = `${prefix(kind, accountId)}${randomUUID()}`;
      await db.transaction(async (tx) => {
        await lockAccountUploads(tx, accountId);
        const [live] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(rateLimits)
          .where(
            and(
              like(rateLimits.key, `${prefix(kind, accountId)}%`),
              gt(rateLimits.windowStart, new Date(now() - SLOT_TTL_MS)),
            ),
          );
        if ((await stored(tx)) + (live?.n ?? 0) >= max) throw refuse();
        await tx.insert(rateLimits).values({ key, windowStart: new Date(now()), hits: 1 });
      });
      const drop = (q: Db | Tx) => q.delete(rateLimits).where(eq(rateLimits.key, key));
      return {
        async settle(tx) {
          await lockAccountUploads(tx, accountId);
          await drop(tx);
        },
        async release() {
          await drop(db);
        },
      };
    },
  };
}
export type UploadSlots = ReturnType<typeof createUploadSlots>;
