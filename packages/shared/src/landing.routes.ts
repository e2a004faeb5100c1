import { defineRoutes } from './route-table';

export const landingRouteTable = defineRoutes({
  listAbout: { method: 'GET', path: '/api/landing/about', access: 'public' },
  list: { method: 'GET', path: '/api/landing', access: 'public' },
  putAbout: { method: 'PUT', path: '/api/landing/about', access: 'admin', multipart: true },
  put: { method: 'PUT', path: '/api/landing', access: 'admin' },
});
