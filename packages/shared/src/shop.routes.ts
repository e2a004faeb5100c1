import { defineRoutes } from './route-table';

export const shopRouteTable = defineRoutes({
  list: { method: 'GET', path: '/api/shop', access: 'public' },
  featured: { method: 'GET', path: '/api/shop/featured', access: 'public' },
  get: { method: 'GET', path: '/api/shop/:id', access: 'public' },
});
