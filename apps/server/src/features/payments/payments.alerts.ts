/**
 * Money we could not simply apply is never a silent 200: an alert row for the dashboard and a mail
 * to the owner, in the same transaction as the event (so a replay does not alert twice).
 */
import type { Currency, Language } from '@atelier/shared';
import type { Tx } from '../../db/client';
import { money, type OrderForPayment, type PaymentsServiceDeps } from './payments.contract';
import type { PaymentRow } from './payments.repo';
import { paymentAlertMail } from './payments.texts';

export type PaymentAlertKind = 'order_not_pending' | 'order_cancelled' | 'amount_mismatch';

/** An amount as the owner reads it: in its currency when we know it, else its code. */
function show(m: { amountMinor: number; currency: string }, lang: Language): string {
  return /^(RUB|EUR|USD)$/.test(m.currency)
    ? money(m.amountMinor, m.currency as Currency, lang)
    : `${(m.amountMinor / 100).toFixed(2)} ${m.currency}`;
}

export function createPaymentAlerts(deps: Pick<PaymentsServiceDeps, 'repo' | 'notifier' | 'publicUrl'>) {
  /**
   * `refunding`: a second payment of a paid order that the shop gives back by itself (the
   * background refund pass resolves the alert once it is done); the owner is told there is nothing
   * to do.
   */
  return async function alert(
    tx: Tx,
    kind: PaymentAlertKind,
    order: OrderForPayment,
    payment: PaymentRow,
    verified: { amountMinor: number; currency: string; providerPaymentId: string },
    options: { refunding?: boolean } = {},
  ): Promise<void> {
    const expected = { amountMinor: payment.amountMinor, currency: payment.currency };
    const received = { amountMinor: verified.amountMinor, currency: verified.currency };
    const alertId = await deps.repo.insertAlert(tx, {
      orderId: order.id,
      paymentId: payment.id,
      provider: payment.provider,
      kind,
      details: {
        orderStatus: order.status,
        providerPaymentId: verified.providerPaymentId,
        expected,
        received,
        ...(options.refunding ? { autoRefund: true } : {}),
      },
    });
    await deps.notifier.notify(tx, {
      kind: 'paymentAlert',
      key: `paymentAlert:${alertId}`,
      mail: (to, lang) =>
        paymentAlertMail(to, lang, options.refunding ? 'order_not_pending_refunding' : kind, {
          number: order.number,
          provider: payment.provider,
          status: order.status,
          got: show(received, lang),
          expected: show(expected, lang),
          url: `${deps.publicUrl}/admin`,
        }),
    });
  };
}
