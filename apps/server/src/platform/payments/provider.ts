/**
 * The payment provider contract: create a payment (a page to send the buyer to), verify and parse
 * a notification, fetch a payment's status, and — where the provider waits for the shop to take
 * the money the buyer approved — capture it.
 * Drivers: `test` (built-in sandbox page), `yookassa` (cards in RUB), `paypal` (Orders API v2 in EUR/USD).
 * Features never see provider HTTP details; they get these shapes or a ProviderError.
 */
import type { Currency, OnlineMethod } from '@atelier/shared';
import type { Receipt, ReceiptRequest } from './receipt';

export type ProviderName = 'test' | 'yookassa' | 'paypal';

export interface CreatePaymentInput {
  /** Our payments.id; drivers put it in metadata so a notification can be traced back. */
  paymentId: string;
  orderId: string;
  orderNumber: number;
  amountMinor: number;
  currency: Currency;
  description: string;
  /** Where the provider sends the buyer back after paying (redirect flows). */
  returnUrl: string;
  /** Where the provider sends a buyer who gives up (PayPal's cancel_url); unset = `returnUrl`. */
  cancelUrl?: string;
  /** Sent as the provider's idempotency key so a retried create never charges twice. */
  idempotenceKey: string;
  /** Invoice flows: the address the payment link is sent to (the sandbox then says the link went out). */
  email?: string;
  language: 'ru' | 'en' | 'es';
  /** The fiscal receipt YooKassa registers with the payment (RECEIPTS=yookassa). */
  receipt?: Receipt;
  /** The way to pay the buyer chose (`payment_method_data.type`); unset = the provider's page offers its own choice. */
  method?: OnlineMethod;
  /** `qr`: SBP on a computer, the code shown on our page; otherwise the provider's page (redirect). */
  confirmation?: 'redirect' | 'qr';
}

export interface CreatedPayment {
  providerPaymentId: string;
  /** Redirect flows: the provider's page; invoice flows: the payer's link (also emailed). */
  redirectUrl: string | null;
  status: 'pending' | 'invoice_sent';
  /** qr: `redirectUrl` is the link the QR code encodes (YooKassa's `confirmation_data`). */
  confirmation: 'redirect' | 'qr';
}

/**
 * `approved`: the buyer said yes and the money waits for the shop to take it (PayPal's order
 * APPROVED, before its capture); nothing is paid until `capture` says `succeeded`.
 */
export type PaymentOutcome = 'succeeded' | 'canceled' | 'failed' | 'pending' | 'approved';

/** A notification that passed the driver's verification. */
export interface VerifiedNotification {
  /** Unique per provider event; a second delivery with the same id is a replay. */
  eventId: string;
  type: string;
  providerPaymentId: string;
  outcome: PaymentOutcome;
  /** As confirmed by the provider (re-fetched where the provider says so), in minor units. */
  amountMinor: number;
  currency: string;
  /** How it was paid, as the provider reports it (`payment_method.type`), when it says. */
  method: string | null;
  /** Our payments.id as the provider echoes it back (PayPal's custom_id), when it carries one. */
  reference?: string | null;
  payload: unknown;
}

export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface ProviderStatus {
  outcome: PaymentOutcome;
  amountMinor: number;
  currency: string;
  /** Our payments.id as the provider echoes it back (PayPal's custom_id), when it carries one. */
  reference?: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * The event id a notification's body claims, read without asking the provider (null when the
   * body names none): the webhook route skips an id it already recorded before any provider call.
   * It is the id `verifyNotification` returns for a genuine copy of the same event.
   */
  claimedEventId(incoming: IncomingNotification): string | null;
  /** Throws NotificationRejected when the signature/status check fails. */
  verifyNotification(incoming: IncomingNotification): Promise<VerifiedNotification>;
  fetchStatus(providerPaymentId: string): Promise<ProviderStatus>;
  /**
   * Takes the money of a payment the buyer approved (PayPal: the order's capture) and answers how
   * it stands afterwards. Asking again — the same key, or a payment captured already — answers the
   * same capture, never a second one. Only drivers whose payments wait for it have it.
   */
  capture?(input: { providerPaymentId: string; idempotenceKey: string }): Promise<ProviderStatus>;
  /** A receipt of its own (`POST /v3/receipts`): YooKassa only. */
  createReceipt?(input: { receipt: ReceiptRequest; idempotenceKey: string }): Promise<CreatedReceipt>;
  /** Gives a succeeded payment back, whole or in part, with its refund receipt when receipts are on: YooKassa, PayPal and the sandbox. */
  refund?(input: RefundInput): Promise<CreatedRefund>;
}

export interface CreatedReceipt {
  id: string;
  /** YooKassa's registration status: pending, succeeded or canceled. */
  status: string;
}

export interface RefundInput {
  providerPaymentId: string;
  amountMinor: number;
  currency: Currency;
  idempotenceKey: string;
  receipt?: Receipt;
  description?: string;
}

export interface CreatedRefund {
  id: string;
  status: 'pending' | 'succeeded' | 'canceled';
}

/** The provider could not be reached, timed out, or answered with an error. */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly kind: 'timeout' | 'network' | 'http' | 'invalid_reply',
    message: string,
    readonly status?: number,
    /** The provider's error body as parsed (PayPal names the issue in `details[].issue`). */
    readonly body?: unknown,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
  }
}

/**
 * The provider refused the request itself (a 4xx other than 429): sending it again unchanged gets
 * the same answer, so it waits for a person (and a new idempotence key).
 */
export function isRefusal(error: unknown): error is ProviderError {
  return (
    error instanceof ProviderError &&
    error.kind === 'http' &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429
  );
}

/** A notification that failed verification (forged, malformed, unknown payment). */
export class NotificationRejected extends Error {
  constructor(
    readonly reason: 'bad_signature' | 'malformed' | 'unknown_payment' | 'verification_failed',
    message: string,
  ) {
    super(message);
    this.name = 'NotificationRejected';
  }
}

/** "1234.50" ↔ 123450 without floating-point drift. */
export function minorToDecimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function decimalToMinor(value: unknown): number {
  if (typeof value !== 'string' && typeof value !== 'number') return Number.NaN;
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(value).trim());
  if (!m) return Number.NaN;
  const minor = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -minor : minor;
}

/** JSON over fetch with a hard timeout; maps every failure to ProviderError. */
export async function providerFetch(
  provider: ProviderName,
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<{ status: number; body: unknown; text: string }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs) });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ProviderError(provider, 'timeout', `no answer within ${init.timeoutMs} ms`);
    }
    throw new ProviderError(provider, 'network', (error as Error).message);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    throw new ProviderError(provider, 'timeout', `reply not read: ${(error as Error).message}`);
  }
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      if (res.ok) throw new ProviderError(provider, 'invalid_reply', `HTTP ${res.status} with a non-JSON body`);
    }
  }
  if (!res.ok) {
    const detail = body && typeof body === 'object' ? JSON.stringify(body).slice(0, 300) : text.slice(0, 300);
    throw new ProviderError(provider, 'http', `HTTP ${res.status}: ${detail}`, res.status, body);
  }
  return { status: res.status, body, text };
}

export function header(headers: IncomingNotification['headers'], name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
