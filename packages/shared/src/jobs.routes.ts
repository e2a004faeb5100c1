import { defineRoutes } from './route-table';

/** Background work that fails, for the owner; a retry of work that gave up. */
export const jobsRouteTable = defineRoutes({
  adminList: { method: 'GET', path: '/api/admin/jobs', access: 'admin' },
  adminRetry: { method: 'POST', path: '/api/admin/jobs/:id/retry', access: 'admin' },
});
