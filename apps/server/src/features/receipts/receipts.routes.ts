/**
 * Fiscal receipts on the admin's order page:
 *   GET  /api/admin/orders/{id}/receipts   admin: every receipt of the order with its state and error
 *   POST /api/admin/receipts/{id}/retry    admin: send a failed completion receipt again, now
 * A refund's receipt is sent again with the refund (POST /api/admin/orders/{id}/refund, payments).
 */
import {
  ErrorBodySchema,
  IdParamSchema,
  OrderReceiptsSchema,
  ReceiptSchema,
  serverMessage,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import type { ReceiptsService } from './receipts.service';

export interface ReceiptsRoutesOptions {
  service: ReceiptsService;
}

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

export const receiptsRoutes: FastifyPluginAsync<ReceiptsRoutesOptions> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'payments'];

  api.get(
    '/api/admin/orders/:id/receipts',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Admin: the fiscal receipts of an order (payment, completion, refund) with their state and errors',
        params: IdParamSchema,
        response: { 200: successEnvelope(OrderReceiptsSchema), ...errors },
      },
    },
    async (request) => ok(await service.listForOrder(request.params.id)),
  );

  api.post(
    '/api/admin/receipts/:id/retry',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Admin: send a failed completion receipt to YooKassa again; the reply is its new state',
        params: IdParamSchema,
        response: { 200: successEnvelope(ReceiptSchema), ...errors },
      },
    },
    async (request) => {
      const receipt = await service.retry(request.params.id);
      const lang = requestLanguage(request);
      return ok(receipt, serverMessage(receipt.state === 'sent' ? 'receiptSent' : 'receiptFailed', lang));
    },
  );
};
