import {
  type AdminNeedsAction,
  type AdminSales,
  type AdminSalesQuery,
  type AdminStats,
  type AdminUser,
  type AdminUsersQuery,
  fromMinor,
  type ListMeta,
  type LocalizedText,
  localize,
  type SalesPeriod,
} from '@atelier/shared';
import type { Db } from '../../db/client';
import { localDate } from '../../platform/dates';
import { expiringOrders } from '../orders/orders.service';
import { type AdminRepo, createAdminRepo } from './admin.repo';

/** "About to expire": the last hours of an unpaid order's hold (dashboard list and owner notice). */
export const EXPIRING_WINDOW_MS = 12 * 3_600_000;
const LIST_LIMIT = 20;
const TOP_LIMIT = 10;

interface OrderPolicy {
  pendingOrderHours: number;
  pendingTransferDays: number;
  pendingScarceHours: number;
  maxOpenUnpaid: number;
}

export interface AdminServiceDeps {
  repo: AdminRepo;
  db: Db;
  policy: OrderPolicy;
  timeZone: string;
  now?: () => Date;
}

/** Adds days or months to a calendar date (pure date arithmetic, no time zone involved). */
export function shiftDate(date: string, by: { days?: number; months?: number }): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (by.months) d.setUTCMonth(d.getUTCMonth() + by.months);
  if (by.days) d.setUTCDate(d.getUTCDate() + by.days);
  return d.toISOString().slice(0, 10);
}

/** The first day of the bucket holding `date`: itself, its week's Monday, its month's 1st. */
export function bucketStart(date: string, period: SalesPeriod): string {
  if (period === 'day') return date;
  if (period === 'month') return `${date.slice(0, 7)}-01`;
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  return shiftDate(date, { days: -weekday });
}

/** Every bucket start from `from` to `to`, so days without sales show as zero. */
export function bucketStarts(from: string, to: string, period: SalesPeriod): string[] {
  const starts: string[] = [];
  for (let at = bucketStart(from, period); at <= to; ) {
    starts.push(at);
    at = period === 'month' ? shiftDate(at, { months: 1 }) : shiftDate(at, { days: period === 'week' ? 7 : 1 });
  }
  return starts;
}

const DEFAULT_SPAN: Record<SalesPeriod, { days?: number; months?: number }> = {
  day: { days: -29 },
  week: { days: -7 * 11 },
  month: { months: -11 },
};

export function createAdminService(deps: AdminServiceDeps) {
  const { repo, timeZone } = deps;
  const clock = deps.now ?? (() => new Date());
  const iso = (d: Date) => d.toISOString();

  return {
    async stats(): Promise<AdminStats> {
      const { revenueKopecks, ...counts } = await repo.stats();
      return { ...counts, revenueRub: revenueKopecks / 100 };
    },

    async sales(query: AdminSalesQuery): Promise<AdminSales> {
      const to = query.to ?? localDate(clock(), timeZone);
      const from = query.from ?? bucketStart(shiftDate(to, DEFAULT_SPAN[query.period]), query.period);
      const [rows, top] = await Promise.all([
        repo.sales(query.period, { from, to }, timeZone),
        repo.top({ from, to }, timeZone, TOP_LIMIT),
      ]);
      const byStart = new Map(rows.map((row) => [row.start, row]));
      const buckets = bucketStarts(from, to, query.period).map((start) => {
        const row = byStart.get(start);
        return { start, orders: row?.orders ?? 0, revenueRub: fromMinor(row?.kopecks ?? 0) };
      });
      const name = (n: LocalizedText) => localize(n, 'ru');
      return {
        period: query.period,
        from,
        to,
        buckets,
        totals: {
          orders: rows.reduce((acc, row) => acc + row.orders, 0),
          revenueRub: fromMinor(rows.reduce((acc, row) => acc + row.kopecks, 0)),
        },
        top: {
          products: top.products.map((r) => ({
            id: r.id,
            name: name(r.name),
            quantity: Number(r.quantity),
            revenueRub: fromMinor(Number(r.kopecks)),
          })),
          lessons: top.lessons.map((r) => ({
            id: r.id,
            type: r.type === 'course' ? ('course' as const) : ('lesson' as const),
            name: name(r.name),
            quantity: Number(r.quantity),
            revenueRub: fromMinor(Number(r.kopecks)),
          })),
        },
      };
    },

    async needsAction(now: Date = clock()): Promise<AdminNeedsAction> {
      const [expiring, toShip, reviews, works, paypal, alerts, custom] = await Promise.all([
        expiringOrders(deps.db, deps.policy, now, EXPIRING_WINDOW_MS, 500),
        repo.toShip(LIST_LIMIT),
        repo.pendingReviews(LIST_LIMIT),
        repo.pendingStudentWorks(LIST_LIMIT),
        repo.paypalRequests(LIST_LIMIT),
        repo.openAlerts(LIST_LIMIT),
        repo.customRequestsWaiting(LIST_LIMIT),
      ]);
      return {
        expiringOrders: expiring.slice(0, LIST_LIMIT).map((o) => ({
          id: o.id,
          number: o.number,
          totalRub: o.totalRub,
          currency: o.currency,
          totalInCurrency: o.totalInCurrency,
          at: iso(o.expiresAt),
        })),
        toShip: toShip.rows.map((o) => ({
          id: o.id,
          number: o.number,
          totalRub: fromMinor(o.totalRub),
          currency: o.currency,
          totalInCurrency: fromMinor(o.totalInCurrency ?? o.totalRub),
          status: o.status as 'confirmed' | 'processing',
          at: iso(o.at),
        })),
        reviews: reviews.rows.map((r) => ({ id: r.id, userName: r.userName, at: iso(r.at) })),
        studentWorks: works.rows.map((w) => ({ id: w.id, userName: w.userName, at: iso(w.at) })),
        paypalRequests: paypal.rows.map((o) => ({
          id: o.id,
          number: o.number,
          totalRub: fromMinor(o.totalRub),
          currency: o.currency,
          totalInCurrency: fromMinor(o.totalInCurrency ?? o.totalRub),
          at: iso(o.at),
        })),
        paymentAlerts: alerts.rows.map((a) => ({
          id: a.id,
          orderId: a.orderId,
          number: a.number,
          kind: a.kind,
          at: iso(a.at),
        })),
        customRequests: custom.rows.map((r) => ({
          id: r.id,
          number: r.number,
          status: r.status as 'new' | 'deposit_paid',
          at: iso(r.at),
        })),
        counts: {
          expiringOrders: expiring.length,
          toShip: toShip.total,
          reviews: reviews.total,
          studentWorks: works.total,
          paypalRequests: paypal.total,
          paymentAlerts: alerts.total,
          customRequests: custom.total,
        },
      };
    },

    async users(query: AdminUsersQuery): Promise<{ items: AdminUser[]; meta: ListMeta }> {
      const { rows, total } = await repo.users(query.search || undefined, {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          phone: row.phone,
          role: row.role,
          emailVerified: row.emailVerifiedAt !== null,
          createdAt: row.createdAt.toISOString(),
          orders: Number(row.orders),
        })),
        meta: { total, page: query.page, limit: query.limit },
      };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;

/** The admin service over a database, for other features (the owner's daily digest). */
export function adminServiceFor(db: Db, options: Omit<AdminServiceDeps, 'repo' | 'db'>): AdminService {
  return createAdminService({ repo: createAdminRepo(db), db, ...options });
}
