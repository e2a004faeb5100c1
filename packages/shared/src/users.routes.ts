import { defineRoutes } from './route-table';

export const usersRouteTable = defineRoutes({
  listUserProfile: { method: 'GET', path: '/api/user/profile', access: 'user' },
  putUserProfile: { method: 'PUT', path: '/api/user/profile', access: 'user' },
  userMarketingConsent: { method: 'PUT', path: '/api/user/marketing-consent', access: 'user' },
  userExport: { method: 'GET', path: '/api/user/export', access: 'user' },
  userAccount: { method: 'DELETE', path: '/api/user/account', access: 'user' },
});
