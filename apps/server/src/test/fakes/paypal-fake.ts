/**
 * A local stand-in for the PayPal endpoints our driver calls: OAuth2 client-credentials token,
 * Invoicing v2 create / send / show, and webhook signature verification. Error bodies follow
 * PayPal's shape ({ name, message, debug_id, details }). Tests mark an invoice paid and get the
 * webhook (body + PAYPAL-* transmission headers) PayPal would send; the fake's verify endpoint says
 * SUCCESS only for transmissions it produced, for the configured webhook id, with that exact event.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { basicAuth, type FakeServer, parseJson, startFakeServer } from './fake-server';

interface FakeInvoice {
  id: string;
  status: 'DRAFT' | 'SENT' | 'PAID' | 'CANCELLED';
  detail: { invoice_number?: string; currency_code: string; note?: string; metadata: { recipient_view_url: string } };
  primary_recipients: { billing_info: { email_address: string } }[];
  amount: { currency_code: string; value: string };
}

export interface PaypalFake extends FakeServer {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  invoices: Map<string, FakeInvoice>;
  setStatus(id: string, status: FakeInvoice['status']): void;
  setAmount(id: string, value: string, currency?: string): void;
  /** A webhook delivery as PayPal sends it. */
  webhook(
    invoiceId: string,
    eventType?: 'INVOICING.INVOICE.PAID' | 'INVOICING.INVOICE.CANCELLED',
  ): { rawBody: string; headers: Record<string, string> };
}

const error = (status: number, name: string, message: string, issue?: string) => ({
  status,
  body: { name, message, debug_id: randomBytes(6).toString('hex'), ...(issue ? { details: [{ issue }] } : {}) },
});

const digest = (s: string) => createHash('sha256').update(s).digest('hex');

export async function startPaypalFake(): Promise<PaypalFake> {
  const clientId = 'fake-client-id';
  const clientSecret = 'fake-client-secret';
  const webhookId = '8PT597110X687430LKGECATA';
  const tokens = new Set<string>();
  const invoices = new Map<string, FakeInvoice>();
  const byRequestId = new Map<string, string>();
  /** transmission sig → sha256 of the event JSON it was issued for */
  const transmissions = new Map<string, string>();
  let origin = '';

  const server = await startFakeServer((req) => {
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
          scope: 'https://uri.paypal.com/services/invoicing',
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

    if (req.method === 'POST' && req.path === '/v2/invoicing/invoices') {
      const requestId = req.headers['paypal-request-id'];
      if (typeof requestId === 'string' && byRequestId.has(requestId)) {
        const id = byRequestId.get(requestId)!;
        return { status: 201, body: { rel: 'self', href: `${origin}/v2/invoicing/invoices/${id}`, method: 'GET' } };
      }
      const body = parseJson(req.body) as {
        detail?: { currency_code?: unknown; invoice_number?: string; note?: string };
        primary_recipients?: { billing_info?: { email_address?: unknown } }[];
        items?: { quantity?: unknown; unit_amount?: { currency_code?: unknown; value?: unknown } }[];
      } | null;
      if (!body)
        return error(
          400,
          'INVALID_REQUEST',
          'Request is not well-formed, syntactically incorrect, or violates schema.',
          'MALFORMED_REQUEST_JSON',
        );
      const currency = body.detail?.currency_code;
      if (currency !== 'EUR' && currency !== 'USD')
        return error(
          422,
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed.',
          'CURRENCY_NOT_SUPPORTED',
        );
      const email = body.primary_recipients?.[0]?.billing_info?.email_address;
      if (typeof email !== 'string' || !email.includes('@'))
        return error(400, 'INVALID_REQUEST', 'Invalid recipient.', 'INVALID_EMAIL_ADDRESS');
      let cents = 0;
      for (const item of body.items ?? []) {
        const value = String(item.unit_amount?.value ?? '');
        if (!/^\d+(\.\d{1,2})?$/.test(value) || item.unit_amount?.currency_code !== currency) {
          return error(400, 'INVALID_REQUEST', 'Invalid item amount.', 'INVALID_PARAMETER_VALUE');
        }
        cents += Math.round(Number(value) * 100) * Number(item.quantity ?? 1);
      }
      const id = `INV2-${randomBytes(8).toString('hex').toUpperCase()}`;
      invoices.set(id, {
        id,
        status: 'DRAFT',
        detail: {
          currency_code: currency,
          ...(body.detail?.invoice_number ? { invoice_number: body.detail.invoice_number } : {}),
          ...(body.detail?.note ? { note: body.detail.note } : {}),
          metadata: { recipient_view_url: `${origin}/invoice/p/#${id}` },
        },
        primary_recipients: [{ billing_info: { email_address: email } }],
        amount: { currency_code: currency, value: (cents / 100).toFixed(2) },
      });
      if (typeof requestId === 'string') byRequestId.set(requestId, id);
      return { status: 201, body: { rel: 'self', href: `${origin}/v2/invoicing/invoices/${id}`, method: 'GET' } };
    }
    const send = /^\/v2\/invoicing\/invoices\/([^/?]+)\/send$/.exec(req.path);
    if (req.method === 'POST' && send) {
      const invoice = invoices.get(decodeURIComponent(send[1]!));
      if (!invoice)
        return error(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
      if (invoice.status !== 'DRAFT')
        return error(
          422,
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed.',
          'CANNOT_SEND_INVOICE',
        );
      invoice.status = 'SENT';
      return {
        status: 200,
        body: { href: invoice.detail.metadata.recipient_view_url, rel: 'payer-view', method: 'GET' },
      };
    }
    const show = /^\/v2\/invoicing\/invoices\/([^/?]+)$/.exec(req.path);
    if (req.method === 'GET' && show) {
      const invoice = invoices.get(decodeURIComponent(show[1]!));
      return invoice
        ? { status: 200, body: invoice }
        : error(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
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
    return error(404, 'RESOURCE_NOT_FOUND', 'Unknown endpoint');
  });
  origin = server.origin;

  const get = (id: string) => {
    const invoice = invoices.get(id);
    if (!invoice) throw new Error(`no fake invoice ${id}`);
    return invoice;
  };

  return Object.assign(server, {
    apiUrl: server.origin,
    clientId,
    clientSecret,
    webhookId,
    invoices,
    setStatus(id: string, status: FakeInvoice['status']) {
      get(id).status = status;
    },
    setAmount(id: string, value: string, currency?: string) {
      const invoice = get(id);
      invoice.amount = { currency_code: currency ?? invoice.amount.currency_code, value };
    },
    webhook(
      invoiceId: string,
      eventType: 'INVOICING.INVOICE.PAID' | 'INVOICING.INVOICE.CANCELLED' = 'INVOICING.INVOICE.PAID',
    ) {
      const invoice = invoices.get(invoiceId) ?? { id: invoiceId };
      const event = {
        id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'invoices',
        event_type: eventType,
        summary: eventType === 'INVOICING.INVOICE.PAID' ? 'An invoice was paid' : 'An invoice was cancelled',
        resource: { invoice },
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
