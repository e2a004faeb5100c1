import { z } from 'zod';
import { CurrencySchema } from './base-schemas';

/** GET /admin/stats: counters for the dashboard. */
export const AdminStatsSchema = z.object({
  orders: z.number().int().nonnegative(),
  pendingOrders: z.number().int().nonnegative(),
  /** Sum of paid orders (confirmed, processing, shipped, delivered) in rubles. */
  revenueRub: z.number().nonnegative(),
  users: z.number().int().nonnegative(),
  products: z.number().int().nonnegative(),
  lessons: z.number().int().nonnegative(),
  pendingReviews: z.number().int().nonnegative(),
  portfolio: z.number().int().nonnegative(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/** GET /admin/users: search by name or email, newest first. */
export const AdminUsersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  emailVerified: z.boolean(),
  createdAt: z.iso.datetime(),
  orders: z.number().int().nonnegative(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** GET /admin/sales: paid orders (confirmed and later) per day, week (from Monday) or month, in RUB. */
export const SalesPeriodSchema = z.enum(['day', 'week', 'month']);
export type SalesPeriod = z.infer<typeof SalesPeriodSchema>;

export const AdminSalesQuerySchema = z
  .object({
    period: SalesPeriodSchema.default('day'),
    /** Calendar dates in the shop's time zone, both included; default: the last 30 days / 12 weeks / 12 months. */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= 3 * 366 * 86_400_000, {
    message: 'at most three years at once',
    path: ['to'],
  });
export type AdminSalesQuery = z.infer<typeof AdminSalesQuerySchema>;

export const SalesBucketSchema = z.object({
  /** First day of the bucket (YYYY-MM-DD). */
  start: z.iso.date(),
  orders: z.number().int().nonnegative(),
  revenueRub: z.number().nonnegative(),
});
export const AdminSalesSchema = z.object({
  period: SalesPeriodSchema,
  from: z.iso.date(),
  to: z.iso.date(),
  buckets: z.array(SalesBucketSchema),
  totals: z.object({ orders: z.number().int().nonnegative(), revenueRub: z.number().nonnegative() }),
  top: z.object({
    products: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        quantity: z.number().int().nonnegative(),
        revenueRub: z.number().nonnegative(),
      }),
    ),
    lessons: z.array(
      z.object({
        id: z.uuid(),
        type: z.enum(['lesson', 'course']),
        name: z.string(),
        quantity: z.number().int().nonnegative(),
        revenueRub: z.number().nonnegative(),
      }),
    ),
  }),
});
export type AdminSales = z.infer<typeof AdminSalesSchema>;

/** GET /admin/needs-action: what waits for the owner, each item pointing to where it is handled. */
const ActionOrderSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  totalRub: z.number(),
  /** The order's own currency and its total in it (major units): what the customer was charged. */
  currency: CurrencySchema,
  totalInCurrency: z.number(),
  at: z.iso.datetime(),
});
export const AdminNeedsActionSchema = z.object({
  /** Unpaid orders the expiry sweeper cancels within 12 hours; `at` = when. */
  expiringOrders: z.array(ActionOrderSchema),
  /** Paid orders with goods to send (confirmed or processing); `at` = placed. */
  toShip: z.array(ActionOrderSchema.extend({ status: z.enum(['confirmed', 'processing']) })),
  reviews: z.array(z.object({ id: z.uuid(), userName: z.string(), at: z.iso.datetime() })),
  /** Students' works waiting for moderation; `at` = posted. */
  studentWorks: z.array(z.object({ id: z.uuid(), userName: z.string(), at: z.iso.datetime() })),
  /** PayPal invoices to send by hand; `at` = requested. */
  paypalRequests: z.array(ActionOrderSchema),
  paymentAlerts: z.array(
    z.object({
      id: z.uuid(),
      orderId: z.uuid().nullable(),
      number: z.number().int().nullable(),
      kind: z.string(),
      at: z.iso.datetime(),
    }),
  ),
  /** Custom requests waiting for the owner: new ones to quote, paid deposits to start; `at` = received. */
  customRequests: z.array(
    z.object({ id: z.uuid(), number: z.number().int(), status: z.enum(['new', 'deposit_paid']), at: z.iso.datetime() }),
  ),
  counts: z.object({
    expiringOrders: z.number().int().nonnegative(),
    toShip: z.number().int().nonnegative(),
    reviews: z.number().int().nonnegative(),
    studentWorks: z.number().int().nonnegative(),
    paypalRequests: z.number().int().nonnegative(),
    paymentAlerts: z.number().int().nonnegative(),
    customRequests: z.number().int().nonnegative(),
  }),
});
export type AdminNeedsAction = z.infer<typeof AdminNeedsActionSchema>;

/** GET/PUT /admin/notifications: which notices the owner gets, when the digest comes, in which language. */
export const NotificationSettingsSchema = z.object({
  paidOrder: z.boolean(),
  expiringOrder: z.boolean(),
  paypalInvoice: z.boolean(),
  paymentAlert: z.boolean(),
  dailyDigest: z.boolean(),
  digestHour: z.number().int().min(0).max(23),
  language: z.enum(['ru', 'en', 'es']),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
export const NotificationSettingsViewSchema = NotificationSettingsSchema.extend({
  /** Where mails go (NOTIFY_EMAIL, else ADMIN_EMAIL) and whether a Telegram bot is configured. */
  email: z.string(),
  telegram: z.boolean(),
  timeZone: z.string(),
});
export type NotificationSettingsView = z.infer<typeof NotificationSettingsViewSchema>;

/**
 * GET /admin/jobs: background work that fails now or gave up (mails, unpaid-order expiry,
 * receipts, video preparation, …). `name` is the work's code, shown by its label on screens;
 * `details` is the technical error text, shown folded for a developer.
 */
export const AdminJobFailureSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A recurring pass (tried again on its own) or one queued piece of work. */
  recurring: z.boolean(),
  /** When the current run of failures began (a queued job: when it was queued). */
  since: z.string(),
  attempts: z.number().int().nonnegative(),
  /** When it is tried again; null once it gave up. */
  nextTryAt: z.string().nullable(),
  gaveUp: z.boolean(),
  details: z.string(),
  /**
   * Set on the one entry of the mail outbox (name `mail.send`) while sending fails: how many mails
   * wait and the cause in a word the screens turn into plain text (`details` keeps the raw error).
   */
  mail: z
    .object({
      waiting: z.number().int().nonnegative(),
      cause: z.enum(['unreachable', 'login', 'other']),
    })
    .nullable(),
});
export type AdminJobFailure = z.infer<typeof AdminJobFailureSchema>;

/** Why mails cannot be sent: the mail server does not answer, refused the login, or something else. */
export type MailFailureCause = NonNullable<AdminJobFailure['mail']>['cause'];

/** Every background job's name, as kept in the server's `jobs` table; each has a label on the admin's screens. */
export const JOB_NAMES = [
  'mail.send',
  'orders.expire',
  'cart.remind',
  'gift-certificates.deliver',
  'notifications.owner',
  'receipts.send',
  'cdek.poll',
  'lessons.hls',
  'backup.nightly',
  'payments.refund-duplicates',
] as const;
export type JobName = (typeof JOB_NAMES)[number];
