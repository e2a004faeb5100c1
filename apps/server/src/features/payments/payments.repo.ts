/** SQL of payments, payment events and download links. */
import { and, desc, eq, gt, inArray, isNotNull, isNull, like, lt, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  downloadLinks,
  lineRefunds,
  orderItems,
  orders,
  paymentAlerts,
  paymentEvents,
  payments,
  products,
  users,
} from '../../db/schema';

type Q = Db | Tx;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];
export type LineRefundRow = typeof lineRefunds.$inferSelect;

export function createPaymentsRepo(db: Db) {
  return {
    db,

    async insertPayment(q: Q, values: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [row] = await q.insert(payments).values(values).returning();
      return row!;
    },

    async updatePayment(q: Q, id: string, patch: Partial<typeof payments.$inferInsert>): Promise<void> {
      await q
        .update(payments)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(payments.id, id));
    },

    /**
     * Inserts a provider payment unless the order already has a live one (the partial unique index
     * `payments_live_order_key` decides, so two concurrent requests cannot both insert); null then.
     */
    async claimLivePayment(q: Q, values: typeof payments.$inferInsert): Promise<PaymentRow | null> {
      const rows = await q.insert(payments).values(values).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    /** The order's live provider payment (being created, or waiting for the buyer), if any. */
    async findLivePayment(q: Q, orderId: string): Promise<PaymentRow | null> {
      const [row] = await q
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, orderId),
            inArray(payments.status, ['created', 'pending']),
            ne(payments.provider, 'manual'),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * The order's payments that have taken money or still may, as far as we know: being created,
     * open at the provider, a PayPal invoice asked for or sent, or succeeded.
     */
    async openOrSucceeded(q: Q, orderId: string): Promise<PaymentRow[]> {
      return q
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, orderId),
            inArray(payments.status, ['created', 'pending', 'requested', 'invoice_sent', 'succeeded']),
          ),
        );
    },

    /** An open payment the buyer left for another way to pay stops being live (it may still be paid). */
    async leaveBehind(q: Q, id: string): Promise<void> {
      await q
        .update(payments)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
    },

    /** Live payments too old to reuse (an attempt that never finished, a page the buyer left) stop being live. */
    async expireLivePayments(q: Q, orderId: string, before: { created: Date; pending: Date }): Promise<void> {
      await q
        .update(payments)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(
          and(
            eq(payments.orderId, orderId),
            ne(payments.provider, 'manual'),
            or(
              and(eq(payments.status, 'created'), lt(payments.createdAt, before.created)),
              and(eq(payments.status, 'pending'), lt(payments.createdAt, before.pending)),
            ),
          ),
        );
    },

    /** The open hand-sent PayPal invoice of an order (requested or sent), if any. */
    async findManualInvoice(q: Q, orderId: string): Promise<PaymentRow | null> {
      const [row] = await q
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, orderId),
            eq(payments.provider, 'paypal-manual'),
            inArray(payments.status, ['requested', 'invoice_sent']),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The verified address of the account (payment mails go there, never to a typed one). */
    async accountEmail(q: Q, userId: string | null): Promise<string | null> {
      if (!userId) return null;
      const [row] = await q
        .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.email && row.verifiedAt ? row.email : null;
    },

    async insertAlert(q: Q, values: typeof paymentAlerts.$inferInsert): Promise<string> {
      const [row] = await q.insert(paymentAlerts).values(values).returning({ id: paymentAlerts.id });
      return row!.id;
    },

    async listAlerts(q: Q, options: { includeResolved: boolean; limit: number }) {
      return q
        .select({ alert: paymentAlerts, orderNumber: orders.number })
        .from(paymentAlerts)
        .leftJoin(orders, eq(orders.id, paymentAlerts.orderId))
        .where(options.includeResolved ? undefined : isNull(paymentAlerts.resolvedAt))
        .orderBy(desc(paymentAlerts.createdAt))
        .limit(options.limit);
    },

    /**
     * Second payments of orders another payment had already paid ("paid twice" alerts still open)
     * that took money through a provider and have not been given back yet: the oldest first.
     */
    async duplicatesToRefund(q: Q, limit: number): Promise<{ alertId: string; payment: PaymentRow }[]> {
      const refunded = q
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(
          and(
            eq(paymentEvents.paymentId, payments.id),
            eq(paymentEvents.outcome, 'applied'),
            like(paymentEvents.type, 'refund.%'),
          ),
        );
      const rows = await q
        .select({ alertId: paymentAlerts.id, payment: payments })
        .from(paymentAlerts)
        .innerJoin(payments, eq(payments.id, paymentAlerts.paymentId))
        .where(
          and(
            eq(paymentAlerts.kind, 'order_not_pending'),
            isNull(paymentAlerts.resolvedAt),
            eq(payments.status, 'succeeded'),
            isNotNull(payments.providerPaymentId),
            notExists(refunded),
          ),
        )
        .orderBy(paymentAlerts.createdAt)
        .limit(limit);
      return rows;
    },

    /** `adminId` null: resolved by the shop itself (a duplicate payment given back). */
    async resolveAlert(q: Q, id: string, adminId: string | null): Promise<boolean> {
      const rows = await q
        .update(paymentAlerts)
        .set({ resolvedAt: sql`now()`, resolvedBy: adminId })
        .where(and(eq(paymentAlerts.id, id), isNull(paymentAlerts.resolvedAt)))
        .returning({ id: paymentAlerts.id });
      if (rows.length === 1) return true;
      const [exists] = await q.select({ id: paymentAlerts.id }).from(paymentAlerts).where(eq(paymentAlerts.id, id));
      return Boolean(exists);
    },

    async findPayment(q: Q, id: string): Promise<PaymentRow | null> {
      const [row] = await q.select().from(payments).where(eq(payments.id, id)).limit(1);
      return row ?? null;
    },

    async findByProviderId(q: Q, provider: string, providerPaymentId: string): Promise<PaymentRow | null> {
      const [row] = await q
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
        .limit(1);
      return row ?? null;
    },

    /** Row-locks the payment so two deliveries of different events for it apply one after the other. */
    async lockPayment(tx: Tx, id: string): Promise<PaymentRow | null> {
      const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
      return row ?? null;
    },

    /** The order's latest payment that took money through a provider (not marked paid by hand). */
    async succeededProviderPayment(q: Q, orderId: string): Promise<PaymentRow | null> {
      const [row] = await q
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, orderId),
            eq(payments.status, 'succeeded'),
            ne(payments.provider, 'manual'),
            ne(payments.provider, 'paypal-manual'),
          ),
        )
        .orderBy(desc(payments.updatedAt))
        .limit(1);
      return row ?? null;
    },

    // ------------------------------------------------------------ refunds of chosen lines

    /** The payment's refund of lines still open (being asked, or timed out), if any. */
    async openLineRefund(q: Q, paymentId: string): Promise<LineRefundRow | null> {
      const [row] = await q
        .select()
        .from(lineRefunds)
        .where(and(eq(lineRefunds.paymentId, paymentId), inArray(lineRefunds.state, ['sending', 'unknown'])))
        .limit(1);
      return row ?? null;
    },

    /** Inserts an open refund of lines unless the payment has one (the partial unique index decides); null then. */
    async insertLineRefund(q: Q, values: typeof lineRefunds.$inferInsert): Promise<LineRefundRow | null> {
      const rows = await q.insert(lineRefunds).values(values).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    /** Moves a refund of lines from `from` to the patch's state; false when another request moved it first. */
    async moveLineRefund(
      q: Q,
      id: string,
      from: LineRefundRow['state'],
      patch: Partial<typeof lineRefunds.$inferInsert>,
    ): Promise<boolean> {
      const rows = await q
        .update(lineRefunds)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(eq(lineRefunds.id, id), eq(lineRefunds.state, from)))
        .returning({ id: lineRefunds.id });
      return rows.length === 1;
    },

    /** What refunds of lines already gave back (or are giving back) of a payment, minor units. */
    async lineRefundedOf(q: Q, paymentId: string): Promise<number> {
      const [row] = await q
        .select({ sum: sql<string | null>`sum(${lineRefunds.amountMinor})` })
        .from(lineRefunds)
        .where(and(eq(lineRefunds.paymentId, paymentId), ne(lineRefunds.state, 'refused')));
      return Number(row?.sum ?? 0);
    },

    async listPaymentsOfOrder(q: Q, orderId: string): Promise<PaymentRow[]> {
      return q.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt));
    },

    /** Stores an event; null when (provider, event id) was stored before — a replay. */
    async insertEvent(
      q: Q,
      values: {
        provider: string;
        providerEventId: string;
        type: string;
        payload: unknown;
        outcome: string;
        paymentId?: string | null;
      },
    ): Promise<string | null> {
      const rows = await q
        .insert(paymentEvents)
        .values({ ...values, paymentId: values.paymentId ?? null })
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.providerEventId] })
        .returning({ id: paymentEvents.id });
      return rows[0]?.id ?? null;
    },

    /** Whether an event of the provider with this id is on record (a replay need not be verified again). */
    async eventRecorded(q: Q, provider: string, providerEventId: string): Promise<boolean> {
      const rows = await q
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.providerEventId, providerEventId)))
        .limit(1);
      return rows.length > 0;
    },

    async setEventOutcome(q: Q, id: string, outcome: string, paymentId: string | null): Promise<void> {
      await q.update(paymentEvents).set({ outcome, paymentId }).where(eq(paymentEvents.id, id));
    },

    async eventsOfPayment(q: Q, paymentId: string) {
      return q
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, paymentId))
        .orderBy(paymentEvents.createdAt);
    },

    // ------------------------------------------------------------ digital delivery

    async digitalFilesOf(q: Q, productIds: string[]) {
      if (productIds.length === 0) return [];
      return q
        .select({ id: products.id, name: products.name, digitalFile: products.digitalFile })
        .from(products)
        .where(inArray(products.id, productIds));
    },

    async insertLink(q: Q, values: typeof downloadLinks.$inferInsert) {
      const [row] = await q.insert(downloadLinks).values(values).returning();
      return row!;
    },

    async deleteLinksOf(q: Q, orderItemIds: string[]) {
      await q.delete(downloadLinks).where(inArray(downloadLinks.orderItemId, orderItemIds));
    },

    /** A link with what serving it needs: owner, order number, product file. */
    async findLink(q: Q, where: { tokenHash: string } | { id: string }) {
      const [row] = await q
        .select({
          link: downloadLinks,
          userId: orders.userId,
          orderNumber: orders.number,
          orderStatus: orders.status,
          customerEmail: sql<string>`${orders.customer}->>'email'`,
          productId: orderItems.productId,
          name: orderItems.name,
          digitalFile: products.digitalFile,
        })
        .from(downloadLinks)
        .innerJoin(orderItems, eq(orderItems.id, downloadLinks.orderItemId))
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .leftJoin(products, eq(products.id, orderItems.productId))
        .where('tokenHash' in where ? eq(downloadLinks.tokenHash, where.tokenHash) : eq(downloadLinks.id, where.id))
        .limit(1);
      return row ?? null;
    },

    /** Counts one download if the link is still usable; false when it expired or ran out meanwhile. */
    async countDownload(q: Q, id: string): Promise<boolean> {
      const rows = await q
        .update(downloadLinks)
        .set({ downloads: sql`${downloadLinks.downloads} + 1` })
        .where(
          and(
            eq(downloadLinks.id, id),
            lt(downloadLinks.downloads, downloadLinks.maxDownloads),
            gt(downloadLinks.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: downloadLinks.id });
      return rows.length === 1;
    },

    async listLinksOfUser(q: Q, userId: string) {
      return q
        .select({
          link: downloadLinks,
          orderNumber: orders.number,
          orderStatus: orders.status,
          productId: orderItems.productId,
          name: orderItems.name,
        })
        .from(downloadLinks)
        .innerJoin(orderItems, eq(orderItems.id, downloadLinks.orderItemId))
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orders.userId, userId))
        .orderBy(desc(downloadLinks.createdAt));
    },

    /** New token, fresh expiry and uses; only while re-issues are left. */
    async reissueLink(q: Q, id: string, tokenHash: string, expiresAt: Date, maxReissues: number) {
      const [row] = await q
        .update(downloadLinks)
        .set({ tokenHash, expiresAt, downloads: 0, reissueCount: sql`${downloadLinks.reissueCount} + 1` })
        .where(and(eq(downloadLinks.id, id), lt(downloadLinks.reissueCount, maxReissues)))
        .returning();
      return row ?? null;
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
