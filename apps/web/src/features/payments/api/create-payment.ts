import type { PaymentStart } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

/**
 * `POST /payments`: order id → where the buyer goes next. Card: `redirectUrl` (the
 * provider's page). Cash / bank transfer: `instructions` (text with the bank details), no redirect.
 */
export async function createPayment(body: { orderId: string }): Promise<PaymentStart> {
  const { data } = await apiRequest<PaymentStart>('/payments', { method: 'POST', body, silent: true });
  return data;
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
