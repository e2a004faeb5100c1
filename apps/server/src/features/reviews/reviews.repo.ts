import { and, asc, avg, count, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, reviews } from '../../db/schema';

/** Orders that were paid for: their author counts as a verified buyer. */
export const PAID_ORDER_STATUSES = ['confirmed', 'processing', 'shipped', 'delivered'] as const;

export function createReviewsRepo(db: Db) {
  const approved = eq(reviews.status, 'approved');

  return {
    /** Approved reviews in the admin's order, each with whether its author bought something (one query). */
    async listApproved(page: { offset: number; limit: number }) {
      const verifiedBuyer = sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(orders)
          .where(and(eq(orders.userId, reviews.userId), inArray(orders.status, [...PAID_ORDER_STATUSES]))),
      )}`;
      const [rows, [totals]] = await Promise.all([
        db
          .select({
            id: reviews.id,
            userName: reviews.userName,
            text: reviews.text,
            rating: reviews.rating,
            image: reviews.image,
            status: reviews.status,
            createdAt: reviews.createdAt,
            verifiedBuyer,
          })
          .from(reviews)
          .where(approved)
          .orderBy(asc(reviews.sortOrder), desc(reviews.createdAt), asc(reviews.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(reviews).where(approved),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    /** Average rating and count of approved reviews (for the home page's AggregateRating). */
    async approvedRating(): Promise<{ average: number | null; count: number }> {
      const [row] = await db
        .select({ average: avg(reviews.rating), count: count() })
        .from(reviews)
        .where(approved);
      return { average: row?.average == null ? null : Number(row.average), count: row?.count ?? 0 };
    },
  };
}
export type ReviewsRepo = ReturnType<typeof createReviewsRepo>;
export type ApprovedReviewRow = Awaited<ReturnType<ReviewsRepo['listApproved']>>['rows'][number];
