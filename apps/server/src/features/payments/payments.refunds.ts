/**
 * Giving a whole payment back through its provider (YooKassa), with its refund receipt when
 * receipts are on: the owner's refund of a cancelled order, and the automatic refund of a second
 * payment for an order another payment had already paid (a buyer who paid twice).
 *
 * A refusal or a timeout changes nothing but the record of the attempt (and the receipt's error):
 * the same idempotence key is used again after a timeout (never two refunds), a new one after a
 * refusal.
 */
import { randomUUID } from 'node:crypto';
import type { Currency } from '@atelier/shared';
import type { Tx } from '../../db/client';
import { enqueueMail } from '../../platform/mail/outbox';
import { isRefusal, type PaymentProvider, ProviderError } from '../../platform/payments/provider';
import { money, type OrderForPayment, PaymentProviderFailed, type PaymentsServiceDeps } from './payments.contract';
import type { PaymentRow } from './payments.repo';
import { duplicateRefundedMail } from './payments.texts';

/** A duplicate payment is tried this many times before it is left to the owner (its alert stays open). */
export const DUPLICATE_REFUND_TRIES = 3;

export type Refunded = Awaited<ReturnType<NonNullable<PaymentProvider['refund']>>>;

export function createPaymentRefunds(deps: PaymentsServiceDeps) {
  const { db, repo, orders, providers } = deps;

  /** True when this payment can be given back through its provider. */
  function refundable(payment: PaymentRow): boolean {
    return Boolean(payment.providerPaymentId && providers.byName(payment.provider)?.refund);
  }

  /**
   * Gives `payment` back whole. `by`: the admin who asked, or null for the shop itself. `done`
   * runs in the transaction that records the refund. Resolves with the refund; throws
   * PaymentProviderFailed when the provider refused or could not be asked.
   */
  async function refundWhole(
    payment: PaymentRow,
    order: OrderForPayment,
    by: string | null,
    done: (tx: Tx) => Promise<void> = async () => {},
    /** What is left of the payment after refunds of chosen lines (the whole payment by default). */
    amountMinor: number = payment.amountMinor,
  ): Promise<Refunded> {
    const provider = providers.byName(payment.provider);
    if (!payment.providerPaymentId || !provider?.refund) throw new PaymentProviderFailed('refundFailed');
    const receipt = await db.transaction((tx) =>
      deps.receipts.refundReceipt(tx, { orderId: order.id, paymentId: payment.id, amountMinor }),
    );
    const refusals = (await repo.eventsOfPayment(db, payment.id)).filter((e) => e.type === 'refund.refused').length;
    let made: Refunded;
    try {
      made = await provider.refund({
        providerPaymentId: payment.providerPaymentId,
        amountMinor,
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
          payload: { message: (error as Error).message.slice(0, 500), adminId: by },
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
        payload: { refundId: made.id, status: made.status, adminId: by },
        outcome: 'applied',
        paymentId: payment.id,
      });
      if (receipt) await deps.receipts.refundSent(tx, receipt.id, made);
      await done(tx);
    });
    return made;
  }

  /**
   * The background pass: each second payment of an already paid order (an open "paid twice" alert)
   * is given back whole; its alert is resolved and the customer is told. One that the provider
   * refuses is tried again on later passes, at most DUPLICATE_REFUND_TRIES times; then it stays
   * with the owner. Returns how many were given back.
   */
  async function refundDuplicates(limit = 20): Promise<number> {
    let done = 0;
    let unexpected: unknown;
    for (const { alertId, payment } of await repo.duplicatesToRefund(db, limit)) {
      if (!refundable(payment)) continue;
      const tries = (await repo.eventsOfPayment(db, payment.id)).filter((e) => e.type.startsWith('refund.'));
      if (tries.length >= DUPLICATE_REFUND_TRIES) continue;
      const order = await orders.getForPayment(db, payment.orderId);
      if (!order) continue;
      try {
        await refundWhole(payment, order, null, async (tx) => {
          await repo.resolveAlert(tx, alertId, null);
          const to = await repo.accountEmail(tx, order.userId);
          if (!to) return;
          await enqueueMail(
            tx,
            duplicateRefundedMail(to, order.language, {
              number: order.number,
              amount: money(payment.amountMinor, payment.currency as Currency, order.language),
            }),
          );
        });
      } catch (error) {
        // One payment that cannot be given back now must not hold up the others: a refusal is
        // tried on later passes; anything else fails the pass after the rest are done (the owner
        // sees it among the failing background work).
        if (!(error instanceof PaymentProviderFailed)) unexpected ??= error;
        continue;
      }
      done++;
    }
    if (unexpected) throw unexpected;
    return done;
  }

  return { refundable, refundWhole, refundDuplicates };
}

export type PaymentRefunds = ReturnType<typeof createPaymentRefunds>;
