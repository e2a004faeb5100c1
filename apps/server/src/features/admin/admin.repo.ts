import type { LocalizedText } from '@atelier/shared';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customRequests,
  lessons,
  orderItems,
  orders,
  paymentAlerts,
  payments,
  portfolioItems,
  products,
  reviews,
  studentWorks,
  users,
} from '../../db/schema';

/**
 * What a paid order brought in (kopecks): its total less what a gift certificate paid, which was
 * counted once already, as the paid order that sold the certificate, and less what refunds of
 * chosen lines gave back (order_items.refunded_minor).
 */
const MONEY_TAKEN = sql<number>`${orders.totalRub} - ${orders.giftCertificateRub} - coalesce((select sum(oi.refunded_minor) from order_items oi where oi.order_id = "orders"."id"), 0)`;

/** Not an order whose goods were all refunded (a physical line, and none with units left). */
const GOODS_LEFT = sql`not (exists (select 1 from order_items oi where oi.order_id = "orders"."id" and oi.type = 'product' and oi.book_format is distinct from 'digital') and not exists (select 1 from order_items oi where oi.order_id = "orders"."id" and oi.type = 'product' and oi.book_format is distinct from 'digital' and oi.refunded_quantity < oi.quantity))`;

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
            .select({ kopecks: sum(MONEY_TAKEN) })
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

    /**
     * Paid orders (confirmed and later) per bucket of `period`, counted by the day they were placed
     * in the shop's time zone, between two calendar dates (both included).
     */
    async sales(period: 'day' | 'week' | 'month', range: { from: string; to: string }, timeZone: string) {
      const local = sql`(${orders.createdAt} at time zone ${timeZone})`;
      // The unit is one of three fixed words (checked by the schema), never user text.
      const bucket = sql<string>`to_char(date_trunc(${sql.raw(`'${period}'`)}, ${local}), 'YYYY-MM-DD')`;
      const rows = await db
        .select({ start: bucket, orders: count(), kopecks: sum(MONEY_TAKEN) })
        .from(orders)
        .where(
          and(inArray(orders.status, [...PAID]), sql`${local}::date between ${range.from}::date and ${range.to}::date`),
        )
        // By position: the time zone is a bound parameter, so a repeated expression would not match.
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      return rows.map((row) => ({ start: row.start, orders: row.orders, kopecks: Number(row.kopecks ?? 0) }));
    },

    /** Goods, lessons and courses of paid orders placed between two dates, by revenue then quantity. */
    async top(range: { from: string; to: string }, timeZone: string, limit: number) {
      const local = sql`(${orders.createdAt} at time zone ${timeZone})`;
      const itemId = sql<string>`coalesce(${orderItems.productId}, ${orderItems.lessonId}, ${orderItems.courseId})`;
      // Units refunded by line are not sold.
      const kept = sql`(${orderItems.quantity} - ${orderItems.refundedQuantity})`;
      const kopecks = sql<string>`sum(${orderItems.unitPriceRub}::bigint * ${kept})`;
      const quantity = sql<string>`sum(${kept})`;
      const rows = await db
        .select({
          type: orderItems.type,
          id: itemId,
          // The name as sold most recently (a snapshot taken at each order).
          name: sql<LocalizedText>`(array_agg(${orderItems.name} order by ${orders.createdAt} desc))[1]`,
          quantity,
          kopecks,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(
          and(inArray(orders.status, [...PAID]), sql`${local}::date between ${range.from}::date and ${range.to}::date`),
        )
        .groupBy(orderItems.type, itemId)
        .orderBy(desc(kopecks), desc(quantity));
      const products = rows.filter((r) => r.type === 'product').slice(0, limit);
      // Gift certificates sold and custom-piece payments are money taken in advance, not items of the
      // catalogue: in neither list.
      const lessons = rows.filter((r) => r.type === 'lesson' || r.type === 'course').slice(0, limit);
      return { products, lessons };
    },

    /** Paid orders with goods left to send: confirmed or processing, delivery other than none, goods not all refunded. */
    async toShip(limit: number) {
      const where = and(
        inArray(orders.status, ['confirmed', 'processing']),
        sql`${orders.delivery}->>'method' <> 'none'`,
        GOODS_LEFT,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: orders.id,
            number: orders.number,
            totalRub: orders.totalRub,
            currency: orders.currency,
            totalInCurrency: orders.totalInCurrency,
            status: orders.status,
            at: orders.createdAt,
          })
          .from(orders)
          .where(where)
          .orderBy(orders.createdAt)
          .limit(limit),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async pendingReviews(limit: number) {
      const where = eq(reviews.status, 'pending');
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: reviews.id, userName: reviews.userName, at: reviews.createdAt })
          .from(reviews)
          .where(where)
          .orderBy(reviews.createdAt)
          .limit(limit),
        db.select({ n: count() }).from(reviews).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Students' works waiting for moderation, the oldest first. */
    async pendingStudentWorks(limit: number) {
      const where = eq(studentWorks.status, 'pending');
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: studentWorks.id, userName: studentWorks.authorName, at: studentWorks.createdAt })
          .from(studentWorks)
          .where(where)
          .orderBy(studentWorks.createdAt)
          .limit(limit),
        db.select({ n: count() }).from(studentWorks).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** PayPal invoices asked for and not sent yet (manual PayPal). */
    async paypalRequests(limit: number) {
      const where = and(
        eq(payments.provider, 'paypal-manual'),
        eq(payments.status, 'requested'),
        eq(orders.status, 'pending'),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: orders.id,
            number: orders.number,
            totalRub: orders.totalRub,
            currency: orders.currency,
            totalInCurrency: orders.totalInCurrency,
            at: payments.createdAt,
          })
          .from(payments)
          .innerJoin(orders, eq(orders.id, payments.orderId))
          .where(where)
          .orderBy(payments.createdAt)
          .limit(limit),
        db.select({ n: count() }).from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Custom requests the owner acts on next: new (to quote) and deposit paid (to start), oldest first. */
    async customRequestsWaiting(limit: number) {
      const where = inArray(customRequests.status, ['new', 'deposit_paid']);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: customRequests.id,
            number: customRequests.number,
            status: customRequests.status,
            at: customRequests.createdAt,
          })
          .from(customRequests)
          .where(where)
          .orderBy(customRequests.createdAt)
          .limit(limit),
        db.select({ n: count() }).from(customRequests).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async openAlerts(limit: number) {
      const where = isNull(paymentAlerts.resolvedAt);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: paymentAlerts.id,
            orderId: paymentAlerts.orderId,
            number: orders.number,
            kind: paymentAlerts.kind,
            at: paymentAlerts.createdAt,
          })
          .from(paymentAlerts)
          .leftJoin(orders, eq(orders.id, paymentAlerts.orderId))
          .where(where)
          .orderBy(desc(paymentAlerts.createdAt))
          .limit(limit),
        db.select({ n: count() }).from(paymentAlerts).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
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
