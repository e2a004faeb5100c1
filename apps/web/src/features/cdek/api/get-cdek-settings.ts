import { queryOptions, useQuery } from '@tanstack/react-query';
import { cdekApi } from '../../../shared/api/routes/cdek';
import { cdekKeys } from './keys';

/** Whether the checkout offers CDEK's pickup points (the server has CDEK settings). */
export const cdekSettingsQueryOptions = () =>
  queryOptions({
    queryKey: cdekKeys.settings(),
    queryFn: () => cdekApi.settings({}, { silent: true }).then((reply) => reply.data),
    staleTime: 5 * 60_000,
  });

/** true once the server says CDEK is set up; false while asking, or when it is not (the flat prices stay). */
export function useCdekEnabled(): boolean {
  return useQuery(cdekSettingsQueryOptions()).data?.enabled === true;
}
