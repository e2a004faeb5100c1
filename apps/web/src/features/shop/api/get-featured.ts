import type { Currency } from '@atelier/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { shopApi } from '../../../shared/api/routes/shop';
import { useCurrency } from '../../../shared/currency/currency-store';
import { shopKeys } from './keys';

/** The home page's products: the owner's pick, or the best sellers in stock; each sold in `currency`. */
export const fetchFeatured = (currency: Currency) =>
  shopApi.featured({ query: { currency } }).then((reply) => reply.data);

export const featuredQueryOptions = (currency: Currency) =>
  queryOptions({ queryKey: shopKeys.featured(currency), queryFn: () => fetchFeatured(currency) });

export function useFeatured() {
  const currency = useCurrency();
  // After a currency switch the previous cards stay (their prices already re-formatted) until the new list comes.
  return useQuery({ ...featuredQueryOptions(currency), placeholderData: keepPreviousData });
}
