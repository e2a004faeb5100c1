import type { Currency, Product } from '@atelier/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';
import { useCurrency } from '../../../shared/currency/currency-store';

/** The home page's products: the owner's pick, or the best sellers in stock; each sold in `currency`. */
export const fetchFeatured = (currency: Currency) => apiGet<Product[]>('/shop/featured', { currency });

export const featuredQueryOptions = (currency: Currency) =>
  queryOptions({ queryKey: ['shop', 'featured', currency], queryFn: () => fetchFeatured(currency) });

export function useFeatured() {
  const currency = useCurrency();
  // After a currency switch the previous cards stay (their prices already re-formatted) until the new list comes.
  return useQuery({ ...featuredQueryOptions(currency), placeholderData: keepPreviousData });
}
