import {
  ErrorBodySchema,
  FavouriteParamsSchema,
  FavouriteSchema,
  FavouriteStateSchema,
  serverMessage,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import type { FavouritesService } from './favourites.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

/** `GET /favourites` and `PUT|DELETE /favourites/{type}/{id}`: the signed-in customer's own favourites. */
export const favouritesRoutes: FastifyPluginAsync<{ service: FavouritesService }> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['favourites'];

  api.get(
    '/api/favourites',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The signed-in customer’s favourite products and lessons, newest first',
        response: { 200: successEnvelope(z.array(FavouriteSchema)), ...errors },
      },
    },
    async (request) => ok(await service.list(requireUser(request).id)),
  );

  api.put(
    '/api/favourites/:type/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Keep a product or lesson in favourites (again is fine)',
        params: FavouriteParamsSchema,
        response: {
          200: successEnvelope(FavouriteStateSchema),
          ...errors,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { type, id } = request.params;
      await service.add(requireUser(request).id, type, id);
      return ok({ type, id, favourite: true }, serverMessage('favouriteAdded', requestLanguage(request)));
    },
  );

  api.delete(
    '/api/favourites/:type/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Drop a product or lesson from favourites (not there is fine)',
        params: FavouriteParamsSchema,
        response: { 200: successEnvelope(FavouriteStateSchema), ...errors },
      },
    },
    async (request) => {
      const { type, id } = request.params;
      await service.remove(requireUser(request).id, type, id);
      return ok({ type, id, favourite: false }, serverMessage('favouriteRemoved', requestLanguage(request)));
    },
  );
};
