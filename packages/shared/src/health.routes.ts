import { defineRoutes } from './route-table';

export const healthRouteTable = defineRoutes({
  ready: { method: 'GET', path: '/api/ready', access: 'public' },
  health: { method: 'GET', path: '/api/health', access: 'public' },
});
