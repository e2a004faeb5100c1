import type { OrderQuote, OrderQuoteBody } from '@atelier/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutApi } from '../../../shared/api/routes/checkout';
import type { CartItem } from '../cart-rules';
import { cartKeys } from './keys';

export type { OrderQuote, OrderQuoteBody };

/** A cart's lines as an order names them: ids, types, formats and quantities (never a price). */
export function quoteLines(items: readonly CartItem[]): OrderQuoteBody['items'] {
  return items.map((item) => ({
    type: item.type,
    id: item.id,
    quantity: item.quantity,
    ...(item.bookFormat ? { bookFormat: item.bookFormat } : {}),
    ...(item.variantId ? { variantId: item.variantId } : {}),
  }));
}

/**
 * `POST /orders/quote`: what the order would cost, priced by the server exactly as placing it will
 * price it — lines, discount, delivery and its options, what a gift certificate pays, the ways to
 * pay. The cart and the checkout show these figures and add up none themselves. While a changed body
 * is being quoted, the last answer stays on screen.
 */
export const orderQuoteQueryOptions = (body: OrderQuoteBody | null) =>
  queryOptions({
    queryKey: cartKeys.quote(body),
    queryFn: async ({ signal }) => {
      // Not run without a body (`enabled`).
      if (body === null) throw new Error('nothing to quote');
      return (await checkoutApi.ordersQuote({ body }, { signal, silent: true })).data;
    },
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });

export function useOrderQuote(body: OrderQuoteBody | null) {
  return useQuery(orderQuoteQueryOptions(body));
}
