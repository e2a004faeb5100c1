import { ErrorBodySchema, IdParamSchema, listEnvelope, PaginationQuerySchema, successEnvelope } from './api';
import { defineContract } from './contract';
import {
  AdminOrdersQuerySchema,
  OrderNumberParamSchema,
  OrderResultSchema,
  OrderSchema,
  SetTrackingBody,
  ShipOrderBody,
  UpdateOrderStatusBody,
} from './orders';
import { ordersRouteTable } from './orders.routes';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export const ordersContract = defineContract('orders', ordersRouteTable, {
  user: {
    summary: 'The signed-in user’s orders, newest first',
    query: PaginationQuerySchema,
    response: { 200: listEnvelope(OrderSchema), ...errors },
  },
  adminOrdersExportCsv: {
    summary: 'The admin orders list as CSV (UTF-8 with BOM, `;`, CRLF) with the same filters, without pages',
    query: AdminOrdersQuerySchema,
    produces: ['text/csv'],
  },
  list: {
    summary: 'All orders (admin): filter by status, date range (YYYY-MM-DD, inclusive) and search',
    query: AdminOrdersQuerySchema,
    response: { 200: listEnvelope(OrderSchema), ...errors },
  },
  get: {
    summary: 'One order with its status history (owner or admin; others get 404)',
    params: IdParamSchema,
    response: { 200: successEnvelope(OrderResultSchema), ...errors },
  },
  number: {
    summary: 'One order by its number, as the thank-you page reads it after paying (owner or admin; others get 404)',
    params: OrderNumberParamSchema,
    response: { 200: successEnvelope(OrderResultSchema), ...errors },
  },
  tracking: {
    summary:
      "Set, correct or remove (null) the parcel's tracking number; mailed at once when the order is already shipped",
    params: IdParamSchema,
    body: SetTrackingBody,
    response: { 200: successEnvelope(OrderResultSchema), ...errors, 409: ErrorBodySchema },
  },
  ship: {
    summary:
      'Ship a paid order in one step: carrier (tracking number required for Russian Post and CDEK), optional note; paid → processing → shipped along the status machine, one mail to the customer. The same shipment again changes nothing (200); unpaid, cancelled, nothing to ship or already shipped otherwise: 409',
    params: IdParamSchema,
    body: ShipOrderBody,
    response: { 200: successEnvelope(OrderResultSchema), ...errors, 409: ErrorBodySchema },
  },
  status: {
    summary: 'Change the status (the status machine; 409 otherwise); the customer is emailed',
    params: IdParamSchema,
    body: UpdateOrderStatusBody,
    response: { 200: successEnvelope(OrderResultSchema), ...errors, 409: ErrorBodySchema },
  },
});
