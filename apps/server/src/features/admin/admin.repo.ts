import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lessons, orders, portfolioItems, products, reviews, users } from '../../db/schema';

const PAID = ['confirmed', 'processing', 'shipped', 'delivered'] as const;

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Read-only counters over several features' tables for the dashboard, and the users list. Raw
 * counts only: no feature's rules live here.
 */
export function createAdminRepo(db: Db) {
  const total = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  return {
    async stats() {
      const [ordersCount, pendingOrders, revenue, usersCount, productsCount, lessonsCount, pendingReviews, portfolio] =
        await Promise.all([
          total(db.select({ n: count() }).from(orders)),
          total(db.select({ n: count() }).from(orders).where(eq(orders.status, 'pending'))),
          db
            .select({ kopecks: sum(orders.totalRub) })
            .from(orders)
            .where(inArray(orders.status, [...PAID])),
          total(db.select({ n: count() }).from(users).where(isNull(users.deletedAt))),
          total(db.select({ n: count() }).from(products).where(isNull(products.archivedAt))),
          total(db.select({ n: count() }).from(lessons)),
          total(db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'pending'))),
          total(db.select({ n: count() }).from(portfolioItems)),
        ]);
      return {
        orders: ordersCount,
        pendingOrders,
        revenueKopecks: Number(revenue[0]?.kopecks ?? 0),
        users: usersCount,
        products: productsCount,
        lessons: lessonsCount,
        pendingReviews,
        portfolio,
      };
    },

    /** Accounts (not deleted), newest first, with how many orders each placed. */
    async users(search: string | undefined, page: { offset: number; limit: number }) {
      const filters: SQL[] = [isNull(users.deletedAt)];
      if (search) {
        const pattern = likePattern(search);
        filters.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
      }
      const where = and(...filters);
      // Qualified by hand: inside a sql`` fragment drizzle writes bare column names, and a bare "id"
      // in the subquery would mean orders.id.
      const orderCount = sql<number>`(select count(*)::int from "orders" where "orders"."user_id" = "users"."id")`;
      const [rows, [totals]] = await Promise.all([
        db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            phone: users.phone,
            role: users.role,
            emailVerifiedAt: users.emailVerifiedAt,
            createdAt: users.createdAt,
            orders: orderCount,
          })
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), users.id)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },
  };
}
export type AdminRepo = ReturnType<typeof createAdminRepo>;
