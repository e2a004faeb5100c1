import { defineRoutes } from './route-table';

export const paymentsWebhooksRouteTable = defineRoutes({
  webhook: { method: 'POST', path: '/api/payments/webhook/:provider', access: 'public' },
  paypalReturn: { method: 'GET', path: '/api/payments/paypal/return', access: 'public' },
  sandboxPage: { method: 'GET', path: '/api/payments/sandbox/:id', access: 'public' },
  sandboxAction: { method: 'POST', path: '/api/payments/sandbox/:id/:action', access: 'public' },
});
