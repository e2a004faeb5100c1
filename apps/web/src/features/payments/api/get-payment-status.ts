import type { PaymentQr, PaypalInvoice } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsApi } from '../../../shared/api/routes/payments';
import { paymentKeys } from './keys';

export interface PaymentStatus {
  number: number;
  status: string;
  paymentState: string;
  paymentMethod: string;
  /** Cash / bank transfer while pending: what to pay and how (bank details), in the UI language. */
  instructions: string | null;
  /** PayPal without the API: the invoice the shop sends by hand (requested, then sent with its link). */
  paypalInvoice: PaypalInvoice | null;
  /** An open SBP payment to show as a QR code (a computer), with until when it can be paid. */
  qr: PaymentQr | null;
  /** The order's payment link (site path, valid for days) while it works and the order waits. */
  payLink: string | null;
}

/** Where the payment of one of my orders stands (the processing page polls it). */
export const paymentStatusQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: paymentKeys.status(orderId),
    queryFn: () => paymentsApi.orders({ params: { id: orderId } }, { silent: true }).then((reply) => reply.data),
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
      // Cash and bank transfer wait for the shop, not for a provider: nothing to poll for.
      if (data.instructions) return false;
      return data.status === 'pending' && data.paymentState !== 'failed' ? 2000 : false;
    },
  });
}

/** One read (no polling): the account's order page shows the PayPal invoice state. */
export function usePaypalInvoice(orderId: string, enabled: boolean) {
  return useQuery({ ...paymentStatusQueryOptions(orderId), enabled, select: (status) => status.paypalInvoice });
}

/** One read: the account's order page offers the order's payment link (mailed too) while it works. */
export function usePayLinkPath(orderId: string, enabled: boolean) {
  return useQuery({ ...paymentStatusQueryOptions(orderId), enabled, select: (status) => status.payLink });
}
