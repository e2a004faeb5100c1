import {
  ErrorBodySchema,
  StockAlertBody,
  StockAlertProductParamsSchema,
  StockAlertSchema,
  StockAlertTokenBody,
  serverMessage,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import type { StockAlertsService, Subscriber } from './stock-alerts.service';

const errors = { 400: ErrorBodySchema, 429: ErrorBodySchema };

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
  const tags = ['stock alerts'];

  api.post(
    '/api/stock-alerts',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Notify me when an out-of-stock or made-to-order product is available: signed in, at once with the account’s address; otherwise `email` gets a confirmation link (202, the same answer for any address)',
        body: StockAlertBody,
        response: {
          200: successEnvelope(StockAlertSchema),
          202: successEnvelope(StockAlertSchema),
          ...errors,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const who = subscriber(request, request.body.email);
      const alert = await service.subscribe(who, request.body);
      const lang = requestLanguage(request);
      if (who.kind === 'account') return ok(alert, serverMessage('stockAlertSubscribed', lang));
      return reply.code(202).send(ok(alert, serverMessage('stockAlertCheckMail', lang)));
    },
  );

  api.post(
    '/api/stock-alerts/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The confirmation page’s one click: the emailed token subscribes its address',
        body: StockAlertTokenBody,
        response: { 200: successEnvelope(StockAlertSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const alert = await service.confirm(request.body.token, request.ip);
      const lang = requestLanguage(request);
      return ok(alert, serverMessage(alert.status === 'sent' ? 'stockAlertAlreadyBack' : 'stockAlertConfirmed', lang));
    },
  );

  api.post(
    '/api/stock-alerts/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A notice’s unsubscribe link: no more back-in-stock mails to its address',
        body: StockAlertTokenBody,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      await service.unsubscribe(request.body.token, request.ip);
      return ok(null, serverMessage('stockAlertUnsubscribed', requestLanguage(request)));
    },
  );

  api.get(
    '/api/stock-alerts',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The signed-in customer’s waiting alerts',
        response: { 200: successEnvelope(z.array(StockAlertSchema)), 401: ErrorBodySchema },
      },
    },
    async (request) => ok(await service.listMine(requireUser(request).email ?? '')),
  );

  api.delete(
    '/api/stock-alerts/:productId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Stop waiting for one product',
        params: StockAlertProductParamsSchema,
        response: { 200: successEnvelope(z.null()), 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      await service.cancelMine(requireUser(request).email ?? '', request.params.productId);
      return ok(null, serverMessage('stockAlertCancelled', requestLanguage(request)));
    },
  );
};
