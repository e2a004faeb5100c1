import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../shared/api/routes/admin';
import { adminKeys } from './keys';

export interface AdminUsersParams {
  search: string;
  page: number;
  limit: number;
}

/** GET /admin/users: accounts, newest first, searchable by name or email. */
export async function fetchAdminUsers(params: AdminUsersParams, signal?: AbortSignal) {
  const { data, meta } = await adminApi.users({ query: { ...params } }, { signal });
  return { items: data, total: meta?.total ?? data.length };
}

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({ queryKey: adminKeys.users(params), queryFn: ({ signal }) => fetchAdminUsers(params, signal) });

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery({ ...adminUsersQueryOptions(params), placeholderData: keepPreviousData });
}
