/**
 * Payments and digital delivery:
 *   POST /api/payments                          order id (+ way to pay) → redirect URL or SBP's QR link, or instructions
 *   POST /api/payments/paypal-request           order id + email → the owner's invoice task (manual), else as /payments
 *   GET  /api/payments/paypal/return            back from PayPal's approval page: capture, then the result page
 *   POST /api/payments/webhook/{provider}       provider notifications (raw body, verified by the driver)
 *   GET  /api/payments/orders/{id}              where the buyer's payment stands (processing page)
 *   GET  /api/payments/methods                  what the checkout may offer (online ways within their limits, PayPal mode)
 *   GET  /api/pay/{token}                       a payment link's order (number, lines, amount), signed out
 *   POST /api/pay/{token}                       pay by that link: a fresh payment, as the checkout's
 *   GET  /api/payments/sandbox/{id}             the sandbox payment page (test provider; not in production)
 *   POST /api/payments/sandbox/{id}/{action}    its Pay / Cancel / Fail buttons (not in production)
 *   POST /api/admin/orders/{id}/mark-paid       admin: paid by hand with a reference
 *   POST /api/admin/orders/{id}/paypal-invoice  admin: mail a PayPal invoice link made by hand
 *   POST /api/admin/orders/{id}/refund          admin: give a cancelled card order's payment back (YooKassa)
 *   POST /api/admin/orders/{id}/refund-lines    admin: give back chosen units of chosen lines of a paid order
 *   POST /api/admin/orders/{id}/refund-lines/preview  admin: what that would give back, nothing written
 *   GET  /api/admin/payment-alerts              admin: notifications that need a look (refunds, mismatches)
 *   POST /api/admin/payment-alerts/{id}/resolve admin: done
 *   GET  /api/admin/orders/{id}/payments        admin: attempts and events of an order
 *   GET  /api/downloads/{token}                 a digital book, streamed from private storage
 *   GET  /api/user/downloads                    the account's digital books
 *   POST /api/user/downloads/{id}/reissue       a fresh link (limited)
 * Everything that mails or asks a provider for a payment is rate-limited per account and per address.
 */

import { intlLocale, type Language, resolveLanguage, serverMessage } from '@atelier/shared';
import { paymentsContract as contract } from '@atelier/shared/payments.contract';
import { paymentsWebhooksContract as webhooks } from '@atelier/shared/payments-webhooks.contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { addressKey, type RateLimiter } from '../../platform/http/rate-limit';
import { route } from '../../platform/http/route';
import { sendStoredFile } from '../../platform/http/stored-file';
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
  limiter: RateLimiter;
  limits: { perAccount: number; perIp: number; windowMs: number; webhookPerIp: number; linkGuessPerIp: number };
  /** Production: the sandbox page and its buttons are not registered at all. */
  sandboxRoutes: boolean;
}

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
    await options.limiter.hit(
      { key: `payment:ip:${addressKey(request.ip)}`, max: perIp, windowMs },
      'paymentRateLimited',
    );
    await options.limiter.hit({ key: `payment:account:${user.id}`, max: perAccount, windowMs }, 'paymentRateLimited');
  }

  const api = fastify.withTypeProvider<ZodTypeProvider>();

  route(api, contract.create, async (request) => {
    await limitPayments(request);
    const { orderId, method, device } = request.body;
    return ok(await service.start(requireUser(request), orderId, requestLanguage(request), { method, device }));
  });

  route(api, contract.methods, async (request) => {
    const { amount, currency } = request.query;
    return ok(
      service.methods(amount !== undefined && currency ? { minor: Math.round(amount * 100), currency } : undefined),
    );
  });

  /**
   * Payment links are opened signed out: a link that names no order counts against the client
   * address's allowance, and once it is spent every link is refused for the window (a guesser
   * learns nothing more); a working link does not count, so its page may poll.
   */
  async function throughLink<T>(request: FastifyRequest, open: () => Promise<T>): Promise<T> {
    const guesses = {
      key: `pay-link:ip:${addressKey(request.ip)}`,
      max: options.limits.linkGuessPerIp,
      windowMs: options.limits.windowMs,
    };
    await options.limiter.check(guesses, 'rateLimited');
    try {
      return await open();
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) await options.limiter.hit(guesses, 'rateLimited');
      throw error;
    }
  }

  route(api, contract.payLink, async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    return ok(await throughLink(request, () => service.payLinkView(request.params.token)));
  });

  route(api, contract.payLinkPay, async (request) => {
    const { perIp, windowMs } = options.limits;
    await options.limiter.hit(
      { key: `payment:ip:${addressKey(request.ip)}`, max: perIp, windowMs },
      'paymentRateLimited',
    );
    const { method, device } = request.body;
    return ok(
      await throughLink(request, () =>
        service.payByLink(request.params.token, requestLanguage(request), { method, device }),
      ),
    );
  });

  route(api, contract.paypalRequest, async (request) => {
    await limitPayments(request);
    const lang = requestLanguage(request);
    const started = await service.requestPaypal(requireUser(request), request.body.orderId, request.body.email, lang);
    // api and sandbox: the approval page to go to, nothing sent anywhere.
    return ok(
      started,
      started.kind === 'invoice_requested' ? serverMessage('paypalInvoiceRequested', lang) : undefined,
    );
  });

  route(api, contract.orders, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(await service.orderPaymentStatus(requireUser(request), request.params.id, requestLanguage(request)));
  });

  route(api, contract.adminOrdersMarkPaid, async (request) => {
    const result = await service.markPaid(requireUser(request), request.params.id, request.body.reference);
    return ok(result, serverMessage('orderMarkedPaid', requestLanguage(request)));
  });

  route(api, contract.adminOrdersPaypalInvoice, async (request) => {
    const result = await service.sendPaypalInvoice(request.params.id, request.body.url);
    return ok(result, serverMessage('paypalInvoiceLinkSent', requestLanguage(request)));
  });

  route(api, contract.adminOrdersRefund, async (request) => {
    const result = await service.refund(requireUser(request), request.params.id);
    return ok(result, serverMessage('refundDone', requestLanguage(request)));
  });

  route(api, contract.adminOrdersRefundLines, async (request) => {
    const result = await service.refundLines(requireUser(request), request.params.id, request.body.lines);
    return ok(result, serverMessage('refundLinesDone', requestLanguage(request)));
  });

  route(api, contract.adminOrdersRefundLinesPreview, async (request) =>
    ok(await service.previewRefundLines(request.params.id, request.body.lines)),
  );

  route(api, contract.adminPaymentAlerts, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(await service.listAlerts(request.query.all === 'true'));
  });

  route(api, contract.adminPaymentAlertsResolve, async (request) => {
    await service.resolveAlert(requireUser(request), request.params.id);
    return ok({ id: request.params.id }, serverMessage('paymentAlertResolved', requestLanguage(request)));
  });

  route(api, contract.adminOrdersPayments, async (request) => ok(await service.paymentsOfOrder(request.params.id)));

  // -------------------------------------------------------------- digital delivery

  route(
    api,
    contract.downloads,
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
    // A book is sent as stored, with its length and byte ranges.
    { compress: false },
  );

  route(api, contract.userDownloads, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(await downloads.list(requireUser(request).id));
  });

  route(api, contract.userDownloadsReissue, async (request) => {
    await limitPayments(request);
    const lang = requestLanguage(request);
    const result = await downloads.reissue(requireUser(request).id, request.params.id, lang);
    return ok(result, serverMessage('downloadReissued', lang));
  });

  // -------------------------------------------------------------- raw-body routes

  await fastify.register(async (scope) => {
    rawBodies(scope);
    const raw = scope.withTypeProvider<ZodTypeProvider>();

    route(raw, webhooks.webhook, async (request) => {
      // Each notification may cost a call to the provider: one allowance per client address.
      const { webhookPerIp, windowMs } = options.limits;
      await options.limiter.hit(
        { key: `webhook:ip:${addressKey(request.ip)}`, max: webhookPerIp, windowMs },
        'rateLimited',
      );
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const outcome = await service.handleNotification(request.params.provider, {
        headers: request.headers,
        rawBody,
      });
      return ok({ outcome });
    });

    route(raw, webhooks.paypalReturn, async (request, reply) => {
      // Each return may cost a call to PayPal: counted as a payment start of the client address.
      const { perIp, windowMs } = options.limits;
      await options.limiter.hit(
        { key: `payment:ip:${addressKey(request.ip)}`, max: perIp, windowMs },
        'paymentRateLimited',
      );
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      return reply.redirect(await service.paypalReturn(request.query.token), 303);
    });

    // The demo's sandbox exists only outside production (and the `test` webhook with it: no driver).
    if (!options.sandboxRoutes) return;

    route(raw, webhooks.sandboxPage, async (request, reply) => {
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
      const amount = new Intl.NumberFormat(intlLocale(lang), {
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
          returnPath: request.query.return,
          finished: found.finished,
          // A PayPal order's sandbox page stands in for PayPal's approval page, and says so.
          method: found.payment.method ?? (found.order.paymentMethod === 'paypal' ? 'paypal' : null),
          pageUrl: `${request.protocol}://${request.host}${request.url}`,
          homeUrl: '/',
        }),
      );
    });

    route(raw, webhooks.sandboxAction, async (request, reply) => {
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
        form.get('return') ?? undefined,
      );
      return reply.redirect(target, 303);
    });
  });
};
