/** A customer's shop state: carts, favourites and back-in-stock alerts. */
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { lessons, products } from './catalogue';
import { createdAt, id, updatedAt } from './columns';

/** Server copy of a logged-in user's cart so it follows them to another device. */
export const carts = pgTable('carts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  items: jsonb('items')
    .$type<
      {
        type: 'product' | 'lesson' | 'course';
        id: string;
        quantity: number;
        bookFormat?: 'physical' | 'digital';
        variantId?: string;
      }[]
    >()
    .notNull()
    .default([]),
  /** The site language of the last save: the abandoned-cart reminder is written in it. */
  language: text('language', { enum: ['ru', 'en', 'es'] })
    .notNull()
    .default('ru'),
  /**
   * When the abandoned-cart reminder went out; cleared only when the cart is emptied (an order
   * placed, or cleared by hand), so one cart is never reminded of twice.
   */
  remindedAt: timestamp('reminded_at', { withTimezone: true }),
  /**
   * What orders took out of this cart lately (`at`: when), so a save from a tab that had not yet
   * seen the order does not put the paid lines back (docs/decisions/0051).
   */
  ordered: jsonb('ordered')
    .$type<
      {
        at: string;
        type: 'product' | 'lesson' | 'course';
        id: string;
        quantity: number;
        bookFormat?: 'physical' | 'digital';
        variantId?: string;
      }[]
    >()
    .notNull()
    .default([]),
  updatedAt: updatedAt(),
});
/** A signed-in customer's favourite products and lessons (exactly one of the two per row). */
export const favourites = pgTable(
  'favourites',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favourites_user_product_key').on(t.userId, t.productId).where(sql`${t.productId} is not null`),
    uniqueIndex('favourites_user_lesson_key').on(t.userId, t.lessonId).where(sql`${t.lessonId} is not null`),
    index('favourites_user_idx').on(t.userId, t.createdAt),
    check('favourites_one_item', sql`(${t.productId} is null) <> (${t.lessonId} is null)`),
  ],
);
/**
 * "Tell me when it is back": one row per product and address. An address given without signing in
 * is `pending` until the emailed link is confirmed; a signed-in customer's account address is
 * `active` at once. When the product becomes available every `active` row turns `sent` in the
 * transaction of that change, its mail queued with it, so it is mailed exactly once.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** The account that asked, when signed in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['ru', 'en', 'es'] }).notNull(),
    status: text('status', { enum: ['pending', 'active', 'sent', 'cancelled'] }).notNull(),
    /** sha256 of the emailed confirmation token (pending rows). */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    /** sha256 of the unsubscribe token of the last mail sent for this row. */
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_product_email_key').on(t.productId, t.email),
    index('stock_alerts_product_status_idx').on(t.productId, t.status),
    index('stock_alerts_email_idx').on(t.email),
    uniqueIndex('stock_alerts_confirm_token_key').on(t.confirmTokenHash),
    uniqueIndex('stock_alerts_unsubscribe_token_key').on(t.unsubscribeTokenHash),
  ],
);
