import { adminContract as contract } from '@atelier/shared/admin.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { list, ok } from '../../platform/http/envelope';
import { route } from '../../platform/http/route';
import type { AdminService } from './admin.service';

/** The owner's dashboard (counters, sales, needs action) and the users list. Admin only. */
export interface AdminRoutesOptions {
  service: AdminService;
}

export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.stats, async () => ok(await service.stats()));

  route(api, contract.sales, async (request) => ok(await service.sales(request.query)));

  route(api, contract.needsAction, async () => ok(await service.needsAction()));

  route(api, contract.users, async (request) => {
    const { items, meta } = await service.users(request.query);
    return list(items, meta);
  });
};
