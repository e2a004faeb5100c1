import { NotificationSettingsSchema, NotificationSettingsViewSchema } from './admin';
import { ErrorBodySchema, successEnvelope } from './api';
import { defineContract } from './contract';
import { notificationsRouteTable } from './notifications.routes';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

export const notificationsContract = defineContract('notifications', notificationsRouteTable, {
  listAdminNotifications: {
    summary: 'Which notices the owner gets, the digest hour and language, where they go',
    response: { 200: successEnvelope(NotificationSettingsViewSchema), ...errors },
  },
  putAdminNotifications: {
    summary: 'Switch notice kinds on or off, set the digest hour and the language of the notices',
    body: NotificationSettingsSchema,
    response: { 200: successEnvelope(NotificationSettingsViewSchema), ...errors },
  },
});
