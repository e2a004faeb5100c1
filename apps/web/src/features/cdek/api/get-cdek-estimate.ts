import type { CdekEstimateBody } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cdekApi } from '../../../shared/api/routes/cdek';
import { cdekKeys } from './keys';

/**
 * `POST /cdek/estimate`: CDEK's price and days for the cart's goods to a place, before a point is
 * chosen (the cart page; a guest may ask). Priced by the server from the catalogue, never here.
 */
export const cdekEstimateQueryOptions = (body: CdekEstimateBody | null) =>
  queryOptions({
    queryKey: cdekKeys.estimate(body),
    queryFn: async ({ signal }) => {
      // Not run without a body (`enabled`).
      if (body === null) throw new Error('no estimate without a place');
      return (await cdekApi.estimate({ body }, { signal, silent: true })).data;
    },
    enabled: body !== null,
    retry: false,
    staleTime: 10 * 60_000,
  });

export function useCdekEstimate(body: CdekEstimateBody | null) {
  return useQuery(cdekEstimateQueryOptions(body));
}
