import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';
import type { Order } from './create-order';

export const fetchMyOrders = () => apiGet<Order[]>('/orders/user');

export const myOrdersQueryOptions = () => queryOptions({ queryKey: ['orders', 'mine'], queryFn: fetchMyOrders });

export function useMyOrders(enabled = true) {
  return useQuery({ ...myOrdersQueryOptions(), enabled });
}
