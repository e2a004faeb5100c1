import { promoCodesContract as contract } from '@atelier/shared/promo-codes.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope';
import { route } from '../../platform/http/route';
import type { PromoCodesService } from './promo-codes.service';

export interface PromoCodesRoutesOptions {
  service: PromoCodesService;
}

/**
 * /api/admin/promo-codes: the admin's codes. Buyers check and use a code through the purchase
 * routes of lessons and courses (`…/promo-check`, `…/purchase`).
 */
export const promoCodesRoutes: FastifyPluginAsync<PromoCodesRoutesOptions> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.listAdminPromoCodes, async () => ok(await service.list()));

  route(api, contract.createAdminPromoCodes, async (request, reply) =>
    reply.code(201).send(ok(await service.create(request.body))),
  );

  route(api, contract.putAdminPromoCodes, async (request) => ok(await service.update(request.params.id, request.body)));

  route(api, contract.deleteAdminPromoCodes, async (request) => {
    await service.remove(request.params.id);
    return ok(null);
  });
};
