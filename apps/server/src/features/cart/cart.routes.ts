import { CartSchema, ErrorBodySchema, PutCartBody, successEnvelope } from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import type { CartService } from './cart.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

/** `GET|PUT /cart`: the signed-in user's cart, priced and checked on every read. */
export const cartRoutes: FastifyPluginAsync<{ service: CartService }> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cart'];

  api.get(
    '/api/cart',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The signed-in user’s cart with current prices and availability',
        response: { 200: successEnvelope(CartSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await service.get(requireUser(request).id));
    },
  );

  api.put(
    '/api/cart',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Replace the cart (same id + type merge; an empty list clears it)',
        body: PutCartBody,
        response: { 200: successEnvelope(CartSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await service.put(requireUser(request).id, request.body, requestLanguage(request)));
    },
  );
};
