import {
  AdminNeedsActionSchema,
  AdminSalesQuerySchema,
  AdminSalesSchema,
  AdminStatsSchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
  ErrorBodySchema,
  listEnvelope,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { list, ok } from '../../platform/http/envelope';
import type { AdminService } from './admin.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** The owner's dashboard (counters, sales, needs action) and the users list. Admin only. */
export interface AdminRoutesOptions {
  service: AdminService;
}

export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (app, { service }) => {
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
    '/api/admin/sales',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Paid orders and revenue (RUB) per day, week or month, with the top goods and lessons of the range',
        querystring: AdminSalesQuerySchema,
        response: { 200: successEnvelope(AdminSalesSchema), ...errors },
      },
    },
    async (request) => ok(await service.sales(request.query)),
  );

  api.get(
    '/api/admin/needs-action',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Orders about to expire, orders to ship, reviews to moderate, PayPal invoice requests, payment alerts',
        response: { 200: successEnvelope(AdminNeedsActionSchema), ...errors },
      },
    },
    async () => ok(await service.needsAction()),
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
