/**
 * PayPal for euro and dollar orders (docs/decisions/0103), by PAYPAL_MODE:
 * - `api`: PayPal's Orders API v2. "Pay" opens a PayPal order for the order's total in its
 *   currency and sends the buyer to PayPal's approval page; her return (`paypalReturn`), the
 *   CHECKOUT.ORDER.APPROVED webhook or her next "Pay" captures it, and what the capture says is
 *   applied as any notification (amount, currency and our payment id checked in `apply`). The
 *   capture's idempotency key is the payment's and its event is recorded once, so however many of
 *   them arrive, the money is taken once and the order paid once.
 * - `sandbox` (demo): the built-in sandbox page stands in for PayPal's, redirect and return alike.
 * - `manual`: no driver; the customer's PayPal address becomes the owner's task to send an invoice.
 */
import { randomUUID } from 'node:crypto';
import type { Language, PaypalInvoice } from '@atelier/shared';
import type { Tx } from '../../db/client';
import { AppError, Conflict, InvalidInput } from '../../platform/errors';
import {
  type CreatedPayment,
  type PaymentProvider,
  ProviderError,
  type ProviderStatus,
  type VerifiedNotification,
} from '../../platform/payments/provider';
import {
  MANUAL_PAYPAL,
  money,
  type NotificationOutcome,
  type OrderForPayment,
  type PaymentsServiceDeps,
} from './payments.contract';
import type { PaymentRow } from './payments.repo';
import { paypalRequestAdminMail } from './payments.texts';

/** Where PayPal sends the buyer back after approving (it adds `token`, its order id, and `PayerID`). */
export const PAYPAL_RETURN_PATH = '/api/payments/paypal/return';

type Applied = Pick<VerifiedNotification, 'outcome' | 'amountMinor' | 'currency' | 'providerPaymentId' | 'method'> &
  Pick<ProviderStatus, 'reference'>;

export function createPaypalPayments(
  deps: PaymentsServiceDeps,
  payments: {
    createOnce(
      provider: PaymentProvider,
      order: OrderForPayment,
      amount: { minor: number; currency: OrderForPayment['currency'] },
      options: { language: Language; failure: 'paypalRequestError'; returnUrl?: string; cancelUrl?: string },
    ): Promise<{ payment: PaymentRow; created: CreatedPayment | null }>;
    apply(tx: Tx, payment: PaymentRow, verified: Applied): Promise<NotificationOutcome>;
  },
) {
  const { db, repo, orders, providers } = deps;

  /**
   * Captures an approved payment of an order that still waits for it and applies the answer, once.
   * 'pending': not approved yet (or the capture itself is pending); PayPal's later word applies it.
   */
  async function capture(provider: PaymentProvider, payment: PaymentRow): Promise<NotificationOutcome | 'pending'> {
    const providerPaymentId = payment.providerPaymentId;
    if (!provider.capture || !providerPaymentId) return 'pending';
    if (payment.status === 'succeeded') return 'ignored';
    const order = await orders.getForPayment(db, payment.orderId);
    // Money is taken only for an order still waiting for it, by its live payment: a cancelled or
    // otherwise paid order lets the approval lapse instead of taking money to give back.
    if (order?.status !== 'pending' || payment.status !== 'pending') return 'ignored';
    const status = await provider.capture({ providerPaymentId, idempotenceKey: `capture:${payment.id}` });
    if (status.outcome === 'pending' || status.outcome === 'approved') return 'pending';
    return db.transaction(async (tx) => {
      const eventId = await repo.insertEvent(tx, {
        provider: provider.name,
        providerEventId: `capture:${payment.id}`,
        type: `capture.${status.outcome}`,
        payload: status,
        outcome: 'received',
      });
      if (!eventId) return 'duplicate' as const;
      const locked = await repo.lockPayment(tx, payment.id);
      const applied = locked
        ? await payments.apply(tx, locked, { ...status, providerPaymentId, method: null })
        : ('unknown_payment' as const);
      await repo.setEventOutcome(tx, eventId, applied, payment.id);
      return applied;
    });
  }

  /** An open PayPal payment the buyer may have approved without coming back: taken now if so. */
  async function paidMeanwhile(provider: PaymentProvider, live: PaymentRow | null): Promise<boolean> {
    if (live?.status !== 'pending' || live.provider !== provider.name || !provider.capture) return false;
    try {
      return (await capture(provider, live)) === 'applied';
    } catch (error) {
      // PayPal could not be asked: the same approval page is offered again; its webhook still captures.
      if (error instanceof ProviderError) return false;
      throw error;
    }
  }

  /** A redirect to PayPal's approval page (or the sandbox's) for the order's total in its currency. */
  async function start(order: OrderForPayment, lang: Language) {
    const provider = providers.paypal;
    if (!provider) throw new InvalidInput('paymentWrongMethod', undefined, 'PAYMENT_WRONG_METHOD');
    const amount = { minor: order.totalInCurrencyMinor!, currency: order.currency };
    if (await paidMeanwhile(provider, await repo.findLivePayment(db, order.id))) {
      throw new Conflict('paymentAlreadyPaid', { number: order.number }, 'ORDER_ALREADY_PAID');
    }
    await orders.holdForPayment(order.id);
    const site = deps.publicUrl;
    const { payment, created } = await payments.createOnce(provider, order, amount, {
      language: lang,
      failure: 'paypalRequestError',
      // The sandbox's page confirms by itself and sends the buyer to the processing page, as for
      // cards; PayPal's comes back here to be captured.
      ...(provider.capture
        ? {
            returnUrl: `${site}${PAYPAL_RETURN_PATH}`,
            cancelUrl: `${site}/payment/cancel?order=${order.number}&id=${order.id}`,
          }
        : {}),
    });
    const redirectUrl = created ? created.redirectUrl : payment.redirectUrl;
    if (created) {
      await db.transaction(async (tx) => {
        await repo.updatePayment(tx, payment.id, {
          providerPaymentId: created.providerPaymentId,
          redirectUrl: created.redirectUrl,
          confirmation: 'redirect',
          status: 'pending',
        });
        await orders.setPaymentState(tx, order.id, 'awaiting');
      });
    }
    return {
      paymentId: payment.id,
      orderNumber: order.number,
      kind: 'redirect' as const,
      redirectUrl,
      instructions: null,
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
    /** `POST /payments` of a PayPal order in api or sandbox mode. */
    startPaypal: start,

    /**
     * `POST /payments/paypal-request`. manual: a task for the owner, who mails an invoice link
     * later. api and sandbox: the same redirect as `POST /payments` (the address is not needed:
     * the buyer signs in to PayPal on its page).
     */
    async requestPaypal(order: OrderForPayment, email: string, lang: Language) {
      if (providers.paypal) return start(order, lang);
      await orders.holdForPayment(order.id);
      const task = await requestManualInvoice(order, email);
      return {
        paymentId: task?.id ?? null,
        orderNumber: order.number,
        kind: 'invoice_requested' as const,
        redirectUrl: null,
        instructions: null,
      };
    },

    /**
     * `GET /payments/paypal/return?token=`: the buyer is back from PayPal. Her payment is captured
     * (once, whoever else captures it) and she goes on to the success page, or to the processing
     * page, which waits for PayPal's word. A token of no payment of ours sends her to her orders.
     */
    async paypalReturn(token: string): Promise<string> {
      const provider = providers.paypal;
      const payment = provider && token ? await repo.findByProviderId(db, provider.name, token) : null;
      if (!provider || !payment) return '/account/orders';
      try {
        await capture(provider, payment);
      } catch (error) {
        // PayPal could not be asked now: the processing page waits, and the webhook captures.
        if (!(error instanceof ProviderError)) throw error;
      }
      const order = await orders.getForPayment(db, payment.orderId);
      if (!order) return '/account/orders';
      if (order.status !== 'pending' && order.status !== 'cancelled') return `/payment/success?order=${order.number}`;
      return `/payment/processing?order=${order.number}&id=${order.id}`;
    },

    /**
     * A verified CHECKOUT.ORDER.APPROVED: the approved payment is captured (outside any
     * transaction: PayPal may be slow) and the event recorded with what came of it.
     */
    async takeApproved(provider: PaymentProvider, verified: VerifiedNotification): Promise<NotificationOutcome> {
      const found = await repo.findByProviderId(db, provider.name, verified.providerPaymentId);
      let outcome: NotificationOutcome;
      try {
        const captured = found ? await capture(provider, found) : ('unknown_payment' as const);
        outcome = captured === 'pending' ? 'ignored' : captured;
      } catch (error) {
        // Not captured now: a non-2xx makes PayPal deliver the event again later.
        if (error instanceof ProviderError)
          throw new AppError(503, 'SERVICE_UNAVAILABLE', 'paymentNotificationRejected');
        throw error;
      }
      const eventId = await repo.insertEvent(db, {
        provider: provider.name,
        providerEventId: verified.eventId,
        type: verified.type,
        payload: verified.payload,
        outcome,
        paymentId: found?.id ?? null,
      });
      return eventId ? outcome : 'duplicate';
    },

    /** The hand-sent invoice of a manual-mode order, as the buyer sees it. */
    invoiceView(row: PaymentRow | null): PaypalInvoice | null {
      if (!row) return null;
      return {
        state: row.status === 'invoice_sent' ? 'sent' : 'requested',
        url: row.status === 'invoice_sent' ? row.redirectUrl : null,
        requestedAt: row.createdAt.toISOString(),
        sentAt: row.status === 'invoice_sent' ? row.updatedAt.toISOString() : null,
      };
    },
  };
}
