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
 * The preview (`previewRefundLines`) goes through the same checks and the same pricing and writes
 * nothing: the owner sees the amount before she confirms.
 */
import { randomUUID } from 'node:crypto';
import { fromMinor, lineRefundable, localize, orderAllowsLineRefund, type RefundLinesBody } from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { Conflict, InvalidInput, NotFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { isRefusal, ProviderError } from '../../platform/payments/provider';
import type { Receipt } from '../../platform/payments/receipt';
import { orderPageUrl } from '../orders/orders.schemas';
import {
  type Actor,
  money,
  PaymentProviderFailed,
  type PaymentsServiceDeps,
  type RefundedLine,
} from './payments.contract';
import type { PaymentRefunds } from './payments.refunds';
import type { LineRefundRow, PaymentRow } from './payments.repo';
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
  const inProgress = () => new Conflict('refundInProgress', undefined, 'REFUND_IN_PROGRESS');

  /** Whether the open refund may be asked again for `wanted`: the same lines, after a timeout (or stale). */
  function mayTakeAgain(open: LineRefundRow, wanted: RefundLinesBody['lines']): boolean {
    const stale = open.state === 'sending' && open.updatedAt.getTime() < clock().getTime() - STALE_SENDING_MS;
    return (open.state === 'unknown' || stale) && sameLines(open.lines, wanted);
  }

  /** Takes the open refund again when it is the same lines after a timeout; else REFUND_IN_PROGRESS. */
  async function takeAgain(open: LineRefundRow, wanted: RefundLinesBody['lines']): Promise<LineRefundRow> {
    if (!mayTakeAgain(open, wanted)) throw inProgress();
    if (!(await repo.moveLineRefund(db, open.id, open.state, { state: 'sending' }))) throw inProgress();
    return open;
  }

  /**
   * What the refund and its preview check before anything, nothing written: the request, the
   * order (paid, not cancelled), its payment and provider, the lines named. Throws the 4xx.
   */
  async function refundableOrder(orderId: string, wanted: RefundLinesBody['lines']) {
    if (wanted.length === 0) throw new InvalidInput('refundLinesEmpty', undefined, 'REFUND_LINES_EMPTY');
    if (new Set(wanted.map((line) => line.lineId)).size !== wanted.length)
      throw new InvalidInput('refundLineDuplicate', undefined, 'REFUND_LINE_DUPLICATE');
    const order = await orders.getForPayment(db, orderId);
    if (!order) throw new NotFound();
    if (!orderAllowsLineRefund(order)) throw new Conflict('refundLinesNotAllowed', undefined, 'REFUND_NOT_ALLOWED');
    const payment = order.paymentMethod === 'card' ? await repo.succeededProviderPayment(db, orderId) : null;
    const provider = payment ? providers.byName(payment.provider) : undefined;
    if (!payment?.providerPaymentId || !provider?.refund || !refunds.refundable(payment) || payment.currency !== 'RUB')
      throw new Conflict('refundNotAvailable', undefined, 'REFUND_NOT_AVAILABLE');
    for (const { lineId } of wanted) {
      const item = order.items.find((i) => i.id === lineId);
      if (!item) throw new InvalidInput('refundLineUnknown', undefined, 'REFUND_LINE_UNKNOWN');
      if (!lineRefundable(item)) throw new Conflict('refundLineNotRefundable', undefined, 'REFUND_LINE_NOT_REFUNDABLE');
    }
    return {
      order,
      payment,
      providerPaymentId: payment.providerPaymentId,
      provider: provider as typeof provider & { refund: NonNullable<typeof provider.refund> },
    };
  }

  /** How the units of a line are priced from what the payment paid for each line (see the header). */
  const priceBy =
    (paid: Map<string, number>) =>
    (line: { id: string; quantity: number; refundedQuantity: number }, quantity: number) =>
      unitsRefund(paid.get(line.id) ?? 0, line.quantity, line.refundedQuantity, quantity);

  /**
   * The amount of priced lines, checked against what is left of the payment (read in `q`): throws
   * as the refund does. Answers the amount and what is left of the payment before it.
   */
  async function amountOf(q: Db | Tx, payment: PaymentRow, lines: RefundedLine[]) {
    const amountMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
    // Units given away whole (a 100% discount) have nothing to give back.
    if (amountMinor <= 0) throw new Conflict('refundNotAvailable', undefined, 'REFUND_NOT_AVAILABLE');
    const leftMinor = payment.amountMinor - (await repo.lineRefundedOf(q, payment.id));
    if (amountMinor > leftMinor) throw new Conflict('refundAmountExceeded', undefined, 'REFUND_AMOUNT_EXCEEDED');
    return { amountMinor, leftMinor };
  }

  const quantityExceeded = () => new Conflict('refundQuantityExceeded', undefined, 'REFUND_QUANTITY_EXCEEDED');

  return {
    /**
     * Admin: what refunding `wanted` would give back now, nothing written: the same checks, the
     * same 4xx and the same pricing as `refundLines`. Per line its units, amount and the units
     * left after it; in all the amount and what would be left of the payment (delivery included).
     */
    async previewRefundLines(orderId: string, wanted: RefundLinesBody['lines']) {
      const { order, payment } = await refundableOrder(orderId, wanted);
      const open = await repo.openLineRefund(db, payment.id);
      let lines: (RefundedLine & { unitsLeft: number })[];
      let amountMinor: number;
      let leftMinor: number;
      if (open) {
        // Asked again after a timeout, the refund goes for the open one's amount.
        if (!mayTakeAgain(open, wanted)) throw inProgress();
        amountMinor = open.amountMinor;
        leftMinor = payment.amountMinor - (await repo.lineRefundedOf(db, payment.id)) + amountMinor;
        lines = open.lines.map((line) => {
          const named = order.lines?.find((l) => l.id === line.lineId);
          const left = named ? named.quantity - (named.refundedQuantity ?? 0) + line.quantity : line.quantity;
          return { ...line, unitsLeft: left };
        });
      } else {
        const paid = await deps.receipts.paidByLine(db, orderId);
        if (!paid) throw new NotFound();
        const priced = await orders.priceRefund(db, orderId, wanted, priceBy(paid));
        if (!priced) throw quantityExceeded();
        lines = priced;
        ({ amountMinor, leftMinor } = await amountOf(db, payment, priced));
      }
      return {
        amount: fromMinor(amountMinor),
        currency: 'RUB' as const,
        lines: lines.map((line) => ({
          lineId: line.lineId,
          quantity: line.quantity,
          amount: fromMinor(line.amountMinor),
          unitsLeft: line.unitsLeft - line.quantity,
        })),
        remaining: fromMinor(leftMinor - amountMinor),
      };
    },

    /** Admin: refunds `wanted` (line id, units) of a paid order; see the header. */
    async refundLines(admin: Actor, orderId: string, wanted: RefundLinesBody['lines']) {
      const { order, payment, providerPaymentId, provider } = await refundableOrder(orderId, wanted);

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
          const counted = await orders.countRefunded(tx, orderId, wanted, priceBy(paid));
          if (!counted) throw quantityExceeded();
          const { amountMinor } = await amountOf(tx, payment, counted.lines);
          const row = await repo.insertLineRefund(tx, {
            orderId,
            paymentId: payment.id,
            state: 'sending',
            amountMinor,
            lines: counted.lines,
            idempotenceKey: randomUUID(),
            adminId: admin.id,
          });
          if (!row) throw inProgress();
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
          providerPaymentId,
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
          payload: {
            refundId: made.id,
            status: made.status,
            adminId: admin.id,
            lineRefundId: attempt.id,
            amountMinor: attempt.amountMinor,
          },
          outcome: 'applied',
          paymentId: payment.id,
        });
        if (receipt) await deps.receipts.refundSent(tx, receipt.id, made);
        const { allRefunded } = await orders.linesRefunded(tx, orderId, lines);
        if (allRefunded) await orders.setPaymentState(tx, orderId, 'refunded');
        const to = await repo.accountEmail(tx, order.userId);
        if (to) {
          const lang = order.language;
          // Lines are refunded only of card payments in roubles: RUB is the order's own currency.
          await enqueueMail(
            tx,
            linesRefundedMail(to, lang, {
              name: order.customerFirstName ?? '',
              number: order.number,
              orderUrl: orderPageUrl(deps.publicUrl, order.id),
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
