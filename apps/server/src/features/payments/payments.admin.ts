/**
 * The admin's side of payments: paid by hand, the refund of a cancelled order, the hand-sent
 * PayPal invoice, an order's payment attempts and the payment alerts.
 */
import { randomUUID } from 'node:crypto';
import { Conflict, NotFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { type Actor, MANUAL_PAYPAL, money, type PaymentsServiceDeps } from './payments.contract';
import type { PaymentRefunds } from './payments.refunds';
import { paypalInvoiceMail } from './payments.texts';

/** The amount (minor units) a refund of chosen lines recorded with its event; null for any other event. */
function lineRefundAmount(payload: unknown): number | null {
  const amount = (payload as { lineRefundId?: unknown; amountMinor?: unknown } | null)?.amountMinor;
  return typeof amount === 'number' && Number.isInteger(amount) ? amount : null;
}

export function createPaymentsAdmin(deps: PaymentsServiceDeps, refunds: PaymentRefunds) {
  const { db, repo, orders, providers } = deps;

  return {
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
     * Admin: gives the whole online payment of a cancelled order back through its provider
     * (YooKassa for cards, PayPal's capture refund for PayPal), with the refund receipt when receipts are on (payments.refunds.ts); a refusal
     * or a timeout changes nothing but the record of the attempt, and she may try again.
     */
    async refund(admin: Actor, orderId: string) {
      const order = await orders.getForPayment(db, orderId);
      if (!order) throw new NotFound();
      const online = order.paymentMethod === 'card' || order.paymentMethod === 'paypal';
      if (!online || order.status !== 'cancelled' || order.paymentState !== 'paid') {
        throw new Conflict('refundNotAllowed', undefined, 'REFUND_NOT_ALLOWED');
      }
      const payment = await repo.succeededProviderPayment(db, orderId);
      if (!payment || !refunds.refundable(payment)) {
        throw new Conflict('refundNotAvailable', undefined, 'REFUND_NOT_AVAILABLE');
      }
      // Lines refunded before (payments.line-refunds.ts): what is left goes back; one still being
      // refunded must be settled first.
      if (await repo.openLineRefund(db, payment.id))
        throw new Conflict('refundInProgress', undefined, 'REFUND_IN_PROGRESS');
      const left = payment.amountMinor - (await repo.lineRefundedOf(db, payment.id));
      const made = await refunds.refundWhole(
        payment,
        order,
        admin.id,
        async (tx) => {
          await orders.setPaymentState(tx, orderId, 'refunded');
        },
        left,
      );
      return { refundId: made.id, status: made.status };
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
            // A refund of chosen lines gave back part of the payment: its own amount.
            ...(lineRefundAmount(e.payload) !== null ? { amount: lineRefundAmount(e.payload)! / 100 } : {}),
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
}
