import { defineRoutes } from './route-table';

export const notificationsRouteTable = defineRoutes({
  listAdminNotifications: { method: 'GET', path: '/api/admin/notifications', access: 'admin' },
  putAdminNotifications: { method: 'PUT', path: '/api/admin/notifications', access: 'admin' },
});
