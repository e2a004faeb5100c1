import type { Order, PaymentMethods, PaymentStart } from '@atelier/shared';
import { paypalRedirects } from '../../shared/ui/paypal-mode';

type OrderForPayment = Pick<Order, 'id' | 'number' | 'status' | 'paymentState' | 'paymentMethod' | 'total'>;

/**
 * What checkout does once the order exists (payments contract):
 * - `done`: nothing to pay (zero total, or already confirmed) → the success page;
 * - `redirect`: card (roubles) → `createPayment`, then the provider's (or sandbox's) page; PayPal
 *   (euros/dollars) the same way when the shop has PayPal's API (or the demo's sandbox): PayPal's
 *   approval page, and back to the payment's result;
 * - `paypal`: PayPal without its API (`manual`) → the email modal and `requestPaypal` (the owner
 *   sends an invoice), and while the mode is not known yet (the server then answers a redirect);
 * - `instructions`: cash / bank transfer → `createPayment` (mails the instructions once), then
 *   `/payment/processing`, which shows the bank details.
 * The method/currency pairing itself (card = RUB, PayPal = EUR/USD) is enforced by the server
 * when the order is placed, so the method decides here.
 */
export type PaymentPath = 'done' | 'redirect' | 'paypal' | 'instructions';

export function paymentPathFor(
  order: Pick<OrderForPayment, 'status' | 'total' | 'paymentMethod'>,
  paypalMode?: PaymentMethods['paypal'],
): PaymentPath {
  if (order.status !== 'pending' || order.total === 0) return 'done';
  if (order.paymentMethod === 'card') return 'redirect';
  if (order.paymentMethod === 'paypal') return paypalRedirects(paypalMode) ? 'redirect' : 'paypal';
  return 'instructions';
}

/** Where to go after `createPayment` answered: an external page, or a route of the site. */
export type NextStep = { external: true; url: string } | { external: false; url: string };

export const successUrl = (number: number | string) => `/order/success?order=${encodeURIComponent(String(number))}`;
export const instructionsUrl = (order: Pick<OrderForPayment, 'id' | 'number'>) =>
  `/payment/processing?order=${encodeURIComponent(String(order.number))}&id=${encodeURIComponent(order.id)}`;
export const accountOrderUrl = (order: Pick<OrderForPayment, 'id'>) =>
  `/account/orders/${encodeURIComponent(order.id)}`;

export function nextStepAfterStart(start: PaymentStart, order: Pick<OrderForPayment, 'id' | 'number'>): NextStep {
  if (start.kind === 'redirect' && start.redirectUrl) return { external: true, url: start.redirectUrl };
  if (start.kind === 'confirmed') return { external: false, url: successUrl(order.number) };
  // Instructions (cash / transfer), or a redirect without a URL: the processing page polls the
  // order and shows the instructions or moves on by itself.
  return { external: false, url: instructionsUrl(order) };
}

/** The account's "Pay" button: a pending card or PayPal order that is not paid yet. */
export function canPayOnline(order: Pick<OrderForPayment, 'status' | 'paymentState' | 'paymentMethod' | 'total'>) {
  return (
    order.status === 'pending' &&
    order.total > 0 &&
    (order.paymentMethod === 'card' || order.paymentMethod === 'paypal') &&
    order.paymentState !== 'paid' &&
    order.paymentState !== 'refunded'
  );
}

/**
 * "Change the order" next to "Pay" (docs/decisions/0104): an unpaid card or PayPal order whose
 * payment did not go through or never started. Not while a PayPal invoice is out (nobody can take
 * it back); a card payment still open is refused by the server with its reason.
 */
export function canChangeOrder(order: Pick<OrderForPayment, 'status' | 'paymentState' | 'paymentMethod' | 'total'>) {
  return canPayOnline(order) && order.paymentState !== 'invoice_sent';
}

/** The admin's "Mark paid": a pending order paid outside the site (cash, transfer, PayPal invoice). */
export function canMarkPaid(order: Pick<OrderForPayment, 'status' | 'paymentMethod'>) {
  return order.status === 'pending' && order.paymentMethod !== 'card';
}
