import type { CreateOrderBody, Order } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export type { CreateOrderBody, Order, OrderItem, OrderStatus } from '@atelier/shared';

/** `POST /orders`; prices are never sent, the server computes every total. */
export async function createOrder(body: CreateOrderBody) {
  const { data, message } = await apiRequest<{ order: Order }>('/orders', { method: 'POST', body, silent: true });
  return { order: data.order, message };
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
