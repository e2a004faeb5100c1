/**
 * The `test` provider: a sandbox built into the app so the whole payment flow works offline on a
 * fresh machine. Its "payment page" is served by the payments feature (Pay / Cancel / Fail); each
 * button makes the sandbox send a notification signed like a real provider's (HMAC-SHA256 of the
 * raw body with a server secret in `X-Sandbox-Signature`), which goes through the same webhook
 * route and checks as YooKassa's or PayPal's.
 *
 * It gives money back as YooKassa does (`refund`): a whole or a partial refund of a succeeded
 * payment, never more than is left of it, in its currency; the same idempotence key answers the
 * same refund again. A payment it no longer remembers (the server restarted since it was paid) is
 * taken at the caller's word: the shop itself checks what is left.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
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
  type RefundInput,
  type VerifiedNotification,
} from './provider';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_EVENTS = ['payment.succeeded', 'payment.canceled', 'payment.failed'] as const;
export type SandboxEvent = (typeof SANDBOX_EVENTS)[number];

const OUTCOME: Record<SandboxEvent, PaymentOutcome> = {
  'payment.succeeded': 'succeeded',
  'payment.canceled': 'canceled',
  'payment.failed': 'failed',
};

export interface SandboxNotificationBody {
  id: string;
  event: SandboxEvent;
  payment: { id: string; amount: { value: string; currency: string }; method?: string | null };
}

export interface TestProvider extends PaymentProvider {
  readonly name: 'test';
  /** Whether `signature` authorises opening the sandbox page of this payment. */
  pageSignatureValid(providerPaymentId: string, signature: string): boolean;
  /** A notification as the sandbox sends it: raw body plus its signature header. */
  buildNotification(
    event: SandboxEvent,
    payment: { providerPaymentId: string; amountMinor: number; currency: string; method?: string | null },
  ): { rawBody: string; headers: Record<string, string> };
}

/**
 * A return path the sandbox page sent back, when it is a path of this site as a URL writes it
 * (printable ASCII), never `//host` or `/\host`, which browsers take for another site.
 */
export function sandboxReturnPath(value: string | undefined): string | null {
  return value && /^\/(?![/\\])[\x21-\x7e]*$/.test(value) ? value : null;
}

/** `url`'s path and query when it is an address of the site at `publicUrl`, else null. */
function sitePath(url: string, publicUrl: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === new URL(publicUrl).origin ? `${parsed.pathname}${parsed.search}` : null;
  } catch {
    return null;
  }
}

export function createTestProvider(options: { secret: string; publicUrl: string }): TestProvider {
  const sign = (purpose: string, data: string) =>
    createHmac('sha256', options.secret).update(`${purpose}\n${data}`).digest('hex');
  const same = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };
  const statuses = new Map<string, ProviderStatus>();
  /** Refunds by idempotence key, and what each payment has given back (minor units). */
  const refunds = new Map<string, CreatedRefund & { providerPaymentId: string; amountMinor: number }>();
  const refundedOf = (providerPaymentId: string) =>
    [...refunds.values()]
      .filter((r) => r.providerPaymentId === providerPaymentId)
      .reduce((sum, r) => sum + r.amountMinor, 0);
  /** A 400 answer, as YooKassa refuses a refund (the caller counts it as a refusal). */
  const refused = (message: string) => new ProviderError('test', 'http', message, 400);

  return {
    name: 'test',
    pageSignatureValid: (id, signature) => same(sign('page', id), signature),

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const providerPaymentId = `sbx_${input.paymentId}`;
      statuses.set(providerPaymentId, { outcome: 'pending', amountMinor: input.amountMinor, currency: input.currency });
      // The sandbox's page stands in for the bank's: a QR code (SBP on a computer) encodes its link too.
      // It carries the return address (a path of this site) as YooKassa keeps its return_url.
      const back = sitePath(input.returnUrl, options.publicUrl);
      const url = `${options.publicUrl}/api/payments/sandbox/${providerPaymentId}?signature=${sign('page', providerPaymentId)}${back ? `&return=${encodeURIComponent(back)}` : ''}`;
      return {
        providerPaymentId,
        redirectUrl: url,
        status: input.email ? 'invoice_sent' : 'pending',
        confirmation: input.confirmation === 'qr' ? 'qr' : 'redirect',
      };
    },

    buildNotification(event, payment) {
      const body: SandboxNotificationBody = {
        id: `evt_${randomUUID()}`,
        event,
        payment: {
          id: payment.providerPaymentId,
          amount: { value: minorToDecimal(payment.amountMinor), currency: payment.currency },
          ...(payment.method ? { method: payment.method } : {}),
        },
      };
      const rawBody = JSON.stringify(body);
      return {
        rawBody,
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sign('notification', rawBody) },
      };
    },

    claimedEventId(incoming) {
      try {
        const body = JSON.parse(incoming.rawBody) as { id?: unknown } | null;
        return typeof body?.id === 'string' ? body.id : null;
      } catch {
        return null;
      }
    },

    async verifyNotification(incoming: IncomingNotification): Promise<VerifiedNotification> {
      const signature = header(incoming.headers, SANDBOX_SIGNATURE_HEADER) ?? '';
      if (!same(sign('notification', incoming.rawBody), signature)) {
        throw new NotificationRejected('bad_signature', 'sandbox signature does not match');
      }
      let body: SandboxNotificationBody;
      try {
        body = JSON.parse(incoming.rawBody) as SandboxNotificationBody;
      } catch {
        throw new NotificationRejected('malformed', 'body is not JSON');
      }
      const outcome = OUTCOME[body?.event];
      const amountMinor = decimalToMinor(body?.payment?.amount?.value);
      if (!outcome || typeof body.id !== 'string' || typeof body.payment.id !== 'string' || Number.isNaN(amountMinor)) {
        throw new NotificationRejected('malformed', 'not a sandbox notification');
      }
      const currency = String(body.payment.amount.currency);
      statuses.set(body.payment.id, { outcome, amountMinor, currency });
      return {
        eventId: body.id,
        type: body.event,
        providerPaymentId: body.payment.id,
        outcome,
        amountMinor,
        currency,
        method: typeof body.payment.method === 'string' ? body.payment.method : null,
        payload: body,
      };
    },

    async refund(input: RefundInput): Promise<CreatedRefund> {
      const done = refunds.get(input.idempotenceKey);
      if (done) {
        if (done.providerPaymentId !== input.providerPaymentId || done.amountMinor !== input.amountMinor)
          throw refused('the idempotence key was used for another refund');
        return { id: done.id, status: done.status };
      }
      if (!Number.isInteger(input.amountMinor) || input.amountMinor <= 0) throw refused('the amount must be positive');
      const paid = statuses.get(input.providerPaymentId);
      if (paid) {
        if (paid.outcome !== 'succeeded') throw refused('only a succeeded payment can be refunded');
        if (paid.currency !== input.currency) throw refused('the refund must be in the payment currency');
        if (refundedOf(input.providerPaymentId) + input.amountMinor > paid.amountMinor)
          throw refused('the refund is more than is left of the payment');
      }
      const made: CreatedRefund = { id: `sbx_refund_${randomUUID()}`, status: 'succeeded' };
      refunds.set(input.idempotenceKey, {
        ...made,
        providerPaymentId: input.providerPaymentId,
        amountMinor: input.amountMinor,
      });
      return made;
    },

    async fetchStatus(providerPaymentId) {
      const status = statuses.get(providerPaymentId);
      if (!status) throw new NotificationRejected('unknown_payment', 'unknown sandbox payment');
      return status;
    },
  };
}
