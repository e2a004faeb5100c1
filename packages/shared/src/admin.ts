import { z } from 'zod';

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
