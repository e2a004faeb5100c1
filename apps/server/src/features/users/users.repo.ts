import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { carts, emailTokens, lessons, orderItems, orders, purchases, reviews, users } from '../../db/schema';

export function createUsersRepo(db: Db | Tx) {
  return {
    async findByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return row ?? null;
    },
    async insert(values: typeof users.$inferInsert) {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(id: string, values: Partial<typeof users.$inferInsert>) {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },

    /** Everything the export contains, read in one snapshot-free pass (the user's own rows only). */
    async exportData(userId: string) {
      const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
      const items =
        orderRows.length === 0
          ? []
          : await db
              .select()
              .from(orderItems)
              .where(
                inArray(
                  orderItems.orderId,
                  orderRows.map((o) => o.id),
                ),
              );
      const purchaseRows = await db
        .select({
          lessonId: purchases.lessonId,
          courseId: purchases.courseId,
          orderId: purchases.orderId,
          pricePaidRub: purchases.pricePaidRub,
          createdAt: purchases.createdAt,
          lessonNumber: lessons.number,
          lessonTitle: lessons.title,
        })
        .from(purchases)
        .leftJoin(lessons, eq(lessons.id, purchases.lessonId))
        .where(eq(purchases.userId, userId))
        .orderBy(asc(purchases.createdAt));
      const reviewRows = await db
        .select({
          id: reviews.id,
          userName: reviews.userName,
          text: reviews.text,
          rating: reviews.rating,
          status: reviews.status,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .where(eq(reviews.userId, userId))
        .orderBy(asc(reviews.createdAt));
      const [cart] = await db.select({ items: carts.items }).from(carts).where(eq(carts.userId, userId));
      return { orderRows, items, purchaseRows, reviewRows, cartItems: cart?.items ?? [] };
    },

    /**
     * Account deletion (docs/decisions/0008): the row stays so orders and reviews keep their link,
     * but everything that identifies the person is removed; the cart and pending mails' tokens go.
     */
    async anonymise(userId: string) {
      await db
        .update(users)
        .set({
          email: null,
          name: 'Deleted user',
          firstName: null,
          lastName: null,
          phone: null,
          passwordHash: null,
          emailVerifiedAt: null,
          deletedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
      await db.delete(carts).where(eq(carts.userId, userId));
      await db.delete(emailTokens).where(eq(emailTokens.userId, userId));
    },
    /** Drops every emailed code and link of a user (they were issued to someone else's request). */
    async dropEmailTokens(userId: string) {
      await db.delete(emailTokens).where(eq(emailTokens.userId, userId));
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
