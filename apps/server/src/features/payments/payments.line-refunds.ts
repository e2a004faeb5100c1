/**
 * Giving back chosen units of chosen lines of a paid order through its provider (YooKassa, or the
 * sandbox), the order kept (docs/decisions/0084):
 *   - the amount is what the customer paid for those units: each line's share of the payment (its
 *     total less its share of the discount and of a gift certificate, spread as the payment's
 *     receipt spreads them), over its units, rounded down cumulatively so the units of a line add up
 *     to what was paid for it; delivery is not refunded by line; never more than is left of the
 *     payment;
 *   - the units are counted on the locked order, only while that many are left, together with an
 *     open refund row (at most one per payment: a partial unique index), so two requests never
 *     give the same units back twice;
 *   - a refusal counts the units back and closes the row (a new idempotence key next time); a
 *     timeout leaves it `unknown` with its units: the same lines asked again go with the same key
 *     (YooKassa answers the first refund), other lines wait (REFUND_IN_PROGRESS);
 *   - done: the refund receipt of exactly those lines (receipts on), unshipped goods back to the
 *     stock, lessons, courses and book downloads of lines refunded whole gone (orders emits
 *     `orderLinesRefunded`), the customer mailed; every line refunded whole, the order reads
 *     refunded like after a whole refund.
 */
import { randomUUID } from 'node:crypto';
import { localize, type RefundLinesBody } from '@atelier/shared';
import { Conflict, InvalidInput, NotFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { isRefusal, ProviderError } from '../../platform/payments/provider';
import type { Receipt } from '../../platform/payments/receipt';
import {
  type Actor,
  money,
  PaymentProviderFailed,
  type PaymentsServiceDeps,
  type RefundedLine,
} from './payments.contract';
import type { PaymentRefunds } from './payments.refunds';
import type { LineRefundRow } from './payments.repo';
import { linesRefundedMail } from './payments.texts';

/** An open refund left `sending` this long (an instance stopped mid-call) may be asked again. */
const STALE_SENDING_MS = 10 * 60_000;

/** What the units of `quantity` more units of a line bring back (see the header). */
export function unitsRefund(paid: number, lineQuantity: number, before: number, quantity: number): number {
  const upTo = (units: number) => Math.floor((paid * units) / lineQuantity);
  return upTo(before + quantity) - upTo(before);
}

const sameLines = (a: { lineId: string; quantity: number }[], b: { lineId: string; quantity: number }[]) =>
  a.length === b.length && a.every((x) => b.some((y) => y.lineId === x.lineId && y.quantity === x.quantity));

export function createLineRefunds(deps: PaymentsServiceDeps, refunds: PaymentRefunds) {
  const { db, repo, orders, providers } = deps;
  const clock = deps.now ?? (() => new Date());

  /** Takes the open refund again when it is the same lines after a timeout; else REFUND_IN_PROGRESS. */
  async function takeAgain(open: LineRefundRow, wanted: RefundLinesBody['lines']): Promise<LineRefundRow> {
    const stale = open.state === 'sending' && open.updatedAt.getTime() < clock().getTime() - STALE_SENDING_MS;
    const inProgress = () => new Conflict('refundInProgress', undefined, 'REFUND_IN_PROGRESS');
    if ((open.state !== 'unknown' && !stale) || !sameLines(open.lines, wanted)) throw inProgress();
    if (!(await repo.moveLineRefund(db, open.id, open.state, { state: 'sending' }))) throw inProgress();
    return open;
  }

  return {
    /** Admin: refunds `wanted` (line id, units) of a paid order; see the header. */
    async refundLines(admin: Actor, orderId: string, wanted: RefundLinesBody['lines']) {
      if (wanted.length === 0) throw new InvalidInput('refundLinesEmpty', undefined, 'REFUND_LINES_EMPTY');
      if (new Set(wanted.map((line) => line.lineId)).size !== wanted.length)
        throw new InvalidInput('refundLineDuplicate', undefined, 'REFUND_LINE_DUPLICATE');
      const order = await orders.getForPayment(db, orderId);
      if (!order) throw new NotFound();
      if (order.paymentState !== 'paid' || order.status === 'cancelled' || order.status === 'pending')
        throw new Conflict('refundLinesNotAllowed', undefined, 'REFUND_NOT_ALLOWED');
      const payment = order.paymentMethod === 'card' ? await repo.succeededProviderPayment(db, orderId) : null;
      const provider = payment ? providers.byName(payment.provider) : undefined;
      if (
        !payment?.providerPaymentId ||
        !provider?.refund ||
        !refunds.refundable(payment) ||
        payment.currency !== 'RUB'
      )
        throw new Conflict('refundNotAvailable', undefined, 'REFUND_NOT_AVAILABLE');
      for (const { lineId } of wanted) {
        const item = order.items.find((i) => i.id === lineId);
        if (!item) throw new InvalidInput('refundLineUnknown', undefined, 'REFUND_LINE_UNKNOWN');
        if (item.type === 'gift_certificate' || item.type === 'custom_order')
          throw new Conflict('refundLineNotRefundable', undefined, 'REFUND_LINE_NOT_REFUNDABLE');
      }

      const open = await repo.openLineRefund(db, payment.id);
      let attempt: LineRefundRow;
      let receipt: { id: string; receipt: Receipt } | null;
      if (open) {
        attempt = await takeAgain(open, wanted);
        receipt = await db.transaction(async (tx) => {
          const status = (await orders.getForPayment(tx, orderId))!.status;
          return deps.receipts.lineRefundReceipt(tx, {
            orderId,
            paymentId: payment.id,
            amountMinor: attempt.amountMinor,
            refunded: attempt.lines,
            handedOver: status === 'shipped' || status === 'delivered',
            again: true,
          });
        });
      } else {
        const paid = await deps.receipts.paidByLine(db, orderId);
        if (!paid) throw new NotFound();
        [attempt, receipt] = await db.transaction(async (tx) => {
          const counted = await orders.countRefunded(tx, orderId, wanted, (line, quantity) =>
            unitsRefund(paid.get(line.id) ?? 0, line.quantity, line.refundedQuantity, quantity),
          );
          if (!counted) throw new Conflict('refundQuantityExceeded', undefined, 'REFUND_QUANTITY_EXCEEDED');
          const amountMinor = counted.lines.reduce((sum, line) => sum + line.amountMinor, 0);
          // Units given away whole (a 100% discount) have nothing to give back.
          if (amountMinor <= 0) throw new Conflict('refundNotAvailable', undefined, 'REFUND_NOT_AVAILABLE');
          const left = payment.amountMinor - (await repo.lineRefundedOf(tx, payment.id));
          if (amountMinor > left) throw new Conflict('refundAmountExceeded', undefined, 'REFUND_AMOUNT_EXCEEDED');
          const row = await repo.insertLineRefund(tx, {
            orderId,
            paymentId: payment.id,
            state: 'sending',
            amountMinor,
            lines: counted.lines,
            idempotenceKey: randomUUID(),
            adminId: admin.id,
          });
          if (!row) throw new Conflict('refundInProgress', undefined, 'REFUND_IN_PROGRESS');
          const made = await deps.receipts.lineRefundReceipt(tx, {
            orderId,
            paymentId: payment.id,
            amountMinor,
            refunded: counted.lines,
            handedOver: counted.status === 'shipped' || counted.status === 'delivered',
            again: false,
          });
          return [row, made] as const;
        });
      }

      let made: Awaited<ReturnType<NonNullable<typeof provider.refund>>>;
      try {
        made = await provider.refund({
          providerPaymentId: payment.providerPaymentId,
          amountMinor: attempt.amountMinor,
          currency: 'RUB',
          idempotenceKey: attempt.idempotenceKey,
          description: `Atelier #${order.number}`,
          ...(receipt ? { receipt: receipt.receipt } : {}),
        });
        if (made.status === 'canceled') {
          throw new ProviderError(provider.name, 'http', 'the refund was canceled by the provider', 400);
        }
      } catch (error) {
        const refused = isRefusal(error);
        await db.transaction(async (tx) => {
          const message = (error as Error).message.slice(0, 500);
          if (refused) {
            // Nothing went back: the units are free again, and a new key is used next time.
            if (await repo.moveLineRefund(tx, attempt.id, 'sending', { state: 'refused', error: message }))
              await orders.uncountRefunded(tx, orderId, attempt.lines);
          } else {
            await repo.moveLineRefund(tx, attempt.id, 'sending', { state: 'unknown', error: message });
          }
          if (receipt) await deps.receipts.refundFailed(tx, receipt.id, error);
          await repo.insertEvent(tx, {
            provider: provider.name,
            providerEventId: `refund-error:${randomUUID()}`,
            type: refused ? 'refund.refused' : 'refund.error',
            payload: { message, adminId: admin.id, lineRefundId: attempt.id },
            outcome: 'provider_error',
            paymentId: payment.id,
          });
        });
        if (error instanceof ProviderError) throw new PaymentProviderFailed('refundFailed');
        throw error;
      }

      const lines = attempt.lines as RefundedLine[];
      const allRefunded = await db.transaction(async (tx) => {
        if (
          !(await repo.moveLineRefund(tx, attempt.id, 'sending', {
            state: 'succeeded',
            providerRefundId: made.id,
            error: null,
          }))
        )
          throw new Conflict('refundInProgress', undefined, 'REFUND_IN_PROGRESS');
        await repo.insertEvent(tx, {
          provider: provider.name,
          providerEventId: `refund:${made.id}`,
          type: `refund.${made.status}`,
          payload: { refundId: made.id, status: made.status, adminId: admin.id, lineRefundId: attempt.id },
          outcome: 'applied',
          paymentId: payment.id,
        });
        if (receipt) await deps.receipts.refundSent(tx, receipt.id, made);
        const { allRefunded } = await orders.linesRefunded(tx, orderId, lines);
        if (allRefunded) await orders.setPaymentState(tx, orderId, 'refunded');
        const to = await repo.accountEmail(tx, order.userId);
        if (to) {
          const lang = order.language;
          await enqueueMail(
            tx,
            linesRefundedMail(to, lang, {
              number: order.number,
              amount: money(attempt.amountMinor, 'RUB', lang),
              lines: lines.map((line) => {
                const named = order.lines?.find((l) => l.id === line.lineId);
                return {
                  name: named ? localize(named.name, lang) : '',
                  quantity: line.quantity,
                  amount: money(line.amountMinor, 'RUB', lang),
                };
              }),
              all: allRefunded,
            }),
          );
        }
        return allRefunded;
      });
      return {
        refundId: made.id,
        status: made.status,
        amount: attempt.amountMinor / 100,
        currency: 'RUB' as const,
        lines: lines.map((line) => ({ lineId: line.lineId, quantity: line.quantity, amount: line.amountMinor / 100 })),
        fullyRefunded: allRefunded,
      };
    },
  };
}

export type LineRefunds = ReturnType<typeof createLineRefunds>;
