import type { PaymentStart } from '@atelier/shared';
import { apiRequest } from '../../../shared/api/client';

/** `POST /payments/paypal-request`: PayPal sends a payment link (invoice) to this email. */
export async function requestPaypal(body: { orderId: string; email: string }) {
  const { data, message } = await apiRequest<PaymentStart>('/payments/paypal-request', {
    method: 'POST',
    body,
    silent: true,
  });
  return { data, message };
}
