import type { CreatePaymentBody, PaymentStart } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { paymentsApi } from '../../../shared/api/routes/payments';

/**
 * `POST /payments`: order id (and the online way to pay picked, with the device) → where the buyer
 * goes next. Online: `redirectUrl` (the provider's page), or `kind: 'qr'` (SBP on a computer: the
 * processing page shows the code). Cash / bank transfer: `instructions` (text with the bank details).
 */
export async function createPayment(body: CreatePaymentBody): Promise<PaymentStart> {
  const { data } = await paymentsApi.create({ body }, { silent: true });
  return data;
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
