import { defineRoutes } from './route-table';

export const adminRouteTable = defineRoutes({
  stats: { method: 'GET', path: '/api/admin/stats', access: 'admin' },
  sales: { method: 'GET', path: '/api/admin/sales', access: 'admin' },
  needsAction: { method: 'GET', path: '/api/admin/needs-action', access: 'admin' },
  users: { method: 'GET', path: '/api/admin/users', access: 'admin' },
});
