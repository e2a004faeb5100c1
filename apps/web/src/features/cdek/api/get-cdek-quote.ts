import type { CdekQuoteBody } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cdekApi } from '../../../shared/api/routes/cdek';
import { cdekKeys } from './keys';

/**
 * `POST /cdek/quote`: what CDEK delivery of the cart to the point costs, priced by the server as
 * the order will price it (the page shows this, never a price of its own).
 */
export const cdekQuoteQueryOptions = (body: CdekQuoteBody | null) =>
  queryOptions({
    queryKey: cdekKeys.quote(body),
    queryFn: async ({ signal }) => {
      // Not run without a body (`enabled`).
      if (body === null) throw new Error('no quote without a point');
      return (await cdekApi.quote({ body }, { signal, silent: true })).data;
    },
    enabled: body !== null,
    retry: false,
  });

export function useCdekQuote(body: CdekQuoteBody | null) {
  return useQuery(cdekQuoteQueryOptions(body));
}
