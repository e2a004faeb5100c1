/**
 * Payments that may still take money. Before a payment is left behind for another way to pay,
 * and before a customer gives up her unpaid order to change it (features/checkout,
 * docs/decisions/0104), an open provider payment is asked about (decision 0082) and the answer is
 * applied like its notification.
 */
import type { Tx } from '../../db/client';
import { Conflict } from '../../platform/errors';
import type { PaymentProvider, VerifiedNotification } from '../../platform/payments/provider';
import type { NotificationOutcome, PaymentsServiceDeps } from './payments.contract';
import type { PaymentRow } from './payments.repo';

/** payments.service.ts `apply`: a provider's answer applied to the locked payment in `tx`. */
type Apply = (
  tx: Tx,
  payment: PaymentRow,
  verified: Pick<VerifiedNotification, 'outcome' | 'amountMinor' | 'currency' | 'providerPaymentId' | 'method'>,
) => Promise<NotificationOutcome>;

export function createPaymentsInFlight(deps: Pick<PaymentsServiceDeps, 'db' | 'repo' | 'providers'>, apply: Apply) {
  const { db, repo, providers } = deps;

  /**
   * Asks the provider how an open payment stands before it is left behind, and applies the answer
   * as its notification would (recorded once as a status event). True when it was paid and the
   * order is now confirmed by it. When the provider cannot be asked, the payment is left behind
   * as before: its notification, if it comes, is applied or alerted.
   */
  async function paidMeanwhile(provider: PaymentProvider, live: PaymentRow): Promise<boolean> {
    if (!live.providerPaymentId) return false;
    let status: Awaited<ReturnType<PaymentProvider['fetchStatus']>>;
    try {
      status = await provider.fetchStatus(live.providerPaymentId);
    } catch {
      return false;
    }
    if (status.outcome === 'pending') return false;
    const providerPaymentId = live.providerPaymentId;
    const outcome = await db.transaction(async (tx) => {
      const eventId = await repo.insertEvent(tx, {
        provider: provider.name,
        providerEventId: `status:${live.id}:${status.outcome}`,
        type: `status.${status.outcome}`,
        payload: { ...status, askedBeforeLeavingBehind: true },
        outcome: 'received',
      });
      if (!eventId) return 'duplicate' as const;
      const payment = await repo.lockPayment(tx, live.id);
      const applied = payment
        ? await apply(tx, payment, { ...status, providerPaymentId, method: null })
        : 'unknown_payment';
      await repo.setEventOutcome(tx, eventId, applied, live.id);
      return applied;
    });
    return status.outcome === 'succeeded' && outcome === 'applied';
  }

  /** 409 when a payment of the order went through, or may still go through. */
  function refuse(payments: PaymentRow[]): void {
    if (payments.some((payment) => payment.status === 'succeeded')) {
      throw new Conflict('paymentAlreadyPaid', undefined, 'ORDER_ALREADY_PAID');
    }
    if (payments.length > 0) throw new Conflict('paymentInProgress', undefined, 'PAYMENT_IN_PROGRESS');
  }

  return {
    paidMeanwhile,

    /**
     * Before the order is given up, outside any transaction (a provider call must not hold the
     * database): each of its payments open at a provider is asked how it stands. Paid: the order is
     * confirmed by it, 409 ORDER_ALREADY_PAID. Cancelled or failed: recorded so, it no longer
     * counts. Still open, or the provider cannot be asked, or a PayPal invoice asked for or sent
     * (nobody can take one back), or a payment being created right now: 409 PAYMENT_IN_PROGRESS.
     */
    async settleBeforeGivingUp(orderId: string): Promise<void> {
      for (const payment of await repo.openOrSucceeded(db, orderId)) {
        const provider = providers.byName(payment.provider);
        if (payment.status !== 'pending' || !provider) continue;
        if (await paidMeanwhile(provider, payment)) {
          throw new Conflict('paymentAlreadyPaid', undefined, 'ORDER_ALREADY_PAID');
        }
      }
      refuse(await repo.openOrSucceeded(db, orderId));
    },

    /**
     * Inside the transaction that gives the order up, its row locked: the same refusal on what the
     * database holds now (a payment started or paid since `settleBeforeGivingUp` asked).
     */
    async refuseOpenIn(tx: Tx, orderId: string): Promise<void> {
      refuse(await repo.openOrSucceeded(tx, orderId));
    },
  };
}
