import { z } from 'zod';
import { ErrorBodySchema, IdParamSchema, listEnvelope, successEnvelope } from './api';
import { defineContract } from './contract';
import {
  AdminCustomRequestsQuerySchema,
  CustomAcceptBody,
  CustomDeclineBody,
  CustomPayBody,
  CustomQuoteBody,
  CustomRequestSchema,
  CustomStatusBody,
} from './custom-orders';
import { customOrdersRouteTable } from './custom-orders.routes';
import { OrderSchema } from './orders';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const withConflict = { ...errors, 409: ErrorBodySchema };

export const customOrdersContract = defineContract('custom-orders', customOrdersRouteTable, {
  create: {
    summary: 'Ask for a custom piece (the admin answers with a quote)',
    description:
      'multipart/form-data with a `data` part (the fields as JSON) and up to five `photos` files, each an ' +
      'image up to 5 MB checked by content like a review photo; or a JSON body without photos. At most ' +
      'five open requests per customer (409 `CUSTOM_TOO_MANY_OPEN`).',
    response: {
      201: successEnvelope(CustomRequestSchema),
      ...withConflict,
      413: ErrorBodySchema,
      415: ErrorBodySchema,
    },
  },
  mine: {
    summary: 'The signed-in customer’s custom requests, newest first',
    response: { 200: successEnvelope(z.array(CustomRequestSchema)), ...errors },
  },
  get: {
    summary: 'One of the customer’s own requests with its quote',
    params: IdParamSchema,
    response: { 200: successEnvelope(CustomRequestSchema), ...errors },
  },
  accept: {
    summary: 'Accept the quote seen (its quotedAt; 409 unless quoted, or when re-quoted since)',
    params: IdParamSchema,
    body: CustomAcceptBody,
    response: { 200: successEnvelope(CustomRequestSchema), ...withConflict },
  },
  decline: {
    summary: 'Decline the quote (409 unless quoted)',
    params: IdParamSchema,
    body: CustomDeclineBody,
    response: { 200: successEnvelope(CustomRequestSchema), ...withConflict },
  },
  pay: {
    summary:
      'The order of the deposit or the balance (the same one while it waits for payment), paid through /api/payments; 409 when that is not due',
    params: IdParamSchema,
    body: CustomPayBody,
    response: {
      200: successEnvelope(z.object({ request: CustomRequestSchema, order: OrderSchema })),
      ...withConflict,
    },
  },
  listAdminCustomOrders: {
    summary: 'Custom requests, newest first, by status',
    query: AdminCustomRequestsQuerySchema,
    response: { 200: listEnvelope(CustomRequestSchema), ...errors },
  },
  getAdminCustomOrders: {
    summary: 'One request with its photos, quote and payments',
    params: IdParamSchema,
    response: { 200: successEnvelope(CustomRequestSchema), ...errors },
  },
  adminCustomOrdersQuote: {
    summary: 'Answer with a quote: price, currency, deposit %, due date, message (409 unless new or quoted)',
    params: IdParamSchema,
    body: CustomQuoteBody,
    response: { 200: successEnvelope(CustomRequestSchema), ...withConflict },
  },
  adminCustomOrdersDecline: {
    summary: 'Decline the request (409 unless new or quoted)',
    params: IdParamSchema,
    body: CustomDeclineBody,
    response: { 200: successEnvelope(CustomRequestSchema), ...withConflict },
  },
  adminCustomOrdersStatus: {
    summary: 'Work started (after the deposit) or the piece done (once the balance is paid); 409 otherwise',
    params: IdParamSchema,
    body: CustomStatusBody,
    response: { 200: successEnvelope(CustomRequestSchema), ...withConflict },
  },
});
