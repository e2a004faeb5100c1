import type { Order } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error';
import { ordersApi } from '../../../shared/api/routes/orders';
import { orderKeys } from './keys';

/**
 * The account's order history (newest first, the latest 100). Silent: the section shows its own
 * error state. A 404 (a server without the orders feature) reads as an empty list, quietly.
 */
export async function fetchMyOrders(): Promise<Order[]> {
  try {
    return (await ordersApi.user({ query: { limit: 100 } }, { silent: true })).data ?? [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export const myOrdersQueryOptions = () => queryOptions({ queryKey: orderKeys.mine(), queryFn: fetchMyOrders });

export function useMyOrders(enabled = true) {
  return useQuery({ ...myOrdersQueryOptions(), enabled });
}
