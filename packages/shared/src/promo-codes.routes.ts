import { defineRoutes } from './route-table';

export const promoCodesRouteTable = defineRoutes({
  listAdminPromoCodes: { method: 'GET', path: '/api/admin/promo-codes', access: 'admin' },
  createAdminPromoCodes: { method: 'POST', path: '/api/admin/promo-codes', access: 'admin' },
  putAdminPromoCodes: { method: 'PUT', path: '/api/admin/promo-codes/:id', access: 'admin' },
  deleteAdminPromoCodes: { method: 'DELETE', path: '/api/admin/promo-codes/:id', access: 'admin' },
});
