import { defineRoutes } from './route-table';

export const reviewsRouteTable = defineRoutes({
  list: { method: 'GET', path: '/api/reviews', access: 'public' },
  mine: { method: 'GET', path: '/api/reviews/mine', access: 'user' },
  create: { method: 'POST', path: '/api/reviews', access: 'user', multipart: true },
  listAdmin: { method: 'GET', path: '/api/reviews/admin', access: 'admin' },
  adminReorder: { method: 'PUT', path: '/api/reviews/admin/reorder', access: 'admin' },
  adminApprove: { method: 'PUT', path: '/api/reviews/admin/:id/approve', access: 'admin' },
  adminReject: { method: 'PUT', path: '/api/reviews/admin/:id/reject', access: 'admin' },
  deleteAdmin: { method: 'DELETE', path: '/api/reviews/admin/:id', access: 'admin' },
});
