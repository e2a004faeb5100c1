/** The owner's notifications and their settings. */
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/**
 * What the owner wants to be told about (one row, id 1; missing row = every kind on, digest at 9).
 * NOTIFY_EMAIL and the Telegram bot are configuration; these switches are hers, in the admin.
 */
export const ownerNotificationSettings = pgTable('owner_notification_settings', {
  id: integer('id').primaryKey().default(1),
  paidOrder: boolean('paid_order').notNull().default(true),
  expiringOrder: boolean('expiring_order').notNull().default(true),
  paypalInvoice: boolean('paypal_invoice').notNull().default(true),
  paymentAlert: boolean('payment_alert').notNull().default(true),
  dailyDigest: boolean('daily_digest').notNull().default(true),
  /** Hour of the day (shop time zone) the digest of the day before is sent. */
  digestHour: integer('digest_hour').notNull().default(9),
  language: text('language', { enum: ['ru', 'en', 'es'] })
    .notNull()
    .default('ru'),
  updatedAt: updatedAt(),
});
/**
 * Every notice sent to the owner, once per `key` (the unique index is what makes "once" hold with
 * several instances sweeping at the same time). The row is also the Telegram queue: the mail goes
 * through mail_outbox, the Telegram copy is sent from here after the commit.
 */
export const ownerNotifications = pgTable(
  'owner_notifications',
  {
    id: id(),
    kind: text('kind', {
      enum: ['paidOrder', 'expiringOrder', 'paypalInvoice', 'paymentAlert', 'dailyDigest'],
    }).notNull(),
    key: text('key').notNull(),
    telegramText: text('telegram_text'),
    telegramState: text('telegram_state', { enum: ['none', 'queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('none'),
    telegramAttempts: integer('telegram_attempts').notNull().default(0),
    telegramError: text('telegram_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('owner_notifications_key').on(t.key),
    index('owner_notifications_telegram_idx').on(t.telegramState, t.createdAt),
  ],
);
