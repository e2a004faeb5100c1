import type { PayLink, PayLinkPayBody, PaymentStart } from '@atelier/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error';
import { paymentsApi } from '../../../shared/api/routes/payments';
import { paymentKeys } from './keys';

/** While a payment is open (an SBP code, or the buyer back from the provider), the link is asked again. */
const POLL_MS = 3_000;

/**
 * `GET /api/pay/{token}`: the order a payment link pays. A link that does not work answers 4xx
 * with its code (`PAY_LINK_INVALID`, `PAY_LINK_EXPIRED`, `ORDER_ALREADY_PAID`, `ORDER_NOT_PAYABLE`):
 * the page says which, so it is not asked again.
 */
export const payLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: paymentKeys.link(token),
    queryFn: (): Promise<PayLink> =>
      paymentsApi.payLink({ params: { token } }, { silent: true }).then((reply) => reply.data),
    retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
    refetchInterval: (query) =>
      query.state.data?.qr || query.state.data?.paymentState === 'awaiting' ? POLL_MS : false,
  });

export function usePayLink(token: string) {
  return useQuery(payLinkQueryOptions(token));
}

/** `POST /api/pay/{token}`: a fresh payment of that order → the provider's page, or SBP's QR code. */
export function usePayByLink(token: string) {
  return useMutation({
    mutationFn: (body: PayLinkPayBody): Promise<PaymentStart> =>
      paymentsApi.payLinkPay({ params: { token }, body }, { silent: true }).then((reply) => reply.data),
  });
}
