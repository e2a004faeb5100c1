/**
 * Payments and digital delivery:
 *   POST /api/payments                          order id → redirect URL (card) or instructions (cash/bank)
 *   POST /api/payments/paypal-request           order id + email → PayPal invoice mailed to it
 *   POST /api/payments/webhook/{provider}       provider notifications (raw body, verified by the driver)
 *   GET  /api/payments/orders/{id}              where the buyer's payment stands (processing page)
 *   GET  /api/payments/methods                  what the checkout may offer (card on/off, PayPal mode)
 *   GET  /api/payments/sandbox/{id}             the sandbox payment page (test provider; not in production)
 *   POST /api/payments/sandbox/{id}/{action}    its Pay / Cancel / Fail buttons (not in production)
 *   POST /api/admin/orders/{id}/mark-paid       admin: paid by hand with a reference
 *   POST /api/admin/orders/{id}/paypal-invoice  admin: mail a PayPal invoice link made by hand
 *   POST /api/admin/orders/{id}/refund          admin: give a cancelled card order's payment back (YooKassa)
 *   GET  /api/admin/payment-alerts              admin: notifications that need a look (refunds, mismatches)
 *   POST /api/admin/payment-alerts/{id}/resolve admin: done
 *   GET  /api/admin/orders/{id}/payments        admin: attempts and events of an order
 *   GET  /api/downloads/{token}                 a digital book, streamed from private storage
 *   GET  /api/user/downloads                    the account's digital books
 *   POST /api/user/downloads/{id}/reissue       a fresh link (limited)
 * Everything that mails or asks a provider for a payment is rate-limited per account and per address.
 */
import {
  CreatePaymentBody,
  DownloadSchema,
  ErrorBodySchema,
  IdParamSchema,
  type Language,
  MarkPaidBody,
  PaymentAlertSchema,
  PaymentMethodsSchema,
  PaymentStartSchema,
  PaypalInvoiceSchema,
  PaypalRequestBody,
  ReissuedDownloadSchema,
  resolveLanguage,
  SendPaypalInvoiceBody,
  serverMessage,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import type { RateLimiter } from '../../platform/http/rate-limit';
import { sendStoredFile } from '../../platform/http/stored-file';
import type { PaymentProviders } from '../../platform/payments/providers';
import type { SandboxEvent } from '../../platform/payments/test-provider';
import type { Storage } from '../../platform/storage/storage';
import { type DownloadsService, downloadFileMissing } from './downloads.service';
import type { PaymentsService } from './payments.service';
import { sandboxPage } from './payments.texts';

export interface PaymentsRoutesOptions {
  service: PaymentsService;
  downloads: DownloadsService;
  /** Where the digital books are read from. */
  storage: Storage;
  /** How PayPal invoices are made (the reply's message says where the link went). */
  paypalMode: PaymentProviders['paypalMode'];
  limiter: RateLimiter;
  limits: { perAccount: number; perIp: number; windowMs: number; webhookPerIp: number };
  /** Production: the sandbox page and its buttons are not registered at all. */
  sandboxRoutes: boolean;
}

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};
const SANDBOX_ACTIONS: Record<string, SandboxEvent> = {
  pay: 'payment.succeeded',
  cancel: 'payment.canceled',
  fail: 'payment.failed',
};

/** Raw bodies for routes that verify signatures over the exact bytes (or read HTML forms). */
function rawBodies(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
}

/** A page the browser opens: the site's `lang` cookie (as the SPA), else Accept-Language. */
function pageLanguage(request: FastifyRequest): Language {
  const cookie = request.cookies.lang;
  return cookie ? resolveLanguage({ cookie }) : requestLanguage(request);
}

export const paymentsRoutes: FastifyPluginAsync<PaymentsRoutesOptions> = async (fastify, options) => {
  const { service, downloads } = options;
  /** Per account and per client address: mails and provider payments must not become a relay. */
  async function limitPayments(request: FastifyRequest) {
    const user = requireUser(request);
    const { perAccount, perIp, windowMs } = options.limits;
    await options.limiter.hit({ key: `payment:ip:${request.ip}`, max: perIp, windowMs }, 'paymentRateLimited');
    await options.limiter.hit({ key: `payment:account:${user.id}`, max: perAccount, windowMs }, 'paymentRateLimited');
  }

  const api = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];

  api.post(
    '/api/payments',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Start paying an order: the provider page to go to (card), or instructions (cash, bank transfer)',
        body: CreatePaymentBody,
        response: { 200: successEnvelope(PaymentStartSchema), ...errors, 502: ErrorBodySchema },
      },
    },
    async (request) => {
      await limitPayments(request);
      return ok(await service.start(requireUser(request), request.body.orderId, requestLanguage(request)));
    },
  );

  api.get(
    '/api/payments/methods',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Payment methods this shop accepts now (card on or off, how PayPal invoices are made)',
        response: { 200: successEnvelope(PaymentMethodsSchema) },
      },
    },
    async () => ok(service.methods()),
  );

  api.post(
    '/api/payments/paypal-request',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Ask for a PayPal invoice for an EUR/USD order: sent by PayPal to the given email (API), or by the shop by hand (manual)',
        body: PaypalRequestBody,
        response: { 200: successEnvelope(PaymentStartSchema), ...errors, 502: ErrorBodySchema },
      },
    },
    async (request) => {
      await limitPayments(request);
      const lang = requestLanguage(request);
      const started = await service.requestPaypal(requireUser(request), request.body.orderId, request.body.email, lang);
      const message =
        started.kind === 'invoice_requested'
          ? 'paypalInvoiceRequested'
          : options.paypalMode === 'api'
            ? 'paypalLinkSent'
            : 'paypalLinkSentToAccount';
      return ok(started, serverMessage(message, lang));
    },
  );

  api.get(
    '/api/payments/orders/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Where the payment of one of my orders stands',
        params: IdParamSchema,
        response: {
          200: successEnvelope(
            z.object({
              number: z.number(),
              status: z.string(),
              paymentState: z.string(),
              paymentMethod: z.string(),
              instructions: z.string().nullable(),
              /** PayPal without the API: the invoice the shop sends by hand, once requested. */
              paypalInvoice: PaypalInvoiceSchema.nullable(),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await service.orderPaymentStatus(requireUser(request), request.params.id, requestLanguage(request)));
    },
  );

  api.post(
    '/api/admin/orders/:id/mark-paid',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Admin: confirm a cash, bank transfer or PayPal-invoice order as paid, with the payment reference',
        params: IdParamSchema,
        body: MarkPaidBody,
        response: { 200: successEnvelope(z.object({ paymentId: z.string() })), ...errors },
      },
    },
    async (request) => {
      const result = await service.markPaid(requireUser(request), request.params.id, request.body.reference);
      return ok(result, serverMessage('orderMarkedPaid', requestLanguage(request)));
    },
  );

  api.post(
    '/api/admin/orders/:id/paypal-invoice',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Admin: mail the customer the link of a PayPal invoice made by hand (to the account's address)",
        params: IdParamSchema,
        body: SendPaypalInvoiceBody,
        response: {
          200: successEnvelope(z.object({ paymentId: z.string(), mailedTo: z.string().nullable() })),
          ...errors,
        },
      },
    },
    async (request) => {
      const result = await service.sendPaypalInvoice(request.params.id, request.body.url);
      return ok(result, serverMessage('paypalInvoiceLinkSent', requestLanguage(request)));
    },
  );

  api.post(
    '/api/admin/orders/:id/refund',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Admin: refund the whole card payment of a cancelled order through YooKassa, with its refund receipt when receipts are on',
        params: IdParamSchema,
        response: {
          200: successEnvelope(z.object({ refundId: z.string(), status: z.string() })),
          ...errors,
          502: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const result = await service.refund(requireUser(request), request.params.id);
      return ok(result, serverMessage('refundDone', requestLanguage(request)));
    },
  );

  api.get(
    '/api/admin/payment-alerts',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Admin: payment notifications that need a look (a cancelled or paid order, a wrong amount)',
        querystring: z.object({ all: z.enum(['true', 'false']).default('false') }),
        response: { 200: successEnvelope(z.array(PaymentAlertSchema)), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await service.listAlerts(request.query.all === 'true'));
    },
  );

  api.post(
    '/api/admin/payment-alerts/:id/resolve',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Admin: mark a payment alert resolved',
        params: IdParamSchema,
        response: { 200: successEnvelope(z.object({ id: z.string() })), ...errors },
      },
    },
    async (request) => {
      await service.resolveAlert(requireUser(request), request.params.id);
      return ok({ id: request.params.id }, serverMessage('paymentAlertResolved', requestLanguage(request)));
    },
  );

  api.get(
    '/api/admin/orders/:id/payments',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Admin: payment attempts and provider events of an order', params: IdParamSchema },
    },
    async (request) => ok(await service.paymentsOfOrder(request.params.id)),
  );

  // -------------------------------------------------------------- digital delivery

  api.get(
    '/api/downloads/:token',
    {
      config: { access: 'public' },
      // A book is sent as stored, with its length and byte ranges.
      compress: false,
      schema: {
        tags,
        summary: 'Download a purchased digital book (link from the mail; expires, limited uses)',
        params: z.object({ token: z.string().min(1).max(300) }),
      },
    },
    async (request, reply) => {
      const { file, countUse } = await downloads.open(request.params.token, request.user);
      return sendStoredFile(request, reply, options.storage, {
        visibility: 'private',
        key: file.key,
        cacheControl: 'private, no-store',
        contentType: (stored) => file.contentType || stored,
        disposition: { type: 'attachment', filename: file.filename },
        missing: downloadFileMissing,
        beforeBody: countUse,
      });
    },
  );

  api.get(
    '/api/user/downloads',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My digital books and their links',
        response: { 200: successEnvelope(z.array(DownloadSchema)), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await downloads.list(requireUser(request).id));
    },
  );

  api.post(
    '/api/user/downloads/:id/reissue',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A new link for one of my digital books (mailed too); the old link stops working',
        params: IdParamSchema,
        response: { 200: successEnvelope(ReissuedDownloadSchema), ...errors },
      },
    },
    async (request) => {
      await limitPayments(request);
      const lang = requestLanguage(request);
      const result = await downloads.reissue(requireUser(request).id, request.params.id, lang);
      return ok(result, serverMessage('downloadReissued', lang));
    },
  );

  // -------------------------------------------------------------- raw-body routes

  await fastify.register(async (scope) => {
    rawBodies(scope);
    const raw = scope.withTypeProvider<ZodTypeProvider>();

    raw.post(
      '/api/payments/webhook/:provider',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Payment provider notifications (verified by signature or by asking the provider)',
          params: z.object({ provider: z.string().min(1).max(40) }),
        },
      },
      async (request) => {
        // Each notification may cost a call to the provider: one allowance per client address.
        const { webhookPerIp, windowMs } = options.limits;
        await options.limiter.hit({ key: `webhook:ip:${request.ip}`, max: webhookPerIp, windowMs }, 'rateLimited');
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const outcome = await service.handleNotification(request.params.provider, {
          headers: request.headers,
          rawBody,
        });
        return ok({ outcome });
      },
    );

    // The demo's sandbox exists only outside production (and the `test` webhook with it: no driver).
    if (!options.sandboxRoutes) return;

    raw.get(
      '/api/payments/sandbox/:id',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Sandbox payment page (test provider)',
          params: z.object({ id: z.string().min(1).max(100) }),
          querystring: z.object({ signature: z.string().max(200).default('') }),
        },
      },
      async (request, reply) => {
        const lang = pageLanguage(request);
        const found = await service.sandboxPayment(request.params.id, request.query.signature);
        if (!found) {
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .send(
              `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>404</title></head><body><main><h1>${serverMessage('paymentSandboxLinkInvalid', lang)}</h1></main></body></html>`,
            );
        }
        const amount = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : `${lang}-${lang.toUpperCase()}`, {
          style: 'currency',
          currency: found.payment.currency,
        }).format(found.payment.amountMinor / 100);
        reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
        return reply.type('text/html; charset=utf-8').send(
          sandboxPage({
            lang,
            orderNumber: found.order.number,
            amount,
            actionBase: `/api/payments/sandbox/${encodeURIComponent(request.params.id)}`,
            signature: request.query.signature,
            finished: found.finished,
            homeUrl: '/',
          }),
        );
      },
    );

    raw.post(
      '/api/payments/sandbox/:id/:action',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Sandbox Pay / Cancel / Fail: sends the signed notification, then returns the buyer to the shop',
          params: z.object({ id: z.string().min(1).max(100), action: z.enum(['pay', 'cancel', 'fail']) }),
        },
      },
      async (request, reply) => {
        const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
        const signature = form.get('signature') ?? '';
        const target = await service.sandboxAction(
          request.params.id,
          signature,
          SANDBOX_ACTIONS[request.params.action]!,
          async ({ rawBody, headers }) => {
            const res = await fastify.inject({
              method: 'POST',
              url: '/api/payments/webhook/test',
              headers,
              payload: rawBody,
            });
            return res.statusCode === 200 ? (res.json().data as { outcome?: string }) : {};
          },
        );
        return reply.code(303).header('Location', target).send();
      },
    );
  });
};
