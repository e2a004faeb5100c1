/**
 * CDEK delivery (docs/decisions/0043):
 *   GET  /api/cdek/settings                 whether the checkout offers CDEK's pickup points
 *   GET  /api/cdek/cities?name=             user: CDEK's places by name (the cart's and the checkout's city search)
 *   GET  /api/cdek/points?cityCode=         user: the pickup points and lockers of a place
 *   POST /api/cdek/quote                    user: CDEK's price for these lines to this point, as the order will charge it
 *   POST /api/cdek/estimate                 user: CDEK's price and days for the cart's goods to a place (the cart page)
 *   POST /api/cdek/webhook                  CDEK's ORDER_STATUS notifications (checked with CDEK before use)
 *   GET  /api/admin/orders/{id}/cdek        admin: the order's CDEK shipment and whether it can be registered
 *   POST /api/admin/orders/{id}/cdek        admin: register the order with CDEK (twice = one CDEK order)
 *   GET  /api/admin/orders/{id}/cdek/label  admin: the parcel's barcode label (PDF)
 */

import { serverMessage } from '@atelier/shared';
import { cdekContract as contract } from '@atelier/shared/cdek.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import type { RateLimiter } from '../../platform/http/rate-limit';
import { route } from '../../platform/http/route';
import type { CheckoutService } from '../checkout/checkout.service';
import type { CdekService } from './cdek.service';
import type { CdekShipments } from './cdek.shipments';

export interface CdekRoutesOptions {
  service: CdekService;
  shipments: CdekShipments;
  checkout: Pick<CheckoutService, 'quoteDelivery' | 'estimateDelivery'>;
  limiter: RateLimiter;
}

/**
 * What one account may ask of CDEK through the shop (the city search and the cart's estimate): a
 * cart's worth of typing and choosing, far from a script's.
 */
export const CDEK_LOOKUPS_PER_ACCOUNT = { max: 120, windowMs: 10 * 60_000 };

/** What the shop reads of CDEK's ORDER_STATUS webhook; the rest of the body is CDEK's and ignored. */

export const cdekRoutes: FastifyPluginAsync<CdekRoutesOptions> = async (
  app,
  { service, shipments, checkout, limiter },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.settings, async () => ok({ enabled: service.enabled }));

  const countLookup = (userId: string) =>
    limiter.hit({ key: `cdek:user:${userId}`, ...CDEK_LOOKUPS_PER_ACCOUNT }, 'rateLimited');

  route(api, contract.cities, async (request) => {
    await countLookup(requireUser(request).id);
    return ok(await service.cities(request.query.name));
  });

  route(api, contract.estimate, async (request) => {
    await countLookup(requireUser(request).id);
    return ok(await checkout.estimateDelivery(request.body, requestLanguage(request)));
  });

  route(api, contract.points, async (request) => ok(await service.points(request.query.cityCode)));

  route(api, contract.quote, async (request) =>
    ok(await checkout.quoteDelivery(requireUser(request).id, request.body, requestLanguage(request))),
  );

  route(api, contract.webhook, async (request) => ok({ outcome: await shipments.webhook(request.body) }));

  route(api, contract.listAdminOrdersCdek, async (request) => ok(await shipments.panel(request.params.id)));

  route(api, contract.createAdminOrdersCdek, async (request) => {
    const { outcome, panel } = await shipments.register(request.params.id);
    const lang = requestLanguage(request);
    return ok(panel, serverMessage(outcome === 'failed' ? 'cdekRegistrationFailed' : 'cdekRegistered', lang));
  });

  route(api, contract.adminOrdersCdekLabel, async (request, reply) => {
    const { pdf, filename } = await shipments.label(request.params.id);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .send(pdf);
  });
};
