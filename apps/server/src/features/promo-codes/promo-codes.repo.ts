import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { promoCodes } from '../../db/schema';

export type PromoRecord = typeof promoCodes.$inferSelect;
export type PromoInsert = typeof promoCodes.$inferInsert;

/** The promo_codes table: the admin's list, the lookup by code, and the use counter. */
export function createPromoCodesRepo(db: Db) {
  return {
    list(): Promise<PromoRecord[]> {
      return db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt));
    },

    /** Codes are stored upper-case, so an upper-cased lookup is the case-insensitive match. */
    async findByCode(code: string, q: Db | Tx = db): Promise<PromoRecord | null> {
      const [row] = await q.select().from(promoCodes).where(eq(promoCodes.code, code.trim().toUpperCase())).limit(1);
      return row ?? null;
    },

    async insert(values: PromoInsert): Promise<PromoRecord> {
      const [row] = await db.insert(promoCodes).values(values).returning();
      return row!;
    },

    async update(id: string, values: Partial<PromoInsert>): Promise<PromoRecord | null> {
      const [row] = await db.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning();
      return row ?? null;
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(promoCodes).where(eq(promoCodes.id, id)).returning({ id: promoCodes.id });
      return rows.length > 0;
    },

    /**
     * Takes one use of a code atomically: the row lock of the UPDATE makes concurrent redemptions
     * queue, and each re-checks `used_count < max_uses` after the previous one committed, so a
     * single-use code is redeemed exactly once however many buyers race for it.
     */
    async takeUse(tx: Tx, id: string): Promise<boolean> {
      const rows = await tx
        .update(promoCodes)
        .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
        .where(
          and(
            eq(promoCodes.id, id),
            eq(promoCodes.active, true),
            or(isNull(promoCodes.maxUses), lt(promoCodes.usedCount, promoCodes.maxUses)),
            or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, sql`now()`)),
          ),
        )
        .returning({ id: promoCodes.id });
      return rows.length === 1;
    },

    /** Gives a use back (the order it was taken for was cancelled). */
    async giveUseBack(tx: Tx, id: string): Promise<void> {
      await tx
        .update(promoCodes)
        .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
        .where(eq(promoCodes.id, id));
    },
  };
}
export type PromoCodesRepo = ReturnType<typeof createPromoCodesRepo>;
