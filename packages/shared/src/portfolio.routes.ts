import { defineRoutes } from './route-table';

export const portfolioRouteTable = defineRoutes({
  list: { method: 'GET', path: '/api/portfolio', access: 'public' },
  get: { method: 'GET', path: '/api/portfolio/:id', access: 'public' },
  listAdminPortfolio: { method: 'GET', path: '/api/admin/portfolio', access: 'admin' },
  createAdminPortfolio: { method: 'POST', path: '/api/admin/portfolio', access: 'admin', multipart: true },
  putAdminPortfolio: { method: 'PUT', path: '/api/admin/portfolio/:id', access: 'admin', multipart: true },
  deleteAdminPortfolio: { method: 'DELETE', path: '/api/admin/portfolio/:id', access: 'admin' },
});
