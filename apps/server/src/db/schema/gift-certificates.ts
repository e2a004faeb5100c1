/** Gift certificates: the certificates, their ledger and the admin settings. */
import type { GiftCertificateSettings } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id, updatedAt } from './columns';
import { orders } from './orders';

/**
 * Gift certificates. A bought one is `pending` with its order and turns `active` (balance = amount)
 * when the order is paid; one issued by hand is `active` at once. Its balance only moves inside a
 * transaction that also writes the movement (the ledger below), under the certificate's row lock,
 * and never below zero (the check). `code` is normalised (upper case, no separators).
 */
export const giftCertificates = pgTable(
  'gift_certificates',
  {
    id: id(),
    code: text('code').notNull(),
    currency: text('currency', { enum: ['RUB', 'EUR', 'USD'] }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    balanceMinor: integer('balance_minor').notNull().default(0),
    status: text('status', { enum: ['pending', 'active', 'deactivated', 'cancelled'] }).notNull(),
    source: text('source', { enum: ['purchase', 'manual'] }).notNull(),
    /** The order that bought it (null for one issued by hand). */
    purchaseOrderId: uuid('purchase_order_id').references(() => orders.id, { onDelete: 'set null' }),
    buyerUserId: uuid('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The admin who issued it by hand. */
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    senderName: text('sender_name'),
    recipientName: text('recipient_name'),
    /** Lower-cased; null = not mailed (the admin hands the code over). */
    recipientEmail: text('recipient_email'),
    message: text('message'),
    /** The language of the recipient's mail and certificate. */
    language: text('language', { enum: ['ru', 'en', 'es'] }).notNull(),
    /** The chosen day (shop time zone) and the moment from which its mail may go out. */
    deliveryDate: text('delivery_date'),
    deliverAt: timestamp('deliver_at', { withTimezone: true }),
    /** When the recipient's mail was queued (once). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gift_certificates_code_key').on(t.code),
    index('gift_certificates_order_idx').on(t.purchaseOrderId),
    index('gift_certificates_buyer_idx').on(t.buyerUserId, t.createdAt),
    index('gift_certificates_due_idx').on(t.deliverAt).where(sql`${t.deliveredAt} is null`),
    check('gift_certificates_balance', sql`${t.balanceMinor} >= 0 and ${t.balanceMinor} <= ${t.amountMinor}`),
  ],
);
/**
 * Every movement of a certificate's balance: issued (activated or given by hand), spent on an
 * order, given back (the order cancelled), deactivated. `amount_minor` is signed; the balance after
 * it is kept so the history reads without sums.
 */
export const giftCertificateMovements = pgTable(
  'gift_certificate_movements',
  {
    id: id(),
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => giftCertificates.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['issue', 'redeem', 'refund', 'deactivate'] }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    balanceAfterMinor: integer('balance_after_minor').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('gift_certificate_movements_certificate_idx').on(t.certificateId, t.createdAt),
    index('gift_certificate_movements_order_idx').on(t.orderId),
  ],
);
/** The admin's presets and limits per currency (one row, id 1; missing = the defaults). */
export const giftCertificateSettings = pgTable('gift_certificate_settings', {
  id: integer('id').primaryKey().default(1),
  settings: jsonb('settings').$type<GiftCertificateSettings>().notNull(),
  updatedAt: updatedAt(),
});
