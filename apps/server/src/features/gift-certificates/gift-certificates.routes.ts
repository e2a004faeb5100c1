/**
 * Gift certificates:
 *   GET  /api/gift-certificates/offer                    presets, limits and the dates allowed (public)
 *   POST /api/gift-certificates                          buy one: its order, to pay through /api/payments
 *   POST /api/gift-certificates/check                    the balance of a code (rate-limited)
 *   GET  /api/gift-certificates/mine                     the certificates the account bought
 *   GET  /api/admin/gift-certificates                    admin: list, search by code, email or name
 *   POST /api/admin/gift-certificates                    admin: issue one by hand (a giveaway)
 *   GET  /api/admin/gift-certificates/{id}               admin: one with its history
 *   POST /api/admin/gift-certificates/{id}/deactivate    admin: stop it
 *   GET|PUT /api/admin/gift-certificates/settings        admin: presets and limits per currency
 * A code is paid with at checkout (`giftCertificateCode` of POST /api/orders and of the lesson and
 * course purchase); every request carrying one counts against the same limits as the balance check,
 * per client address and per account, so codes cannot be guessed by trying.
 */

import { serverMessage } from '@atelier/shared';
import { giftCertificatesContract as contract } from '@atelier/shared/gift-certificates.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { type AccountAndAddressLimit, accountAndAddressLimit, type RateLimiter } from '../../platform/http/rate-limit';
import { route } from '../../platform/http/route';
import type { GiftCertificatesService } from './gift-certificates.service';

/** Counts one look-up of a gift certificate code for the request's address and account (429 past the limit). */
export type GiftCodeLimit = AccountAndAddressLimit;

export function giftCodeLimiter(
  limiter: RateLimiter,
  limits: { perAccount: number; perIp: number; windowMs: number },
): GiftCodeLimit {
  return accountAndAddressLimit(limiter, 'gift-code', 'giftCodeRateLimited', limits);
}

export interface GiftCertificatesRoutesOptions {
  service: GiftCertificatesService;
  limitCodes: GiftCodeLimit;
}

export const giftCertificatesRoutes: FastifyPluginAsync<GiftCertificatesRoutesOptions> = async (
  app,
  { service, limitCodes },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.offer, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(await service.offer());
  });

  route(api, contract.create, async (request, reply) => {
    const lang = requestLanguage(request);
    const result = await service.buy(requireUser(request), request.body, lang);
    return reply.code(201).send(ok(result, serverMessage('giftCertificateOrdered', lang)));
  });

  route(api, contract.check, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    await limitCodes(request);
    return ok(await service.lookup(request.body.code));
  });

  route(api, contract.mine, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(await service.mine(requireUser(request).id));
  });

  // ---------------------------------------------------------------- admin

  route(api, contract.listAdminGiftCertificatesSettings, async () => ok(await service.settings()));

  route(api, contract.putAdminGiftCertificatesSettings, async (request) =>
    ok(await service.saveSettings(request.body), serverMessage('giftSettingsSaved', requestLanguage(request))),
  );

  route(api, contract.listAdminGiftCertificates, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { items, meta } = await service.list(request.query);
    return list(items, meta);
  });

  route(api, contract.createAdminGiftCertificates, async (request, reply) => {
    const certificate = await service.issue(requireUser(request), request.body);
    return reply.code(201).send(ok(certificate, serverMessage('giftCertificateIssued', requestLanguage(request))));
  });

  route(api, contract.getAdminGiftCertificates, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(await service.get(request.params.id));
  });

  route(api, contract.adminGiftCertificatesDeactivate, async (request) => {
    const certificate = await service.deactivate(requireUser(request), request.params.id, request.body.note);
    return ok(certificate, serverMessage('giftCertificateDeactivated', requestLanguage(request)));
  });
};
