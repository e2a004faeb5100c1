/**
 * PayPal Invoicing v2 for EUR/USD: the customer gives an email and PayPal mails them an invoice
 * (a payment link).
 *   token:   POST {api}/v1/oauth2/token, Basic clientId:secret, grant_type=client_credentials
 *   create:  POST {api}/v2/invoicing/invoices { detail: { invoice_number, currency_code, note },
 *            primary_recipients: [{ billing_info: { email_address } }], items: [...] }
 *            → 201 { id } (or a link whose href ends with the id)
 *   send:    POST {api}/v2/invoicing/invoices/{id}/send { send_to_recipient: true } → { href } (payer link)
 *   status:  GET {api}/v2/invoicing/invoices/{id} → { status: "SENT" | "PAID" | "CANCELLED" ..., amount }
 *   webhook: INVOICING.INVOICE.PAID / .CANCELLED; verified by POST
 *            {api}/v1/notifications/verify-webhook-signature with the PAYPAL-* transmission headers,
 *            our webhook id and the event → { verification_status: "SUCCESS" }. The amount is then
 *            taken from a fresh GET of the invoice.
 */
import {
  type CreatedPayment,
  type CreatePaymentInput,
  decimalToMinor,
  header,
  type IncomingNotification,
  minorToDecimal,
  NotificationRejected,
  type PaymentOutcome,
  type PaymentProvider,
  ProviderError,
  type ProviderStatus,
  providerFetch,
  type VerifiedNotification,
} from './provider';

export interface PaypalOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** e.g. https://api-m.paypal.com */
  apiUrl: string;
  timeoutMs: number;
}

interface PaypalInvoice {
  id: string;
  status: string;
  amount?: { currency_code?: string; value?: string };
  detail?: { currency_code?: string; metadata?: { recipient_view_url?: string } };
}

const OUTCOME: Record<string, PaymentOutcome> = {
  PAID: 'succeeded',
  MARKED_AS_PAID: 'succeeded',
  CANCELLED: 'canceled',
};

export function createPaypalProvider(options: PaypalOptions): PaymentProvider {
  const api = options.apiUrl.replace(/\/+$/, '');
  let cached: { token: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const { body } = await providerFetch('paypal', `${api}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      timeoutMs: options.timeoutMs,
    });
    const { access_token: token, expires_in: expiresIn } = (body ?? {}) as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    if (typeof token !== 'string') throw new ProviderError('paypal', 'invalid_reply', 'no access_token');
    // Renew a minute early so a token never expires mid-request.
    cached = { token, until: Date.now() + Math.max(0, (Number(expiresIn) || 0) - 60) * 1000 };
    return token;
  }

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, extra: Record<string, string> = {}) {
    const token = await accessToken();
    return providerFetch('paypal', `${api}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      timeoutMs: options.timeoutMs,
    });
  }

  async function getInvoice(id: string): Promise<PaypalInvoice> {
    const { body } = await call('GET', `/v2/invoicing/invoices/${encodeURIComponent(id)}`);
    const invoice = body as PaypalInvoice | null;
    if (!invoice || typeof invoice.id !== 'string' || typeof invoice.status !== 'string') {
      throw new ProviderError('paypal', 'invalid_reply', 'reply is not an invoice');
    }
    return invoice;
  }

  const toStatus = (invoice: PaypalInvoice): ProviderStatus => ({
    outcome: OUTCOME[invoice.status] ?? 'pending',
    amountMinor: decimalToMinor(invoice.amount?.value),
    currency: invoice.amount?.currency_code ?? invoice.detail?.currency_code ?? '',
  });

  return {
    name: 'paypal',

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      if (!input.email) throw new ProviderError('paypal', 'invalid_reply', 'an invoice needs the payer email');
      const value = minorToDecimal(input.amountMinor);
      const created = await call(
        'POST',
        '/v2/invoicing/invoices',
        {
          detail: {
            invoice_number: `A-${input.orderNumber}-${input.paymentId.slice(0, 8)}`,
            reference: input.orderId,
            currency_code: input.currency,
            note: input.description,
          },
          primary_recipients: [{ billing_info: { email_address: input.email } }],
          items: [
            {
              name: input.description.slice(0, 200),
              quantity: '1',
              unit_amount: { currency_code: input.currency, value },
            },
          ],
        },
        // PayPal's own idempotency header: a retried create returns the first invoice.
        { 'paypal-request-id': input.idempotenceKey },
      );
      const reply = (created.body ?? {}) as { id?: unknown; href?: unknown };
      const id =
        typeof reply.id === 'string'
          ? reply.id
          : typeof reply.href === 'string'
            ? (reply.href.split('/').pop() ?? '')
            : '';
      if (!id) throw new ProviderError('paypal', 'invalid_reply', 'created invoice without an id');
      const sent = await call('POST', `/v2/invoicing/invoices/${encodeURIComponent(id)}/send`, {
        send_to_recipient: true,
      });
      const href = (sent.body as { href?: unknown } | null)?.href;
      const link =
        typeof href === 'string' ? href : ((await getInvoice(id)).detail?.metadata?.recipient_view_url ?? null);
      return { providerPaymentId: id, redirectUrl: link, status: 'invoice_sent', confirmation: 'redirect' };
    },

    claimedEventId(incoming) {
      try {
        const event = JSON.parse(incoming.rawBody) as { id?: unknown } | null;
        return typeof event?.id === 'string' ? event.id : null;
      } catch {
        return null;
      }
    },

    async verifyNotification(incoming: IncomingNotification): Promise<VerifiedNotification> {
      let event: { id?: unknown; event_type?: unknown; resource?: { invoice?: { id?: unknown }; id?: unknown } };
      try {
        event = JSON.parse(incoming.rawBody);
      } catch {
        throw new NotificationRejected('malformed', 'body is not JSON');
      }
      const invoiceId = event?.resource?.invoice?.id ?? event?.resource?.id;
      if (typeof event?.id !== 'string' || typeof event.event_type !== 'string' || typeof invoiceId !== 'string') {
        throw new NotificationRejected('malformed', 'not a PayPal invoicing event');
      }
      const h = (name: string) => header(incoming.headers, name);
      const transmission = {
        auth_algo: h('paypal-auth-algo'),
        cert_url: h('paypal-cert-url'),
        transmission_id: h('paypal-transmission-id'),
        transmission_sig: h('paypal-transmission-sig'),
        transmission_time: h('paypal-transmission-time'),
      };
      if (Object.values(transmission).some((v) => !v)) {
        throw new NotificationRejected('bad_signature', 'PayPal transmission headers missing');
      }
      const verified = await call('POST', '/v1/notifications/verify-webhook-signature', {
        ...transmission,
        webhook_id: options.webhookId,
        webhook_event: event,
      });
      if ((verified.body as { verification_status?: unknown } | null)?.verification_status !== 'SUCCESS') {
        throw new NotificationRejected('bad_signature', 'PayPal says the signature is not valid');
      }
      const status = toStatus(await getInvoice(invoiceId));
      return {
        eventId: event.id,
        type: event.event_type,
        providerPaymentId: invoiceId,
        ...status,
        method: null,
        payload: event,
      };
    },

    async fetchStatus(providerPaymentId) {
      return toStatus(await getInvoice(providerPaymentId));
    },
  };
}
