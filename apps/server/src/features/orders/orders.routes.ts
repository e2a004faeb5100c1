import { serverMessage } from '@atelier/shared';
import { ordersContract as contract } from '@atelier/shared/orders.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { route } from '../../platform/http/route';
import type { OrdersService } from './orders.service';

export interface OrdersRoutesOptions {
  service: OrdersService;
}

/** Orders (placing one: features/checkout): the customer's history, the admin list and the status machine. */
export const ordersRoutes: FastifyPluginAsync<OrdersRoutesOptions> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.user, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { items, meta } = await service.listForUser(requireUser(request).id, request.query);
    return list(items, meta);
  });

  route(api, contract.adminOrdersExportCsv, async (request, reply) => {
    const { page: _page, limit: _limit, ...filters } = request.query;
    const csv = await service.exportAdminCsv(filters, requestLanguage(request));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="orders-${day}.csv"`)
      .send(csv);
  });

  route(api, contract.list, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { items, meta } = await service.listAdmin(request.query);
    return list(items, meta);
  });

  route(api, contract.get, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok({ order: await service.getVisible(request.params.id, requireUser(request)) });
  });

  route(api, contract.number, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok({ order: await service.getVisibleByNumber(request.params.number, requireUser(request)) });
  });

  route(api, contract.tracking, async (request) => {
    const order = await service.setTracking(request.params.id, request.body.tracking);
    return ok({ order }, serverMessage('trackingSaved', requestLanguage(request)));
  });

  route(api, contract.ship, async (request) => {
    const { order } = await service.ship(request.params.id, request.body, { userId: requireUser(request).id });
    const key = order.carrier === 'pickup' ? 'orderReadyForPickupSaved' : 'orderShippedSaved';
    return ok({ order }, serverMessage(key, requestLanguage(request)));
  });

  route(api, contract.status, async (request) => {
    const order = await service.changeStatus(request.params.id, request.body.status, {
      userId: requireUser(request).id,
    });
    return ok({ order });
  });
};
