import { defineRoutes } from './route-table';

/** The signed-in customer's remembered delivery addresses. */
export const addressesRouteTable = defineRoutes({
  list: { method: 'GET', path: '/api/user/addresses', access: 'user' },
  remove: { method: 'DELETE', path: '/api/user/addresses/:id', access: 'user' },
});
