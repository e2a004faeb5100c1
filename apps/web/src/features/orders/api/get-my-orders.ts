import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error';
import { apiGet } from '../../../shared/api/client';
import type { Order } from './create-order';

/**
 * The account's order history. Silent: the section shows its own error state. A 404 means the
 * server has no order history yet (a server without the orders feature): an empty list, quietly.
 */
export async function fetchMyOrders(): Promise<Order[]> {
  try {
    return (await apiGet<Order[] | null>('/orders/user', undefined, undefined, { silent: true })) ?? [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export const myOrdersQueryOptions = () => queryOptions({ queryKey: ['orders', 'mine'], queryFn: fetchMyOrders });

export function useMyOrders(enabled = true) {
  return useQuery({ ...myOrdersQueryOptions(), enabled });
}
