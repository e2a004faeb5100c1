import { defineRoutes } from './route-table';

export const legalRouteTable = defineRoutes({
  list: { method: 'GET', path: '/api/legal', access: 'public' },
  getKindLanguage: { method: 'GET', path: '/api/legal/:kind/:language', access: 'public' },
  getKindLanguageVersion: { method: 'GET', path: '/api/legal/:kind/:language/:version', access: 'public' },
  consentsCookies: { method: 'POST', path: '/api/consents/cookies', access: 'public' },
  userConsents: { method: 'GET', path: '/api/user/consents', access: 'user' },
  listAdminLegal: { method: 'GET', path: '/api/admin/legal', access: 'admin' },
  createAdminLegal: { method: 'POST', path: '/api/admin/legal/:kind/:language', access: 'admin' },
  adminConsents: { method: 'GET', path: '/api/admin/consents', access: 'admin' },
  adminConsentsExportCsv: { method: 'GET', path: '/api/admin/consents/export.csv', access: 'admin' },
  adminConsentsExportJson: { method: 'GET', path: '/api/admin/consents/export.json', access: 'admin' },
});
