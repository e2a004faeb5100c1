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

import { CreateCustomRequestBody, MAX_CUSTOM_PHOTOS, MAX_IMAGE_BYTES, serverMessage } from '@atelier/shared';
import { customOrdersContract as contract } from '@atelier/shared/custom-orders.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { readForm } from '../../platform/http/multipart';
import type { AccountAndAddressLimit } from '../../platform/http/rate-limit';
import { route } from '../../platform/http/route';
import type { CustomOrdersService } from './custom-orders.service';

export interface CustomOrdersRoutesOptions {
  service: CustomOrdersService;
  /** Customers' uploads and deletions (one allowance shared with reviews and students' works). */
  limitUploads?: AccountAndAddressLimit | undefined;
}

export const customOrdersRoutes: FastifyPluginAsync<CustomOrdersRoutesOptions> = async (
  app,
  { service, limitUploads },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.create, async (request, reply) => {
    const user = requireUser(request);
    const lang = requestLanguage(request);
    // Counted before the photos are read or decoded.
    await limitUploads?.(request);
    const form = await readForm(request, CreateCustomRequestBody, {
      photos: { maxBytes: MAX_IMAGE_BYTES, maxCount: MAX_CUSTOM_PHOTOS, tooLarge: 'imageTooLarge' },
    });
    const photos = (form.files.photos ?? []).map((file) => file.data);
    const created = await service.create(user, form.fields, photos, lang);
    return reply.code(201).send(ok(created, serverMessage('customRequestSent', lang)));
  });

  route(api, contract.mine, async (request) => ok(await service.mine(requireUser(request).id)));

  route(api, contract.get, async (request) => ok(await service.getMine(requireUser(request).id, request.params.id)));

  route(api, contract.accept, async (request) =>
    ok(
      await service.accept(requireUser(request), request.params.id, request.body.quotedAt),
      serverMessage('customQuoteAccepted', requestLanguage(request)),
    ),
  );

  route(api, contract.decline, async (request) =>
    ok(
      await service.decline(requireUser(request), request.params.id, request.body.note),
      serverMessage('customRequestDeclined', requestLanguage(request)),
    ),
  );

  route(api, contract.pay, async (request) =>
    ok(await service.pay(requireUser(request), request.params.id, request.body.part, requestLanguage(request))),
  );

  // ---------------------------------------------------------------- admin

  route(api, contract.listAdminCustomOrders, async (request) => {
    const { items, meta } = await service.list(request.query);
    return list(items, meta);
  });

  route(api, contract.getAdminCustomOrders, async (request) => ok(await service.get(request.params.id)));

  route(api, contract.adminCustomOrdersQuote, async (request) =>
    ok(
      await service.quote(request.params.id, request.body),
      serverMessage('customQuoteSent', requestLanguage(request)),
    ),
  );

  route(api, contract.adminCustomOrdersDecline, async (request) =>
    ok(
      await service.adminDecline(request.params.id, request.body.note),
      serverMessage('customRequestDeclined', requestLanguage(request)),
    ),
  );

  route(api, contract.adminCustomOrdersStatus, async (request) =>
    ok(
      await service.setStatus(request.params.id, request.body.status),
      serverMessage('customStatusChanged', requestLanguage(request)),
    ),
  );
};
