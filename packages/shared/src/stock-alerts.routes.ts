import { defineRoutes } from './route-table';

export const stockAlertsRouteTable = defineRoutes({
  create: { method: 'POST', path: '/api/stock-alerts', access: 'public' },
  confirm: { method: 'POST', path: '/api/stock-alerts/confirm', access: 'public' },
  unsubscribe: { method: 'POST', path: '/api/stock-alerts/unsubscribe', access: 'public' },
  list: { method: 'GET', path: '/api/stock-alerts', access: 'user' },
  delete: { method: 'DELETE', path: '/api/stock-alerts/:productId', access: 'user' },
});
