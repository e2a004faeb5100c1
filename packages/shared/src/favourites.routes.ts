import { defineRoutes } from './route-table';

/** The signed-in customer's own favourites. */
export const favouritesRouteTable = defineRoutes({
  list: { method: 'GET', path: '/api/favourites', access: 'user' },
  add: { method: 'PUT', path: '/api/favourites/:type/:id', access: 'user' },
  remove: { method: 'DELETE', path: '/api/favourites/:type/:id', access: 'user' },
});
