import { defineRoutes } from './route-table';

export const cdekRouteTable = defineRoutes({
  settings: { method: 'GET', path: '/api/cdek/settings', access: 'public' },
  cities: { method: 'GET', path: '/api/cdek/cities', access: 'user' },
  points: { method: 'GET', path: '/api/cdek/points', access: 'user' },
  quote: { method: 'POST', path: '/api/cdek/quote', access: 'user' },
  estimate: { method: 'POST', path: '/api/cdek/estimate', access: 'user' },
  webhook: { method: 'POST', path: '/api/cdek/webhook', access: 'public' },
  listAdminOrdersCdek: { method: 'GET', path: '/api/admin/orders/:id/cdek', access: 'admin' },
  createAdminOrdersCdek: { method: 'POST', path: '/api/admin/orders/:id/cdek', access: 'admin' },
  adminOrdersCdekLabel: { method: 'GET', path: '/api/admin/orders/:id/cdek/label', access: 'admin' },
});
