import { defineRoutes } from './route-table';

export const shopAdminRouteTable = defineRoutes({
  listAdminShop: { method: 'GET', path: '/api/admin/shop', access: 'admin' },
  getAdminShop: { method: 'GET', path: '/api/admin/shop/:id', access: 'admin' },
  create: { method: 'POST', path: '/api/shop', access: 'admin', multipart: true },
  put: { method: 'PUT', path: '/api/shop/:id', access: 'admin', multipart: true },
  delete: { method: 'DELETE', path: '/api/shop/:id', access: 'admin' },
  image: { method: 'DELETE', path: '/api/shop/:id/image/:imageIndex', access: 'admin' },
});
