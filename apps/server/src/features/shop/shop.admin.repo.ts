import type { AdminArchiveFilter, Availability, ShopSort } from '@atelier/shared';
import { and, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderItems, products, removedProducts } from '../../db/schema';
import { filterConditions, ORDER_BY, type ProductFilter } from './shop.repo';

export type ProductRecord = typeof products.$inferSelect;
export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'archivedAt'>;
export type AdminProductRow = ProductRecord & { orderCount: number };

export interface AdminProductFilter extends ProductFilter {
  archived: AdminArchiveFilter;
  availability?: Availability;
}

// Column names spelled out: inside a select drizzle renders a column unqualified, and a bare
// "id" here would mean order_items.id.
const orderCountSql =
  sql<number>`(select count(*) from "order_items" where "order_items"."product_id" = "products"."id")`
    .mapWith(Number)
    .as('order_count');

function adminWhere(filter: AdminProductFilter): SQL | undefined {
  const conditions = filterConditions(filter);
  if (filter.archived === 'active') conditions.push(isNull(products.archivedAt));
  if (filter.archived === 'archived') conditions.push(isNotNull(products.archivedAt));
  if (filter.availability) conditions.push(eq(products.availability, filter.availability));
  return and(...conditions);
}

/**
 * An order line references the product (written meanwhile): order_items.product_id is ON DELETE
 * RESTRICT, which PostgreSQL reports as restrict_violation (23001), or foreign_key_violation (23503).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '23001' || code === '23503') return true;
  }
  return false;
}

/** The admin side of the catalogue: every column (digital file, archive state) and writes. */
export function createShopAdminRepo(db: Db) {
  return {
    async list(
      filter: AdminProductFilter,
      sort: ShopSort,
      page: { offset: number; limit: number },
    ): Promise<{ rows: AdminProductRow[]; total: number }> {
      const where = adminWhere(filter);
      const [rows, [totals]] = await Promise.all([
        db
          .select({ product: products, orderCount: orderCountSql })
          .from(products)
          .where(where)
          .orderBy(...ORDER_BY[sort])
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(products).where(where),
      ]);
      return { rows: rows.map((r) => ({ ...r.product, orderCount: r.orderCount })), total: totals?.total ?? 0 };
    },

    async find(id: string): Promise<AdminProductRow | null> {
      const [row] = await db
        .select({ product: products, orderCount: orderCountSql })
        .from(products)
        .where(eq(products.id, id))
        .limit(1);
      return row ? { ...row.product, orderCount: row.orderCount } : null;
    },

    async insert(values: ProductValues): Promise<ProductRecord> {
      const [row] = await db.insert(products).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /**
     * Runs `change` on the row locked for update, and writes what it returns, in one transaction:
     * two admins editing the images of one product cannot lose each other's change. `written` runs
     * in the same transaction after the write (the row still locked), with the row before and after.
     * Returns null when the product does not exist.
     */
    async updateLocked<T>(
      id: string,
      change: (row: ProductRecord) => Promise<{ values: Partial<ProductValues>; result: T }>,
      written?: (tx: Tx, before: ProductRecord, row: ProductRecord) => Promise<void>,
    ): Promise<{ row: ProductRecord; before: ProductRecord; result: T } | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!before) return null;
        const { values, result } = await change(before);
        const [row] = await tx
          .update(products)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(products.id, id))
          .returning();
        if (!row) throw new Error('update returned no row');
        await written?.(tx, before, row);
        return { row, before, result };
      });
    },

    async orderCount(id: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(orderItems).where(eq(orderItems.productId, id));
      return row?.n ?? 0;
    },

    async archive(id: string): Promise<void> {
      await db
        .update(products)
        .set({ archivedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(products.id, id), isNull(products.archivedAt)));
    },

    /**
     * Deletes the row and leaves its tombstone (name, category) in the same transaction, so its old
     * links answer "removed"; the caller archives instead when order lines reference it.
     */
    async delete(id: string): Promise<ProductRecord | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(products).where(eq(products.id, id)).returning();
        if (!row) return null;
        await tx
          .insert(removedProducts)
          .values({ id: row.id, name: row.name, category: row.category })
          .onConflictDoNothing();
        return row;
      });
    },
  };
}
export type ShopAdminRepo = ReturnType<typeof createShopAdminRepo>;
