import { defineRoutes } from './route-table';

/** The shop's delivery settings: read by anyone, written by the owner. */
export const deliveryRouteTable = defineRoutes({
  settings: { method: 'GET', path: '/api/delivery', access: 'public' },
  adminSave: { method: 'PUT', path: '/api/admin/delivery', access: 'admin' },
});
