import {
  AdminOrdersQuerySchema,
  ErrorBodySchema,
  IdParamSchema,
  listEnvelope,
  OrderNumberParamSchema,
  OrderResultSchema,
  OrderSchema,
  PaginationQuerySchema,
  SetTrackingBody,
  ShipOrderBody,
  serverMessage,
  successEnvelope,
  UpdateOrderStatusBody,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import type { OrdersService } from './orders.service';

export interface OrdersRoutesOptions {
  service: OrdersService;
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Orders (placing one: features/checkout): the customer's history, the admin list and the status machine. */
export const ordersRoutes: FastifyPluginAsync<OrdersRoutesOptions> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  api.get(
    '/api/orders/user',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The signed-in user’s orders, newest first',
        querystring: PaginationQuerySchema,
        response: { 200: listEnvelope(OrderSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { items, meta } = await service.listForUser(requireUser(request).id, request.query);
      return list(items, meta);
    },
  );

  api.get(
    '/api/admin/orders/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The admin orders list as CSV (UTF-8 with BOM, `;`, CRLF) with the same filters, without pages',
        querystring: AdminOrdersQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { page: _page, limit: _limit, ...filters } = request.query;
      const csv = await service.exportAdminCsv(filters, requestLanguage(request));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="orders-${day}.csv"`)
        .send(csv);
    },
  );

  api.get(
    '/api/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'All orders (admin): filter by status, date range (YYYY-MM-DD, inclusive) and search',
        querystring: AdminOrdersQuerySchema,
        response: { 200: listEnvelope(OrderSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { items, meta } = await service.listAdmin(request.query);
      return list(items, meta);
    },
  );

  api.get(
    '/api/orders/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One order with its status history (owner or admin; others get 404)',
        params: IdParamSchema,
        response: { 200: successEnvelope(OrderResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok({ order: await service.getVisible(request.params.id, requireUser(request)) });
    },
  );

  api.get(
    '/api/orders/number/:number',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'One order by its number, as the thank-you page reads it after paying (owner or admin; others get 404)',
        params: OrderNumberParamSchema,
        response: { 200: successEnvelope(OrderResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok({ order: await service.getVisibleByNumber(request.params.number, requireUser(request)) });
    },
  );

  api.put(
    '/api/orders/:id/tracking',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "Set, correct or remove (null) the parcel's tracking number; mailed at once when the order is already shipped",
        params: IdParamSchema,
        body: SetTrackingBody,
        response: { 200: successEnvelope(OrderResultSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const order = await service.setTracking(request.params.id, request.body.tracking);
      return ok({ order }, serverMessage('trackingSaved', requestLanguage(request)));
    },
  );

  api.post(
    '/api/orders/:id/ship',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Ship a paid order in one step: carrier (tracking number required for Russian Post and CDEK), optional note; paid → processing → shipped along the status machine, one mail to the customer. The same shipment again changes nothing (200); unpaid, cancelled, nothing to ship or already shipped otherwise: 409',
        params: IdParamSchema,
        body: ShipOrderBody,
        response: { 200: successEnvelope(OrderResultSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const { order } = await service.ship(request.params.id, request.body, { userId: requireUser(request).id });
      const key = order.carrier === 'pickup' ? 'orderReadyForPickupSaved' : 'orderShippedSaved';
      return ok({ order }, serverMessage(key, requestLanguage(request)));
    },
  );

  api.patch(
    '/api/orders/:id/status',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change the status (the status machine; 409 otherwise); the customer is emailed',
        params: IdParamSchema,
        body: UpdateOrderStatusBody,
        response: { 200: successEnvelope(OrderResultSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const order = await service.changeStatus(request.params.id, request.body.status, {
        userId: requireUser(request).id,
      });
      return ok({ order });
    },
  );
};
