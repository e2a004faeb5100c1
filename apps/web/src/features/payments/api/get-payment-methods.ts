import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsApi } from '../../../shared/api/routes/payments';
import { paymentKeys } from './keys';

/** What this shop accepts now: card on or off (PAYMENT_PROVIDER=none), and how PayPal invoices are made. */
export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.methods(),
    queryFn: () => paymentsApi.methods({}, { silent: true }).then((reply) => reply.data),
    staleTime: 5 * 60_000,
  });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}

/** Cards are offered unless the server says they are off (a failed lookup leaves the server to refuse). */
export function useCardPayments(): boolean {
  return usePaymentMethods().data?.card !== false;
}
