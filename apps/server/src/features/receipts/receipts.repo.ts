/** SQL of fiscal receipts. */
import { and, asc, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { payments, receipts } from '../../db/schema';

type Q = Db | Tx;
export type ReceiptRow = typeof receipts.$inferSelect;
export type NewReceiptRow = typeof receipts.$inferInsert;

export const receiptsRepo = {
  async insert(q: Q, values: NewReceiptRow): Promise<ReceiptRow | null> {
    const [row] = await q.insert(receipts).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  async update(q: Q, id: string, patch: Partial<NewReceiptRow>): Promise<ReceiptRow | null> {
    const [row] = await q
      .update(receipts)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(receipts.id, id))
      .returning();
    return row ?? null;
  },

  async find(q: Q, id: string): Promise<ReceiptRow | null> {
    const [row] = await q.select().from(receipts).where(eq(receipts.id, id));
    return row ?? null;
  },

  async findForPayment(q: Q, paymentId: string, kind: ReceiptRow['kind']): Promise<ReceiptRow | null> {
    const [row] = await q
      .select()
      .from(receipts)
      .where(and(eq(receipts.paymentId, paymentId), eq(receipts.kind, kind)))
      .orderBy(desc(receipts.createdAt))
      .limit(1);
    return row ?? null;
  },

  /** The receipt that rode on the order's succeeded payment, with that payment's provider id. */
  async paidReceipt(q: Q, orderId: string): Promise<{ receipt: ReceiptRow; providerPaymentId: string } | null> {
    const [row] = await q
      .select({ receipt: receipts, providerPaymentId: payments.providerPaymentId })
      .from(receipts)
      .innerJoin(payments, eq(payments.id, receipts.paymentId))
      .where(
        and(
          eq(receipts.orderId, orderId),
          eq(receipts.kind, 'payment'),
          eq(receipts.state, 'sent'),
          eq(payments.status, 'succeeded'),
        ),
      )
      .orderBy(desc(payments.updatedAt))
      .limit(1);
    return row?.providerPaymentId ? { receipt: row.receipt, providerPaymentId: row.providerPaymentId } : null;
  },

  /** Every receipt of an order, oldest first, with the status of the payment it belongs to. */
  async listForOrder(q: Q, orderId: string) {
    return q
      .select({ receipt: receipts, paymentStatus: payments.status })
      .from(receipts)
      .leftJoin(payments, eq(payments.id, receipts.paymentId))
      .where(eq(receipts.orderId, orderId))
      .orderBy(asc(receipts.createdAt));
  },

  /**
   * Takes one completion (or gift certificate offset) receipt that is due (queued and its time has come, or left `sending` by
   * an instance that stopped mid-call) and marks it `sending`; SKIP LOCKED keeps two instances
   * from taking the same one. `only` restricts it to one receipt (the admin's retry).
   */
  async claimDue(tx: Tx, now: Date, staleBefore: Date, only?: string): Promise<ReceiptRow | null> {
    const due = or(
      and(eq(receipts.state, 'queued'), lte(receipts.nextAttemptAt, now)),
      and(eq(receipts.state, 'sending'), lt(receipts.updatedAt, staleBefore)),
    );
    const [row] = await tx
      .select({ id: receipts.id })
      .from(receipts)
      .where(and(inArray(receipts.kind, ['completion', 'offset']), due, only ? eq(receipts.id, only) : undefined))
      .orderBy(asc(receipts.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const [claimed] = await tx
      .update(receipts)
      .set({ state: 'sending', attempts: sql`${receipts.attempts} + 1`, updatedAt: now })
      .where(eq(receipts.id, row.id))
      .returning();
    return claimed ?? null;
  },
};
