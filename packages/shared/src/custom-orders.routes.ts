import { defineRoutes } from './route-table';

export const customOrdersRouteTable = defineRoutes({
  create: { method: 'POST', path: '/api/custom-orders', access: 'user', multipart: true },
  mine: { method: 'GET', path: '/api/custom-orders/mine', access: 'user' },
  get: { method: 'GET', path: '/api/custom-orders/:id', access: 'user' },
  accept: { method: 'POST', path: '/api/custom-orders/:id/accept', access: 'user' },
  decline: { method: 'POST', path: '/api/custom-orders/:id/decline', access: 'user' },
  pay: { method: 'POST', path: '/api/custom-orders/:id/pay', access: 'user' },
  listAdminCustomOrders: { method: 'GET', path: '/api/admin/custom-orders', access: 'admin' },
  getAdminCustomOrders: { method: 'GET', path: '/api/admin/custom-orders/:id', access: 'admin' },
  adminCustomOrdersQuote: { method: 'POST', path: '/api/admin/custom-orders/:id/quote', access: 'admin' },
  adminCustomOrdersDecline: { method: 'POST', path: '/api/admin/custom-orders/:id/decline', access: 'admin' },
  adminCustomOrdersStatus: { method: 'POST', path: '/api/admin/custom-orders/:id/status', access: 'admin' },
});
