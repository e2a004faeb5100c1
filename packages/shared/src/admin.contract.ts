import {
  AdminNeedsActionSchema,
  AdminSalesQuerySchema,
  AdminSalesSchema,
  AdminStatsSchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
} from './admin';
import { adminRouteTable } from './admin.routes';
import { ErrorBodySchema, listEnvelope, successEnvelope } from './api';
import { defineContract } from './contract';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

export const adminContract = defineContract('admin', adminRouteTable, {
  stats: {
    summary: 'Dashboard counters: orders, orders awaiting payment, revenue of paid orders (RUB), users, …',
    response: { 200: successEnvelope(AdminStatsSchema), ...errors },
  },
  sales: {
    summary: 'Paid orders and revenue (RUB) per day, week or month, with the top goods and lessons of the range',
    query: AdminSalesQuerySchema,
    response: { 200: successEnvelope(AdminSalesSchema), ...errors },
  },
  needsAction: {
    summary: 'Orders about to expire, orders to ship, reviews to moderate, PayPal invoice requests, payment alerts',
    response: { 200: successEnvelope(AdminNeedsActionSchema), ...errors },
  },
  users: {
    summary: 'Accounts, newest first; search by name or email',
    query: AdminUsersQuerySchema,
    response: { 200: listEnvelope(AdminUserSchema), ...errors },
  },
});
