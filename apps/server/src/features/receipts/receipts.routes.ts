/**
 * Fiscal receipts on the admin's order page:
 *   GET  /api/admin/orders/{id}/receipts   admin: every receipt of the order with its state and error
 *   POST /api/admin/receipts/{id}/retry    admin: send a failed completion receipt again, now
 * A refund's receipt is sent again with the refund (POST /api/admin/orders/{id}/refund, payments).
 */

import { serverMessage } from '@atelier/shared';
import { receiptsContract as contract } from '@atelier/shared/receipts.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { route } from '../../platform/http/route';
import type { ReceiptsService } from './receipts.service';

export interface ReceiptsRoutesOptions {
  service: ReceiptsService;
}

export const receiptsRoutes: FastifyPluginAsync<ReceiptsRoutesOptions> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.adminOrdersReceipts, async (request) => ok(await service.listForOrder(request.params.id)));

  route(api, contract.adminReceiptsRetry, async (request) => {
    const receipt = await service.retry(request.params.id);
    const lang = requestLanguage(request);
    return ok(receipt, serverMessage(receipt.state === 'sent' ? 'receiptSent' : 'receiptFailed', lang));
  });
};
