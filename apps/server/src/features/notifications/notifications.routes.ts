import { notificationsContract as contract } from '@atelier/shared/notifications.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope';
import { route } from '../../platform/http/route';
import type { OwnerNotifier } from './notifications.service';

/** The owner's notice switches: GET/PUT /api/admin/notifications, admin only. */
export const notificationsRoutes: FastifyPluginAsync<{ notifier: OwnerNotifier }> = async (app, { notifier }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  route(api, contract.listAdminNotifications, async () => ok(await notifier.settings()));
  route(api, contract.putAdminNotifications, async (request) => ok(await notifier.saveSettings(request.body)));
};
