import type { AdminOrdersQuery, OrderStatus, PaymentState } from '@atelier/shared';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderItems, orderStatusEvents, orders, users } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;
export interface StatusEventRow {
  fromStatus: string | null;
  toStatus: string;
  createdAt: Date;
  note: string | null;
  actorId: string | null;
  actorName: string | null;
  actorRole: 'admin' | 'user' | null;
}

type Q = Db | Tx;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Orders and their lines, status history and payment state; every function runs on `q`. */
export const ordersRepo = {
  async insert(q: Q, order: NewOrder, items: NewOrderItem[]): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
    const [row] = await q.insert(orders).values(order).returning();
    const inserted = await q
      .insert(orderItems)
      .values(items.map((item) => ({ ...item, orderId: row!.id })))
      .returning();
    return { order: row!, items: inserted };
  },

  async find(q: Q, id: string): Promise<OrderRow | null> {
    const [row] = await q.select().from(orders).where(eq(orders.id, id)).limit(1);
    return row ?? null;
  },

  /** The row locked for the rest of the transaction (status changes serialise on it). */
  async lock(q: Q, id: string): Promise<OrderRow | null> {
    const [row] = await q.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
    return row ?? null;
  },

  async setStatus(q: Q, id: string, status: OrderStatus, paymentState?: PaymentState): Promise<OrderRow> {
    const [row] = await q
      .update(orders)
      .set({ status, updatedAt: new Date(), ...(paymentState ? { paymentState } : {}) })
      .where(eq(orders.id, id))
      .returning();
    return row!;
  },

  async setPaymentState(q: Q, id: string, paymentState: PaymentState): Promise<boolean> {
    const rows = await q
      .update(orders)
      .set({ paymentState, updatedAt: new Date() })
      .where(eq(orders.id, id))
      .returning({ id: orders.id });
    return rows.length > 0;
  },

  async addEvent(
    q: Q,
    event: {
      orderId: string;
      from: OrderStatus | null;
      to: OrderStatus;
      actorUserId: string | null;
      note?: string | null;
    },
  ): Promise<void> {
    await q.insert(orderStatusEvents).values({
      orderId: event.orderId,
      fromStatus: event.from,
      toStatus: event.to,
      actorUserId: event.actorUserId,
      note: event.note ?? null,
      // The wall clock, not the transaction start (now()): two changes in one transaction, such
      // as pending → confirmed of a zero total, keep their order in the history.
      createdAt: sql`clock_timestamp()`,
    });
  },

  async items(q: Q, orderIds: string[]): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return [];
    return q.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
  },

  async history(q: Q, orderId: string): Promise<StatusEventRow[]> {
    return q
      .select({
        fromStatus: orderStatusEvents.fromStatus,
        toStatus: orderStatusEvents.toStatus,
        createdAt: orderStatusEvents.createdAt,
        note: orderStatusEvents.note,
        actorId: users.id,
        actorName: users.name,
        actorRole: users.role,
      })
      .from(orderStatusEvents)
      .leftJoin(users, eq(users.id, orderStatusEvents.actorUserId))
      .where(eq(orderStatusEvents.orderId, orderId))
      .orderBy(asc(orderStatusEvents.createdAt), asc(orderStatusEvents.id));
  },

  async listForUser(
    q: Q,
    userId: string,
    page: { offset: number; limit: number },
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const where = eq(orders.userId, userId);
    const [rows, [totals]] = await Promise.all([
      q
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.number))
        .limit(page.limit)
        .offset(page.offset),
      q.select({ total: count() }).from(orders).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  },

  async listAdmin(q: Q, query: AdminOrdersQuery): Promise<{ rows: OrderRow[]; total: number }> {
    const conditions: (SQL | undefined)[] = [];
    if (query.status) conditions.push(eq(orders.status, query.status));
    if (query.from) conditions.push(gte(orders.createdAt, new Date(`${query.from}T00:00:00.000Z`)));
    if (query.to) {
      const end = new Date(`${query.to}T00:00:00.000Z`);
      end.setUTCDate(end.getUTCDate() + 1);
      conditions.push(lt(orders.createdAt, end));
    }
    if (query.search) {
      const text = query.search.replace(/^#/, '');
      const pattern = `%${escapeLike(text)}%`;
      conditions.push(
        or(
          /^\d{1,9}$/.test(text) ? eq(orders.number, Number(text)) : undefined,
          ilike(sql`${orders.customer}->>'email'`, pattern),
          ilike(sql`(${orders.customer}->>'firstName') || ' ' || (${orders.customer}->>'lastName')`, pattern),
          ilike(sql`${orders.customer}->>'phone'`, pattern),
        ),
      );
    }
    const where = and(...conditions);
    const [rows, [totals]] = await Promise.all([
      q
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.number))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      q.select({ total: count() }).from(orders).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  },
};
