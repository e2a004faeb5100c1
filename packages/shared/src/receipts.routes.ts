import { defineRoutes } from './route-table';

export const receiptsRouteTable = defineRoutes({
  adminOrdersReceipts: { method: 'GET', path: '/api/admin/orders/:id/receipts', access: 'admin' },
  adminReceiptsRetry: { method: 'POST', path: '/api/admin/receipts/:id/retry', access: 'admin' },
});
