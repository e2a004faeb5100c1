import {
  ErrorBodySchema,
  IdParamSchema,
  PromoCodeSchema,
  PromoCodeWriteSchema,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope';
import type { PromoCodesService } from './promo-codes.service';

export interface PromoCodesRoutesOptions {
  service: PromoCodesService;
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * /api/admin/promo-codes: the admin's codes. Buyers check and use a code through the purchase
 * routes of lessons and courses (`…/promo-check`, `…/purchase`).
 */
export const promoCodesRoutes: FastifyPluginAsync<PromoCodesRoutesOptions> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/promo-codes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: 'Promo codes with their usage counts, newest first',
        response: { 200: successEnvelope(z.array(PromoCodeSchema)), ...errors },
      },
    },
    async () => ok(await service.list()),
  );

  api.post(
    '/api/admin/promo-codes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: 'Creates a promo code (stored upper-case, matched case-insensitively)',
        body: PromoCodeWriteSchema,
        response: { 201: successEnvelope(PromoCodeSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await service.create(request.body))),
  );

  api.put(
    '/api/admin/promo-codes/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: 'Replaces a promo code (its usage count is kept)',
        params: IdParamSchema,
        body: PromoCodeWriteSchema,
        response: { 200: successEnvelope(PromoCodeSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => ok(await service.update(request.params.id, request.body)),
  );

  api.delete(
    '/api/admin/promo-codes/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'training'],
        summary: 'Deletes a promo code (orders keep their discount)',
        params: IdParamSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      return ok(null);
    },
  );
};
