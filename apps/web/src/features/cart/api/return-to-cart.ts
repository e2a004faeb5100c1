import type { ReturnedToCart } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersScope, trainingScope } from '../../../shared/api/query-keys';
import { checkoutApi } from '../../../shared/api/routes/checkout';
import { reloadCartFromServer, settleCart } from './use-cart';

export { type ReturnedNotice, returnedNotice } from '../cart-rules';
export type { ReturnedToCart };

/**
 * `POST /orders/{id}/return-to-cart` ("Change the order", docs/decisions/0104): the unpaid order is
 * cancelled and its lines merged into the server's cart. A change of the cart still on its way
 * reaches the server first, and this copy follows the server's afterwards.
 */
export function useReturnToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string): Promise<ReturnedToCart> => {
      await settleCart();
      return (await checkoutApi.ordersReturnToCart({ params: { id: orderId } }, { silent: true })).data;
    },
    onSuccess: async () => {
      // The order is cancelled; a master class's seat and what the order held are free again.
      void client.invalidateQueries({ queryKey: ordersScope.all });
      void client.invalidateQueries({ queryKey: trainingScope.all });
      await reloadCartFromServer();
    },
  });
}
