import type { CdekSettings } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

/** Whether the checkout offers CDEK's pickup points (the server has CDEK settings). */
export const cdekSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['cdek', 'settings'],
    queryFn: () => apiGet<CdekSettings>('/cdek/settings', undefined, undefined, { silent: true }),
    staleTime: 5 * 60_000,
  });

/** true once the server says CDEK is set up; false while asking, or when it is not (the flat prices stay). */
export function useCdekEnabled(): boolean {
  return useQuery(cdekSettingsQueryOptions()).data?.enabled === true;
}
