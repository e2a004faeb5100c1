import { serverMessage } from '@atelier/shared';
import { deliveryContract as contract } from '@atelier/shared/delivery.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { route } from '../../platform/http/route';
import type { DeliveryService } from './delivery.service';

/**
 * The shop's delivery settings: read by anyone (the cart and the checkout show the countries and
 * the workshop), written by the owner (`PUT /api/admin/delivery`, the whole settings at once).
 */
export const deliveryRoutes: FastifyPluginAsync<{
  service: DeliveryService;
  /** After the owner saved new settings (what was made from the old ones is dropped). */
  onSaved?: () => void;
}> = async (app, { service, onSaved }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.settings, async () => ok(await service.settings()));

  route(api, contract.adminSave, async (request) => {
    const saved = await service.save(request.body);
    onSaved?.();
    return ok(saved, serverMessage('deliverySettingsSaved', requestLanguage(request)));
  });
};
