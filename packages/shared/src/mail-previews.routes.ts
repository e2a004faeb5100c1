import { defineRoutes } from './route-table';

/** The admin's preview of every mail the shop sends. */
export const mailPreviewsRouteTable = defineRoutes({
  preview: { method: 'GET', path: '/api/admin/mail-previews/:kind', access: 'admin' },
});
