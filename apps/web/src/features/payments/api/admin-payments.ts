import type { PaymentAlert } from '@atelier/shared';
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
  /** A hand-sent PayPal invoice: the link mailed to the customer. */
  invoiceUrl: string | null;
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

/** Admin: mail the customer the link of a PayPal invoice made by hand in PayPal (https only). */
export async function sendPaypalInvoice(input: { orderId: string; url: string }) {
  const { data, message } = await apiRequest<{ paymentId: string; mailedTo: string | null }>(
    `/admin/orders/${encodeURIComponent(input.orderId)}/paypal-invoice`,
    { method: 'POST', body: { url: input.url }, silent: true },
  );
  return { data, message };
}

export function useSendPaypalInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendPaypalInvoice,
    onSuccess: (_result, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['payments', 'admin', 'order', input.orderId] }),
        client.invalidateQueries({ queryKey: ['orders'] }),
      ]),
  });
}

/**
 * Admin: the whole card payment of a cancelled order back through YooKassa (with its refund
 * receipt when receipts are on); a refusal answers 502 and may be tried again.
 */
export async function refundOrder(input: { orderId: string }) {
  const { data, message } = await apiRequest<{ refundId: string; status: string }>(
    `/admin/orders/${encodeURIComponent(input.orderId)}/refund`,
    { method: 'POST', silent: true },
  );
  return { data, message };
}

export function useRefundOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSettled: (_result, _error, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['payments', 'admin', 'order', input.orderId] }),
        client.invalidateQueries({ queryKey: ['receipts', 'admin', 'order', input.orderId] }),
        client.invalidateQueries({ queryKey: ['orders'] }),
      ]),
  });
}

/** Admin: payment notifications that need a look (money for a closed order, a wrong amount). */
export const paymentAlertsQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'admin', 'alerts'],
    queryFn: () => apiGet<PaymentAlert[]>('/admin/payment-alerts'),
    staleTime: 15_000,
  });

export function usePaymentAlerts() {
  return useQuery(paymentAlertsQueryOptions());
}

export async function resolvePaymentAlert(id: string) {
  const { message } = await apiRequest<{ id: string }>(`/admin/payment-alerts/${encodeURIComponent(id)}/resolve`, {
    method: 'POST',
    silent: true,
  });
  return { message };
}

export function useResolvePaymentAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resolvePaymentAlert,
    onSuccess: () => client.invalidateQueries({ queryKey: ['payments', 'admin', 'alerts'] }),
  });
}
