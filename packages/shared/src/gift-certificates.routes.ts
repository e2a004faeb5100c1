import { defineRoutes } from './route-table';

export const giftCertificatesRouteTable = defineRoutes({
  offer: { method: 'GET', path: '/api/gift-certificates/offer', access: 'public' },
  create: { method: 'POST', path: '/api/gift-certificates', access: 'user' },
  check: { method: 'POST', path: '/api/gift-certificates/check', access: 'public' },
  mine: { method: 'GET', path: '/api/gift-certificates/mine', access: 'user' },
  listAdminGiftCertificatesSettings: { method: 'GET', path: '/api/admin/gift-certificates/settings', access: 'admin' },
  putAdminGiftCertificatesSettings: { method: 'PUT', path: '/api/admin/gift-certificates/settings', access: 'admin' },
  listAdminGiftCertificates: { method: 'GET', path: '/api/admin/gift-certificates', access: 'admin' },
  createAdminGiftCertificates: { method: 'POST', path: '/api/admin/gift-certificates', access: 'admin' },
  getAdminGiftCertificates: { method: 'GET', path: '/api/admin/gift-certificates/:id', access: 'admin' },
  adminGiftCertificatesDeactivate: {
    method: 'POST',
    path: '/api/admin/gift-certificates/:id/deactivate',
    access: 'admin',
  },
});
