/**
 * Payments: start a payment for an order (redirect, PayPal invoice, or cash/bank instructions),
 * apply provider notifications, the sandbox's Pay / Cancel / Fail, and the admin's "paid by hand".
 *
 * Rules (issue 6): a notification is verified by its driver (signature or a re-fetch), stored
 * always, applied at most once per provider event id, rejected when the amount or currency differ
 * from what we asked for, and never confirms a cancelled order. A provider that fails or times out
 * leaves the order untouched and answers 'payment creation error'.
 */
import { randomUUID } from 'node:crypto';
import { type Currency, formatMoney, fromMinor, type Language } from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { AppError, Conflict, InvalidInput, NotFound } from '../../platform/errors';
import type { OrderEventItem } from '../../platform/hooks';
import { enqueueMail } from '../../platform/mail/outbox';
import {
  type IncomingNotification,
  NotificationRejected,
  type PaymentProvider,
  ProviderError,
  type VerifiedNotification,
} from '../../platform/payments/provider';
import type { PaymentProviders } from '../../platform/payments/providers';
import type { SandboxEvent } from '../../platform/payments/test-provider';
import type { PaymentRow, PaymentsRepo } from './payments.repo';
import { instructionsMail, paymentInstructions, paymentLinkMail } from './payments.texts';

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
}

/** 502: the provider failed; the message is SPEC's 'payment creation error' (or the PayPal one). */
export class PaymentProviderFailed extends AppError {
  constructor(message: 'paymentCreationError' | 'paypalRequestError') {
    super(502, 'PAYMENT_PROVIDER_ERROR', message);
  }
}

/** Where the sandbox sends the buyer back; cancel/fail carry the order id for "try again". */
const SANDBOX_REDIRECT: Record<SandboxEvent, (n: number, id: string) => string> = {
  'payment.succeeded': (n) => `/payment/success?order=${n}`,
  'payment.canceled': (n, id) => `/payment/cancel?order=${n}&id=${id}`,
  'payment.failed': (n, id) => `/payment/cancel?status=failed&order=${n}&id=${id}`,
};

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, repo, orders, providers } = deps;

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

  /** Creates the provider payment outside any transaction (a slow provider must not hold the DB). */
  async function createWithProvider(
    provider: PaymentProvider,
    order: OrderForPayment,
    amount: { minor: number; currency: Currency },
    options: { email?: string; language: Language; failure: 'paymentCreationError' | 'paypalRequestError' },
  ) {
    const payment = await repo.insertPayment(db, {
      orderId: order.id,
      provider: provider.name,
      status: 'created',
      amountMinor: amount.minor,
      currency: amount.currency,
      idempotenceKey: randomUUID(),
      invoiceEmail: options.email ?? null,
    });
    try {
      const created = await provider.createPayment({
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
      });
      return { payment, created };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // The order stays exactly as it was; the attempt and its error are kept for the admin.
      await db.transaction(async (tx) => {
        await repo.updatePayment(tx, payment.id, { status: 'failed' });
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
          if (first) {
            const text = instructionsFor(order, order.language);
            if (text)
              await enqueueMail(
                tx,
                instructionsMail(order.customerEmail, order.language, { number: order.number, text }),
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
      // Card payments settle in rubles (SPEC §9: all settlements in rubles), whatever the display currency.
      const { payment, created } = await createWithProvider(
        providers.card,
        order,
        { minor: order.totalRubMinor, currency: 'RUB' },
        { language: lang, failure: 'paymentCreationError' },
      );
      await db.transaction(async (tx) => {
        await repo.updatePayment(tx, payment.id, {
          providerPaymentId: created.providerPaymentId,
          redirectUrl: created.redirectUrl,
          status: 'pending',
        });
        await orders.setPaymentState(tx, order.id, 'awaiting');
      });
      return {
        paymentId: payment.id,
        orderNumber: order.number,
        kind: 'redirect' as const,
        redirectUrl: created.redirectUrl,
        instructions: null,
      };
    },

    /** `POST /payments/paypal-request`: an invoice (payment link) sent to `email`. */
    async requestPaypal(actor: Actor, orderId: string, email: string, lang: Language) {
      const order = await payableOrder(actor, orderId);
      if (order.paymentMethod !== 'paypal')
        throw new InvalidInput('paymentWrongMethod', undefined, 'PAYMENT_WRONG_METHOD');
      if (order.currency === 'RUB' || order.totalInCurrencyMinor === null) {
        throw new InvalidInput('paypalCurrencyOnly', undefined, 'PAYMENT_WRONG_CURRENCY');
      }
      const amount = { minor: order.totalInCurrencyMinor, currency: order.currency };
      const { payment, created } = await createWithProvider(providers.paypal, order, amount, {
        email,
        language: lang,
        failure: 'paypalRequestError',
      });
      await db.transaction(async (tx) => {
        await repo.updatePayment(tx, payment.id, {
          providerPaymentId: created.providerPaymentId,
          redirectUrl: created.redirectUrl,
          status: 'invoice_sent',
        });
        await orders.setPaymentState(tx, order.id, 'invoice_sent');
        // Real PayPal mails the invoice itself; the sandbox standing in for it mails its own link.
        if (providers.paypal.name === 'test' && created.redirectUrl) {
          await enqueueMail(
            tx,
            paymentLinkMail(email, lang, {
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

    /** `POST /payments/webhook/{provider}`. Throws 400 for an unverifiable notification. */
    async handleNotification(providerName: string, incoming: IncomingNotification): Promise<NotificationOutcome> {
      const provider = providers.byName(providerName);
      if (!provider) throw new NotFound('paymentUnknownProvider');
      let verified: VerifiedNotification;
      try {
        verified = await provider.verifyNotification(incoming);
      } catch (error) {
        if (error instanceof NotificationRejected) {
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
      if (!providers.sandbox.pageSignatureValid(providerPaymentId, signature)) return null;
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
      if (found.finished) throw new Conflict('paymentSandboxClosed', undefined, 'PAYMENT_FINISHED');
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
      };
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
        return 'amount_mismatch';
      }
      // The money was taken: record it on the payment even when the order can no longer use it.
      await repo.updatePayment(tx, payment.id, { status: 'succeeded' });
      if (order.status === 'cancelled') return 'order_cancelled';
      const { changed } = await orders.confirmPaid(tx, order.id, {
        actorUserId: null,
        note: `${payment.provider} ${verified.providerPaymentId}`,
      });
      if (!changed) return 'order_not_pending';
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
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
