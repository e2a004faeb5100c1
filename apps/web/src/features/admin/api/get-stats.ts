import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

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

export const fetchStats = () => apiGet<AdminStats>('/admin/stats');

export const statsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'stats'], queryFn: fetchStats, staleTime: 30_000 });

export function useAdminStats() {
  return useQuery(statsQueryOptions());
}
