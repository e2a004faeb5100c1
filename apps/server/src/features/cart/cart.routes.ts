import { cartContract as contract } from '@atelier/shared/cart.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { route } from '../../platform/http/route';
import type { CartService } from './cart.service';

/** `GET|PUT /cart`: the signed-in user's cart, priced and checked on every read. */
export const cartRoutes: FastifyPluginAsync<{ service: CartService }> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.get, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(await service.get(requireUser(request).id));
  });

  route(api, contract.put, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(await service.put(requireUser(request).id, request.body, requestLanguage(request)));
  });
};
