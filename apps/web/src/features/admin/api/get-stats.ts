import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../shared/api/routes/admin';
import { adminKeys } from './keys';

/** `GET /admin/stats`: counters for the dashboard; every field is optional. */
export interface AdminStats {
  orders?: number;
  pendingOrders?: number;
  revenueRub?: number;
  users?: number;
  products?: number;
  lessons?: number;
  pendingReviews?: number;
  portfolio?: number;
}

export const fetchStats = () => adminApi.stats().then((reply) => reply.data);

export const statsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.stats(), queryFn: fetchStats, staleTime: 30_000 });

export function useAdminStats() {
  return useQuery(statsQueryOptions());
}
