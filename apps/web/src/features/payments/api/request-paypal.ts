import { paymentsApi } from '../../../shared/api/routes/payments';

/** `POST /payments/paypal-request`: PayPal sends a payment link (invoice) to this email. */
export async function requestPaypal(body: { orderId: string; email: string }) {
  const { data, message } = await paymentsApi.paypalRequest({ body }, { silent: true });
  return { data, message };
}
