/**
 * Payments: start a payment for an order (the provider's page or SBP's QR code, PayPal's approval
 * page or the owner's invoice task — payments.paypal.ts —, or cash/bank instructions), apply
 * provider notifications and the sandbox's Pay / Cancel / Fail.
 * The admin's side (paid by hand, refunds, hand-sent invoices, alerts) is in payments.admin.ts.
 *
 * Rules: a notification is verified by its driver (signature or a re-fetch), stored
 * always, applied at most once per provider event id, rejected when the amount or currency differ
 * from what we asked for, and never confirms a cancelled order. A provider that fails or times out
 * leaves the order untouched and answers 'payment creation error'.
 * An online order is paid the way the buyer picks (card, SBP, SberPay, T-Pay, installments), among
 * those the shop's contract allows that can take its total; every way carries the same fiscal
 * receipt, notifications, alerts and refunds.
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  type Currency,
  type Language,
  ONLINE_METHOD_LIMITS,
  type OnlineMethod,
  onlineMethodFits,
  type PaymentDevice,
  type PaymentQr,
} from '@atelier/shared';
import type { Tx } from '../../db/client';
import { AppError, Conflict, InvalidInput, NotFound } from '../../platform/errors';
import type { Limit } from '../../platform/http/rate-limit';
import {
  type CreatedPayment,
  type IncomingNotification,
  NotificationRejected,
  type PaymentProvider,
  ProviderError,
  type VerifiedNotification,
} from '../../platform/payments/provider';
import type { Receipt } from '../../platform/payments/receipt';
import { type SandboxEvent, sandboxReturnPath } from '../../platform/payments/test-provider';
import { createPaymentsAdmin } from './payments.admin';
import { createPaymentAlerts } from './payments.alerts';
import {
  type Actor,
  money,
  type NotificationOutcome,
  type OrderForPayment,
  PaymentProviderFailed,
  type PaymentsServiceDeps,
} from './payments.contract';
import { createPaymentsInFlight } from './payments.in-flight';
import { createLineRefunds } from './payments.line-refunds';
import { createPaymentLinks, payLinkPath } from './payments.links';
import { createPaypalPayments } from './payments.paypal';
import { createPaymentRefunds } from './payments.refunds';
import type { PaymentRow } from './payments.repo';
import { paymentInstructions } from './payments.texts';

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

/**
 * A redirect or QR payment is reused this long (YooKassa's time to pay card, SBP, SberPay and T-Pay);
 * after that the provider's page may have expired, so a new one is made.
 */
const LIVE_PAYMENT_MS = 60 * 60_000;

/** Where the sandbox sends a checkout's buyer back (not via the processing page); cancel/fail carry the order id. */
const SANDBOX_REDIRECT: Record<SandboxEvent, (n: number, id: string) => string> = {
  'payment.succeeded': (n) => `/payment/success?order=${n}`,
  'payment.canceled': (n, id) => `/payment/cancel?order=${n}&id=${id}`,
  'payment.failed': (n, id) => `/payment/cancel?status=failed&order=${n}&id=${id}`,
};

interface PaymentOptions {
  email?: string;
  language: Language;
  failure: 'paymentCreationError' | 'paypalRequestError';
  /** The fiscal receipt the payment carries (online payments with receipts on). */
  receipt?: Receipt;
  method?: OnlineMethod;
  confirmation?: 'redirect' | 'qr';
  /** Where the provider sends the buyer back (default: the processing page, for the signed-in buyer). */
  returnUrl?: string;
  /** Where it sends a buyer who gives up (PayPal); default: `returnUrl`. */
  cancelUrl?: string;
}

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, repo, orders, providers } = deps;
  const clock = deps.now ?? (() => new Date());
  const providerTimeoutMs = deps.providerTimeoutMs ?? 15_000;
  const alert = createPaymentAlerts(deps);
  const refunds = createPaymentRefunds(deps);
  const { paidMeanwhile, ...givingUp } = createPaymentsInFlight(deps, apply);

  async function payableOrder(actor: Actor, orderId: string): Promise<OrderForPayment> {
    const order = await orders.getForPayment(db, orderId);
    // Someone else's order is "not found": its existence is private.
    if (!order || (order.userId !== actor.id && actor.role !== 'admin')) throw new NotFound();
    if (order.status === 'cancelled') throw new Conflict('orderNotPayable', undefined, 'ORDER_NOT_PAYABLE');
    if (order.status !== 'pending') throw new Conflict('paymentAlreadyPaid', undefined, 'ORDER_ALREADY_PAID');
    return order;
  }

  /** A PayPal order is paid in its own currency: euros or dollars, never roubles. */
  function paypalOrder(order: OrderForPayment): OrderForPayment {
    if (order.currency === 'RUB' || order.totalInCurrencyMinor === null) {
      throw new InvalidInput('paypalCurrencyOnly', undefined, 'PAYMENT_WRONG_CURRENCY');
    }
    return order;
  }

  /** The shop's online ways to pay that can take `minor` in `currency` (all of them without an amount). */
  const offered = (amount?: { minor: number; currency: Currency }) =>
    providers.methods.filter((m) => !amount || onlineMethodFits(m, amount.minor, amount.currency));

  /** The start's answer for a live provider payment: its page, or its QR code on ours. */
  const started = (payment: PaymentRow, orderNumber: number) => ({
    paymentId: payment.id,
    orderNumber,
    kind: payment.confirmation === 'qr' ? ('qr' as const) : ('redirect' as const),
    redirectUrl: payment.redirectUrl,
    instructions: null,
  });

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
        method: options.method ?? null,
        confirmation: options.confirmation ?? null,
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
        returnUrl: options.returnUrl ?? `${deps.publicUrl}/payment/processing?order=${order.number}&id=${order.id}`,
        ...(options.cancelUrl ? { cancelUrl: options.cancelUrl } : {}),
        idempotenceKey: payment.idempotenceKey,
        ...(options.email ? { email: options.email } : {}),
        language: options.language,
        ...(options.receipt ? { receipt: options.receipt } : {}),
        ...(options.method ? { method: options.method } : {}),
        ...(options.confirmation ? { confirmation: options.confirmation } : {}),
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

  /**
   * An online payment of `order` (card, SBP, SberPay, T-Pay, installments) through YooKassa, for the
   * checkout's "Pay" and for a payment link's (whatever way the order was to be paid): one live
   * payment per order, an open one asked about before it is left behind, always the order's
   * current amount in roubles from the database.
   */
  async function startOnline(
    order: OrderForPayment,
    lang: Language,
    choice: { method?: OnlineMethod | undefined; device?: PaymentDevice | undefined },
    returnUrl?: string,
  ) {
    if (!providers.card) throw new InvalidInput('cardPaymentsUnavailable', undefined, 'CARD_PAYMENTS_UNAVAILABLE');
    // Every settlement is in rubles: online payments are charged in RUB whatever the display currency.
    const method = choice.method;
    if (method && !offered({ minor: order.totalRubMinor, currency: 'RUB' }).includes(method)) {
      throw new InvalidInput('paymentMethodUnavailable', undefined, 'PAYMENT_METHOD_UNAVAILABLE');
    }
    const confirmation = method === 'sbp' && choice.device === 'desktop' ? 'qr' : 'redirect';
    // The buyer chose another way (or another device) than the open payment's, or left SBP's QR
    // code for the provider's own page: that payment is left behind. Should it still be paid, its
    // notification is applied or alerted like any other. "Pay" with no way named reuses the page.
    const live = await repo.findLivePayment(db, order.id);
    const otherWay = method
      ? live?.method !== method || (live?.confirmation ?? 'redirect') !== confirmation
      : live?.confirmation === 'qr';
    if (live?.status === 'pending' && otherWay) {
      // The buyer may have paid it in the bank's app and come back: asked first, so a payment
      // that went through confirms the order instead of a second charge being opened.
      if (await paidMeanwhile(providers.card, live)) {
        throw new Conflict('paymentAlreadyPaid', { number: order.number }, 'ORDER_ALREADY_PAID');
      }
      await repo.leaveBehind(db, live.id);
    }
    // Units beyond the unpaid-hold caps are the order's only from its first payment on (0096).
    await orders.holdForPayment(order.id);
    const receipt = (await deps.receipts.forPayment(db, order.id)) ?? undefined;
    const { payment, created } = await createOnce(
      providers.card,
      order,
      { minor: order.totalRubMinor, currency: 'RUB' },
      {
        language: lang,
        failure: 'paymentCreationError',
        ...(receipt ? { receipt } : {}),
        ...(method ? { method } : {}),
        confirmation,
        ...(returnUrl ? { returnUrl } : {}),
      },
    );
    // A second "Pay" while the first payment is still open: the same page, never a second charge.
    if (!created) return started(payment, order.number);
    await db.transaction(async (tx) => {
      await repo.updatePayment(tx, payment.id, {
        providerPaymentId: created.providerPaymentId,
        redirectUrl: created.redirectUrl,
        confirmation: created.confirmation,
        status: 'pending',
      });
      await orders.setPaymentState(tx, order.id, 'awaiting');
      if (receipt) await deps.receipts.recordPayment(tx, { orderId: order.id, paymentId: payment.id, receipt });
    });
    return started({ ...payment, redirectUrl: created.redirectUrl, confirmation: created.confirmation }, order.number);
  }

  /** An open SBP payment shown as a QR code: its link and until when it can be paid. */
  function qrView(row: PaymentRow | null): PaymentQr | null {
    if (row?.status !== 'pending' || row.confirmation !== 'qr' || !row.redirectUrl) return null;
    return {
      url: row.redirectUrl,
      method: (row.method ?? 'sbp') as OnlineMethod,
      expiresAt: new Date(row.createdAt.getTime() + LIVE_PAYMENT_MS).toISOString(),
    };
  }

  const paypal = createPaypalPayments(deps, { createOnce, apply });

  return {
    /**
     * `POST /payments`: online → the provider's page (or, SBP on a computer, its QR code on our
     * page) in the way to pay chosen; cash / bank transfer → instructions.
     */
    async start(
      actor: Actor,
      orderId: string,
      lang: Language,
      choice: { method?: OnlineMethod | undefined; device?: PaymentDevice | undefined } = {},
    ) {
      const order = await payableOrder(actor, orderId);
      if (order.paymentMethod === 'cash' || order.paymentMethod === 'bank_transfer') {
        // Shown, not mailed: the order's one "awaiting payment" mail carried them when it was placed.
        return {
          paymentId: null,
          orderNumber: order.number,
          kind: 'instructions' as const,
          redirectUrl: null,
          instructions: instructionsFor(order, lang),
        };
      }
      // PayPal's approval page (or the sandbox's) when the shop has it; manual mode asks for an address instead.
      if (order.paymentMethod === 'paypal' && providers.paypal) {
        // The ways to pay through YooKassa are not PayPal's: naming one is a mistake, not a choice.
        if (choice.method) throw new InvalidInput('paymentMethodUnavailable', undefined, 'PAYMENT_METHOD_UNAVAILABLE');
        return paypal.startPaypal(paypalOrder(order), lang);
      }
      if (order.paymentMethod !== 'card')
        throw new InvalidInput('paymentWrongMethod', undefined, 'PAYMENT_WRONG_METHOD');
      return startOnline(order, lang, choice);
    },

    ...createPaymentLinks(deps, { offered, startOnline, qrView }),

    /**
     * `POST /payments/paypal-request`. manual: a task for the owner, who mails an invoice link
     * later. api and sandbox: PayPal's (or the sandbox's) approval page, as `POST /payments`.
     */
    async requestPaypal(actor: Actor, orderId: string, email: string, lang: Language) {
      const order = await payableOrder(actor, orderId);
      if (order.paymentMethod !== 'paypal')
        throw new InvalidInput('paymentWrongMethod', undefined, 'PAYMENT_WRONG_METHOD');
      return paypal.requestPaypal(paypalOrder(order), email, lang);
    },

    paypalReturn: (token: string) => paypal.paypalReturn(token),

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

      // The buyer approved on PayPal's page: the money is captured first, then the event recorded.
      if (verified.outcome === 'approved') return paypal.takeApproved(provider, verified);
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
      returnPath?: string,
    ): Promise<string> {
      const found = await this.sandboxPayment(providerPaymentId, signature);
      if (!found) throw new NotFound('paymentSandboxLinkInvalid');
      if (found.finished || !providers.sandbox)
        throw new Conflict('paymentSandboxClosed', undefined, 'PAYMENT_FINISHED');
      const n = providers.sandbox.buildNotification(event, {
        providerPaymentId,
        amountMinor: found.payment.amountMinor,
        currency: found.payment.currency,
        method: found.payment.method ?? (found.order.paymentMethod === 'paypal' ? 'paypal' : 'bank_card'),
      });
      const { outcome } = await deliver(n);
      // Another return address (a payment link's page; its buyer may be signed out): back there, as YooKassa does.
      const back = sandboxReturnPath(returnPath);
      if (back && !back.startsWith('/payment/processing')) return back;
      if (event === 'payment.succeeded' && outcome !== 'applied')
        return SANDBOX_REDIRECT['payment.failed'](found.order.number, found.order.id);
      return SANDBOX_REDIRECT[event](found.order.number, found.order.id);
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
          order.paymentMethod === 'paypal' ? paypal.invoiceView(await repo.findManualInvoice(db, order.id)) : null,
        qr: order.status === 'pending' ? qrView(await repo.findLivePayment(db, order.id)) : null,
        payLink:
          order.status === 'pending' && order.payLinkUntil && order.payLinkUntil.getTime() > clock().getTime()
            ? payLinkPath(deps.payLinks.signer, order.id, order.payLinkUntil)
            : null,
      };
    },

    /**
     * What the checkout and the lesson/course purchase may offer: card on or off, PayPal's mode, and
     * the online ways to pay the contract allows — only those that can take `amount` when given.
     */
    methods(amount?: { minor: number; currency: Currency }) {
      return {
        card: providers.card !== null,
        paypal: providers.paypalMode,
        online: offered(amount).map((method) => ({
          method,
          min: ONLINE_METHOD_LIMITS[method].minMinor / 100,
          max: ONLINE_METHOD_LIMITS[method].maxMinor / 100,
          currency: 'RUB' as const,
        })),
      };
    },

    /** The background pass that gives back the second payment of an order already paid. */
    refundDuplicates: () => refunds.refundDuplicates(),

    ...givingUp,

    ...createPaymentsAdmin(deps, refunds),
    ...createLineRefunds(deps, refunds),
  };

  async function apply(
    tx: Tx,
    payment: PaymentRow,
    verified: Pick<VerifiedNotification, 'outcome' | 'amountMinor' | 'currency' | 'providerPaymentId' | 'method'> &
      Pick<VerifiedNotification, 'reference'>,
  ): Promise<NotificationOutcome> {
    const order = await orders.getForPayment(tx, payment.orderId);
    if (!order) return 'unknown_payment';
    if (verified.outcome === 'succeeded') {
      // The same payment's success told again (its notification after we asked for its status).
      if (payment.status === 'succeeded') return 'ignored';
      // Not what we asked for: another amount or currency, or money traced to another of our payments.
      if (
        verified.amountMinor !== payment.amountMinor ||
        verified.currency !== payment.currency ||
        (typeof verified.reference === 'string' && verified.reference !== payment.id)
      ) {
        await alert(tx, 'amount_mismatch', order, payment, verified);
        return 'amount_mismatch';
      }
      // The money was taken: record it on the payment even when the order can no longer use it
      // (with the way it was paid, when the provider's page let the buyer choose).
      await repo.updatePayment(tx, payment.id, {
        status: 'succeeded',
        ...(!payment.method && verified.method ? { method: verified.method } : {}),
      });
      if (order.status === 'cancelled') {
        await alert(tx, 'order_cancelled', order, payment, verified);
        return 'order_cancelled';
      }
      const { changed } = await orders.confirmPaid(tx, order.id, {
        actorUserId: null,
        note: `${payment.provider} ${verified.providerPaymentId}`,
        paidWith: payment.method ?? verified.method ?? null,
      });
      if (!changed) {
        // Paid twice: a payment the provider can give back is refunded by the background pass.
        const refunding = refunds.refundable({ ...payment, status: 'succeeded' });
        await alert(tx, 'order_not_pending', order, payment, verified, { refunding });
        return 'order_not_pending';
      }
      return 'applied';
    }
    if (verified.outcome === 'canceled' || verified.outcome === 'failed') {
      if (payment.status === 'succeeded') return 'ignored';
      await repo.updatePayment(tx, payment.id, { status: verified.outcome === 'canceled' ? 'canceled' : 'failed' });
      // A payment left behind for another way to pay does not fail the one the buyer is on.
      const live = await repo.findLivePayment(tx, order.id);
      if (order.status === 'pending' && (!live || live.id === payment.id)) {
        await orders.setPaymentState(tx, order.id, 'failed');
      }
      return 'applied';
    }
    return 'ignored';
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
