import { defineRoutes } from './route-table';

export const cartRouteTable = defineRoutes({
  get: { method: 'GET', path: '/api/cart', access: 'user' },
  put: { method: 'PUT', path: '/api/cart', access: 'user' },
});
