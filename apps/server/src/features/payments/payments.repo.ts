/** SQL of payments, payment events and download links. */
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { downloadLinks, orderItems, orders, paymentEvents, payments, products } from '../../db/schema';

type Q = Db | Tx;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];

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

    /** Tests and admin tools: move a link's expiry. */
    async setLinkExpiry(q: Q, id: string, expiresAt: Date) {
      await q.update(downloadLinks).set({ expiresAt }).where(eq(downloadLinks.id, id));
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
