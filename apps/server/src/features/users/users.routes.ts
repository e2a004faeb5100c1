import {
  DeleteAccountBody,
  ErrorBodySchema,
  serverMessage,
  successEnvelope,
  UpdateProfileBody,
  UserResultSchema,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import type { UsersService } from './users.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

/** `GET|PUT /user/profile`, plus the data export and account deletion. */
export interface UsersRoutesOptions {
  service: UsersService;
}

export const usersRoutes: FastifyPluginAsync<UsersRoutesOptions> = async (app, { service }) => {
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

  api.get(
    '/api/user/export',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Download the user’s own data as JSON (profile, orders with items, purchases, reviews, cart)',
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.exportData(requireUser(request));
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
      await service.deleteAccount(requireUser(request), request.body.password);
      return ok(null, serverMessage('accountDeleted', requestLanguage(request)));
    },
  );
};
