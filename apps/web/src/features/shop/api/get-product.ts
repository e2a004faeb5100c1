import type { Product } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

export const fetchProduct = (id: string) => apiGet<Product>(`/shop/${encodeURIComponent(id)}`);

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['shop', 'product', id], queryFn: () => fetchProduct(id) });

export function useProduct(id: string | null) {
  return useQuery({ ...productQueryOptions(id ?? ''), enabled: id !== null });
}
