/**
 * The queries of "notify me when it is back" (table stock_alerts): one row per product and address,
 * upserted on subscribe; the rows to mail are claimed with FOR UPDATE inside the transaction that
 * made the product available, so a row is mailed exactly once.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { stockAlerts } from '../../db/schema';

export type StockAlertRow = typeof stockAlerts.$inferSelect;
type Q = Db | Tx;

export function createStockAlertsRepo() {
  return {
    async find(q: Q, productId: string, email: string, lock = false): Promise<StockAlertRow | null> {
      const query = q
        .select()
        .from(stockAlerts)
        .where(and(eq(stockAlerts.productId, productId), eq(stockAlerts.email, email)))
        .limit(1);
      const [row] = await (lock ? query.for('update') : query);
      return row ?? null;
    },

    /**
     * Makes the row for (product, address) what `values` say, creating it when there is none. The
     * unique (product, email) index settles two requests at once: one inserts, the other updates.
     */
    async upsert(
      q: Q,
      key: { productId: string; email: string },
      values: Pick<StockAlertRow, 'status' | 'language' | 'userId' | 'confirmTokenHash' | 'confirmExpiresAt'> & {
        confirmedAt: Date | null;
      },
    ): Promise<StockAlertRow> {
      const [row] = await q
        .insert(stockAlerts)
        .values({ ...key, ...values })
        .onConflictDoUpdate({ target: [stockAlerts.productId, stockAlerts.email], set: values })
        .returning();
      if (!row) throw new Error('upsert returned no row');
      return row;
    },

    /** The pending row whose confirmation token hashes to `hash`, still valid at `now`, locked. */
    async lockByConfirmToken(tx: Tx, hash: string, now: Date): Promise<StockAlertRow | null> {
      const [row] = await tx
        .select()
        .from(stockAlerts)
        .where(and(eq(stockAlerts.confirmTokenHash, hash), gt(stockAlerts.confirmExpiresAt, now)))
        .for('update');
      return row ?? null;
    },

    async findByUnsubscribeToken(q: Q, hash: string): Promise<StockAlertRow | null> {
      const [row] = await q.select().from(stockAlerts).where(eq(stockAlerts.unsubscribeTokenHash, hash)).limit(1);
      return row ?? null;
    },

    async setStatus(
      q: Q,
      id: string,
      values: Partial<Pick<StockAlertRow, 'status' | 'confirmedAt' | 'notifiedAt' | 'unsubscribeTokenHash'>>,
    ): Promise<void> {
      await q.update(stockAlerts).set(values).where(eq(stockAlerts.id, id));
    },

    /**
     * The active rows of a product, locked: a second transaction announcing the same product waits,
     * then finds them no longer active (READ COMMITTED re-checks the condition on the new version).
     */
    async lockActive(tx: Tx, productId: string): Promise<StockAlertRow[]> {
      return tx
        .select()
        .from(stockAlerts)
        .where(and(eq(stockAlerts.productId, productId), eq(stockAlerts.status, 'active')))
        .orderBy(stockAlerts.id)
        .for('update');
    },

    /** The address's alerts still waiting (pending or active), newest first. */
    async open(q: Q, email: string): Promise<StockAlertRow[]> {
      return q
        .select()
        .from(stockAlerts)
        .where(and(eq(stockAlerts.email, email), inArray(stockAlerts.status, ['pending', 'active'])))
        .orderBy(sql`${stockAlerts.createdAt} desc`);
    },

    /** Cancels the address's waiting alerts (all of them, or one product's); returns how many. */
    async cancel(q: Q, email: string, productId?: string): Promise<number> {
      const rows = await q
        .update(stockAlerts)
        .set({ status: 'cancelled', confirmTokenHash: null, confirmExpiresAt: null })
        .where(
          and(
            eq(stockAlerts.email, email),
            inArray(stockAlerts.status, ['pending', 'active']),
            productId ? eq(stockAlerts.productId, productId) : undefined,
          ),
        )
        .returning({ id: stockAlerts.id });
      return rows.length;
    },
  };
}
export type StockAlertsRepo = ReturnType<typeof createStockAlertsRepo>;
