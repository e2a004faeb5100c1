import type { CdekQuote, CdekQuoteBody } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

/**
 * `POST /cdek/quote`: what CDEK delivery of the cart to the point costs, priced by the server as
 * the order will price it (the page shows this, never a price of its own).
 */
export const cdekQuoteQueryOptions = (body: CdekQuoteBody | null) =>
  queryOptions({
    queryKey: ['cdek', 'quote', body],
    queryFn: async ({ signal }) =>
      (await apiRequest<CdekQuote>('/cdek/quote', { method: 'POST', body, signal, silent: true })).data,
    enabled: body !== null,
    retry: false,
  });

export function useCdekQuote(body: CdekQuoteBody | null) {
  return useQuery(cdekQuoteQueryOptions(body));
}
