import { ErrorBodySchema, IdParamSchema, successEnvelope } from './api';
import { ReturnedToCartSchema } from './cart';
import { checkoutRouteTable } from './checkout.routes';
import { defineContract } from './contract';
import { CreateOrderBody, OrderQuoteBody, OrderQuoteSchema, OrderResultSchema } from './orders';
import { PurchaseLessonBodySchema, PurchaseResultSchema } from './training';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export const checkoutContract = defineContract('checkout', checkoutRouteTable, {
  orders: {
    summary:
      'Place an order (every amount computed by the server; counted stock reserved atomically); `consents` names the personal-data consent version shown, plus the cross-border one for PayPal (400 without, 409 when no longer in force)',
    body: CreateOrderBody,
    response: { 201: successEnvelope(OrderResultSchema), ...errors, 409: ErrorBodySchema },
  },
  ordersQuote: {
    summary:
      'What an order would cost: the body of `POST /api/orders` (customer, comment and consents not needed) priced exactly as placing it would, with the delivery options to the destination and the ways to pay',
    description:
      'An order placed right after with the same lines, currency, delivery and gift certificate has exactly these ' +
      'totals, and its payment asks for `amountDue`. Signed in, a course is credited with its lessons already ' +
      'bought. The same 400/409 answers as placing the order (unavailable, not sold in the currency, owned, short ' +
      'of stock, an unusable gift certificate); an incomplete address is not an error here.',
    body: OrderQuoteBody,
    response: {
      200: successEnvelope(OrderQuoteSchema),
      400: ErrorBodySchema,
      409: ErrorBodySchema,
      429: ErrorBodySchema,
    },
  },
  trainingLessonsPurchase: {
    summary: 'Buys the lesson: places its order (promo code optional, redeemed race-safely)',
    description:
      'A zero total (free lesson or a 100 % code) is confirmed at once and the lesson unlocked (201, ' +
      '`purchased: true`); otherwise the pending order is returned to be paid with `POST /api/payments`. ' +
      'Paying in euros or dollars (PayPal) needs the cross-border consent version shown in `consents`.',
    params: IdParamSchema,
    body: PurchaseLessonBodySchema,
    response: {
      201: successEnvelope(PurchaseResultSchema),
      400: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
  },
  ordersReturnToCart: {
    summary:
      'Give up one of your own unpaid card or PayPal orders to change it: the order is cancelled and its lines return to your cart',
    description:
      'For an order still waiting for its money whose payment was cancelled, failed or never started. It is ' +
      'cancelled as any cancel is (counted stock, seats, a promo code use and a gift certificate come back at ' +
      'once) and its lines (type, id, book format, quantity) are merged into the cart within its limits; a line ' +
      'that cannot come back is listed in `notReturned` with the reason. Someone else’s order: 404. Paid, ' +
      'cancelled, being fulfilled, cash or bank transfer, or not from a cart: 409 `ORDER_NOT_CHANGEABLE`. A ' +
      'payment that may still go through (open at the provider, an invoice sent): 409 `PAYMENT_IN_PROGRESS`; one ' +
      'that went through meanwhile confirms the order: 409 `ORDER_ALREADY_PAID`.',
    params: IdParamSchema,
    response: { 200: successEnvelope(ReturnedToCartSchema), ...errors, 409: ErrorBodySchema },
  },
  trainingCoursesPurchase: {
    summary: 'Buys the course: one order of it (promo code optional; lessons already bought are credited)',
    description:
      'Seat-limited master classes take a seat atomically (409 SOLD_OUT when none is left). A zero total is ' +
      'confirmed at once and every lesson unlocked (201, `purchased: true`); otherwise pay the pending ' +
      'order with `POST /api/payments`. A cancelled order gives its seat back. Paying in euros or dollars ' +
      '(PayPal) needs the cross-border consent version shown in `consents`.',
    params: IdParamSchema,
    body: PurchaseLessonBodySchema,
    response: { 201: successEnvelope(PurchaseResultSchema), ...errors, 409: ErrorBodySchema },
  },
});
