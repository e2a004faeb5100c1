import { serverMessage } from '@atelier/shared';
import { favouritesContract as contract } from '@atelier/shared/favourites.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { route } from '../../platform/http/route';
import type { FavouritesService } from './favourites.service';

/** `GET /favourites` and `PUT|DELETE /favourites/{type}/{id}`: the signed-in customer's own favourites. */
export const favouritesRoutes: FastifyPluginAsync<{ service: FavouritesService }> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.list, async (request) => ok(await service.list(requireUser(request).id)));

  route(api, contract.add, async (request) => {
    const { type, id } = request.params;
    await service.add(requireUser(request).id, type, id);
    return ok({ type, id, favourite: true }, serverMessage('favouriteAdded', requestLanguage(request)));
  });

  route(api, contract.remove, async (request) => {
    const { type, id } = request.params;
    await service.remove(requireUser(request).id, type, id);
    return ok({ type, id, favourite: false }, serverMessage('favouriteRemoved', requestLanguage(request)));
  });
};
