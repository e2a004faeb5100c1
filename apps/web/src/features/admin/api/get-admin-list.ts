import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

/** Admin lists share one shape: `data` array (+ meta). The path picks the resource. */
export async function fetchAdminList<T>(path: string, query: Record<string, string | number | undefined> = {}) {
  const { data, meta } = await apiRequest<T[]>(path, { query });
  return { items: data ?? [], total: meta?.total ?? data?.length ?? 0 };
}

export const adminListQueryOptions = <T>(path: string, query: Record<string, string | number | undefined> = {}) =>
  queryOptions({
    queryKey: ['admin', 'list', path, query],
    queryFn: () => fetchAdminList<T>(path, query),
    staleTime: 15_000,
  });

export function useAdminList<T>(path: string, query: Record<string, string | number | undefined> = {}) {
  return useQuery({ ...adminListQueryOptions<T>(path, query), placeholderData: keepPreviousData });
}
