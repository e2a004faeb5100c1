import type { Product, ProductRemoved } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../../shared/api/api-error';
import { shopApi } from '../../../shared/api/routes/shop';
import { shopKeys } from './keys';

/** A product, or what is left of one the owner removed (its old link still says what it was). */
export type ProductLookup = Product | ProductRemoved;

export function isRemoved(lookup: ProductLookup | undefined): lookup is ProductRemoved {
  return lookup !== undefined && 'removed' in lookup && lookup.removed === true;
}

/** The 410 of a removed product is an answer, not a failure: its `details` are what its page shows. */
function removedOf(error: unknown): ProductRemoved | null {
  // Read by shape, not `instanceof`: the error class's module stays out of the product page's chunk.
  const failed = error as Partial<ApiError> | null;
  if (failed?.status !== 410 || failed.code !== 'PRODUCT_REMOVED') return null;
  const details = failed.details as Partial<ProductRemoved> | undefined;
  return details?.removed === true && Array.isArray(details.similar) ? (details as ProductRemoved) : null;
}

export const fetchProduct = (id: string): Promise<ProductLookup> =>
  shopApi.get({ params: { id } }).then(
    (reply) => reply.data,
    (error: unknown) => {
      const removed = removedOf(error);
      if (removed) return removed;
      throw error;
    },
  );

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: shopKeys.product(id), queryFn: () => fetchProduct(id) });

export function useProduct(id: string | null) {
  return useQuery({ ...productQueryOptions(id ?? ''), enabled: id !== null });
}
