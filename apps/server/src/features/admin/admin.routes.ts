import {
  AdminStatsSchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
  ErrorBodySchema,
  listEnvelope,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { list, ok } from '../../platform/http/envelope';
import { createAdminRepo } from './admin.repo';
import { createAdminService } from './admin.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** GET /api/admin/stats (dashboard counters) and GET /api/admin/users (search, pages). Admin only. */
export const adminRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const service = createAdminService({ repo: createAdminRepo(db) });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/stats',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Dashboard counters: orders, orders awaiting payment, revenue of paid orders (RUB), users, …',
        response: { 200: successEnvelope(AdminStatsSchema), ...errors },
      },
    },
    async () => ok(await service.stats()),
  );

  api.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Accounts, newest first; search by name or email',
        querystring: AdminUsersQuerySchema,
        response: { 200: listEnvelope(AdminUserSchema), ...errors },
      },
    },
    async (request) => {
      const { items, meta } = await service.users(request.query);
      return list(items, meta);
    },
  );
};
