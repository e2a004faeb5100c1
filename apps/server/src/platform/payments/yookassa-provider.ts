/**
 * YooKassa (API v3) for online payments in RUB: card, SBP, SberPay, T-Pay, installments.
 *   create: POST {api}/payments, HTTP Basic shopId:secretKey, `Idempotence-Key` header, body
 *           { amount: { value: "1500.00", currency: "RUB" }, capture: true,
 *             payment_method_data: { type: "sbp" | "bank_card" | ... } (when the buyer chose one),
 *             confirmation: { type: "redirect", return_url } | { type: "qr", return_url },
 *             description, metadata } →
 *           { id, status: "pending", confirmation: { confirmation_url } | { confirmation_data } }
 *           A `qr` confirmation (SBP on a computer) answers with `confirmation_data`: the link our
 *           page draws as a QR code for the buyer's phone.
 *   notification: { type: "notification", event: "payment.succeeded" | "payment.canceled" | ...,
 *           object: { id, ... } }. YooKassa does not sign notifications; the documented check is to
 *           fetch the payment (GET {api}/payments/{id}) and trust only what the API says — so the
 *           status, amount and currency used below come from that fetch, never from the body.
 *   receipts (54-FZ / self-employed, see receipt.ts): the `receipt` object rides in the payment
 *           and refund requests ("payment and receipt at the same time"); the completion receipt
 *           of prepaid goods is POST {api}/receipts { type: "payment", payment_id, send: true,
 *           items, settlements: [{ type: "prepayment", amount }] } → { id, status }.
 *   refund: POST {api}/refunds { payment_id, amount, receipt? } → { id, status }.
 */
import {
  type CreatedPayment,
  type CreatedReceipt,
  type CreatedRefund,
  type CreatePaymentInput,
  decimalToMinor,
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
import type { ReceiptRequest } from './receipt';

export interface YookassaOptions {
  shopId: string;
  secretKey: string;
  /** e.g. https://api.yookassa.ru/v3 */
  apiUrl: string;
  timeoutMs: number;
}

interface YookassaPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  confirmation?: { type: string; confirmation_url?: string; confirmation_data?: string };
  payment_method?: { type?: string };
}

const OUTCOME: Record<YookassaPayment['status'], PaymentOutcome> = {
  pending: 'pending',
  waiting_for_capture: 'pending',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

function asPayment(body: unknown): YookassaPayment {
  const p = body as YookassaPayment | null;
  if (!p || typeof p.id !== 'string' || typeof p.status !== 'string' || !p.amount || !(p.status in OUTCOME)) {
    throw new ProviderError('yookassa', 'invalid_reply', 'reply is not a payment object');
  }
  return p;
}

export function createYookassaProvider(options: YookassaOptions): PaymentProvider {
  const api = options.apiUrl.replace(/\/+$/, '');
  const auth = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;

  async function getPayment(id: string): Promise<YookassaPayment> {
    const { body } = await providerFetch('yookassa', `${api}/payments/${encodeURIComponent(id)}`, {
      method: 'GET',
      headers: { authorization: auth, accept: 'application/json' },
      timeoutMs: options.timeoutMs,
    });
    return asPayment(body);
  }

  /** A POST with the shop's credentials and an idempotence key (a retried call never acts twice). */
  async function post(path: string, idempotenceKey: string, payload: unknown): Promise<unknown> {
    const { body } = await providerFetch('yookassa', `${api}${path}`, {
      method: 'POST',
      headers: {
        authorization: auth,
        'content-type': 'application/json',
        accept: 'application/json',
        'idempotence-key': idempotenceKey,
      },
      body: JSON.stringify(payload),
      timeoutMs: options.timeoutMs,
    });
    return body;
  }

  const toStatus = (p: YookassaPayment): ProviderStatus => ({
    outcome: OUTCOME[p.status],
    amountMinor: decimalToMinor(p.amount.value),
    currency: p.amount.currency,
  });

  return {
    name: 'yookassa',

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      if (input.currency !== 'RUB') throw new ProviderError('yookassa', 'invalid_reply', 'YooKassa charges RUB only');
      const locale = input.language === 'ru' ? 'ru_RU' : 'en_US';
      const qr = input.confirmation === 'qr';
      const body = await post('/payments', input.idempotenceKey, {
        amount: { value: minorToDecimal(input.amountMinor), currency: 'RUB' },
        capture: true,
        ...(input.method ? { payment_method_data: { type: input.method } } : {}),
        confirmation: qr
          ? { type: 'qr', return_url: input.returnUrl, locale }
          : { type: 'redirect', return_url: input.returnUrl, locale },
        description: input.description.slice(0, 128),
        metadata: { paymentId: input.paymentId, orderId: input.orderId, orderNumber: String(input.orderNumber) },
        ...(input.receipt ? { receipt: input.receipt } : {}),
      });
      const payment = asPayment(body);
      const url = qr ? payment.confirmation?.confirmation_data : payment.confirmation?.confirmation_url;
      if (!url) throw new ProviderError('yookassa', 'invalid_reply', 'payment without its confirmation link');
      return {
        providerPaymentId: payment.id,
        redirectUrl: url,
        status: 'pending',
        confirmation: qr ? 'qr' : 'redirect',
      };
    },

    claimedEventId(incoming) {
      try {
        const body = JSON.parse(incoming.rawBody) as { event?: unknown; object?: { id?: unknown } } | null;
        const id = body?.object?.id;
        return typeof body?.event === 'string' && typeof id === 'string' ? `${body.event}:${id}` : null;
      } catch {
        return null;
      }
    },

    async verifyNotification(incoming: IncomingNotification): Promise<VerifiedNotification> {
      let body: { type?: unknown; event?: unknown; object?: { id?: unknown } };
      try {
        body = JSON.parse(incoming.rawBody);
      } catch {
        throw new NotificationRejected('malformed', 'body is not JSON');
      }
      const id = body?.object?.id;
      if (body?.type !== 'notification' || typeof body.event !== 'string' || typeof id !== 'string') {
        throw new NotificationRejected('malformed', 'not a YooKassa notification');
      }
      let payment: YookassaPayment;
      try {
        payment = await getPayment(id);
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) {
          throw new NotificationRejected('unknown_payment', 'YooKassa does not know this payment');
        }
        throw error;
      }
      const status = toStatus(payment);
      // The body's claim must agree with the API: a "succeeded" notification for a payment the API
      // still reports as pending is not applied.
      const claimed =
        body.event === 'payment.succeeded' ? 'succeeded' : body.event === 'payment.canceled' ? 'canceled' : null;
      if (claimed && claimed !== status.outcome) {
        throw new NotificationRejected(
          'verification_failed',
          `notification says ${claimed}, API says ${status.outcome}`,
        );
      }
      return {
        // YooKassa has no event id; one payment reaches each final status once.
        eventId: `${body.event}:${payment.id}`,
        type: body.event,
        providerPaymentId: payment.id,
        ...status,
        method: typeof payment.payment_method?.type === 'string' ? payment.payment_method.type : null,
        payload: body,
      };
    },

    async fetchStatus(providerPaymentId) {
      return toStatus(await getPayment(providerPaymentId));
    },

    async createReceipt(input: { receipt: ReceiptRequest; idempotenceKey: string }): Promise<CreatedReceipt> {
      const body = (await post('/receipts', input.idempotenceKey, input.receipt)) as {
        id?: unknown;
        status?: unknown;
      } | null;
      if (typeof body?.id !== 'string' || typeof body.status !== 'string') {
        throw new ProviderError('yookassa', 'invalid_reply', 'reply is not a receipt object');
      }
      return { id: body.id, status: body.status };
    },

    async refund(input: RefundInput): Promise<CreatedRefund> {
      if (input.currency !== 'RUB') throw new ProviderError('yookassa', 'invalid_reply', 'YooKassa refunds RUB only');
      const body = (await post('/refunds', input.idempotenceKey, {
        payment_id: input.providerPaymentId,
        amount: { value: minorToDecimal(input.amountMinor), currency: 'RUB' },
        ...(input.description ? { description: input.description.slice(0, 250) } : {}),
        ...(input.receipt ? { receipt: input.receipt } : {}),
      })) as { id?: unknown; status?: unknown } | null;
      const status = body?.status;
      if (typeof body?.id !== 'string' || (status !== 'pending' && status !== 'succeeded' && status !== 'canceled')) {
        throw new ProviderError('yookassa', 'invalid_reply', 'reply is not a refund object');
      }
      return { id: body.id, status };
    },
  };
}
