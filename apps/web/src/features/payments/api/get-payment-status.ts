import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

export interface PaymentStatus {
  number: number;
  status: string;
  paymentState: string;
}

/** Where the payment of one of my orders stands (the processing page polls it). */
export const paymentStatusQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['payments', 'status', orderId],
    queryFn: () =>
      apiGet<PaymentStatus>(`/payments/orders/${encodeURIComponent(orderId)}`, undefined, undefined, { silent: true }),
    staleTime: 0,
  });

/** Polls every 2 s until the order is paid or the payment failed. */
export function usePaymentStatus(orderId: string | null) {
  return useQuery({
    ...paymentStatusQueryOptions(orderId ?? ''),
    enabled: Boolean(orderId),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return 2000;
      return data.status === 'pending' && data.paymentState !== 'failed' ? 2000 : false;
    },
  });
}
