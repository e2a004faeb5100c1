/** The queries behind CDEK shipments (table cdek_shipments); each runs on the caller's transaction. */
import { and, eq, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { cdekShipments } from '../../db/schema';

type Q = Db | Tx;
export type ShipmentRow = typeof cdekShipments.$inferSelect;
export type ShipmentChanges = Partial<Omit<typeof cdekShipments.$inferInsert, 'id' | 'orderId' | 'createdAt'>>;

export const cdekRepo = {
  async byOrder(q: Q, orderId: string): Promise<ShipmentRow | null> {
    const [row] = await q.select().from(cdekShipments).where(eq(cdekShipments.orderId, orderId));
    return row ?? null;
  },

  async byUuid(q: Q, uuid: string): Promise<ShipmentRow | null> {
    const [row] = await q.select().from(cdekShipments).where(eq(cdekShipments.cdekUuid, uuid));
    return row ?? null;
  },

  /** The order's shipment row, locked until the transaction ends. */
  async lockByOrder(tx: Tx, orderId: string): Promise<ShipmentRow | null> {
    const [row] = await tx.select().from(cdekShipments).where(eq(cdekShipments.orderId, orderId)).for('update');
    return row ?? null;
  },

  async lock(tx: Tx, id: string): Promise<ShipmentRow | null> {
    const [row] = await tx.select().from(cdekShipments).where(eq(cdekShipments.id, id)).for('update');
    return row ?? null;
  },

  /** A first registration of the order; null when it already has a shipment row (a second click). */
  async insertRegistering(tx: Tx, orderId: string): Promise<ShipmentRow | null> {
    const [row] = await tx
      .insert(cdekShipments)
      .values({ orderId, state: 'registering', attempts: 1 })
      .onConflictDoNothing({ target: cdekShipments.orderId })
      .returning();
    return row ?? null;
  },

  async update(q: Q, id: string, changes: ShipmentChanges): Promise<ShipmentRow> {
    const [row] = await q
      .update(cdekShipments)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(cdekShipments.id, id))
      .returning();
    return row!;
  },

  /**
   * Takes the next shipment due for a status check and moves its next check `leaseMs` on, in one
   * short transaction: several instances (and the webhook) never ask CDEK about it at the same
   * moment, and one that stops mid-way leaves it due again after the lease.
   */
  async claimDue(tx: Tx, now: Date, leaseMs: number): Promise<ShipmentRow | null> {
    const [due] = await tx
      .select({ id: cdekShipments.id })
      .from(cdekShipments)
      .where(
        and(
          eq(cdekShipments.state, 'registered'),
          or(isNull(cdekShipments.stage), notInArray(cdekShipments.stage, ['delivered', 'cancelled'])),
          lte(cdekShipments.nextPollAt, now),
        ),
      )
      .orderBy(cdekShipments.nextPollAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [row] = await tx
      .update(cdekShipments)
      .set({ nextPollAt: new Date(now.getTime() + leaseMs) })
      .where(eq(cdekShipments.id, due.id))
      .returning();
    return row ?? null;
  },
};
