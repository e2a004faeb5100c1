import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

/** DESIGN §5 `POST /payments`: order id → the provider's page to send the buyer to. */
export async function createPayment(body: { orderId: string }) {
  const { data } = await apiRequest<{ redirectUrl?: string; url?: string; confirmationUrl?: string }>('/payments', {
    method: 'POST',
    body,
    silent: true,
  });
  return { redirectUrl: data.redirectUrl ?? data.url ?? data.confirmationUrl ?? null };
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
