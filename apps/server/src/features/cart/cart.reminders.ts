/**
 * The abandoned-cart reminder: a signed-in customer who agreed to reminders by email and left
 * items in the cart untouched for ABANDONED_CART_HOURS gets one mail with the items and a link
 * back. `reminded_at` is set in the transaction that queues the mail and cleared only when the cart
 * is emptied, so one cart is reminded of once. Several instances may run the pass at once: each
 * cart is claimed with FOR UPDATE SKIP LOCKED and re-checked by the UPDATE. Runs as the
 * `cart.remind` job (jobs.ts); tests call `sweep(now)` with their clock.
 */
import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carts, users } from '../../db/schema';
import { siteLinks } from '../../platform/http/links';
import { enqueueMail } from '../../platform/mail/outbox';
import { cartReminderMail } from './cart.mail';
import type { CartService } from './cart.service';

export interface CartRemindersDeps {
  db: Db;
  cart: Pick<CartService, 'describeIn'>;
  publicUrl: string;
  afterHours: number;
}

export function createCartReminders({ db, cart, publicUrl, afterHours }: CartRemindersDeps) {
  const base = siteLinks(publicUrl).base;
  return {
    /**
     * Reminds every cart due by `now`, one per transaction; resolves with the user ids mailed. A
     * cart whose lines are all gone from the catalogue is marked reminded without a mail.
     */
    async remindDue(now: Date, options: { limit?: number } = {}): Promise<string[]> {
      const limit = options.limit ?? 200;
      const cutoff = new Date(now.getTime() - afterHours * 3_600_000);
      const mailed: string[] = [];
      for (let pass = 0; pass < limit; pass++) {
        const claimed = await db.transaction(async (tx) => {
          const [row] = await tx
            .select({
              userId: carts.userId,
              items: carts.items,
              language: carts.language,
              email: users.email,
              name: users.name,
            })
            .from(carts)
            .innerJoin(users, eq(users.id, carts.userId))
            .where(
              and(
                isNull(carts.remindedAt),
                lte(carts.updatedAt, cutoff),
                sql`jsonb_array_length(${carts.items}) > 0`,
                isNotNull(users.marketingConsentAt),
                isNotNull(users.emailVerifiedAt),
                isNotNull(users.email),
                isNull(users.deletedAt),
              ),
            )
            .orderBy(asc(carts.updatedAt))
            .limit(1)
            .for('update', { of: carts, skipLocked: true });
          if (!row?.email) return null;
          const marked = await tx
            .update(carts)
            .set({ remindedAt: now })
            .where(and(eq(carts.userId, row.userId), isNull(carts.remindedAt)))
            .returning({ userId: carts.userId });
          if (marked.length === 0) return { userId: row.userId, mailed: false };
          const stored = row.items as Parameters<CartService['describeIn']>[2];
          const described = await cart.describeIn(tx, row.userId, stored);
          const lines = described.items.flatMap((line) =>
            line.name && line.problem !== 'not_found' ? [{ name: line.name, quantity: line.quantity }] : [],
          );
          if (lines.length === 0) return { userId: row.userId, mailed: false };
          await enqueueMail(
            tx,
            cartReminderMail({
              to: row.email,
              name: row.name,
              lang: row.language,
              lines,
              cartUrl: `${base}/cart`,
              accountUrl: `${base}/account`,
            }),
          );
          return { userId: row.userId, mailed: true };
        });
        if (!claimed) break;
        if (claimed.mailed) mailed.push(claimed.userId);
      }
      return mailed;
    },
  };
}
export type CartReminders = ReturnType<typeof createCartReminders>;

export interface CartReminderSweeper {
  /** One pass with the given clock; resolves with the user ids mailed. */
  sweep(now?: Date): Promise<string[]>;
}

export function createCartReminderSweeper(options: {
  reminders: Pick<CartReminders, 'remindDue'>;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
}): CartReminderSweeper {
  const { reminders, log } = options;
  async function pass(now: Date): Promise<string[]> {
    const mailed = await reminders.remindDue(now);
    if (mailed.length > 0) log.info({ carts: mailed.length }, 'abandoned-cart reminders queued');
    return mailed;
  }
  return { sweep: (now: Date = new Date()) => pass(now) };
}
