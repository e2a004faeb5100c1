import { queryOptions, useQuery } from '@tanstack/react-query';
import { shopApi } from '../../../shared/api/routes/shop';
import { shopKeys } from './keys';

export const fetchProduct = (id: string) => shopApi.get({ params: { id } }).then((reply) => reply.data);

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: shopKeys.product(id), queryFn: () => fetchProduct(id) });

export function useProduct(id: string | null) {
  return useQuery({ ...productQueryOptions(id ?? ''), enabled: id !== null });
}
