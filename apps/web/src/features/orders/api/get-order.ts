import type { Order } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

/** `GET /orders/{id}` with the status history (the owner or an admin). Silent: pages show their own state. */
export async function fetchOrder(id: string): Promise<Order> {
  const { order } = await apiGet<{ order: Order }>(`/orders/${encodeURIComponent(id)}`, undefined, undefined, {
    silent: true,
  });
  return order;
}

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['orders', 'one', id], queryFn: () => fetchOrder(id) });

export function useOrder(id: string | undefined) {
  return useQuery({ ...orderQueryOptions(id ?? ''), enabled: Boolean(id) });
}
