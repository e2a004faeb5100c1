import { PRODUCT_CATEGORIES, PRODUCT_SUBCATEGORIES, SHOP_SORTS } from '@atelier/shared';
import { DEFAULT_SHOP_PARAMS, type ShopParams } from './api/get-products';

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

function amount(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

/** Everything the shop shows is in the URL (shareable, back-button friendly); junk is ignored. */
export function parseShopParams(search: URLSearchParams): ShopParams {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const text = search.get('search')?.trim().slice(0, 100);
  let minPrice = amount(search.get('minPrice'));
  let maxPrice = amount(search.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    category: oneOf(PRODUCT_CATEGORIES, search.get('category')),
    subcategory: oneOf(PRODUCT_SUBCATEGORIES, search.get('subcategory')),
    search: text ? text : undefined,
    minPrice,
    maxPrice,
    sort: oneOf(SHOP_SORTS, search.get('sort')) ?? DEFAULT_SHOP_PARAMS.sort,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: DEFAULT_SHOP_PARAMS.limit,
  };
}

/**
 * Applies a change to the current query string. A filter change returns to page 1 (opening a
 * product does not);
 * defaults are left out so the address stays short. `product` (the open modal) and `variant` (its
 * chosen variant) are kept unless set.
 */
export function updateShopSearch(
  current: URLSearchParams,
  change: Partial<
    Record<
      'category' | 'subcategory' | 'search' | 'minPrice' | 'maxPrice' | 'sort' | 'page' | 'product' | 'variant',
      string | number | null
    >
  >,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  const filterChanged = Object.keys(change).some((key) => key !== 'page' && key !== 'product' && key !== 'variant');
  if (filterChanged && !('page' in change)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  if (next.get('sort') === DEFAULT_SHOP_PARAMS.sort) next.delete('sort');
  if ('category' in change && change.category !== 'collection' && !('subcategory' in change))
    next.delete('subcategory');
  return next;
}
