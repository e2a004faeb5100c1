import type { CreateOrderBody } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkoutApi } from '../../../shared/api/routes/checkout';
import { orderKeys } from './keys';

export type { CreateOrderBody, Order, OrderItem, OrderStatus } from '@atelier/shared';

/** `POST /orders`; prices are never sent, the server computes every total. */
export async function createOrder(body: CreateOrderBody) {
  const { data, message } = await checkoutApi.orders({ body }, { silent: true });
  return { order: data.order, message };
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
