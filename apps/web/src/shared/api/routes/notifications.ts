import type { notificationsContract } from '@atelier/shared/notifications.contract';
import { notificationsRouteTable } from '@atelier/shared/notifications.routes';
import { endpoints } from '../endpoints';

export const notificationsApi = endpoints<typeof notificationsContract>(notificationsRouteTable);
