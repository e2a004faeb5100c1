/** The queries of custom order requests (table custom_requests). */
import { type AdminCustomRequestsQuery, OPEN_CUSTOM_REQUEST_STATUSES } from '@atelier/shared';
import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customRequests, portfolioItems, users } from '../../db/schema';

export type CustomRequestRow = typeof customRequests.$inferSelect;
export type NewCustomRequestRow = typeof customRequests.$inferInsert;
type Q = Db | Tx;

/** A request with what its views show beside it: the portfolio piece and (admin) the customer. */
export interface CustomRequestView {
  request: CustomRequestRow;
  portfolioTitle: Record<string, string> | null;
  customerName: string | null;
  customerEmail: string | null;
}

const viewColumns = {
  request: customRequests,
  portfolioTitle: portfolioItems.title,
  customerName: users.name,
  customerEmail: users.email,
};

function viewQuery(q: Q) {
  return q
    .select(viewColumns)
    .from(customRequests)
    .leftJoin(portfolioItems, eq(portfolioItems.id, customRequests.portfolioItemId))
    .leftJoin(users, eq(users.id, customRequests.userId));
}

export const customOrdersRepo = {
  async insert(q: Q, values: NewCustomRequestRow): Promise<CustomRequestRow> {
    const [row] = await q.insert(customRequests).values(values).returning();
    return row!;
  },

  async find(q: Q, id: string, options: { lock?: boolean } = {}): Promise<CustomRequestRow | null> {
    const query = q.select().from(customRequests).where(eq(customRequests.id, id)).limit(1);
    const [row] = await (options.lock ? query.for('update') : query);
    return row ?? null;
  },

  async view(q: Q, id: string): Promise<CustomRequestView | null> {
    const [row] = await viewQuery(q).where(eq(customRequests.id, id)).limit(1);
    return (row as CustomRequestView | undefined) ?? null;
  },

  /** The request paid by `orderId` (its deposit or its balance), locked for the transaction. */
  async byOrder(tx: Tx, orderId: string): Promise<CustomRequestRow | null> {
    const [row] = await tx
      .select()
      .from(customRequests)
      .where(or(eq(customRequests.depositOrderId, orderId), eq(customRequests.balanceOrderId, orderId)))
      .limit(1)
      .for('update');
    return row ?? null;
  },

  async update(q: Q, id: string, patch: Partial<NewCustomRequestRow>): Promise<CustomRequestRow> {
    const [row] = await q
      .update(customRequests)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(customRequests.id, id))
      .returning();
    return row!;
  },

  /** Takes the customer's row lock, so two requests sent at once are counted one after the other. */
  async lockUser(tx: Tx, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  },

  async openCount(q: Q, userId: string): Promise<number> {
    const [row] = await q
      .select({ n: count() })
      .from(customRequests)
      .where(and(eq(customRequests.userId, userId), inArray(customRequests.status, [...OPEN_CUSTOM_REQUEST_STATUSES])));
    return row?.n ?? 0;
  },

  async portfolioItemExists(q: Q, id: string): Promise<boolean> {
    const [row] = await q.select({ id: portfolioItems.id }).from(portfolioItems).where(eq(portfolioItems.id, id));
    return row !== undefined;
  },

  async listForUser(q: Q, userId: string): Promise<CustomRequestView[]> {
    return (await viewQuery(q)
      .where(eq(customRequests.userId, userId))
      .orderBy(desc(customRequests.createdAt))
      .limit(100)) as CustomRequestView[];
  },

  async listAdmin(q: Q, query: AdminCustomRequestsQuery): Promise<{ rows: CustomRequestView[]; total: number }> {
    const where: SQL | undefined = query.status ? eq(customRequests.status, query.status) : undefined;
    const rows = (await viewQuery(q)
      .where(where)
      .orderBy(desc(customRequests.createdAt))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)) as CustomRequestView[];
    const [total] = await q.select({ n: count() }).from(customRequests).where(where);
    return { rows, total: total?.n ?? 0 };
  },

  /** The customer's verified address and name, where her mails go; null = send none. */
  async customer(q: Q, userId: string | null): Promise<{ email: string; name: string } | null> {
    if (!userId) return null;
    const [row] = await q
      .select({ email: users.email, name: users.name, verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    return row?.email && row.verified ? { email: row.email, name: row.name } : null;
  },
};
