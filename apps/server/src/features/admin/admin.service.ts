import type { AdminStats, AdminUser, AdminUsersQuery, ListMeta } from '@atelier/shared';
import type { AdminRepo } from './admin.repo';

export function createAdminService({ repo }: { repo: AdminRepo }) {
  return {
    async stats(): Promise<AdminStats> {
      const { revenueKopecks, ...counts } = await repo.stats();
      return { ...counts, revenueRub: revenueKopecks / 100 };
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
