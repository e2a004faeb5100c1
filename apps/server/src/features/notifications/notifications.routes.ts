import {
  ErrorBodySchema,
  NotificationSettingsSchema,
  NotificationSettingsViewSchema,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope';
import type { OwnerNotifier } from './notifications.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** The owner's notice switches: GET/PUT /api/admin/notifications, admin only. */
export const notificationsRoutes: FastifyPluginAsync<{ notifier: OwnerNotifier }> = async (app, { notifier }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/notifications',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Which notices the owner gets, the digest hour and language, where they go',
        response: { 200: successEnvelope(NotificationSettingsViewSchema), ...errors },
      },
    },
    async () => ok(await notifier.settings()),
  );
  api.put(
    '/api/admin/notifications',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Switch notice kinds on or off, set the digest hour and the language of the notices',
        body: NotificationSettingsSchema,
        response: { 200: successEnvelope(NotificationSettingsViewSchema), ...errors },
      },
    },
    async (request) => ok(await notifier.saveSettings(request.body)),
  );
};
