import type { Order } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersApi } from '../../../shared/api/routes/orders';
import { orderKeys } from './keys';

/** `GET /orders/{id}` with the status history (the owner or an admin). Silent: pages show their own state. */
export async function fetchOrder(id: string): Promise<Order> {
  const { order } = (await ordersApi.get({ params: { id } }, { silent: true })).data;
  return order;
}

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.one(id), queryFn: () => fetchOrder(id) });

export function useOrder(id: string | undefined) {
  return useQuery({ ...orderQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** `GET /orders/number/{number}`: the same, by the number the payment provider sends the buyer back with. */
export async function fetchOrderByNumber(number: string): Promise<Order> {
  const { order } = (await ordersApi.number({ params: { number } }, { silent: true })).data;
  return order;
}

/**
 * The thank-you page's order. A card payment may land before the provider's notice: while it is
 * pending, it is read again every 2 s (up to a minute) so "paid" shows as soon as it is.
 */
export function useOrderByNumber(number: string | null) {
  return useQuery({
    queryKey: orderKeys.byNumber(number),
    queryFn: () => fetchOrderByNumber(number ?? ''),
    enabled: Boolean(number),
    staleTime: 0,
    refetchInterval: (query) => {
      const order = query.state.data;
      const waiting = order?.status === 'pending' && order.paymentMethod === 'card' && order.paymentState !== 'failed';
      return waiting && query.state.dataUpdateCount < 30 ? 2000 : false;
    },
  });
}
