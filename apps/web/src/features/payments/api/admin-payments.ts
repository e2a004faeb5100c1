import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../shared/api/client';

export interface AdminPaymentEvent {
  type: string;
  outcome: string;
  createdAt: string;
}

export interface AdminPayment {
  id: string;
  provider: string;
  status: string;
  amount: number;
  currency: string;
  reference: string | null;
  invoiceEmail: string | null;
  createdAt: string;
  events: AdminPaymentEvent[];
}

/** Admin: every payment attempt of an order with its provider events (newest first). */
export const orderPaymentsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['payments', 'admin', 'order', orderId],
    queryFn: () => apiGet<AdminPayment[]>(`/admin/orders/${encodeURIComponent(orderId)}/payments`),
  });

export function useOrderPayments(orderId: string) {
  return useQuery(orderPaymentsQueryOptions(orderId));
}

/** Admin: a cash, bank transfer or PayPal invoice order paid outside the site, with its reference. */
export async function markOrderPaid(input: { orderId: string; reference: string }) {
  const { message } = await apiRequest<{ paymentId: string }>(
    `/admin/orders/${encodeURIComponent(input.orderId)}/mark-paid`,
    { method: 'POST', body: { reference: input.reference }, silent: true },
  );
  return { message };
}

export function useMarkOrderPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markOrderPaid,
    onSuccess: (_result, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['payments', 'admin', 'order', input.orderId] }),
        client.invalidateQueries({ queryKey: ['orders'] }),
      ]),
  });
}
