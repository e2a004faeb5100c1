import { defineRoutes } from './route-table';

export const certificatesRouteTable = defineRoutes({
  get: { method: 'GET', path: '/api/certificates/:code', access: 'public' },
  trainingCertificates: { method: 'GET', path: '/api/training/certificates', access: 'user' },
  trainingCertificatesPdf: { method: 'GET', path: '/api/training/certificates/:code/pdf', access: 'user' },
});
