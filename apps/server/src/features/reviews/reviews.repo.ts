import type { Image, ReviewStatus } from '@atelier/shared';
import { and, asc, avg, count, desc, eq, exists, inArray, min, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orders, reviews, users } from '../../db/schema';

/** Orders that were paid for: their author counts as a verified buyer. */
export const PAID_ORDER_STATUSES = ['confirmed', 'processing', 'shipped', 'delivered'] as const;

/** `%` and `_` typed by the admin are literal characters, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createReviewsRepo(db: Db | Tx) {
  const approved = eq(reviews.status, 'approved');
  // A read-only look at the orders table: does the author have a paid order? (one subquery per row)
  const verifiedBuyer = sql<boolean>`${exists(
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(and(eq(orders.userId, reviews.userId), inArray(orders.status, [...PAID_ORDER_STATUSES]))),
  )}`;
  const reviewColumns = {
    id: reviews.id,
    userName: reviews.userName,
    text: reviews.text,
    rating: reviews.rating,
    image: reviews.image,
    status: reviews.status,
    createdAt: reviews.createdAt,
    verifiedBuyer,
  };
  // The admin's order: position, then the newer review first; id keeps pages stable.
  const adminOrder = [asc(reviews.sortOrder), desc(reviews.createdAt), asc(reviews.id)];

  return {
    /** Approved reviews in the admin's order, each with whether its author bought something (one query). */
    async listApproved(page: { offset: number; limit: number }) {
      const [rows, [totals]] = await Promise.all([
        db
          .select(reviewColumns)
          .from(reviews)
          .where(approved)
          .orderBy(...adminOrder)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(reviews).where(approved),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    /** The user's own reviews, newest first (their pending ones are shown only to them). */
    async listOwn(userId: string) {
      return db
        .select(reviewColumns)
        .from(reviews)
        .where(eq(reviews.userId, userId))
        .orderBy(desc(reviews.createdAt), asc(reviews.id))
        .limit(50);
    },

    async listForAdmin(filter: { status?: ReviewStatus; search?: string }, page: { offset: number; limit: number }) {
      const filters: SQL[] = [];
      if (filter.status) filters.push(eq(reviews.status, filter.status));
      if (filter.search) {
        const pattern = likePattern(filter.search);
        filters.push(
          sql`(${reviews.text} ilike ${pattern} or ${reviews.userName} ilike ${pattern} or ${users.email} ilike ${pattern})`,
        );
      }
      const where = filters.length > 0 ? and(...filters) : undefined;
      const [rows, [totals]] = await Promise.all([
        db
          .select({ ...reviewColumns, userEmail: users.email, moderatedAt: reviews.moderatedAt })
          .from(reviews)
          .leftJoin(users, eq(users.id, reviews.userId))
          .where(where)
          .orderBy(...adminOrder)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(reviews).leftJoin(users, eq(users.id, reviews.userId)).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    async findById(id: string) {
      const [row] = await db
        .select({ ...reviewColumns, userEmail: users.email, moderatedAt: reviews.moderatedAt })
        .from(reviews)
        .leftJoin(users, eq(users.id, reviews.userId))
        .where(eq(reviews.id, id))
        .limit(1);
      return row ?? null;
    },

    async insert(values: { userId: string; userName: string; text: string; rating: number; image: Image | null }) {
      const [row] = await db
        .insert(reviews)
        .values({ ...values, status: 'pending' })
        .returning({ id: reviews.id });
      return row!.id;
    },

    /** How many of the user's reviews wait for moderation. */
    async countPending(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(reviews)
        .where(and(eq(reviews.userId, userId), eq(reviews.status, 'pending')));
      return row?.n ?? 0;
    },

    /** Locks the author's row: concurrent posts of one author are counted one after the other. */
    async lockAuthor(userId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    /** The position before every approved review (a newly approved review shows first). */
    async topPosition(): Promise<number> {
      const [row] = await db
        .select({ first: min(reviews.sortOrder) })
        .from(reviews)
        .where(approved);
      return (row?.first ?? 1) - 1;
    },

    async setStatus(id: string, status: ReviewStatus, sortOrder?: number): Promise<boolean> {
      const rows = await db
        .update(reviews)
        .set({ status, moderatedAt: new Date(), ...(sortOrder === undefined ? {} : { sortOrder }) })
        .where(eq(reviews.id, id))
        .returning({ id: reviews.id });
      return rows.length > 0;
    },

    /** Points the review at its photo's new files (after the photo was moved to new keys). */
    async setImage(id: string, image: Image): Promise<void> {
      await db.update(reviews).set({ image }).where(eq(reviews.id, id));
    },

    /** Deletes the review; its photo for the caller to remove (undefined = no such review). */
    async delete(id: string): Promise<{ image: Image | null } | undefined> {
      const [row] = await db.delete(reviews).where(eq(reviews.id, id)).returning({ image: reviews.image });
      return row ? { image: row.image ?? null } : undefined;
    },

    /** Approved review ids in the current admin order, locked for the reorder transaction. */
    async approvedIdsForUpdate(): Promise<string[]> {
      const rows = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(approved)
        .orderBy(...adminOrder)
        .for('update');
      return rows.map((row) => row.id);
    },

    async setPosition(id: string, sortOrder: number): Promise<void> {
      await db.update(reviews).set({ sortOrder }).where(eq(reviews.id, id));
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
export type AdminReviewRow = Awaited<ReturnType<ReviewsRepo['listForAdmin']>>['rows'][number];
