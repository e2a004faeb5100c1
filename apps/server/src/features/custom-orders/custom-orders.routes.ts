/**
 * Custom order requests:
 *   POST /api/custom-orders                         send a request (multipart: `data` JSON + up to 5 `photos`)
 *   GET  /api/custom-orders/mine                    the customer's requests
 *   GET  /api/custom-orders/{id}                    one of them (404 for anyone else's)
 *   POST /api/custom-orders/{id}/accept             accept the quote
 *   POST /api/custom-orders/{id}/decline            decline the quote
 *   POST /api/custom-orders/{id}/pay                the deposit's or balance's order, paid through /api/payments
 *   GET  /api/admin/custom-orders                   admin: list, status filter
 *   GET  /api/admin/custom-orders/{id}              admin: one
 *   POST /api/admin/custom-orders/{id}/quote        admin: quote (again while quoted)
 *   POST /api/admin/custom-orders/{id}/decline      admin: decline (new or quoted)
 *   POST /api/admin/custom-orders/{id}/status       admin: in_work, done
 * A step the request's status does not allow is 409.
 */
import {
  AdminCustomRequestsQuerySchema,
  CreateCustomRequestBody,
  CustomAcceptBody,
  CustomDeclineBody,
  CustomPayBody,
  CustomQuoteBody,
  CustomRequestSchema,
  CustomStatusBody,
  ErrorBodySchema,
  IdParamSchema,
  listEnvelope,
  MAX_CUSTOM_PHOTOS,
  MAX_IMAGE_BYTES,
  OrderSchema,
  serverMessage,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { readForm } from '../../platform/http/multipart';
import type { CustomOrdersService } from './custom-orders.service';

export interface CustomOrdersRoutesOptions {
  service: CustomOrdersService;
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const withConflict = { ...errors, 409: ErrorBodySchema };

export const customOrdersRoutes: FastifyPluginAsync<CustomOrdersRoutesOptions> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['custom-orders'];
  const adminTags = ['custom-orders', 'admin'];

  api.post(
    '/api/custom-orders',
    {
      config: { access: 'user', multipart: true },
      schema: {
        tags,
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
    },
    async (request, reply) => {
      const user = requireUser(request);
      const lang = requestLanguage(request);
      const form = await readForm(request, CreateCustomRequestBody, {
        photos: { maxBytes: MAX_IMAGE_BYTES, maxCount: MAX_CUSTOM_PHOTOS, tooLarge: 'imageTooLarge' },
      });
      const photos = (form.files.photos ?? []).map((file) => file.data);
      const created = await service.create(user, form.fields, photos, lang);
      return reply.code(201).send(ok(created, serverMessage('customRequestSent', lang)));
    },
  );

  api.get(
    '/api/custom-orders/mine',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The signed-in customer’s custom requests, newest first',
        response: { 200: successEnvelope(z.array(CustomRequestSchema)), ...errors },
      },
    },
    async (request) => ok(await service.mine(requireUser(request).id)),
  );

  api.get(
    '/api/custom-orders/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One of the customer’s own requests with its quote',
        params: IdParamSchema,
        response: { 200: successEnvelope(CustomRequestSchema), ...errors },
      },
    },
    async (request) => ok(await service.getMine(requireUser(request).id, request.params.id)),
  );

  api.post(
    '/api/custom-orders/:id/accept',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Accept the quote seen (its quotedAt; 409 unless quoted, or when re-quoted since)',
        params: IdParamSchema,
        body: CustomAcceptBody,
        response: { 200: successEnvelope(CustomRequestSchema), ...withConflict },
      },
    },
    async (request) =>
      ok(
        await service.accept(requireUser(request), request.params.id, request.body.quotedAt),
        serverMessage('customQuoteAccepted', requestLanguage(request)),
      ),
  );

  api.post(
    '/api/custom-orders/:id/decline',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Decline the quote (409 unless quoted)',
        params: IdParamSchema,
        body: CustomDeclineBody,
        response: { 200: successEnvelope(CustomRequestSchema), ...withConflict },
      },
    },
    async (request) =>
      ok(
        await service.decline(requireUser(request), request.params.id, request.body.note),
        serverMessage('customRequestDeclined', requestLanguage(request)),
      ),
  );

  api.post(
    '/api/custom-orders/:id/pay',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'The order of the deposit or the balance (the same one while it waits for payment), paid through /api/payments; 409 when that is not due',
        params: IdParamSchema,
        body: CustomPayBody,
        response: {
          200: successEnvelope(z.object({ request: CustomRequestSchema, order: OrderSchema })),
          ...withConflict,
        },
      },
    },
    async (request) =>
      ok(await service.pay(requireUser(request), request.params.id, request.body.part, requestLanguage(request))),
  );

  // ---------------------------------------------------------------- admin

  api.get(
    '/api/admin/custom-orders',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Custom requests, newest first, by status',
        querystring: AdminCustomRequestsQuerySchema,
        response: { 200: listEnvelope(CustomRequestSchema), ...errors },
      },
    },
    async (request) => {
      const { items, meta } = await service.list(request.query);
      return list(items, meta);
    },
  );

  api.get(
    '/api/admin/custom-orders/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'One request with its photos, quote and payments',
        params: IdParamSchema,
        response: { 200: successEnvelope(CustomRequestSchema), ...errors },
      },
    },
    async (request) => ok(await service.get(request.params.id)),
  );

  api.post(
    '/api/admin/custom-orders/:id/quote',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Answer with a quote: price, currency, deposit %, due date, message (409 unless new or quoted)',
        params: IdParamSchema,
        body: CustomQuoteBody,
        response: { 200: successEnvelope(CustomRequestSchema), ...withConflict },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      return ok(await service.quote(request.params.id, request.body, lang), serverMessage('customQuoteSent', lang));
    },
  );

  api.post(
    '/api/admin/custom-orders/:id/decline',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Decline the request (409 unless new or quoted)',
        params: IdParamSchema,
        body: CustomDeclineBody,
        response: { 200: successEnvelope(CustomRequestSchema), ...withConflict },
      },
    },
    async (request) =>
      ok(
        await service.adminDecline(request.params.id, request.body.note),
        serverMessage('customRequestDeclined', requestLanguage(request)),
      ),
  );

  api.post(
    '/api/admin/custom-orders/:id/status',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Work started (after the deposit) or the piece done (once the balance is paid); 409 otherwise',
        params: IdParamSchema,
        body: CustomStatusBody,
        response: { 200: successEnvelope(CustomRequestSchema), ...withConflict },
      },
    },
    async (request) =>
      ok(
        await service.setStatus(request.params.id, request.body.status),
        serverMessage('customStatusChanged', requestLanguage(request)),
      ),
  );
};
