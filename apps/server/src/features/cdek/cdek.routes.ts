/**
 * CDEK delivery (docs/decisions/0043):
 *   GET  /api/cdek/settings                 whether the checkout offers CDEK's pickup points
 *   GET  /api/cdek/cities?name=             user: CDEK's places by name (the checkout's city search)
 *   GET  /api/cdek/points?cityCode=         user: the pickup points and lockers of a place
 *   POST /api/cdek/quote                    user: CDEK's price for these lines to this point, as the order will charge it
 *   POST /api/cdek/webhook                  CDEK's ORDER_STATUS notifications (checked with CDEK before use)
 *   GET  /api/admin/orders/{id}/cdek        admin: the order's CDEK shipment and whether it can be registered
 *   POST /api/admin/orders/{id}/cdek        admin: register the order with CDEK (twice = one CDEK order)
 *   GET  /api/admin/orders/{id}/cdek/label  admin: the parcel's barcode label (PDF)
 */
import {
  CdekCitiesQuerySchema,
  CdekCitySchema,
  CdekOrderPanelSchema,
  CdekPointSchema,
  CdekPointsQuerySchema,
  CdekQuoteBodySchema,
  CdekQuoteSchema,
  CdekSettingsSchema,
  CdekWebhookResultSchema,
  ErrorBodySchema,
  IdParamSchema,
  serverMessage,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import type { CheckoutService } from '../checkout/checkout.service';
import type { CdekService } from './cdek.service';
import type { CdekShipments } from './cdek.shipments';

export interface CdekRoutesOptions {
  service: CdekService;
  shipments: CdekShipments;
  checkout: Pick<CheckoutService, 'quoteDelivery'>;
}

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  502: ErrorBodySchema,
};

/** What the shop reads of CDEK's ORDER_STATUS webhook; the rest of the body is CDEK's and ignored. */
const WebhookBodySchema = z.looseObject({
  type: z.string().min(1).max(40),
  uuid: z.string().min(1).max(64),
});

export const cdekRoutes: FastifyPluginAsync<CdekRoutesOptions> = async (app, { service, shipments, checkout }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['delivery'];

  api.get(
    '/api/cdek/settings',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whether the checkout offers CDEK pickup points and lockers (CDEK configured)',
        response: { 200: successEnvelope(CdekSettingsSchema) },
      },
    },
    async () => ok({ enabled: service.enabled }),
  );

  api.get(
    '/api/cdek/cities',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'CDEK places whose name starts with the text (at most 10; cached briefly)',
        querystring: CdekCitiesQuerySchema,
        response: { 200: successEnvelope(z.array(CdekCitySchema)), ...errors },
      },
    },
    async (request) => ok(await service.cities(request.query.name)),
  );

  api.get(
    '/api/cdek/points',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The CDEK pickup points and parcel lockers of a place, with address and hours (cached briefly)',
        querystring: CdekPointsQuerySchema,
        response: { 200: successEnvelope(z.array(CdekPointSchema)), ...errors },
      },
    },
    async (request) => ok(await service.points(request.query.cityCode)),
  );

  api.post(
    '/api/cdek/quote',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'CDEK delivery of these lines to this point: CDEK’s price, and what the order will charge',
        body: CdekQuoteBodySchema,
        response: { 200: successEnvelope(CdekQuoteSchema), ...errors },
      },
    },
    async (request) =>
      ok(await checkout.quoteDelivery(requireUser(request).id, request.body, requestLanguage(request))),
  );

  api.post(
    '/api/cdek/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'CDEK ORDER_STATUS webhook: applied only for an order the shop registered, as CDEK reports it',
        body: WebhookBodySchema,
        response: { 200: successEnvelope(CdekWebhookResultSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => ok({ outcome: await shipments.webhook(request.body) }),
  );

  api.get(
    '/api/admin/orders/:id/cdek',
    {
      config: { access: 'admin' },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Admin: the order’s CDEK shipment (number, statuses) and whether it can be registered',
        params: IdParamSchema,
        response: { 200: successEnvelope(CdekOrderPanelSchema), ...errors },
      },
    },
    async (request) => ok(await shipments.panel(request.params.id)),
  );

  api.post(
    '/api/admin/orders/:id/cdek',
    {
      config: { access: 'admin' },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Admin: register the paid order with CDEK (idempotent: a second call returns the same shipment)',
        params: IdParamSchema,
        response: { 200: successEnvelope(CdekOrderPanelSchema), ...errors },
      },
    },
    async (request) => {
      const { outcome, panel } = await shipments.register(request.params.id);
      const lang = requestLanguage(request);
      return ok(panel, serverMessage(outcome === 'failed' ? 'cdekRegistrationFailed' : 'cdekRegistered', lang));
    },
  );

  api.get(
    '/api/admin/orders/:id/cdek/label',
    {
      config: { access: 'admin' },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Admin: the parcel’s barcode label as CDEK makes it (PDF, A6)',
        params: IdParamSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await shipments.label(request.params.id);
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .send(pdf);
    },
  );
};
