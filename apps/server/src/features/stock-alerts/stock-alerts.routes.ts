import { serverMessage } from '@atelier/shared';
import { stockAlertsContract as contract } from '@atelier/shared/stock-alerts.contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { route } from '../../platform/http/route';
import type { StockAlertsService, Subscriber } from './stock-alerts.service';

/** The signed-in account with a confirmed address subscribes as itself; anyone else as a visitor. */
function subscriber(request: FastifyRequest, email: string | undefined): Subscriber {
  const lang = requestLanguage(request);
  const user = request.user;
  if (user?.email && user.emailVerifiedAt) {
    return { kind: 'account', userId: user.id, email: user.email, ip: request.ip, lang };
  }
  return { kind: 'visitor', email, ip: request.ip, lang };
}

/**
 * `POST /stock-alerts` (anyone: "notify me when it is back"), the emailed links' one click
 * (`POST /stock-alerts/confirm`, `POST /stock-alerts/unsubscribe`), and the signed-in customer's
 * own alerts (`GET /stock-alerts`, `DELETE /stock-alerts/{productId}`).
 */
export const stockAlertsRoutes: FastifyPluginAsync<{ service: StockAlertsService }> = async (app, { service }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.create, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const who = subscriber(request, request.body.email);
    const alert = await service.subscribe(who, request.body);
    const lang = requestLanguage(request);
    if (who.kind === 'account') return ok(alert, serverMessage('stockAlertSubscribed', lang));
    return reply.code(202).send(ok(alert, serverMessage('stockAlertCheckMail', lang)));
  });

  route(api, contract.confirm, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const alert = await service.confirm(request.body.token, request.ip);
    const lang = requestLanguage(request);
    return ok(alert, serverMessage(alert.status === 'sent' ? 'stockAlertAlreadyBack' : 'stockAlertConfirmed', lang));
  });

  route(api, contract.unsubscribe, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    await service.unsubscribe(request.body.token, request.ip);
    return ok(null, serverMessage('stockAlertUnsubscribed', requestLanguage(request)));
  });

  route(api, contract.list, async (request) => ok(await service.listMine(requireUser(request).email ?? '')));

  route(api, contract.delete, async (request) => {
    await service.cancelMine(requireUser(request).email ?? '', request.params.productId);
    return ok(null, serverMessage('stockAlertCancelled', requestLanguage(request)));
  });
};
