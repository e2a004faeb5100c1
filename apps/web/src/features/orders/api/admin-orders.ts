import type { Order, OrderStatus, ShipOrderInput, Tracking } from '@atelier/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminScope } from '../../../shared/api/query-keys';
import { ordersApi } from '../../../shared/api/routes/orders';
import { receiptKeys } from '../../receipts/api/keys';
import { orderKeys } from './keys';

export interface AdminOrdersFilter {
  status?: OrderStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  page: number;
  limit: number;
}

/** Admin `GET /orders` (status, inclusive date range YYYY-MM-DD, search by number/name/email/phone). */
export async function fetchAdminOrders(filter: AdminOrdersFilter): Promise<{ items: Order[]; total: number }> {
  const { data, meta } = await ordersApi.list({ query: { ...filter } });
  return { items: data ?? [], total: meta?.total ?? 0 };
}

export const adminOrdersQueryOptions = (filter: AdminOrdersFilter) =>
  queryOptions({ queryKey: orderKeys.admin(filter), queryFn: () => fetchAdminOrders(filter), staleTime: 10_000 });

export function useAdminOrders(filter: AdminOrdersFilter) {
  return useQuery({ ...adminOrdersQueryOptions(filter), placeholderData: keepPreviousData });
}

/** `PATCH /orders/{id}/status`; the server enforces the status machine (409 otherwise). */
export async function updateOrderStatus({ id, status }: { id: string; status: OrderStatus }): Promise<Order> {
  const { data } = await ordersApi.status({ params: { id }, body: { status } }, { silent: true });
  return data.order;
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.one(order.id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminScope.all });
      // Shipping queues the completion receipt of prepaid goods.
      void queryClient.invalidateQueries({ queryKey: receiptKeys.adminOrder(order.id) });
    },
  });
}

/** `PUT /orders/{id}/tracking`: the parcel's tracking number (null removes it). */
export async function setOrderTracking({ id, tracking }: { id: string; tracking: Tracking | null }): Promise<Order> {
  const { data } = await ordersApi.tracking({ params: { id }, body: { tracking } }, { silent: true });
  return data.order;
}

export function useSetOrderTracking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderTracking,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.one(order.id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

/** `POST /orders/{id}/ship`: carrier, tracking number and note in one step; the server walks the status machine. */
export async function shipOrder({ id, body }: { id: string; body: ShipOrderInput }): Promise<Order> {
  const { data } = await ordersApi.ship({ params: { id }, body }, { silent: true });
  return data.order;
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.one(order.id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminScope.all });
      void queryClient.invalidateQueries({ queryKey: receiptKeys.adminOrder(order.id) });
    },
  });
}
