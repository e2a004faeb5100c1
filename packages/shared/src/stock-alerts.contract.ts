import { z } from 'zod';
import { ErrorBodySchema, successEnvelope } from './api';
import { defineContract } from './contract';
import { StockAlertBody, StockAlertProductParamsSchema, StockAlertSchema, StockAlertTokenBody } from './stock-alerts';
import { stockAlertsRouteTable } from './stock-alerts.routes';

const errors = { 400: ErrorBodySchema, 429: ErrorBodySchema };

export const stockAlertsContract = defineContract('stock-alerts', stockAlertsRouteTable, {
  create: {
    summary:
      'Notify me when an out-of-stock or made-to-order product is available: signed in, at once with the account’s address; otherwise `email` gets a confirmation link (202, the same answer for any address)',
    body: StockAlertBody,
    response: {
      200: successEnvelope(StockAlertSchema),
      202: successEnvelope(StockAlertSchema),
      ...errors,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
  },
  confirm: {
    summary: 'The confirmation page’s one click: the emailed token subscribes its address',
    body: StockAlertTokenBody,
    response: { 200: successEnvelope(StockAlertSchema), ...errors },
  },
  unsubscribe: {
    summary: 'A notice’s unsubscribe link: no more back-in-stock mails to its address',
    body: StockAlertTokenBody,
    response: { 200: successEnvelope(z.null()), ...errors },
  },
  list: {
    summary: 'The signed-in customer’s waiting alerts',
    response: { 200: successEnvelope(z.array(StockAlertSchema)), 401: ErrorBodySchema },
  },
  delete: {
    summary: 'Stop waiting for one product',
    params: StockAlertProductParamsSchema,
    response: { 200: successEnvelope(z.null()), 400: ErrorBodySchema, 401: ErrorBodySchema },
  },
});
