import { z } from 'zod';
import { ErrorBodySchema, IdParamSchema, successEnvelope } from './api';
import {
  CdekCitiesQuerySchema,
  CdekCitySchema,
  CdekEstimateBodySchema,
  CdekEstimateSchema,
  CdekOrderPanelSchema,
  CdekPointSchema,
  CdekPointsQuerySchema,
  CdekQuoteBodySchema,
  CdekQuoteSchema,
  CdekSettingsSchema,
  CdekWebhookResultSchema,
} from './cdek';
import { cdekRouteTable } from './cdek.routes';
import { defineContract } from './contract';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  502: ErrorBodySchema,
};
const WebhookBodySchema = z.looseObject({
  type: z.string().min(1).max(40),
  uuid: z.string().min(1).max(64),
});

export const cdekContract = defineContract('cdek', cdekRouteTable, {
  settings: {
    summary: 'Whether the checkout offers CDEK pickup points and lockers (CDEK configured)',
    response: { 200: successEnvelope(CdekSettingsSchema) },
  },
  cities: {
    summary: 'CDEK places whose name starts with the text (at most 10; cached briefly)',
    query: CdekCitiesQuerySchema,
    response: { 200: successEnvelope(z.array(CdekCitySchema)), ...errors, 429: ErrorBodySchema },
  },
  points: {
    summary: 'The CDEK pickup points and parcel lockers of a place, with address and hours (cached briefly)',
    query: CdekPointsQuerySchema,
    response: { 200: successEnvelope(z.array(CdekPointSchema)), ...errors },
  },
  quote: {
    summary: 'CDEK delivery of these lines to this point: CDEK’s price, and what the order will charge',
    body: CdekQuoteBodySchema,
    response: { 200: successEnvelope(CdekQuoteSchema), ...errors },
  },
  estimate: {
    summary:
      'CDEK delivery of the cart to a place, before a point is chosen: CDEK’s price and what an order would charge',
    body: CdekEstimateBodySchema,
    response: { 200: successEnvelope(CdekEstimateSchema), ...errors, 429: ErrorBodySchema },
  },
  webhook: {
    summary: 'CDEK ORDER_STATUS webhook: applied only for an order the shop registered, as CDEK reports it',
    webhook: true,
    body: WebhookBodySchema,
    response: { 200: successEnvelope(CdekWebhookResultSchema), 400: ErrorBodySchema },
  },
  listAdminOrdersCdek: {
    summary: 'Admin: the order’s CDEK shipment (number, statuses) and whether it can be registered',
    params: IdParamSchema,
    response: { 200: successEnvelope(CdekOrderPanelSchema), ...errors },
  },
  createAdminOrdersCdek: {
    summary: 'Admin: register the paid order with CDEK (idempotent: a second call returns the same shipment)',
    params: IdParamSchema,
    response: { 200: successEnvelope(CdekOrderPanelSchema), ...errors },
  },
  adminOrdersCdekLabel: {
    summary: 'Admin: the parcel’s barcode label as CDEK makes it (PDF, A6)',
    params: IdParamSchema,
    produces: ['application/pdf'],
  },
});
