/**
 * The queries of gift certificates (tables gift_certificates, gift_certificate_movements,
 * gift_certificate_settings). A balance changes only through `move`, which writes the movement in
 * the same statement's transaction and refuses to go below zero.
 */
import type { AdminGiftCertificatesQuery, GiftCertificateSettings } from '@atelier/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { giftCertificateMovements, giftCertificateSettings, giftCertificates, orders, users } from '../../db/schema';
import { escapeLike } from '../../platform/sql-text';

export type GiftCertificateRow = typeof giftCertificates.$inferSelect;
export type NewGiftCertificateRow = typeof giftCertificates.$inferInsert;
export type MovementRow = typeof giftCertificateMovements.$inferSelect;
type Q = Db | Tx;

export const giftCertificatesRepo = {
  async insert(q: Q, values: NewGiftCertificateRow): Promise<GiftCertificateRow> {
    const [row] = await q.insert(giftCertificates).values(values).returning();
    return row!;
  },

  async find(q: Q, id: string, options: { lock?: boolean } = {}): Promise<GiftCertificateRow | null> {
    const query = q.select().from(giftCertificates).where(eq(giftCertificates.id, id)).limit(1);
    const [row] = await (options.lock ? query.for('update') : query);
    return row ?? null;
  },

  /** By normalised code; `lock` takes the row for the rest of the transaction. */
  async findByCode(q: Q, code: string, options: { lock?: boolean } = {}): Promise<GiftCertificateRow | null> {
    const query = q.select().from(giftCertificates).where(eq(giftCertificates.code, code)).limit(1);
    const [row] = await (options.lock ? query.for('update') : query);
    return row ?? null;
  },

  async byPurchaseOrder(q: Q, orderId: string, options: { lock?: boolean } = {}): Promise<GiftCertificateRow[]> {
    const query = q.select().from(giftCertificates).where(eq(giftCertificates.purchaseOrderId, orderId));
    return options.lock ? query.for('update') : query;
  },

  async update(q: Q, id: string, patch: Partial<NewGiftCertificateRow>): Promise<GiftCertificateRow> {
    const [row] = await q
      .update(giftCertificates)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(giftCertificates.id, id))
      .returning();
    return row!;
  },

  /**
   * Moves the balance by `amountMinor` (signed) and records the movement. A spend that the balance
   * does not cover matches no row (the `balance >= amount` condition), so it returns null and
   * nothing is written: the caller refuses it.
   */
  async move(
    tx: Tx,
    movement: {
      certificateId: string;
      kind: MovementRow['kind'];
      amountMinor: number;
      orderId?: string | null;
      actorUserId?: string | null;
      note?: string | null;
    },
  ): Promise<number | null> {
    const [row] = await tx
      .update(giftCertificates)
      .set({ balanceMinor: sql`${giftCertificates.balanceMinor} + ${movement.amountMinor}`, updatedAt: new Date() })
      .where(
        and(
          eq(giftCertificates.id, movement.certificateId),
          movement.amountMinor < 0 ? sql`${giftCertificates.balanceMinor} >= ${-movement.amountMinor}` : undefined,
        ),
      )
      .returning({ balance: giftCertificates.balanceMinor });
    if (!row) return null;
    await tx.insert(giftCertificateMovements).values({
      certificateId: movement.certificateId,
      kind: movement.kind,
      amountMinor: movement.amountMinor,
      balanceAfterMinor: row.balance,
      orderId: movement.orderId ?? null,
      actorUserId: movement.actorUserId ?? null,
      note: movement.note ?? null,
      createdAt: sql`clock_timestamp()`,
    });
    return row.balance;
  },

  /** Per certificate, what `orderId` spent of it and has not had back (redeemed − refunded), when positive. */
  async spentByOrder(q: Q, orderId: string): Promise<{ certificateId: string; spentMinor: number }[]> {
    const rows = await q
      .select({
        certificateId: giftCertificateMovements.certificateId,
        net: sql<string>`sum(${giftCertificateMovements.amountMinor})`,
      })
      .from(giftCertificateMovements)
      .where(
        and(
          eq(giftCertificateMovements.orderId, orderId),
          inArray(giftCertificateMovements.kind, ['redeem', 'refund']),
        ),
      )
      .groupBy(giftCertificateMovements.certificateId)
      .orderBy(asc(giftCertificateMovements.certificateId));
    return rows
      .map((row) => ({ certificateId: row.certificateId, spentMinor: -Number(row.net) }))
      .filter((row) => row.spentMinor > 0);
  },

  /** The certificates whose balance paid part of `orderId`, with the orders that sold them. */
  async purchaseOrdersOfSpent(q: Q, orderId: string): Promise<(string | null)[]> {
    const rows = await q
      .selectDistinct({ purchaseOrderId: giftCertificates.purchaseOrderId })
      .from(giftCertificateMovements)
      .innerJoin(giftCertificates, eq(giftCertificates.id, giftCertificateMovements.certificateId))
      .where(and(eq(giftCertificateMovements.orderId, orderId), eq(giftCertificateMovements.kind, 'redeem')));
    return rows.map((row) => row.purchaseOrderId);
  },

  async movements(q: Q, certificateId: string) {
    return q
      .select({
        movement: giftCertificateMovements,
        orderNumber: orders.number,
        actorName: users.name,
      })
      .from(giftCertificateMovements)
      .leftJoin(orders, eq(orders.id, giftCertificateMovements.orderId))
      .leftJoin(users, eq(users.id, giftCertificateMovements.actorUserId))
      .where(eq(giftCertificateMovements.certificateId, certificateId))
      .orderBy(asc(giftCertificateMovements.createdAt), asc(giftCertificateMovements.id));
  },

  /** One certificate due for its mail at `now` (active, not mailed yet), locked; SKIP LOCKED across instances. */
  async claimDue(tx: Tx, now: Date, skip: string[]): Promise<GiftCertificateRow | null> {
    const [row] = await tx
      .select()
      .from(giftCertificates)
      .where(
        and(
          eq(giftCertificates.status, 'active'),
          isNull(giftCertificates.deliveredAt),
          isNotNull(giftCertificates.recipientEmail),
          lte(giftCertificates.deliverAt, now),
          skip.length > 0 ? notInArray(giftCertificates.id, skip) : undefined,
        ),
      )
      .orderBy(asc(giftCertificates.deliverAt))
      .limit(1)
      .for('update', { skipLocked: true });
    return row ?? null;
  },

  async listForBuyer(q: Q, userId: string) {
    return q
      .select({ certificate: giftCertificates, orderNumber: orders.number })
      .from(giftCertificates)
      .leftJoin(orders, eq(orders.id, giftCertificates.purchaseOrderId))
      .where(eq(giftCertificates.buyerUserId, userId))
      .orderBy(desc(giftCertificates.createdAt))
      .limit(100);
  },

  async listAdmin(q: Q, query: AdminGiftCertificatesQuery, normalizedCode: string | null) {
    const conditions: (SQL | undefined)[] = [];
    if (query.status) conditions.push(eq(giftCertificates.status, query.status));
    if (query.search) {
      const pattern = `%${escapeLike(query.search)}%`;
      conditions.push(
        or(
          normalizedCode ? ilike(giftCertificates.code, `%${escapeLike(normalizedCode)}%`) : undefined,
          ilike(giftCertificates.recipientEmail, pattern),
          ilike(giftCertificates.recipientName, pattern),
          ilike(users.email, pattern),
          /^\d{1,9}$/.test(query.search) ? eq(orders.number, Number(query.search)) : undefined,
        ),
      );
    }
    const where = and(...conditions);
    const base = () =>
      q
        .select({
          certificate: giftCertificates,
          orderNumber: orders.number,
          buyerName: users.name,
          buyerEmail: users.email,
        })
        .from(giftCertificates)
        .leftJoin(orders, eq(orders.id, giftCertificates.purchaseOrderId))
        .leftJoin(users, eq(users.id, giftCertificates.buyerUserId));
    const [rows, [totals]] = await Promise.all([
      base()
        .where(where)
        .orderBy(desc(giftCertificates.createdAt), desc(giftCertificates.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      q
        .select({ total: count() })
        .from(giftCertificates)
        .leftJoin(orders, eq(orders.id, giftCertificates.purchaseOrderId))
        .leftJoin(users, eq(users.id, giftCertificates.buyerUserId))
        .where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  },

  async findAdmin(q: Q, id: string) {
    const [row] = await q
      .select({
        certificate: giftCertificates,
        orderNumber: orders.number,
        buyerName: users.name,
        buyerEmail: users.email,
      })
      .from(giftCertificates)
      .leftJoin(orders, eq(orders.id, giftCertificates.purchaseOrderId))
      .leftJoin(users, eq(users.id, giftCertificates.buyerUserId))
      .where(eq(giftCertificates.id, id))
      .limit(1);
    return row ?? null;
  },

  async settings(q: Q): Promise<GiftCertificateSettings | null> {
    const [row] = await q.select().from(giftCertificateSettings).where(eq(giftCertificateSettings.id, 1));
    return row?.settings ?? null;
  },

  async saveSettings(q: Q, settings: GiftCertificateSettings): Promise<void> {
    await q
      .insert(giftCertificateSettings)
      .values({ id: 1, settings })
      .onConflictDoUpdate({ target: giftCertificateSettings.id, set: { settings, updatedAt: new Date() } });
  },
};
