import { and, asc, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { lessons, orderItems, orders, promoCodes, purchases, videoProgress } from '../../db/schema';

export type LessonRecord = typeof lessons.$inferSelect;
export type LessonInsert = typeof lessons.$inferInsert;
export type PromoRecord = typeof promoCodes.$inferSelect;

/** Postgres unique violation, as node-postgres and PGlite report it (possibly wrapped by drizzle). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === '23505')
      return constraint === undefined || e.constraint === undefined || e.constraint === constraint;
  }
  return false;
}

/**
 * Lessons as the admin sees them (with unpublished ones and their private file refs), promo codes,
 * and the per-user records of training: purchases and playback positions.
 */
export function createTrainingAdminRepo(db: Db) {
  return {
    // ------------------------------------------------------------ lessons
    listLessons(): Promise<LessonRecord[]> {
      return db.select().from(lessons).orderBy(asc(lessons.number));
    },

    async findLesson(id: string, q: Db | Tx = db): Promise<LessonRecord | null> {
      const [row] = await q.select().from(lessons).where(eq(lessons.id, id)).limit(1);
      return row ?? null;
    },

    async insertLesson(values: LessonInsert): Promise<LessonRecord> {
      const [row] = await db.insert(lessons).values(values).returning();
      return row!;
    },

    async updateLesson(id: string, values: Partial<LessonInsert>): Promise<LessonRecord | null> {
      const [row] = await db
        .update(lessons)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(lessons.id, id))
        .returning();
      return row ?? null;
    },

    async lessonHasOrders(id: string): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(orderItems).where(eq(orderItems.lessonId, id));
      return (row?.n ?? 0) > 0;
    },

    async deleteLesson(id: string): Promise<LessonRecord | null> {
      const [row] = await db.delete(lessons).where(eq(lessons.id, id)).returning();
      return row ?? null;
    },

    // ------------------------------------------------------------ promo codes
    listPromoCodes(): Promise<PromoRecord[]> {
      return db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt));
    },

    async findPromoById(id: string): Promise<PromoRecord | null> {
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).limit(1);
      return row ?? null;
    },

    /** Codes are stored upper-case, so an upper-cased lookup is the case-insensitive match. */
    async findPromoByCode(code: string, q: Db | Tx = db): Promise<PromoRecord | null> {
      const [row] = await q.select().from(promoCodes).where(eq(promoCodes.code, code.trim().toUpperCase())).limit(1);
      return row ?? null;
    },

    async insertPromo(values: typeof promoCodes.$inferInsert): Promise<PromoRecord> {
      const [row] = await db.insert(promoCodes).values(values).returning();
      return row!;
    },

    async updatePromo(id: string, values: Partial<typeof promoCodes.$inferInsert>): Promise<PromoRecord | null> {
      const [row] = await db.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning();
      return row ?? null;
    },

    async deletePromo(id: string): Promise<boolean> {
      const rows = await db.delete(promoCodes).where(eq(promoCodes.id, id)).returning({ id: promoCodes.id });
      return rows.length > 0;
    },

    /**
     * Takes one use of a code atomically: the row lock of the UPDATE makes concurrent redemptions
     * queue, and each re-checks `used_count < max_uses` after the previous one committed, so a
     * single-use code is redeemed exactly once however many buyers race for it.
     */
    async redeemPromo(tx: Tx, id: string): Promise<boolean> {
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
    async releasePromoOfOrder(tx: Tx, orderId: string): Promise<void> {
      const [order] = await tx
        .select({ promoCodeId: orders.promoCodeId })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1);
      if (!order?.promoCodeId) return;
      await tx
        .update(promoCodes)
        .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
        .where(eq(promoCodes.id, order.promoCodeId));
    },

    // ------------------------------------------------------------ purchases
    /** Whether the user owns the lesson itself or the course it belongs to. */
    async owns(userId: string, lesson: Pick<LessonRecord, 'id' | 'courseId'>, q: Db | Tx = db): Promise<boolean> {
      const owned = lesson.courseId
        ? or(eq(purchases.lessonId, lesson.id), eq(purchases.courseId, lesson.courseId))
        : eq(purchases.lessonId, lesson.id);
      const [row] = await q
        .select({ one: sql`1` })
        .from(purchases)
        .where(and(eq(purchases.userId, userId), owned))
        .limit(1);
      return row !== undefined;
    },

    /** Grants lessons/courses of a confirmed order; a repeat grant is a no-op. */
    async grant(
      tx: Tx,
      rows: {
        userId: string;
        lessonId: string | null;
        courseId: string | null;
        orderId: string;
        pricePaidRub: number;
      }[],
    ): Promise<void> {
      for (const row of rows) {
        await tx.insert(purchases).values(row).onConflictDoNothing();
      }
    },

    /** Purchases granted by an order that was cancelled afterwards. */
    async revokeOrder(tx: Tx, orderId: string): Promise<void> {
      await tx.delete(purchases).where(eq(purchases.orderId, orderId));
    },

    listPurchases(userId: string) {
      return db
        .select({
          id: purchases.id,
          lessonId: purchases.lessonId,
          courseId: purchases.courseId,
          orderId: purchases.orderId,
          pricePaidRub: purchases.pricePaidRub,
          createdAt: purchases.createdAt,
        })
        .from(purchases)
        .where(eq(purchases.userId, userId))
        .orderBy(desc(purchases.createdAt));
    },

    // ------------------------------------------------------------ playback
    async position(userId: string, lessonId: string): Promise<number> {
      const [row] = await db
        .select({ p: videoProgress.positionSeconds })
        .from(videoProgress)
        .where(and(eq(videoProgress.userId, userId), eq(videoProgress.lessonId, lessonId)))
        .limit(1);
      return row?.p ?? 0;
    },

    async savePosition(userId: string, lessonId: string, positionSeconds: number): Promise<void> {
      await db
        .insert(videoProgress)
        .values({ userId, lessonId, positionSeconds })
        .onConflictDoUpdate({
          target: [videoProgress.userId, videoProgress.lessonId],
          set: { positionSeconds, updatedAt: new Date() },
        });
    },
  };
}
export type TrainingAdminRepo = ReturnType<typeof createTrainingAdminRepo>;
