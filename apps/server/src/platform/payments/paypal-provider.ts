/**
 * PayPal Orders API v2 for EUR/USD: the buyer approves the payment on PayPal's page, comes back,
 * and the shop captures it — paid in one go, no invoice in her mailbox.
 *   token:   POST {api}/v1/oauth2/token, Basic clientId:secret, grant_type=client_credentials
 *   create:  POST {api}/v2/checkout/orders (PayPal-Request-Id: our idempotence key)
 *            { intent: CAPTURE, purchase_units: [{ reference_id, custom_id: our payment id,
 *              invoice_id, description, amount: { currency_code, value } }],
 *              payment_source: { paypal: { experience_context: { return_url, cancel_url, … } } } }
 *            → { id, status: PAYER_ACTION_REQUIRED, links: [{ rel: "payer-action", href }] }
 *            The buyer approves there; PayPal sends her to return_url?token={order id}&PayerID=…
 *   capture: POST {api}/v2/checkout/orders/{id}/capture (PayPal-Request-Id) → the order, COMPLETED,
 *            with purchase_units[0].payments.captures[0] { id, status, amount, custom_id }.
 *            422 ORDER_ALREADY_CAPTURED: captured before → the order is read again;
 *            422 ORDER_NOT_APPROVED: not approved (yet) → read again, still pending.
 *   status:  GET {api}/v2/checkout/orders/{id}
 *   refund:  POST {api}/v2/payments/captures/{capture id}/refund (PayPal-Request-Id) { amount, note_to_payer }
 *   webhook: verified by POST {api}/v1/notifications/verify-webhook-signature with the PAYPAL-*
 *            transmission headers, our webhook id and the event → { verification_status: "SUCCESS" };
 *            then what it speaks of is read from PayPal, never taken from the body:
 *            CHECKOUT.ORDER.APPROVED / COMPLETED → GET the order (approved: the shop captures it);
 *            PAYMENT.CAPTURE.COMPLETED / DENIED / PENDING / REVERSED → GET the capture, reported for
 *            its order (supplementary_data.related_ids.order_id); PAYMENT.CAPTURE.REFUNDED (a refund
 *            whose "up" link is the capture) → GET that capture.
 * A payment is known by PayPal's order id; the capture id is read from the order when needed.
 */
import {
  type CreatedPayment,
  type CreatedRefund,
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
  type RefundInput,
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

interface PaypalMoney {
  currency_code?: string;
  value?: string;
}

interface PaypalCapture {
  id: string;
  status: string;
  amount?: PaypalMoney;
  custom_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}

interface PaypalOrder {
  id: string;
  status: string;
  purchase_units?: {
    amount?: PaypalMoney;
    custom_id?: string;
    payments?: { captures?: PaypalCapture[] };
  }[];
  links?: { href?: string; rel?: string }[];
}

/** An order without a capture yet, by its status. */
const ORDER_OUTCOME: Record<string, PaymentOutcome> = {
  APPROVED: 'approved',
  VOIDED: 'canceled',
};

/**
 * A capture, by its status. A capture refunded whole gave the money back; one refunded in part
 * still paid (the shop gave back lines of it).
 */
const CAPTURE_OUTCOME: Record<string, PaymentOutcome> = {
  COMPLETED: 'succeeded',
  PARTIALLY_REFUNDED: 'succeeded',
  REFUNDED: 'canceled',
  DECLINED: 'failed',
  FAILED: 'failed',
  PENDING: 'pending',
};

const REFUND_STATUS: Record<string, CreatedRefund['status']> = {
  COMPLETED: 'succeeded',
  PENDING: 'pending',
  CANCELLED: 'canceled',
  FAILED: 'canceled',
};

/** PayPal's page in the buyer's language. */
const LOCALE: Record<CreatePaymentInput['language'], string> = { ru: 'ru-RU', en: 'en-US', es: 'es-ES' };

/** The issue PayPal names in an error's `details` (e.g. ORDER_ALREADY_CAPTURED). */
export function paypalIssue(error: unknown): string | null {
  if (!(error instanceof ProviderError)) return null;
  const details = (error.body as { details?: { issue?: unknown }[] } | null)?.details;
  const issue = Array.isArray(details) ? details[0]?.issue : undefined;
  return typeof issue === 'string' ? issue : null;
}

/** Where an order stands: its capture's status when it has one, else the order's. */
export function orderStatus(order: PaypalOrder): ProviderStatus {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  return capture
    ? captureStatus(capture, unit?.custom_id)
    : {
        outcome: ORDER_OUTCOME[order.status] ?? 'pending',
        amountMinor: decimalToMinor(unit?.amount?.value),
        currency: unit?.amount?.currency_code ?? '',
        reference: unit?.custom_id ?? null,
      };
}

function captureStatus(capture: PaypalCapture, customId?: string): ProviderStatus {
  return {
    outcome: CAPTURE_OUTCOME[capture.status] ?? 'pending',
    amountMinor: decimalToMinor(capture.amount?.value),
    currency: capture.amount?.currency_code ?? '',
    reference: capture.custom_id ?? customId ?? null,
  };
}

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

  const asOrder = (body: unknown): PaypalOrder => {
    const order = body as PaypalOrder | null;
    if (!order || typeof order.id !== 'string' || typeof order.status !== 'string') {
      throw new ProviderError('paypal', 'invalid_reply', 'reply is not an order');
    }
    return order;
  };

  const getOrder = async (id: string) =>
    asOrder((await call('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`)).body);

  async function getCapture(id: string): Promise<PaypalCapture> {
    const { body } = await call('GET', `/v2/payments/captures/${encodeURIComponent(id)}`);
    const capture = body as PaypalCapture | null;
    if (!capture || typeof capture.id !== 'string' || typeof capture.status !== 'string') {
      throw new ProviderError('paypal', 'invalid_reply', 'reply is not a capture');
    }
    return capture;
  }

  /** What a verified event speaks of, read again from PayPal: the order it concerns and its status. */
  async function eventSubject(
    type: string,
    resource: { id?: unknown; links?: { href?: unknown; rel?: unknown }[] },
  ): Promise<{ orderId: string; status: ProviderStatus }> {
    const id = String(resource.id);
    if (type.startsWith('CHECKOUT.ORDER.')) {
      const order = await getOrder(id);
      return { orderId: order.id, status: orderStatus(order) };
    }
    // A refund's own id is not the capture's: its "up" link names the capture it gave back.
    const up = resource.links?.find((l) => l.rel === 'up' && typeof l.href === 'string')?.href as string | undefined;
    const captureId = type === 'PAYMENT.CAPTURE.REFUNDED' && up ? (up.split('/').pop() ?? id) : id;
    const capture = await getCapture(captureId);
    const orderId = capture.supplementary_data?.related_ids?.order_id;
    if (!orderId) throw new NotificationRejected('unknown_payment', 'the capture names no order');
    return { orderId, status: captureStatus(capture) };
  }

  return {
    name: 'paypal',

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const { body } = await call(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.orderId,
              // Our payment's id comes back on the capture: what is paid is checked against it.
              custom_id: input.paymentId,
              invoice_id: `A-${input.orderNumber}-${input.paymentId.slice(0, 8)}`,
              description: input.description.slice(0, 127),
              amount: { currency_code: input.currency, value: minorToDecimal(input.amountMinor) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl ?? input.returnUrl,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
                locale: LOCALE[input.language],
              },
            },
          },
        },
        // PayPal's idempotency header: a retried create answers the first order, never a second one.
        { 'paypal-request-id': input.idempotenceKey, prefer: 'return=representation' },
      );
      const order = asOrder(body);
      const link = order.links?.find((l) => l.rel === 'payer-action') ?? order.links?.find((l) => l.rel === 'approve');
      if (typeof link?.href !== 'string') {
        throw new ProviderError('paypal', 'invalid_reply', 'created order without an approval link');
      }
      return { providerPaymentId: order.id, redirectUrl: link.href, status: 'pending', confirmation: 'redirect' };
    },

    async capture({ providerPaymentId, idempotenceKey }) {
      try {
        const { body } = await call(
          'POST',
          `/v2/checkout/orders/${encodeURIComponent(providerPaymentId)}/capture`,
          {},
          { 'paypal-request-id': idempotenceKey, prefer: 'return=representation' },
        );
        return orderStatus(asOrder(body));
      } catch (error) {
        const issue = paypalIssue(error);
        // Captured before (another key, the webhook's or the return's) or not approved yet: where
        // the order stands now is the answer, never a second capture.
        if (issue === 'ORDER_ALREADY_CAPTURED' || issue === 'ORDER_NOT_APPROVED') {
          return orderStatus(await getOrder(providerPaymentId));
        }
        // The buyer's funding was refused: she may go back to PayPal and choose another.
        if (issue === 'INSTRUMENT_DECLINED')
          return { ...orderStatus(await getOrder(providerPaymentId)), outcome: 'failed' };
        throw error;
      }
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
      let event: {
        id?: unknown;
        event_type?: unknown;
        resource?: { id?: unknown; links?: { href?: unknown; rel?: unknown }[] };
      };
      try {
        event = JSON.parse(incoming.rawBody);
      } catch {
        throw new NotificationRejected('malformed', 'body is not JSON');
      }
      const type = event?.event_type;
      if (typeof event?.id !== 'string' || typeof type !== 'string' || typeof event.resource?.id !== 'string') {
        throw new NotificationRejected('malformed', 'not a PayPal event');
      }
      if (!type.startsWith('CHECKOUT.ORDER.') && !type.startsWith('PAYMENT.CAPTURE.')) {
        throw new NotificationRejected('malformed', `PayPal event ${type} is not one the shop subscribes to`);
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
      const { orderId, status } = await eventSubject(type, event.resource);
      return { eventId: event.id, type, providerPaymentId: orderId, ...status, method: null, payload: event };
    },

    async fetchStatus(providerPaymentId) {
      return orderStatus(await getOrder(providerPaymentId));
    },

    async refund(input: RefundInput): Promise<CreatedRefund> {
      const order = await getOrder(input.providerPaymentId);
      const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
      // Nothing captured: there is nothing to give back (a refusal, as PayPal's own 422s).
      if (!capture) throw new ProviderError('paypal', 'http', 'the order has no capture to refund', 422);
      const { body } = await call(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`,
        {
          amount: { currency_code: input.currency, value: minorToDecimal(input.amountMinor) },
          ...(input.description ? { note_to_payer: input.description.slice(0, 255) } : {}),
        },
        { 'paypal-request-id': input.idempotenceKey, prefer: 'return=representation' },
      );
      const refund = body as { id?: unknown; status?: unknown } | null;
      if (typeof refund?.id !== 'string' || typeof refund.status !== 'string') {
        throw new ProviderError('paypal', 'invalid_reply', 'reply is not a refund');
      }
      return { id: refund.id, status: REFUND_STATUS[refund.status] ?? 'pending' };
    },
  };
}
