import { defineRoutes } from './route-table';

export const paymentsRouteTable = defineRoutes({
  create: { method: 'POST', path: '/api/payments', access: 'user' },
  methods: { method: 'GET', path: '/api/payments/methods', access: 'public' },
  payLink: { method: 'GET', path: '/api/pay/:token', access: 'public' },
  payLinkPay: { method: 'POST', path: '/api/pay/:token', access: 'public' },
  paypalRequest: { method: 'POST', path: '/api/payments/paypal-request', access: 'user' },
  orders: { method: 'GET', path: '/api/payments/orders/:id', access: 'user' },
  adminOrdersMarkPaid: { method: 'POST', path: '/api/admin/orders/:id/mark-paid', access: 'admin' },
  adminOrdersPaypalInvoice: { method: 'POST', path: '/api/admin/orders/:id/paypal-invoice', access: 'admin' },
  adminOrdersRefund: { method: 'POST', path: '/api/admin/orders/:id/refund', access: 'admin' },
  adminOrdersRefundLines: { method: 'POST', path: '/api/admin/orders/:id/refund-lines', access: 'admin' },
  adminOrdersRefundLinesPreview: {
    method: 'POST',
    path: '/api/admin/orders/:id/refund-lines/preview',
    access: 'admin',
  },
  adminPaymentAlerts: { method: 'GET', path: '/api/admin/payment-alerts', access: 'admin' },
  adminPaymentAlertsResolve: { method: 'POST', path: '/api/admin/payment-alerts/:id/resolve', access: 'admin' },
  adminOrdersPayments: { method: 'GET', path: '/api/admin/orders/:id/payments', access: 'admin' },
  downloads: { method: 'GET', path: '/api/downloads/:token', access: 'public' },
  userDownloads: { method: 'GET', path: '/api/user/downloads', access: 'user' },
  userDownloadsReissue: { method: 'POST', path: '/api/user/downloads/:id/reissue', access: 'user' },
});
