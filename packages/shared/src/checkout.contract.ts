import { ErrorBodySchema, IdParamSchema, successEnvelope } from './api';
import { checkoutRouteTable } from './checkout.routes';
import { defineContract } from './contract';
import { CreateOrderBody, OrderResultSchema } from './orders';
import { PurchaseLessonBodySchema, PurchaseResultSchema } from './training';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export const checkoutContract = defineContract(checkoutRouteTable, {
  orders: {
    tags: ['orders'],
    summary:
      'Place an order (every amount computed by the server; counted stock reserved atomically); `consents` names the personal-data consent version shown, plus the cross-border one for PayPal (400 without, 409 when no longer in force)',
    body: CreateOrderBody,
    response: { 201: successEnvelope(OrderResultSchema), ...errors, 409: ErrorBodySchema },
  },
  trainingLessonsPurchase: {
    tags: ['training'],
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
  trainingCoursesPurchase: {
    tags: ['training'],
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
