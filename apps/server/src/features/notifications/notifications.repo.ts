import { and, asc, count, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orders, ownerNotificationSettings, ownerNotifications } from '../../db/schema';

/**
 * What a paid order brought in (kopecks): its total less what a gift certificate paid, which was
 * counted once already, as the paid order that sold the certificate.
 */
const MONEY_TAKEN = sql<number>`${orders.totalRub} - ${orders.giftCertificateRub}`;

type Q = Db | Tx;
export type SettingsRow = typeof ownerNotificationSettings.$inferSelect;
export type NoticeKind = (typeof ownerNotifications.$inferInsert)['kind'];
export type NoticeRow = typeof ownerNotifications.$inferSelect;

const PAID = ['confirmed', 'processing', 'shipped', 'delivered'] as const;

export function createNotificationsRepo(db: Db) {
  return {
    async settings(q: Q = db): Promise<SettingsRow | null> {
      const [row] = await q.select().from(ownerNotificationSettings).where(eq(ownerNotificationSettings.id, 1));
      return row ?? null;
    },

    async saveSettings(values: Omit<SettingsRow, 'id' | 'updatedAt'>): Promise<SettingsRow> {
      const [row] = await db
        .insert(ownerNotificationSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: ownerNotificationSettings.id, set: { ...values, updatedAt: sql`now()` } })
        .returning();
      return row!;
    },

    /** Records the notice under its key; false when that key was already recorded (nothing to send). */
    async record(q: Q, values: { kind: NoticeKind; key: string; telegramText: string | null }): Promise<boolean> {
      const rows = await q
        .insert(ownerNotifications)
        .values({
          kind: values.kind,
          key: values.key,
          telegramText: values.telegramText,
          telegramState: values.telegramText ? 'queued' : 'none',
        })
        .onConflictDoNothing({ target: ownerNotifications.key })
        .returning({ id: ownerNotifications.id });
      return rows.length > 0;
    },

    async exists(key: string): Promise<boolean> {
      const [row] = await db
        .select({ id: ownerNotifications.id })
        .from(ownerNotifications)
        .where(eq(ownerNotifications.key, key));
      return Boolean(row);
    },

    /**
     * Takes up to `limit` queued Telegram messages in one statement (SKIP LOCKED: two instances
     * never take the same row) and marks them `sending`.
     */
    async claimTelegram(limit: number): Promise<NoticeRow[]> {
      const picked = db
        .select({ id: ownerNotifications.id })
        .from(ownerNotifications)
        .where(eq(ownerNotifications.telegramState, 'queued'))
        .orderBy(asc(ownerNotifications.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(ownerNotifications)
        .set({ telegramState: 'sending', telegramAttempts: sql`${ownerNotifications.telegramAttempts} + 1` })
        .where(inArray(ownerNotifications.id, picked))
        .returning();
    },

    async telegramDone(id: string, result: { state: 'sent' | 'queued' | 'failed'; error?: string }): Promise<void> {
      await db
        .update(ownerNotifications)
        .set({ telegramState: result.state, telegramError: result.error ?? null })
        .where(eq(ownerNotifications.id, id));
    },

    /** Orders placed, and paid ones with their revenue (kopecks), on one calendar day of `timeZone`. */
    async day(date: string, timeZone: string): Promise<{ placed: number; paid: number; revenueKopecks: number }> {
      const onDay = sql`(${orders.createdAt} at time zone ${timeZone})::date = ${date}::date`;
      const [[placed], [paid]] = await Promise.all([
        db.select({ n: count() }).from(orders).where(onDay),
        db
          .select({ n: count(), kopecks: sum(MONEY_TAKEN) })
          .from(orders)
          .where(and(onDay, inArray(orders.status, [...PAID]))),
      ]);
      return { placed: placed?.n ?? 0, paid: paid?.n ?? 0, revenueKopecks: Number(paid?.kopecks ?? 0) };
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
