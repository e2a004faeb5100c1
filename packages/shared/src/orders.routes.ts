import { defineRoutes } from './route-table';

export const ordersRouteTable = defineRoutes({
  user: { method: 'GET', path: '/api/orders/user', access: 'user' },
  adminOrdersExportCsv: { method: 'GET', path: '/api/admin/orders/export.csv', access: 'admin' },
  list: { method: 'GET', path: '/api/orders', access: 'admin' },
  get: { method: 'GET', path: '/api/orders/:id', access: 'user' },
  number: { method: 'GET', path: '/api/orders/number/:number', access: 'user' },
  tracking: { method: 'PUT', path: '/api/orders/:id/tracking', access: 'admin' },
  ship: { method: 'POST', path: '/api/orders/:id/ship', access: 'admin' },
  status: { method: 'PATCH', path: '/api/orders/:id/status', access: 'admin' },
});
