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
import {
  AdminGiftCertificateSchema,
  AdminGiftCertificatesQuerySchema,
  BuyGiftCertificateBody,
  DeactivateGiftCertificateBody,
  ErrorBodySchema,
  GiftBalanceSchema,
  GiftCertificateOfferSchema,
  GiftCertificateSettingsSchema,
  GiftCodeBody,
  IdParamSchema,
  IssueGiftCertificateBody,
  listEnvelope,
  MyGiftCertificateSchema,
  OrderSchema,
  serverMessage,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { type AccountAndAddressLimit, accountAndAddressLimit, type RateLimiter } from '../../platform/http/rate-limit';
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

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export const giftCertificatesRoutes: FastifyPluginAsync<GiftCertificatesRoutesOptions> = async (
  app,
  { service, limitCodes },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['gift-certificates'];

  api.get(
    '/api/gift-certificates/offer',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The amounts on offer (presets and limits per currency) and the delivery dates allowed',
        response: { 200: successEnvelope(GiftCertificateOfferSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await service.offer());
    },
  );

  api.post(
    '/api/gift-certificates',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Buy a gift certificate: creates its order (card in roubles, PayPal in euros and dollars); paid, the recipient is mailed on the chosen day',
        body: BuyGiftCertificateBody,
        response: {
          201: successEnvelope(z.object({ certificate: MyGiftCertificateSchema, order: OrderSchema })),
          ...errors,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const result = await service.buy(requireUser(request), request.body, lang);
      return reply.code(201).send(ok(result, serverMessage('giftCertificateOrdered', lang)));
    },
  );

  api.post(
    '/api/gift-certificates/check',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What is left on a gift certificate, in its currency (rate-limited per address and account)',
        body: GiftCodeBody,
        response: { 200: successEnvelope(GiftBalanceSchema), ...errors, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      await limitCodes(request);
      return ok(await service.lookup(request.body.code));
    },
  );

  api.get(
    '/api/gift-certificates/mine',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The gift certificates the signed-in customer bought (codes once paid), newest first',
        response: { 200: successEnvelope(z.array(MyGiftCertificateSchema)), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await service.mine(requireUser(request).id));
    },
  );

  // ---------------------------------------------------------------- admin

  api.get(
    '/api/admin/gift-certificates/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Preset amounts and the limits of an amount of her own, per currency',
        response: { 200: successEnvelope(GiftCertificateSettingsSchema), ...errors },
      },
    },
    async () => ok(await service.settings()),
  );

  api.put(
    '/api/admin/gift-certificates/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Replace the presets and limits per currency',
        body: GiftCertificateSettingsSchema,
        response: { 200: successEnvelope(GiftCertificateSettingsSchema), ...errors },
      },
    },
    async (request) =>
      ok(await service.saveSettings(request.body), serverMessage('giftSettingsSaved', requestLanguage(request))),
  );

  api.get(
    '/api/admin/gift-certificates',
    {
      config: { access: 'admin' },
      schema: {
        tags: [...tags, 'admin'],
        summary:
          'Gift certificates, newest first; search by code (any case, dashes or not), email, name or order number',
        querystring: AdminGiftCertificatesQuerySchema,
        response: { 200: listEnvelope(AdminGiftCertificateSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { items, meta } = await service.list(request.query);
      return list(items, meta);
    },
  );

  api.post(
    '/api/admin/gift-certificates',
    {
      config: { access: 'admin' },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Issue a certificate by hand (a giveaway): active at once, mailed on the chosen day or not at all',
        body: IssueGiftCertificateBody,
        response: { 201: successEnvelope(AdminGiftCertificateSchema), ...errors },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const certificate = await service.issue(requireUser(request), request.body, lang);
      return reply.code(201).send(ok(certificate, serverMessage('giftCertificateIssued', lang)));
    },
  );

  api.get(
    '/api/admin/gift-certificates/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'One certificate with the history of its balance',
        params: IdParamSchema,
        response: { 200: successEnvelope(AdminGiftCertificateSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await service.get(request.params.id));
    },
  );

  api.post(
    '/api/admin/gift-certificates/:id/deactivate',
    {
      config: { access: 'admin' },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Deactivate a certificate: what is left on it can no longer be spent (409 unless active)',
        params: IdParamSchema,
        body: DeactivateGiftCertificateBody,
        response: { 200: successEnvelope(AdminGiftCertificateSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const certificate = await service.deactivate(requireUser(request), request.params.id, request.body.note);
      return ok(certificate, serverMessage('giftCertificateDeactivated', requestLanguage(request)));
    },
  );
};
