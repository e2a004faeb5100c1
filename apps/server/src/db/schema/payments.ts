/** Payments: payments, provider notifications, alerts and fiscal receipts. */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id, updatedAt } from './columns';
import { orders } from './orders';

export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** `requested`: a PayPal invoice the owner still has to send by hand (PAYPAL_MODE=manual). */
    status: text('status', {
      enum: ['created', 'requested', 'pending', 'invoice_sent', 'succeeded', 'canceled', 'failed'],
    })
      .notNull()
      .default('created'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['RUB', 'EUR', 'USD'] }).notNull(),
    redirectUrl: text('redirect_url'),
    invoiceEmail: text('invoice_email'),
    idempotenceKey: text('idempotence_key').notNull(),
    manualReference: text('manual_reference'),
    /** The way to pay the buyer chose (YooKassa's `payment_method_data.type`); null = the provider's page chose. */
    method: text('method'),
    /** `qr`: SBP on a computer, `redirect_url` holds the link its QR code encodes. */
    confirmation: text('confirmation', { enum: ['redirect', 'qr'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_provider_id_key').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_idempotence_key').on(t.idempotenceKey),
    // At most one live provider payment per order: two concurrent "Pay" clicks share one.
    uniqueIndex('payments_live_order_key')
      .on(t.orderId)
      .where(sql`${t.status} in ('created', 'pending') and ${t.provider} <> 'manual'`),
    // At most one open hand-sent PayPal invoice per order.
    uniqueIndex('payments_paypal_manual_order_key')
      .on(t.orderId)
      .where(sql`${t.provider} = 'paypal-manual' and ${t.status} in ('requested', 'invoice_sent')`),
  ],
);
/**
 * Notifications that could not simply be applied (money for an order that is no longer pending,
 * an amount or currency that differs): the admin checks and refunds or reconciles by hand.
 */
export const paymentAlerts = pgTable(
  'payment_alerts',
  {
    id: id(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    kind: text('kind', { enum: ['order_not_pending', 'order_cancelled', 'amount_mismatch'] }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('payment_alerts_open_idx').on(t.resolvedAt, t.createdAt)],
);
/** Every notification received, applied at most once per provider event id. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    outcome: text('outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_key').on(t.provider, t.providerEventId)],
);
/**
 * Fiscal receipts sent through YooKassa (RECEIPTS=yookassa): a payment's receipt (sent with the
 * payment), the completion receipt of prepaid goods (queued when the order ships, sent by the
 * receipts worker) and a refund's receipt (sent with the refund). `payload` is the receipt as
 * YooKassa got it; null = a self-employed refund, where YooKassa annuls the receipt itself.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The payment it belongs to (the one it rode on, completes or refunds). */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** `offset`: the part an order paid by a bought gift certificate, settled by that advance. */
    kind: text('kind', { enum: ['payment', 'completion', 'refund', 'offset', 'line_refund'] }).notNull(),
    /** queued → sending → sent, or failed (the admin may retry); a payment's receipt is sent or failed. */
    state: text('state', { enum: ['queued', 'sending', 'sent', 'failed'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown> | null>(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** YooKassa's id: the receipt's (completion) or the refund's (refund). */
    providerId: text('provider_id'),
    /** YooKassa's registration status as it answered (pending, succeeded, canceled). */
    providerStatus: text('provider_status'),
    idempotenceKey: text('idempotence_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The last failure, as YooKassa or the network gave it. */
    error: text('error'),
    /** A queued receipt is not sent before this (retries back off). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('receipts_order_idx').on(t.orderId, t.createdAt),
    index('receipts_due_idx').on(t.state, t.nextAttemptAt),
    // One completion and one refund receipt per payment.
    uniqueIndex('receipts_payment_kind_key').on(t.paymentId, t.kind).where(sql`${t.kind} in ('completion', 'refund')`),
  ],
);
/**
 * A refund of chosen order lines (features/payments/payments.line-refunds.ts): which units of which
 * lines, for how much, and how the provider's call went. `sending` while the call is made,
 * `unknown` after a timeout (asked again with the same idempotence key), `succeeded`, or `refused`
 * (its units counted back). At most one open (sending or unknown) per payment.
 */
export const lineRefunds = pgTable(
  'line_refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['sending', 'unknown', 'succeeded', 'refused'] }).notNull(),
    /** RUB minor units. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    lines: jsonb('lines').$type<{ lineId: string; quantity: number; amountMinor: number }[]>().notNull(),
    idempotenceKey: text('idempotence_key').notNull(),
    providerRefundId: text('provider_refund_id'),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('line_refunds_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('line_refunds_open_key').on(t.paymentId).where(sql`${t.state} in ('sending', 'unknown')`),
  ],
);
