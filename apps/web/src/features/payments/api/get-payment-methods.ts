import type { PaymentMethods } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

/** What this shop accepts now: card on or off (PAYMENT_PROVIDER=none), and how PayPal invoices are made. */
export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'methods'],
    queryFn: () => apiGet<PaymentMethods>('/payments/methods', undefined, undefined, { silent: true }),
    staleTime: 5 * 60_000,
  });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}

/** Cards are offered unless the server says they are off (a failed lookup leaves the server to refuse). */
export function useCardPayments(): boolean {
  return usePaymentMethods().data?.card !== false;
}
