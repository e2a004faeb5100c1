/**
 * A local stand-in for the PayPal endpoints our driver calls, as PayPal documents them: the OAuth2
 * client-credentials token, Orders v2 (create with payment_source.paypal.experience_context, show,
 * capture), Payments v2 (show a capture, refund it), and webhook signature verification. Error
 * bodies follow PayPal's shape ({ name, message, debug_id, details: [{ issue, description }] }).
 *
 * The buyer's side: `GET /checkoutnow?token={id}` is the approval page (Approve / Cancel, each
 * sending her to the order's return_url or cancel_url with `token` and, approved, `PayerID`), and
 * tests approve with `approve(id)`. PayPal-Request-Id makes create, capture and refund answer a
 * repeated request with the first answer. Tests get the webhook (body + PAYPAL-* transmission
 * headers) PayPal would send; the verify endpoint says SUCCESS only for transmissions it produced,
 * for the configured webhook id, with that exact event.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { basicAuth, type FakeReply, type FakeServer, parseJson, startFakeServer } from './fake-server';

interface Money {
  currency_code: string;
  value: string;
}

interface FakeCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: Money;
  final_capture: boolean;
  custom_id?: string;
  invoice_id?: string;
  seller_protection: { status: string };
  supplementary_data: { related_ids: { order_id: string } };
  create_time: string;
  update_time: string;
  links: { href: string; rel: string; method: string }[];
}

interface FakeRefund {
  id: string;
  status: 'COMPLETED';
  amount: Money;
  note_to_payer?: string;
  create_time: string;
  links: { href: string; rel: string; method: string }[];
}

interface FakeOrder {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  payment_source: { paypal: { email_address?: string; account_id?: string } };
  purchase_units: {
    reference_id: string;
    amount: Money;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    payments?: { captures: FakeCapture[] };
  }[];
  payer?: { email_address: string; payer_id: string };
  create_time: string;
  links: { href: string; rel: string; method: string }[];
  /** Kept by the fake (PayPal keeps them too, and does not show them). */
  experience: { return_url: string; cancel_url: string; locale?: string };
}

type WebhookType =
  | 'CHECKOUT.ORDER.APPROVED'
  | 'PAYMENT.CAPTURE.COMPLETED'
  | 'PAYMENT.CAPTURE.DENIED'
  | 'PAYMENT.CAPTURE.REFUNDED';

export interface PaypalFake extends FakeServer {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, FakeOrder>;
  captures: Map<string, FakeCapture>;
  refunds: Map<string, FakeRefund>;
  /** The buyer approves on PayPal's page: the URL PayPal then sends her to (return_url?token&PayerID). */
  approve(orderId: string): string;
  /** The next capture comes out with this status (DECLINED: her funding refused it). */
  setNextCaptureStatus(status: FakeCapture['status']): void;
  /** The order's amount as PayPal holds it (a test of an amount that is not what the shop asked). */
  setAmount(orderId: string, value: string, currency?: string): void;
  /** The order's custom_id as PayPal holds it (a test of money traced to another payment). */
  setCustomId(orderId: string, customId: string): void;
  /**
   * A webhook delivery as PayPal sends it: CHECKOUT.ORDER.APPROVED carries the order,
   * PAYMENT.CAPTURE.* the order's capture, PAYMENT.CAPTURE.REFUNDED its last refund.
   */
  webhook(orderId: string, eventType?: WebhookType): { rawBody: string; headers: Record<string, string> };
}

const error = (status: number, name: string, message: string, issue?: string, description?: string): FakeReply => ({
  status,
  body: {
    name,
    ...(issue ? { details: [{ issue, description: description ?? message }] } : {}),
    message,
    debug_id: randomBytes(6).toString('hex'),
  },
});
const notFound = () =>
  error(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
const unprocessable = (issue: string, description: string) =>
  error(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    issue,
    description,
  );
const invalid = (issue: string, description: string) =>
  error(
    400,
    'INVALID_REQUEST',
    'Request is not well-formed, syntactically incorrect, or violates schema.',
    issue,
    description,
  );

const digest = (s: string) => createHash('sha256').update(s).digest('hex');
/** PayPal's ids: 17 upper-case letters and digits. */
const paypalId = () => randomBytes(12).toString('hex').toUpperCase().slice(0, 17);
const cents = (value: string) => Math.round(Number(value) * 100);
const AMOUNT = /^\d{1,10}(\.\d{2})?$/;
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startPaypalFake(): Promise<PaypalFake> {
  const clientId = 'fake-client-id';
  const clientSecret = 'fake-client-secret';
  const webhookId = '8PT597110X687430LKGECATA';
  const tokens = new Set<string>();
  const orders = new Map<string, FakeOrder>();
  const captures = new Map<string, FakeCapture>();
  const refunds = new Map<string, FakeRefund>();
  /** "operation:PayPal-Request-Id" → the first answer */
  const answered = new Map<string, FakeReply>();
  /** transmission sig → sha256 of the event JSON it was issued for */
  const transmissions = new Map<string, string>();
  let nextCaptureStatus: FakeCapture['status'] = 'COMPLETED';
  let origin = '';

  /** PayPal-Request-Id: the same key on the same operation answers what it answered first. */
  const once = (operation: string, req: { headers: Record<string, unknown> }, make: () => FakeReply): FakeReply => {
    const key = req.headers['paypal-request-id'];
    if (typeof key !== 'string') return make();
    const seen = answered.get(`${operation}:${key}`);
    if (seen) return seen;
    const reply = make();
    if (reply.status < 300) answered.set(`${operation}:${key}`, reply);
    return reply;
  };

  const shown = (order: FakeOrder) => {
    const { experience: _kept, ...visible } = order;
    return visible;
  };

  function approveOrder(order: FakeOrder): string {
    order.status = 'APPROVED';
    order.payer = { email_address: 'buyer@personal.example.com', payer_id: 'FAKEPAYER7QX' };
    order.payment_source.paypal = { email_address: order.payer.email_address, account_id: order.payer.payer_id };
    const back = new URL(order.experience.return_url);
    back.searchParams.set('token', order.id);
    back.searchParams.set('PayerID', order.payer.payer_id);
    return back.toString();
  }

  function createOrder(body: Record<string, unknown> | null): FakeReply {
    if (!body) return invalid('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE')
      return invalid('INVALID_PARAMETER_VALUE', 'intent must be CAPTURE or AUTHORIZE.');
    const units = body.purchase_units as FakeOrder['purchase_units'] | undefined;
    const unit = units?.[0];
    if (!unit || units.length !== 1) return invalid('MISSING_REQUIRED_PARAMETER', 'purchase_units is required.');
    const currency = unit.amount?.currency_code;
    if (currency !== 'EUR' && currency !== 'USD')
      return unprocessable('CURRENCY_NOT_SUPPORTED', 'Currency code is not supported.');
    if (!AMOUNT.test(String(unit.amount.value)) || cents(unit.amount.value) <= 0)
      return invalid('INVALID_PARAMETER_VALUE', 'The amount value is invalid.');
    const context = (body.payment_source as { paypal?: { experience_context?: Record<string, unknown> } } | undefined)
      ?.paypal?.experience_context;
    const returnUrl = context?.return_url;
    const cancelUrl = context?.cancel_url;
    if (
      typeof returnUrl !== 'string' ||
      typeof cancelUrl !== 'string' ||
      !URL.canParse(returnUrl) ||
      !URL.canParse(cancelUrl)
    )
      return invalid('INVALID_PARAMETER_SYNTAX', 'return_url and cancel_url must be URLs.');
    const id = paypalId();
    const order: FakeOrder = {
      id,
      intent: body.intent,
      status: 'PAYER_ACTION_REQUIRED',
      payment_source: { paypal: {} },
      purchase_units: [
        {
          reference_id: unit.reference_id ?? 'default',
          amount: { currency_code: currency, value: unit.amount.value },
          ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
          ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
          ...(unit.description ? { description: unit.description } : {}),
        },
      ],
      create_time: new Date().toISOString(),
      links: [
        { href: `${origin}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
        { href: `${origin}/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
      ],
      experience: {
        return_url: returnUrl,
        cancel_url: cancelUrl,
        ...(typeof context?.locale === 'string' ? { locale: context.locale } : {}),
      },
    };
    orders.set(id, order);
    return { status: 201, body: shown(order) };
  }

  function captureOrder(order: FakeOrder): FakeReply {
    if (order.status === 'COMPLETED')
      return unprocessable(
        'ORDER_ALREADY_CAPTURED',
        'Order already captured. If intent=CAPTURE only one capture per order is allowed.',
      );
    if (order.status !== 'APPROVED')
      return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    const unit = order.purchase_units[0]!;
    const now = new Date().toISOString();
    const id = paypalId();
    const capture: FakeCapture = {
      id,
      status: nextCaptureStatus,
      amount: { ...unit.amount },
      final_capture: true,
      ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
      ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
      seller_protection: { status: 'ELIGIBLE' },
      supplementary_data: { related_ids: { order_id: order.id } },
      create_time: now,
      update_time: now,
      links: [
        { href: `${origin}/v2/payments/captures/${id}`, rel: 'self', method: 'GET' },
        { href: `${origin}/v2/payments/captures/${id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${origin}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
      ],
    };
    nextCaptureStatus = 'COMPLETED';
    captures.set(id, capture);
    unit.payments = { captures: [capture] };
    order.status = 'COMPLETED';
    return { status: 201, body: shown(order) };
  }

  function refundCapture(capture: FakeCapture, body: Record<string, unknown> | null): FakeReply {
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED')
      return unprocessable(
        capture.status === 'REFUNDED' ? 'CAPTURE_FULLY_REFUNDED' : 'REFUND_NOT_ALLOWED',
        'The capture cannot be refunded.',
      );
    const given = [...refunds.values()]
      .filter((r) => r.links.some((l) => l.rel === 'up' && l.href.endsWith(`/${capture.id}`)))
      .reduce((sum, r) => sum + cents(r.amount.value), 0);
    const left = cents(capture.amount.value) - given;
    const asked = (body?.amount as Money | undefined) ?? {
      currency_code: capture.amount.currency_code,
      value: (left / 100).toFixed(2),
    };
    if (asked.currency_code !== capture.amount.currency_code)
      return unprocessable('REFUND_CURRENCY_MISMATCH', 'The refund must be in the currency of the capture.');
    if (!AMOUNT.test(String(asked.value)) || cents(asked.value) <= 0)
      return invalid('INVALID_PARAMETER_VALUE', 'The amount value is invalid.');
    if (cents(asked.value) > left)
      return unprocessable(
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      );
    const id = paypalId();
    const refund: FakeRefund = {
      id,
      status: 'COMPLETED',
      amount: { currency_code: asked.currency_code, value: asked.value },
      ...(typeof body?.note_to_payer === 'string' ? { note_to_payer: body.note_to_payer } : {}),
      create_time: new Date().toISOString(),
      links: [
        { href: `${origin}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${origin}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    };
    refunds.set(id, refund);
    capture.status = cents(asked.value) === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.update_time = refund.create_time;
    return { status: 201, body: refund };
  }

  /** The buyer's approval page (no API token: she is signed in to PayPal, not the shop). */
  function approvalPage(path: string, method: string, body: string): FakeReply | null {
    const url = new URL(path, 'http://fake');
    if (url.pathname !== '/checkoutnow' && !url.pathname.startsWith('/checkoutnow/')) return null;
    const token = method === 'POST' ? new URLSearchParams(body).get('token') : url.searchParams.get('token');
    const order = token ? orders.get(token) : undefined;
    if (order?.status !== 'PAYER_ACTION_REQUIRED') {
      return {
        status: 404,
        raw: { contentType: 'text/html; charset=utf-8', data: Buffer.from('<h1>Order not found</h1>') },
      };
    }
    if (method === 'POST' && url.pathname === '/checkoutnow/approve')
      return { status: 303, headers: { location: approveOrder(order) }, body: {} };
    if (method === 'POST' && url.pathname === '/checkoutnow/cancel') {
      const back = new URL(order.experience.cancel_url);
      back.searchParams.set('token', order.id);
      return { status: 303, headers: { location: back.toString() }, body: {} };
    }
    const unit = order.purchase_units[0]!;
    const button = (action: string, label: string) =>
      `<form method="post" action="/checkoutnow/${action}"><input type="hidden" name="token" value="${escapeHtml(order.id)}"><button type="submit">${label}</button></form>`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal (fake)</title></head><body><main><h1>PayPal (fake)</h1><p>${escapeHtml(unit.description ?? '')}: ${escapeHtml(unit.amount.value)} ${escapeHtml(unit.amount.currency_code)}</p>${button('approve', 'Pay Now')}${button('cancel', 'Cancel and return')}</main></body></html>`;
    return { status: 200, raw: { contentType: 'text/html; charset=utf-8', data: Buffer.from(html) } };
  }

  const server = await startFakeServer((req) => {
    const page = approvalPage(req.path, req.method, req.body);
    if (page) return page;
    if (req.method === 'POST' && req.path === '/v1/oauth2/token') {
      const creds = basicAuth(req.headers);
      if (!creds || creds[0] !== clientId || creds[1] !== clientSecret) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      }
      if (!/grant_type=client_credentials/.test(req.body)) {
        return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
      }
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
          access_token: token,
          token_type: 'Bearer',
          expires_in: 32400,
        },
      };
    }
    const bearer = /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    if (!bearer || !tokens.has(bearer))
      return error(
        401,
        'AUTHENTICATION_FAILURE',
        'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      );

    if (req.method === 'POST' && req.path === '/v2/checkout/orders') {
      return once('create', req, () => createOrder(parseJson(req.body)));
    }
    const capture = /^\/v2\/checkout\/orders\/([^/?]+)\/capture$/.exec(req.path);
    if (req.method === 'POST' && capture) {
      const order = orders.get(decodeURIComponent(capture[1]!));
      if (!order) return notFound();
      return once(`capture:${order.id}`, req, () => captureOrder(order));
    }
    const showOrder = /^\/v2\/checkout\/orders\/([^/?]+)$/.exec(req.path);
    if (req.method === 'GET' && showOrder) {
      const order = orders.get(decodeURIComponent(showOrder[1]!));
      return order ? { status: 200, body: shown(order) } : notFound();
    }
    const refund = /^\/v2\/payments\/captures\/([^/?]+)\/refund$/.exec(req.path);
    if (req.method === 'POST' && refund) {
      const found = captures.get(decodeURIComponent(refund[1]!));
      if (!found) return notFound();
      return once(`refund:${found.id}`, req, () => refundCapture(found, parseJson(req.body)));
    }
    const showCapture = /^\/v2\/payments\/captures\/([^/?]+)$/.exec(req.path);
    if (req.method === 'GET' && showCapture) {
      const found = captures.get(decodeURIComponent(showCapture[1]!));
      return found ? { status: 200, body: found } : notFound();
    }
    if (req.method === 'POST' && req.path === '/v1/notifications/verify-webhook-signature') {
      const body = parseJson(req.body) as {
        transmission_sig?: string;
        webhook_id?: string;
        webhook_event?: unknown;
        auth_algo?: string;
      } | null;
      if (!body?.transmission_sig || !body.webhook_event || !body.auth_algo) {
        return error(400, 'VALIDATION_ERROR', 'Invalid request - see details', 'MISSING_REQUIRED_PARAMETER');
      }
      const expected = transmissions.get(body.transmission_sig);
      const ok =
        expected !== undefined &&
        body.webhook_id === webhookId &&
        expected === digest(JSON.stringify(body.webhook_event));
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    return notFound();
  });
  origin = server.origin;

  const get = (id: string) => {
    const order = orders.get(id);
    if (!order) throw new Error(`no fake order ${id}`);
    return order;
  };

  return Object.assign(server, {
    apiUrl: server.origin,
    clientId,
    clientSecret,
    webhookId,
    orders,
    captures,
    refunds,
    approve: (orderId: string) => approveOrder(get(orderId)),
    setNextCaptureStatus(status: FakeCapture['status']) {
      nextCaptureStatus = status;
    },
    setAmount(orderId: string, value: string, currency?: string) {
      const unit = get(orderId).purchase_units[0]!;
      unit.amount = { currency_code: currency ?? unit.amount.currency_code, value };
    },
    setCustomId(orderId: string, customId: string) {
      get(orderId).purchase_units[0]!.custom_id = customId;
    },
    webhook(orderId: string, eventType: WebhookType = 'PAYMENT.CAPTURE.COMPLETED') {
      const order = get(orderId);
      const captured = order.purchase_units[0]!.payments?.captures[0];
      const resource =
        eventType === 'CHECKOUT.ORDER.APPROVED'
          ? shown(order)
          : eventType === 'PAYMENT.CAPTURE.REFUNDED'
            ? [...refunds.values()].findLast((r) => r.links.some((l) => l.href.endsWith(`/${captured?.id}`)))
            : captured;
      if (!resource) throw new Error(`fake order ${orderId} has nothing for ${eventType}`);
      const event = {
        id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type:
          eventType === 'CHECKOUT.ORDER.APPROVED'
            ? 'checkout-order'
            : eventType === 'PAYMENT.CAPTURE.REFUNDED'
              ? 'refund'
              : 'capture',
        resource_version: '2.0',
        event_type: eventType,
        summary: `${eventType} for ${orderId}`,
        resource,
      };
      const rawBody = JSON.stringify(event);
      const sig = randomBytes(32).toString('base64');
      // PayPal's verify endpoint checks the event as parsed JSON; our driver sends it parsed.
      transmissions.set(sig, digest(JSON.stringify(JSON.parse(rawBody))));
      return {
        rawBody,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${origin}/v1/notifications/certs/CERT-fake`,
          'paypal-transmission-id': randomUUID(),
          'paypal-transmission-sig': sig,
          'paypal-transmission-time': new Date().toISOString(),
        },
      };
    },
  });
}
