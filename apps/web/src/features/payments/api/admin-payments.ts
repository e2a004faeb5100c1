import type { RefundLinesBody } from '@atelier/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';
import { ordersScope } from '../../../shared/api/query-keys';
import { paymentsApi } from '../../../shared/api/routes/payments';
import { receiptKeys } from '../../receipts/api/keys';
import { paymentKeys } from './keys';

export interface AdminPaymentEvent {
  type: string;
  outcome: string;
  createdAt: string;
  /** A refund of chosen lines: what it gave back (the payment's amount is more). */
  amount?: number;
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
    queryKey: paymentKeys.adminOrder(orderId),
    // The route declares no reply schema (provider events are the provider's own JSON): typed here.
    queryFn: () => apiGet<AdminPayment[]>(`/admin/orders/${encodeURIComponent(orderId)}/payments`),
  });

export function useOrderPayments(orderId: string) {
  return useQuery(orderPaymentsQueryOptions(orderId));
}

/** Admin: a cash, bank transfer or PayPal invoice order paid outside the site, with its reference. */
export async function markOrderPaid(input: { orderId: string; reference: string }) {
  const { message } = await paymentsApi.adminOrdersMarkPaid(
    { params: { id: input.orderId }, body: { reference: input.reference } },
    { silent: true },
  );
  return { message };
}

export function useMarkOrderPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markOrderPaid,
    onSuccess: (_result, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: paymentKeys.adminOrder(input.orderId) }),
        client.invalidateQueries({ queryKey: ordersScope.all }),
      ]),
  });
}

/** Admin: mail the customer the link of a PayPal invoice made by hand in PayPal (https only). */
export async function sendPaypalInvoice(input: { orderId: string; url: string }) {
  const { data, message } = await paymentsApi.adminOrdersPaypalInvoice(
    { params: { id: input.orderId }, body: { url: input.url } },
    { silent: true },
  );
  return { data, message };
}

export function useSendPaypalInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendPaypalInvoice,
    onSuccess: (_result, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: paymentKeys.adminOrder(input.orderId) }),
        client.invalidateQueries({ queryKey: ordersScope.all }),
      ]),
  });
}

/**
 * Admin: the whole card payment of a cancelled order back through YooKassa (with its refund
 * receipt when receipts are on); a refusal answers 502 and may be tried again.
 */
export async function refundOrder(input: { orderId: string }) {
  const { data, message } = await paymentsApi.adminOrdersRefund({ params: { id: input.orderId } }, { silent: true });
  return { data, message };
}

export function useRefundOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSettled: (_result, _error, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: paymentKeys.adminOrder(input.orderId) }),
        client.invalidateQueries({ queryKey: receiptKeys.adminOrder(input.orderId) }),
        client.invalidateQueries({ queryKey: ordersScope.all }),
      ]),
  });
}

/**
 * Admin: what refunding these units of these lines would give back now (nothing is written); the
 * same refusals as the refund itself. Not asked while no unit is chosen.
 */
export function useRefundLinesPreview(orderId: string, lines: RefundLinesBody['lines']) {
  return useQuery({
    queryKey: paymentKeys.refundPreview(orderId, lines),
    queryFn: () =>
      paymentsApi
        .adminOrdersRefundLinesPreview({ params: { id: orderId }, body: { lines } }, { silent: true })
        .then((reply) => reply.data),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
    gcTime: 30_000,
  });
}

/**
 * Admin: gives back these units of these lines through the payment service (the order stays); a
 * refusal answers 502 and may be tried again.
 */
export async function refundLines(input: { orderId: string; lines: RefundLinesBody['lines'] }) {
  const { data, message } = await paymentsApi.adminOrdersRefundLines(
    { params: { id: input.orderId }, body: { lines: input.lines } },
    { silent: true },
  );
  return { data, message };
}

export function useRefundLines() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refundLines,
    onSettled: (_result, _error, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: paymentKeys.adminOrder(input.orderId) }),
        client.invalidateQueries({ queryKey: receiptKeys.adminOrder(input.orderId) }),
        client.invalidateQueries({ queryKey: ordersScope.all }),
      ]),
  });
}

/** Admin: payment notifications that need a look (money for a closed order, a wrong amount). */
export const paymentAlertsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.adminAlerts(),
    queryFn: () => paymentsApi.adminPaymentAlerts().then((reply) => reply.data),
    staleTime: 15_000,
  });

export function usePaymentAlerts() {
  return useQuery(paymentAlertsQueryOptions());
}

export async function resolvePaymentAlert(id: string) {
  const { message } = await paymentsApi.adminPaymentAlertsResolve({ params: { id } }, { silent: true });
  return { message };
}

export function useResolvePaymentAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resolvePaymentAlert,
    onSuccess: () => client.invalidateQueries({ queryKey: paymentKeys.adminAlerts() }),
  });
}
