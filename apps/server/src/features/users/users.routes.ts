import {
  CONSENT_KINDS,
  DeleteAccountBody,
  ErrorBodySchema,
  MarketingConsentBody,
  serverMessage,
  successEnvelope,
  UpdateProfileBody,
  UserResultSchema,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { clientContext } from '../../platform/http/client-context';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import type { LegalService } from '../legal/legal.service';
import type { UsersService } from './users.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

/** `GET|PUT /user/profile`, plus the data export and account deletion. */
export interface UsersRoutesOptions {
  service: UsersService;
  /** The marketing opt-in and the account's deletion are recorded as consents; the export lists them. */
  legal: LegalService;
}

export const usersRoutes: FastifyPluginAsync<UsersRoutesOptions> = async (app, { service, legal }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  api.get(
    '/api/user/profile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The signed-in user’s profile',
        response: { 200: successEnvelope(UserResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok({ user: service.profile(requireUser(request)) });
    },
  );

  api.put(
    '/api/user/profile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Update name, first/last name and phone (the email is not changed here)',
        body: UpdateProfileBody,
        response: { 200: successEnvelope(UserResultSchema), ...errors },
      },
    },
    async (request) => {
      const user = await service.updateProfile(requireUser(request), request.body);
      return ok({ user }, serverMessage('profileUpdated', requestLanguage(request)));
    },
  );

  api.put(
    '/api/user/marketing-consent',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Opt in to (or out of) reminders and news by email; off until the customer turns it on. Opting in names the consent text version shown (`document`; 409 when no longer in force)',
        body: MarketingConsentBody,
        response: { 200: successEnvelope(UserResultSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const current = requireUser(request);
      const context = { ...clientContext(request), language: requestLanguage(request) };
      const alsoRecord = await legal.marketingChange(current.id, request.body, context);
      const user = await service.setMarketingConsent(current, request.body.consent, alsoRecord);
      const message = user.marketingConsent ? 'marketingConsentOn' : 'marketingConsentOff';
      return ok({ user }, serverMessage(message, requestLanguage(request)));
    },
  );

  api.get(
    '/api/user/export',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Download the user’s own data as JSON (profile, orders with items, purchases, reviews, cart, favourites, alerts, custom requests, consents)',
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = { ...(await service.exportData(user)), consents: await legal.ofUser(user.id) };
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="atelier-my-data-${day}.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  api.delete(
    '/api/user/account',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete the account (password required); orders are kept, personal data removed',
        body: DeleteAccountBody,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await service.deleteAccount(user, request.body.password, (tx) =>
        legal.withdraw(tx, user.id, CONSENT_KINDS, { ...clientContext(request), source: 'account_deletion' }),
      );
      return ok(null, serverMessage('accountDeleted', requestLanguage(request)));
    },
  );
};
