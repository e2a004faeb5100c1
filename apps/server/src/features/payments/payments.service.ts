/**
 * Payments: start a payment for an order (redirect, PayPal invoice, or cash/bank instructions),
 * apply provider notifications, the sandbox's Pay / Cancel / Fail, and the admin's "paid by hand".
 *
 * Rules: a notification is verified by its driver (signature or a re-fetch), stored
 * always, applied at most once per provider event id, rejected when the amount or currency differ
 * from what we asked for, and never confirms a cancelled order. A provider that fails or times out
 * leaves the order untouched and answers 'payment creation error'.
 * With receipts on, a card payment carries the order's fiscal receipt and the admin's refund of a
 * cancelled order its refund receipt (the receipts feature makes and records them).
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { type Currency, formatMoney, fromMinor, type Language, type PaypalInvoice } from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { AppError, Conflict, InvalidInput, NotFound } from '../../platform/errors';
import type { Limit, RateLimiter } from '../../platform/http/rate-limit';
import { enqueueMail } from '../../platform/mail/outbox';
import {
  type CreatedPayment,
  type IncomingNotification,
  isRefusal,
  NotificationRejected,
  type PaymentProvider,
  ProviderError,
  type VerifiedNotification,
} from '../../platform/payments/provider';
import type { PaymentProviders } from '../../platform/payments/providers';
import type { Receipt } from '../../platform/payments/receipt';
import type { SandboxEvent } from '../../platform/payments/test-provider';
import type { OwnerNotifier } from '../notifications/notifications.service';
import type { OrderEventItem } from '../orders/orders.schemas';
import type { ReceiptsService } from '../receipts/receipts.service';
import type { PaymentRow, PaymentsRepo } from './payments.repo';
import {
  instructionsMail,
  paymentAlertMail,
  paymentInstructions,
  paymentLinkMail,
  paypalInvoiceMail,
  paypalRequestAdminMail,
} from './payments.texts';

/** What payments needs from orders (contract in orders.service.ts). */
export interface OrderForPayment {
  id: string;
  number: number;
  userId: string | null;
  status: 'pending' | 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'cancelled';
  paymentState: string;
  paymentMethod: 'card' | 'paypal' | 'cash' | 'bank_transfer';
  currency: Currency;
  language: Language;
  customerEmail: string;
  /** Unpaid by then, the order is cancelled (null once it is not pending). */
  holdUntil?: Date | null;
  totalRubMinor: number;
  totalInCurrencyMinor: number | null;
  items: OrderEventItem[];
}

export interface OrdersForPayments {
  getForPayment(q: Db | Tx, orderId: string): Promise<OrderForPayment | null>;
  setPaymentState(
    tx: Tx,
    orderId: string,
    state: 'awaiting' | 'invoice_sent' | 'paid' | 'failed' | 'refunded',
  ): Promise<unknown>;
  confirmPaid(
    tx: Tx,
    orderId: string,
    options: { actorUserId?: string | null; note?: string },
  ): Promise<{ changed: boolean }>;
}

export interface Actor {
  id: string;
  role: 'admin' | 'user';
}

export type NotificationOutcome =
  | 'applied'
  | 'duplicate'
  | 'ignored'
  | 'unknown_payment'
  | 'amount_mismatch'
  | 'order_cancelled'
  | 'order_not_pending';

export interface PaymentsServiceDeps {
  db: Db;
  repo: PaymentsRepo;
  orders: OrdersForPayments;
  providers: PaymentProviders;
  publicUrl: string;
  bankDetails: string | null;
  /** Payment alerts and PayPal invoice requests reach the owner through her notices. */
  notifier: Pick<OwnerNotifier, 'notify'>;
  /** Fiscal receipts of card payments and refunds (RECEIPTS=yookassa). */
  receipts: Pick<ReceiptsService, 'forPayment' | 'recordPayment' | 'refundReceipt' | 'refundSent' | 'refundFailed'>;
  /** How long to wait for a concurrent request's provider call before giving up (the provider timeout). */
  providerTimeoutMs?: number;
  /** Remembers notifications just rejected, so a replayed forgery is not verified with the provider again. */
  limiter?: RateLimiter;
}

/**
 * A notification rejected (forged, or claiming what the provider denies) is not verified again for
 * this long when it comes back unchanged (same body, same signature headers): its replays get a
 * 429 without a provider call or a stored row. A genuine delivery of the same event differs (its
 * own signature, the provider's current object), so a forgery cannot hold it back.
 */
const REJECTED_QUIET_MS = 10 * 60_000;

/** Headers a provider's proof travels in (PayPal's transmission, the sandbox signature). */
const PROOF_HEADER = /sig|auth|transmission|cert/i;

/** One notification exactly as delivered: its body and the headers that carry its proof. */
function fingerprint(incoming: IncomingNotification): string {
  const hash = createHash('sha256').update(incoming.rawBody);
  for (const name of Object.keys(incoming.headers).sort()) {
    if (PROOF_HEADER.test(name)) hash.update(`\n${name}:${String(incoming.headers[name])}`);
  }
  return hash.digest('base64url');
}

/** A redirect payment is reused this long; after that the provider's page may have expired, so a new one is made. */
const LIVE_PAYMENT_MS = 60 * 60_000;
const MANUAL_PAYPAL = 'paypal-manual';

/** 502: the provider failed; the message is the 'payment creation error' text (or the PayPal or refund one). */
export class PaymentProviderFailed extends AppError {
  constructor(message: 'paymentCreationError' | 'paypalRequestError' | 'refundFailed') {
    super(502, 'PAYMENT_PROVIDER_ERROR', message);
  }
}

/** Where the sandbox sends the buyer back; cancel/fail carry the order id for "try again". */
const SANDBOX_REDIRECT: Record<SandboxEvent, (n: number, id: string) => string> = {
  'payment.succeeded': (n) => `/payment/success?order=${n}`,
  'payment.canceled': (n, id) => `/payment/cancel?order=${n}&id=${id}`,
  'payment.failed': (n, id) => `/payment/cancel?status=failed&order=${n}&id=${id}`,
};

interface PaymentOptions {
  email?: string;
  language: Language;
  failure: 'paymentCreationError' | 'paypalRequestError';
  /** The fiscal receipt the payment carries (card payments with receipts on). */
  receipt?: Receipt;
}

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, repo, orders, providers } = deps;
  const providerTimeoutMs = deps.providerTimeoutMs ?? 15_000;

  async function payableOrder(actor: Actor, orderId: string): Promise<OrderForPayment> {
    const order = await orders.getForPayment(db, orderId);
    // Someone else's order is "not found": its existence is private.
    if (!order || (order.userId !== actor.id && actor.role !== 'admin')) throw new NotFound();
    if (order.status === 'cancelled') throw new Conflict('orderNotPayable', undefined, 'ORDER_NOT_PAYABLE');
    if (order.status !== 'pending') throw new Conflict('paymentAlreadyPaid', undefined, 'ORDER_ALREADY_PAID');
    return order;
  }

  const money = (minor: number, currency: Currency, lang: Language) => formatMoney(fromMinor(minor), currency, lang);

  /** Cash / bank transfer: what to pay and how; null for other methods. */
  function instructionsFor(order: OrderForPayment, lang: Language): string | null {
    if (order.paymentMethod !== 'cash' && order.paymentMethod !== 'bank_transfer') return null;
    const total =
      order.currency === 'RUB' || order.totalInCurrencyMinor === null
        ? money(order.totalRubMinor, 'RUB', lang)
        : money(order.totalInCurrencyMinor, order.currency, lang);
    return paymentInstructions(order.paymentMethod, lang, {
      number: order.number,
      total,
      bankDetails: deps.bankDetails,
    });
  }

  /**
   * One live provider payment per order: claims the slot (the partial unique index decides between
   * concurrent requests), or waits for the request that holds it and returns its payment.
   * Returns `fresh: false` with the existing row, or `fresh: true` with the provider's answer.
   */
  async function createOnce(
    provider: PaymentProvider,
    order: OrderForPayment,
    amount: { minor: number; currency: Currency },
    options: PaymentOptions,
  ): Promise<{ payment: PaymentRow; created: CreatedPayment | null }> {
    const now = Date.now();
    await repo.expireLivePayments(db, order.id, {
      created: new Date(now - 2 * providerTimeoutMs - 5_000),
      pending: new Date(now - LIVE_PAYMENT_MS),
    });
    const deadline = now + providerTimeoutMs + 5_000;
    let waitingFor: string | null = null;
    for (;;) {
      if (waitingFor) {
        // Another request is talking to the provider right now: its answer is ours too.
        const row = await repo.findPayment(db, waitingFor);
        if (row?.status === 'pending' || row?.status === 'invoice_sent') return { payment: row, created: null };
        if (row?.status !== 'created' || Date.now() > deadline) throw new PaymentProviderFailed(options.failure);
        await delay(50);
        continue;
      }
      const payment = await repo.claimLivePayment(db, {
        orderId: order.id,
        provider: provider.name,
        status: 'created',
        amountMinor: amount.minor,
        currency: amount.currency,
        idempotenceKey: randomUUID(),
        invoiceEmail: options.email ?? null,
      });
      if (payment) return { payment, created: await callProvider(provider, payment, order, amount, options) };
      waitingFor = (await repo.findLivePayment(db, order.id))?.id ?? null;
    }
  }

  /** Creates the provider payment outside any transaction (a slow provider must not hold the DB). */
  async function callProvider(
    provider: PaymentProvider,
    payment: PaymentRow,
    order: OrderForPayment,
    amount: { minor: number; currency: Currency },
    options: PaymentOptions,
  ): Promise<CreatedPayment> {
    try {
      return await provider.createPayment({
        paymentId: payment.id,
        orderId: order.id,
        orderNumber: order.number,
        amountMinor: amount.minor,
        currency: amount.currency,
        description: `Atelier #${order.number}`,
        returnUrl: `${deps.publicUrl}/payment/processing?order=${order.number}&id=${order.id}`,
        idempotenceKey: payment.idempotenceKey,
        ...(options.email ? { email: options.email } : {}),
        language: options.language,
        ...(options.receipt ? { receipt: options.receipt } : {}),
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) {
        await repo.updatePayment(db, payment.id, { status: 'failed' });
        throw error;
      }
      // The order stays exactly as it was; the attempt and its error are kept for the admin.
      await db.transaction(async (tx) => {
        await repo.updatePayment(tx, payment.id, { status: 'failed' });
        if (options.receipt) {
          await deps.receipts.recordPayment(tx, {
            orderId: order.id,
            paymentId: payment.id,
            receipt: options.receipt,
            error,
          });
        }
        await repo.insertEvent(tx, {
          provider: provider.name,
          providerEventId: `create-error:${payment.id}`,
          type: 'create.error',
          payload: { kind: error.kind, status: error.status ?? null, message: error.message.slice(0, 500) },
          outcome: 'provider_error',
          paymentId: payment.id,
        });
      });
      throw new PaymentProviderFailed(options.failure);
    }
  }

  function invoiceView(row: PaymentRow | null): PaypalInvoice | null {
    if (!row) return null;
    return {
      state: row.status === 'invoice_sent' ? 'sent' : 'requested',
      url: row.status === 'invoice_sent' ? row.redirectUrl : null,
      requestedAt: row.createdAt.toISOString(),
      sentAt: row.status === 'invoice_sent' ? row.updatedAt.toISOString() : null,
    };
  }

  /** The owner's task: a PayPal invoice to send by hand (PAYPAL_MODE=manual). One open per order. */
  async function requestManualInvoice(order: OrderForPayment, paypalEmail: string) {
    const amount = { minor: order.totalInCurrencyMinor!, currency: order.currency };
    return db.transaction(async (tx) => {
      const claimed = await repo.claimLivePayment(tx, {
        orderId: order.id,
        provider: MANUAL_PAYPAL,
        status: 'requested',
        amountMinor: amount.minor,
        currency: amount.currency,
        idempotenceKey: randomUUID(),
        invoiceEmail: paypalEmail,
      });
      if (!claimed) {
        const open = await repo.findManualInvoice(tx, order.id);
        // Not sent yet: the customer may correct the PayPal address it goes to.
        if (open?.status === 'requested') await repo.updatePayment(tx, open.id, { invoiceEmail: paypalEmail });
        return open;
      }
      await orders.setPaymentState(tx, order.id, 'awaiting');
      await deps.notifier.notify(tx, {
        kind: 'paypalInvoice',
        key: `paypalInvoice:${claimed.id}`,
        mail: (to, lang) =>
          paypalRequestAdminMail(to, lang, {
            number: order.number,
            total: money(amount.minor, amount.currency, lang),
            paypalEmail,
            url: `${deps.publicUrl}/admin/orders/${order.id}`,
          }),
      });
      return claimed;
    });
  }

  return {
    /** `POST /payments`: card → the provider's page; cash / bank transfer → instructions. */
    async start(actor: Actor, orderId: string, lang: Language) {
      const order = await payableOrder(actor, orderId);
      if (order.paymentMethod === 'cash' || order.paymentMethod === 'bank_transfer') {
        // The instructions are also mailed, once per order (the event id makes it once).
        await db.transaction(async (tx) => {
          const first = await repo.insertEvent(tx, {
            provider: 'manual',
            providerEventId: `instructions:${order.id}`,
            type: 'instructions.sent',
            payload: { method: order.paymentMethod },
            outcome: 'applied',
          });
          const to = first ? await repo.accountEmail(tx, order.userId) : null;
          const text = instructionsFor(order, order.language);
          if (to && text) {
            await enqueueMail(
              tx,
              instructionsMail(to, order.language, { number: order.number, text, payBy: order.holdUntil ?? null }),
            );
          }
        });
        return {
          paymentId: null,
          orderNumber: order.number,
          kind: 'instructions' as const,
          redirectUrl: null,
          instructions: instructionsFor(order, lang),
        };
      }
      if (order.paymentMethod !== 'card')
        throw new InvalidInput('paymentWrongMethod', undefined, 'PAYMENT_WRONG_METHOD');
      if (!providers.card) throw new InvalidInput('cardPaymentsUnavailable', undefined, 'CARD_PAYMENTS_UNAVAILABLE');
      // Every settlement is in rubles: card payments are charged in RUB whatever the display currency.
      const receipt = (await deps.receipts.forPayment(db, order.id)) ?? undefined;
      const { payment, created } = await createOnce(
        providers.card,
        order,
        { minor: order.totalRubMinor, currency: 'RUB' },
        { language: lang, failure: 'paymentCreationError', ...(receipt ? { receipt } : {}) },
      );
      if (!created) {
        // A second "Pay" while the first payment is still open: the same page, never a second charge.
        return {
          paymentId: payment.id,
          orderNumber: order.number,
          kind: 'redirect' as const,
          redirectUrl: payment.redirectUrl,
          instructions: null,
        };
      }
      await db.transaction(async (tx) => {
        await repo.updatePayment(tx, payment.id, {
          providerPaymentId: created.providerPaymentId,
          redirectUrl: created.redirectUrl,
          status: 'pending',
        });
        await orders.setPaymentState(tx, order.id, 'awaiting');
        if (receipt) await deps.receipts.recordPayment(tx, { orderId: order.id, paymentId: payment.id, receipt });
      });
      return {
        paymentId: payment.id,
        orderNumber: order.number,
        kind: 'redirect' as const,
        redirectUrl: created.redirectUrl,
        instructions: null,
      };
    },

    /**
     * `POST /payments/paypal-request`. api: PayPal mails an invoice to `email` (PayPal sends it, so
     * the address the customer gave is used). sandbox: the demo link, mailed to the account's
     * verified address. manual: a task for the owner, who mails an invoice link later.
     */
    async requestPaypal(actor: Actor, orderId: string, email: string, lang: Language) {
      const order = await payableOrder(actor, orderId);
      if (order.paymentMethod !== 'paypal')
        throw new InvalidInput('paymentWrongMethod', undefined, 'PAYMENT_WRONG_METHOD');
      if (order.currency === 'RUB' || order.totalInCurrencyMinor === null) {
        throw new InvalidInput('paypalCurrencyOnly', undefined, 'PAYMENT_WRONG_CURRENCY');
      }
      const amount = { minor: order.totalInCurrencyMinor, currency: order.currency };
      if (!providers.paypal) {
        const task = await requestManualInvoice(order, email);
        return {
          paymentId: task?.id ?? null,
          orderNumber: order.number,
          kind: 'invoice_requested' as const,
          redirectUrl: null,
          instructions: null,
        };
      }
      const paypal = providers.paypal;
      const { payment, created } = await createOnce(paypal, order, amount, {
        email,
        language: lang,
        failure: 'paypalRequestError',
      });
      if (!created) {
        return {
          paymentId: payment.id,
          orderNumber: order.number,
          kind: 'invoice' as const,
          redirectUrl: null,
          instructions: null,
        };
      }
      const to = paypal.name === 'test' ? await repo.accountEmail(db, order.userId) : null;
      await db.transaction(async (tx) => {
        await repo.updatePayment(tx, payment.id, {
          providerPaymentId: created.providerPaymentId,
          redirectUrl: created.redirectUrl,
          status: 'invoice_sent',
        });
        await orders.setPaymentState(tx, order.id, 'invoice_sent');
        // Real PayPal mails the invoice itself; the sandbox standing in for it mails its own link,
        // to the account's verified address only (a typed address would make us a mail relay).
        if (to && created.redirectUrl) {
          await enqueueMail(
            tx,
            paymentLinkMail(to, lang, {
              number: order.number,
              total: money(amount.minor, amount.currency, lang),
              url: created.redirectUrl,
            }),
          );
        }
      });
      return {
        paymentId: payment.id,
        orderNumber: order.number,
        kind: 'invoice' as const,
        redirectUrl: null,
        instructions: null,
      };
    },

    /**
     * `POST /payments/webhook/{provider}`. Throws 400 for an unverifiable notification. Before any
     * provider call, an event id already recorded is a `duplicate` (nothing stored, nothing asked),
     * and one rejected in the last minutes is refused again (429) without asking the provider.
     */
    async handleNotification(providerName: string, incoming: IncomingNotification): Promise<NotificationOutcome> {
      const provider = providers.byName(providerName);
      if (!provider) throw new NotFound('paymentUnknownProvider');
      const claimed = provider.claimedEventId(incoming);
      const rejectedRecently: Limit | null = deps.limiter
        ? { key: `webhook-rejected:${providerName}:${fingerprint(incoming)}`, max: 1, windowMs: REJECTED_QUIET_MS }
        : null;
      if (claimed && (await repo.eventRecorded(db, providerName, claimed))) return 'duplicate';
      if (rejectedRecently) await deps.limiter?.check(rejectedRecently, 'rateLimited');
      let verified: VerifiedNotification;
      try {
        verified = await provider.verifyNotification(incoming);
      } catch (error) {
        if (error instanceof NotificationRejected) {
          if (rejectedRecently) await deps.limiter?.hit(rejectedRecently).catch(() => undefined);
          // Kept under a fresh id so a forged copy can never "use up" the real event's id.
          await repo.insertEvent(db, {
            provider: providerName,
            providerEventId: `rejected:${randomUUID()}`,
            type: 'rejected',
            payload: { reason: error.reason, message: error.message, body: incoming.rawBody.slice(0, 4000) },
            outcome: `rejected_${error.reason}`,
          });
          throw new InvalidInput('paymentNotificationRejected', { reason: error.reason }, 'NOTIFICATION_REJECTED');
        }
        if (error instanceof ProviderError) {
          // We could not ask the provider; a non-2xx makes it deliver again later.
          throw new AppError(503, 'SERVICE_UNAVAILABLE', 'paymentNotificationRejected');
        }
        throw error;
      }

      return db.transaction(async (tx) => {
        const eventId = await repo.insertEvent(tx, {
          provider: providerName,
          providerEventId: verified.eventId,
          type: verified.type,
          payload: verified.payload,
          outcome: 'received',
        });
        if (!eventId) return 'duplicate' as const;
        const found = await repo.findByProviderId(tx, provider.name, verified.providerPaymentId);
        const payment = found ? await repo.lockPayment(tx, found.id) : null;
        const outcome = payment ? await apply(tx, payment, verified) : ('unknown_payment' as const);
        await repo.setEventOutcome(tx, eventId, outcome, payment?.id ?? null);
        return outcome;
      });
    },

    /** The sandbox page's data, or null when the link is not valid. */
    async sandboxPayment(providerPaymentId: string, signature: string) {
      if (!providers.sandbox?.pageSignatureValid(providerPaymentId, signature)) return null;
      const payment = await repo.findByProviderId(db, 'test', providerPaymentId);
      if (!payment) return null;
      const order = await orders.getForPayment(db, payment.orderId);
      if (!order) return null;
      return { payment, order, finished: !(payment.status === 'pending' || payment.status === 'invoice_sent') };
    },

    /**
     * A sandbox button: builds the notification the sandbox "provider" sends and hands it to
     * `deliver` (the real webhook route), then says where the buyer goes next.
     */
    async sandboxAction(
      providerPaymentId: string,
      signature: string,
      event: SandboxEvent,
      deliver: (n: { rawBody: string; headers: Record<string, string> }) => Promise<{ outcome?: string }>,
    ): Promise<string> {
      const found = await this.sandboxPayment(providerPaymentId, signature);
      if (!found) throw new NotFound('paymentSandboxLinkInvalid');
      if (found.finished || !providers.sandbox)
        throw new Conflict('paymentSandboxClosed', undefined, 'PAYMENT_FINISHED');
      const n = providers.sandbox.buildNotification(event, {
        providerPaymentId,
        amountMinor: found.payment.amountMinor,
        currency: found.payment.currency,
      });
      const { outcome } = await deliver(n);
      if (event === 'payment.succeeded' && outcome !== 'applied')
        return SANDBOX_REDIRECT['payment.failed'](found.order.number, found.order.id);
      return SANDBOX_REDIRECT[event](found.order.number, found.order.id);
    },

    /** Admin: cash, bank transfer or a PayPal invoice paid outside the API, with its reference. */
    async markPaid(admin: Actor, orderId: string, reference: string) {
      const order = await orders.getForPayment(db, orderId);
      if (!order) throw new NotFound();
      if (order.paymentMethod === 'card')
        throw new Conflict('manualPaymentNotAllowed', undefined, 'MANUAL_PAYMENT_NOT_ALLOWED');
      if (order.status === 'cancelled') throw new Conflict('orderNotPayable', undefined, 'ORDER_NOT_PAYABLE');
      if (order.status !== 'pending') throw new Conflict('paymentAlreadyPaid', undefined, 'ORDER_ALREADY_PAID');
      const amount =
        order.paymentMethod === 'paypal' && order.totalInCurrencyMinor !== null && order.currency !== 'RUB'
          ? { minor: order.totalInCurrencyMinor, currency: order.currency }
          : { minor: order.totalRubMinor, currency: 'RUB' as const };
      return db.transaction(async (tx) => {
        const payment = await repo.insertPayment(tx, {
          orderId,
          provider: 'manual',
          providerPaymentId: `manual:${randomUUID()}`,
          status: 'succeeded',
          amountMinor: amount.minor,
          currency: amount.currency,
          idempotenceKey: randomUUID(),
          manualReference: reference,
        });
        await repo.insertEvent(tx, {
          provider: 'manual',
          providerEventId: payment.providerPaymentId!,
          type: 'manual.paid',
          payload: { reference, adminId: admin.id },
          outcome: 'applied',
          paymentId: payment.id,
        });
        await orders.confirmPaid(tx, orderId, { actorUserId: admin.id, note: `paid: ${reference}` });
        await orders.setPaymentState(tx, orderId, 'paid');
        return { paymentId: payment.id };
      });
    },

    /**
     * Admin: gives the whole card payment of a cancelled order back through its provider
     * (YooKassa), with the refund receipt when receipts are on. A refusal or a timeout changes
     * nothing but the record of the attempt (and the receipt's error): the admin may try again,
     * with the same idempotence key after a timeout (never two refunds), a new one after a refusal.
     */
    async refund(admin: Actor, orderId: string) {
      const order = await orders.getForPayment(db, orderId);
      if (!order) throw new NotFound();
      if (order.paymentMethod !== 'card' || order.status !== 'cancelled' || order.paymentState !== 'paid') {
        throw new Conflict('refundNotAllowed', undefined, 'REFUND_NOT_ALLOWED');
      }
      const payment = await repo.succeededProviderPayment(db, orderId);
      const provider = payment?.providerPaymentId ? providers.byName(payment.provider) : null;
      if (!payment?.providerPaymentId || !provider?.refund) {
        throw new Conflict('refundNotAvailable', undefined, 'REFUND_NOT_AVAILABLE');
      }
      const receipt = await db.transaction((tx) =>
        deps.receipts.refundReceipt(tx, { orderId, paymentId: payment.id, amountMinor: payment.amountMinor }),
      );
      const refusals = (await repo.eventsOfPayment(db, payment.id)).filter((e) => e.type === 'refund.refused').length;
      let made: Awaited<ReturnType<NonNullable<PaymentProvider['refund']>>>;
      try {
        made = await provider.refund({
          providerPaymentId: payment.providerPaymentId,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          idempotenceKey: `refund:${payment.id}:${refusals}`,
          description: `Atelier #${order.number}`,
          ...(receipt?.receipt ? { receipt: receipt.receipt } : {}),
        });
        if (made.status === 'canceled') {
          throw new ProviderError(provider.name, 'http', 'the refund was canceled by the provider', 400);
        }
      } catch (error) {
        await db.transaction(async (tx) => {
          if (receipt) await deps.receipts.refundFailed(tx, receipt.id, error);
          await repo.insertEvent(tx, {
            provider: provider.name,
            providerEventId: `refund-error:${randomUUID()}`,
            type: isRefusal(error) ? 'refund.refused' : 'refund.error',
            payload: { message: (error as Error).message.slice(0, 500), adminId: admin.id },
            outcome: 'provider_error',
            paymentId: payment.id,
          });
        });
        if (error instanceof ProviderError) throw new PaymentProviderFailed('refundFailed');
        throw error;
      }
      await db.transaction(async (tx) => {
        await repo.insertEvent(tx, {
          provider: provider.name,
          providerEventId: `refund:${made.id}`,
          type: `refund.${made.status}`,
          payload: { refundId: made.id, status: made.status, adminId: admin.id },
          outcome: 'applied',
          paymentId: payment.id,
        });
        await orders.setPaymentState(tx, orderId, 'refunded');
        if (receipt) await deps.receipts.refundSent(tx, receipt.id, made);
      });
      return { refundId: made.id, status: made.status };
    },

    /** The buyer's view of where a payment stands (the processing page polls it). */
    async orderPaymentStatus(actor: Actor, orderId: string, lang: Language) {
      const order = await orders.getForPayment(db, orderId);
      if (!order || (order.userId !== actor.id && actor.role !== 'admin')) throw new NotFound();
      return {
        number: order.number,
        status: order.status,
        paymentState: order.paymentState,
        paymentMethod: order.paymentMethod,
        instructions: order.status === 'pending' ? instructionsFor(order, lang) : null,
        paypalInvoice:
          order.paymentMethod === 'paypal' ? invoiceView(await repo.findManualInvoice(db, order.id)) : null,
      };
    },

    /** What the checkout and the lesson/course purchase may offer. */
    methods() {
      return { card: providers.card !== null, paypal: providers.paypalMode };
    },

    /**
     * Admin: the invoice link made in PayPal by hand, mailed to the customer's verified address in
     * the order's language. Sending again (a corrected link) replaces it and mails again.
     */
    async sendPaypalInvoice(orderId: string, url: string) {
      const order = await orders.getForPayment(db, orderId);
      if (!order) throw new NotFound();
      if (order.paymentMethod !== 'paypal' || providers.paypal || order.totalInCurrencyMinor === null)
        throw new Conflict('paypalInvoiceNotManual', undefined, 'PAYPAL_INVOICE_NOT_MANUAL');
      if (order.status === 'cancelled') throw new Conflict('orderNotPayable', undefined, 'ORDER_NOT_PAYABLE');
      if (order.status !== 'pending') throw new Conflict('paymentAlreadyPaid', undefined, 'ORDER_ALREADY_PAID');
      const to = await repo.accountEmail(db, order.userId);
      return db.transaction(async (tx) => {
        let task = await repo.findManualInvoice(tx, order.id);
        // The owner may send a link before the customer asked (e.g. agreed by phone).
        task ??= await repo.claimLivePayment(tx, {
          orderId: order.id,
          provider: MANUAL_PAYPAL,
          status: 'requested',
          amountMinor: order.totalInCurrencyMinor!,
          currency: order.currency,
          idempotenceKey: randomUUID(),
        });
        if (!task) throw new Conflict('paypalInvoiceNotManual', undefined, 'PAYPAL_INVOICE_NOT_MANUAL');
        await repo.updatePayment(tx, task.id, { status: 'invoice_sent', redirectUrl: url });
        await orders.setPaymentState(tx, order.id, 'invoice_sent');
        if (to) {
          await enqueueMail(
            tx,
            paypalInvoiceMail(to, order.language, {
              number: order.number,
              total: money(order.totalInCurrencyMinor!, order.currency, order.language),
              url,
            }),
          );
        }
        return { paymentId: task.id, mailedTo: to };
      });
    },

    /** Admin: the payment attempts of an order with their provider events. */
    async paymentsOfOrder(orderId: string) {
      const list = await repo.listPaymentsOfOrder(db, orderId);
      return Promise.all(
        list.map(async (p) => ({
          id: p.id,
          provider: p.provider,
          status: p.status,
          amount: p.amountMinor / 100,
          currency: p.currency,
          reference: p.manualReference,
          invoiceEmail: p.invoiceEmail,
          // The link the owner mailed (hand-sent PayPal invoice); other providers' URLs stay private.
          invoiceUrl: p.provider === MANUAL_PAYPAL ? p.redirectUrl : null,
          createdAt: p.createdAt.toISOString(),
          events: (await repo.eventsOfPayment(db, p.id)).map((e) => ({
            type: e.type,
            outcome: e.outcome,
            createdAt: e.createdAt.toISOString(),
          })),
        })),
      );
    },

    async listAlerts(includeResolved: boolean) {
      const rows = await repo.listAlerts(db, { includeResolved, limit: 100 });
      return rows.map(({ alert, orderNumber }) => ({
        id: alert.id,
        orderId: alert.orderId,
        orderNumber,
        provider: alert.provider,
        kind: alert.kind,
        details: alert.details,
        createdAt: alert.createdAt.toISOString(),
        resolvedAt: alert.resolvedAt?.toISOString() ?? null,
      }));
    },

    async resolveAlert(admin: Actor, id: string) {
      if (!(await repo.resolveAlert(db, id, admin.id))) throw new NotFound();
    },
  };

  async function apply(
    tx: Tx,
    payment: PaymentRow,
    verified: { outcome: string; amountMinor: number; currency: string; providerPaymentId: string },
  ): Promise<NotificationOutcome> {
    const order = await orders.getForPayment(tx, payment.orderId);
    if (!order) return 'unknown_payment';
    if (verified.outcome === 'succeeded') {
      if (verified.amountMinor !== payment.amountMinor || verified.currency !== payment.currency) {
        await alert(tx, 'amount_mismatch', order, payment, verified);
        return 'amount_mismatch';
      }
      // The money was taken: record it on the payment even when the order can no longer use it.
      await repo.updatePayment(tx, payment.id, { status: 'succeeded' });
      if (order.status === 'cancelled') {
        await alert(tx, 'order_cancelled', order, payment, verified);
        return 'order_cancelled';
      }
      const { changed } = await orders.confirmPaid(tx, order.id, {
        actorUserId: null,
        note: `${payment.provider} ${verified.providerPaymentId}`,
      });
      if (!changed) {
        await alert(tx, 'order_not_pending', order, payment, verified);
        return 'order_not_pending';
      }
      return 'applied';
    }
    if (verified.outcome === 'canceled' || verified.outcome === 'failed') {
      if (payment.status === 'succeeded') return 'ignored';
      await repo.updatePayment(tx, payment.id, { status: verified.outcome === 'canceled' ? 'canceled' : 'failed' });
      if (order.status === 'pending') await orders.setPaymentState(tx, order.id, 'failed');
      return 'applied';
    }
    return 'ignored';
  }

  /**
   * Money we could not simply apply is never a silent 200: an alert row for the dashboard and a
   * mail to the admin, in the same transaction as the event (so a replay does not alert twice).
   */
  async function alert(
    tx: Tx,
    kind: 'order_not_pending' | 'order_cancelled' | 'amount_mismatch',
    order: OrderForPayment,
    payment: PaymentRow,
    verified: { amountMinor: number; currency: string; providerPaymentId: string },
  ) {
    const expected = { amountMinor: payment.amountMinor, currency: payment.currency };
    const received = { amountMinor: verified.amountMinor, currency: verified.currency };
    const alertId = await repo.insertAlert(tx, {
      orderId: order.id,
      paymentId: payment.id,
      provider: payment.provider,
      kind,
      details: { orderStatus: order.status, providerPaymentId: verified.providerPaymentId, expected, received },
    });
    const show = (m: { amountMinor: number; currency: string }, lang: Language) =>
      /^(RUB|EUR|USD)$/.test(m.currency)
        ? money(m.amountMinor, m.currency as Currency, lang)
        : `${(m.amountMinor / 100).toFixed(2)} ${m.currency}`;
    await deps.notifier.notify(tx, {
      kind: 'paymentAlert',
      key: `paymentAlert:${alertId}`,
      mail: (to, lang) =>
        paymentAlertMail(to, lang, kind, {
          number: order.number,
          provider: payment.provider,
          status: order.status,
          got: show(received, lang),
          expected: show(expected, lang),
          url: `${deps.publicUrl}/admin`,
        }),
    });
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
