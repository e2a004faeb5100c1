import type { AdminUser } from '@atelier/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export interface AdminUsersParams {
  search: string;
  page: number;
  limit: number;
}

/** GET /admin/users: accounts, newest first, searchable by name or email. */
export async function fetchAdminUsers(params: AdminUsersParams, signal?: AbortSignal) {
  const { data, meta } = await apiRequest<AdminUser[]>('/admin/users', { query: { ...params }, signal });
  return { items: data, total: meta?.total ?? data.length };
}

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({ queryKey: ['admin', 'users', params], queryFn: ({ signal }) => fetchAdminUsers(params, signal) });

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery({ ...adminUsersQueryOptions(params), placeholderData: keepPreviousData });
}
