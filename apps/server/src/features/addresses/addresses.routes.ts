import { addressesContract as contract } from '@atelier/shared/addresses.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { route } from '../../platform/http/route';
import type { AddressesService } from './addresses.service';

/** `GET /user/addresses` and `DELETE /user/addresses/{id}`: her remembered delivery addresses. */
export const addressesRoutes: FastifyPluginAsync<{ service: AddressesService }> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.list, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(await service.list(requireUser(request).id));
  });

  route(api, contract.remove, async (request) => {
    await service.remove(requireUser(request).id, request.params.id);
    return ok({ id: request.params.id });
  });
};
