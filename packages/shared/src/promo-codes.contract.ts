import { z } from 'zod';
import { ErrorBodySchema, IdParamSchema, successEnvelope } from './api';
import { defineContract } from './contract';
import { promoCodesRouteTable } from './promo-codes.routes';
import { PromoCodeSchema, PromoCodeWriteSchema } from './training';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export const promoCodesContract = defineContract('promo-codes', promoCodesRouteTable, {
  listAdminPromoCodes: {
    summary: 'Promo codes with their usage counts, newest first',
    response: { 200: successEnvelope(z.array(PromoCodeSchema)), ...errors },
  },
  createAdminPromoCodes: {
    summary: 'Creates a promo code (stored upper-case, matched case-insensitively)',
    body: PromoCodeWriteSchema,
    response: { 201: successEnvelope(PromoCodeSchema), ...errors, 409: ErrorBodySchema },
  },
  putAdminPromoCodes: {
    summary: 'Replaces a promo code (its usage count is kept)',
    params: IdParamSchema,
    body: PromoCodeWriteSchema,
    response: { 200: successEnvelope(PromoCodeSchema), ...errors, 409: ErrorBodySchema },
  },
  deleteAdminPromoCodes: {
    summary: 'Deletes a promo code (orders keep their discount)',
    params: IdParamSchema,
    response: { 200: successEnvelope(z.null()), ...errors },
  },
});
