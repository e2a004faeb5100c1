import type { Currency, ListMeta, ProductCategory, ProductSubcategory, ShopSort } from '@atelier/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { shopApi } from '../../../shared/api/routes/shop';
import { shopKeys } from './keys';

export interface ShopParams {
  category?: ProductCategory;
  subcategory?: ProductSubcategory;
  search?: string;
  minPrice?: number;
  maxPrice?: number;
  sort: ShopSort;
  page: number;
  limit: number;
  /** Euros or dollars chosen: only what is sold in them (docs/decisions/0052). Unset for roubles. */
  currency?: Exclude<Currency, 'RUB'>;
}

/** The catalogue as a visitor in `currency` sees it: in euros or dollars, only what has a price in them. */
export function inCurrency(params: ShopParams, currency: Currency): ShopParams {
  return currency === 'RUB' ? params : { ...params, currency };
}

export const SHOP_PAGE_SIZE = 12;
export const DEFAULT_SHOP_PARAMS: ShopParams = { sort: 'recommended', page: 1, limit: SHOP_PAGE_SIZE };

/** `silent`: a background prefetch must not toast about a page the visitor never opened. */
export async function fetchProducts(params: ShopParams, signal?: AbortSignal, silent = false) {
  const { data, meta } = await shopApi.list({ query: { ...params } }, { signal, silent });
  return {
    items: data,
    meta: meta ?? ({ total: data.length, page: params.page, limit: params.limit } satisfies ListMeta),
  };
}

export const productsQueryOptions = (params: ShopParams) =>
  queryOptions({
    queryKey: shopKeys.list(params),
    queryFn: ({ signal }) => fetchProducts(params, signal),
  });

export function useProducts(params: ShopParams) {
  return useQuery({ ...productsQueryOptions(params), placeholderData: keepPreviousData });
}

/**
 * The product page's "you may also like": the newest of the category sold in the visitor's
 * currency (the product itself is left out on screen).
 */
export const RELATED_PARAMS = (category: ProductCategory, currency: Currency): ShopParams =>
  inCurrency({ ...DEFAULT_SHOP_PARAMS, category, limit: 5 }, currency);

export const relatedQueryOptions = (category: ProductCategory, currency: Currency) =>
  productsQueryOptions(RELATED_PARAMS(category, currency));
