/**
 * Fiscal receipts through YooKassa (RECEIPTS=yookassa; decision 0039), in the scenario "payment
 * and receipt at the same time":
 *   - every YooKassa payment carries the order's receipt (`forPayment`, recorded by payments with
 *     `recordPayment`: sent, or failed with YooKassa's answer);
 *   - when an order with prepaid goods ships (`orderShipped`), its completion receipt is queued in
 *     the same transaction and sent by the background worker (`POST /v3/receipts`): the status
 *     change never waits for YooKassa nor is lost when YooKassa fails. A network error or a 5xx is
 *     tried again with back-off; a refusal (4xx), or five failed tries, leaves it failed with the
 *     error for the admin, who may send it again;
 *   - the part of an order a bought gift certificate paid gets a receipt settled by that sale's
 *     advance (`queueOffset`, sent by the same worker);
 *   - a refund carries the refund receipt (`refundReceipt`, then `refundSent` / `refundFailed`):
 *     the items of the paid receipt, or none for the self-employed (YooKassa annuls the receipt).
 * Every receipt is stored with its state and last error and listed on the admin's order page.
 */
import { randomUUID } from 'node:crypto';
import type { OrderReceipts, ReceiptView } from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { Conflict, NotFound } from '../../platform/errors';
import { decimalToMinor, isRefusal, type PaymentProvider, ProviderError } from '../../platform/payments/provider';
import type { Receipt, ReceiptRequest } from '../../platform/payments/receipt';
import type { OrderEvent, OrderForReceipt } from '../orders/orders.schemas';
import { type ReceiptRow, receiptsRepo as repo } from './receipts.repo';
import {
  completionAfterRefunds,
  completionReceipt,
  lineRefundReceipt,
  offsetReceipt,
  paidByLine,
  paymentReceipt,
  type ReceiptSettings,
  receiptTotal,
} from './receipts.rules';

/** A completion receipt is tried this many times by the worker before it waits for the admin. */
export const MAX_AUTO_ATTEMPTS = 5;
/** A receipt left `sending` this long (an instance stopped mid-call) is taken up again. */
const STALE_SENDING_MS = 10 * 60_000;
const FIRST_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

export interface ReceiptsLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface ReceiptsDeps {
  db: Db;
  orders: { forReceipt(q: Db | Tx, orderId: string): Promise<OrderForReceipt | null> };
  /**
   * The order that sold the gift certificate which paid part of `orderId`; null when none did, or
   * when it was given away (no advance to settle against). The gift-certificates ledger answers.
   */
  giftCertificates?: { advanceOrderOf(q: Db | Tx, orderId: string): Promise<string | null> };
  /** null = RECEIPTS=off. */
  settings: ReceiptSettings | null;
  /** The card provider; receipts go only through one that makes them (YooKassa). */
  provider: PaymentProvider | null;
  log: ReceiptsLog;
  now?: () => Date;
}

/** What YooKassa (or the network) said, short enough to keep and show. */
function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

function toView(row: ReceiptRow, paymentStatus: string | null): ReceiptView {
  const payload = row.payload as (Receipt & Partial<ReceiptRequest>) | null;
  let state: ReceiptView['state'] = row.state;
  // YooKassa registers a payment's receipt only once the payment succeeds.
  if (row.kind === 'payment' && row.state === 'sent' && paymentStatus && paymentStatus !== 'succeeded') {
    state = paymentStatus === 'canceled' || paymentStatus === 'failed' ? 'not_paid' : 'awaiting_payment';
  }
  return {
    id: row.id,
    kind: row.kind,
    state,
    amount: row.amountMinor / 100,
    lines: (payload?.items ?? []).map((item) => ({
      description: item.description,
      quantity: item.quantity,
      amount: decimalToMinor(item.amount.value) / 100,
      vatCode: item.vat_code,
      paymentSubject: item.payment_subject ?? null,
      paymentMode: item.payment_mode ?? null,
    })),
    email: payload?.customer.email ?? null,
    taxSystemCode: payload?.tax_system_code ?? null,
    providerId: row.providerId,
    providerStatus: row.providerStatus,
    error: row.error,
    attempts: row.attempts,
    retryable: row.state === 'failed' && row.kind !== 'payment',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createReceiptsService(deps: ReceiptsDeps) {
  const { db, settings, log } = deps;
  const clock = deps.now ?? (() => new Date());
  const provider = deps.provider?.createReceipt ? deps.provider : null;
  const enabled = settings !== null && provider !== null;

  /** Sends one claimed completion receipt and records what YooKassa answered. */
  async function send(row: ReceiptRow): Promise<ReceiptRow> {
    try {
      const made = await provider!.createReceipt!({
        receipt: row.payload as unknown as ReceiptRequest,
        idempotenceKey: row.idempotenceKey,
      });
      return (await repo.update(db, row.id, {
        state: 'sent',
        providerId: made.id,
        providerStatus: made.status,
        error: null,
      }))!;
    } catch (error) {
      const final = isRefusal(error) || row.attempts >= MAX_AUTO_ATTEMPTS || !(error instanceof ProviderError);
      const backoff = Math.min(FIRST_BACKOFF_MS * 2 ** (row.attempts - 1), MAX_BACKOFF_MS);
      log.warn({ receiptId: row.id, orderId: row.orderId, err: errorText(error), final }, 'receipt not sent');
      return (await repo.update(db, row.id, {
        state: final ? 'failed' : 'queued',
        error: errorText(error),
        nextAttemptAt: new Date(clock().getTime() + backoff),
        // YooKassa answers a key it has seen with its first answer: a refused request needs a new one.
        ...(isRefusal(error) ? { idempotenceKey: randomUUID() } : {}),
      }))!;
    }
  }

  async function claim(only?: string): Promise<ReceiptRow | null> {
    const now = clock();
    return db.transaction((tx) => repo.claimDue(tx, now, new Date(now.getTime() - STALE_SENDING_MS), only));
  }

  /** One worker pass: every completion receipt that is due, one at a time. */
  async function sendDue(limit = 50): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    if (!provider) return result;
    for (let i = 0; i < limit; i += 1) {
      const row = await claim();
      if (!row) break;
      const done = await send(row);
      if (done.state === 'sent') result.sent += 1;
      else result.failed += 1;
    }
    return result;
  }

  return {
    enabled,

    // ---- for payments

    /** The receipt a YooKassa payment of this order carries; null with receipts off. */
    async forPayment(q: Db | Tx, orderId: string): Promise<Receipt | null> {
      if (!enabled) return null;
      const order = await deps.orders.forReceipt(q, orderId);
      return order ? paymentReceipt(order, settings!) : null;
    },

    /** The receipt that rode on a payment attempt: sent (YooKassa took the payment) or failed. */
    async recordPayment(
      q: Db | Tx,
      input: { orderId: string; paymentId: string; receipt: Receipt; error?: unknown },
    ): Promise<void> {
      await repo.insert(q, {
        orderId: input.orderId,
        paymentId: input.paymentId,
        kind: 'payment',
        state: input.error === undefined ? 'sent' : 'failed',
        payload: input.receipt as unknown as Record<string, unknown>,
        amountMinor: receiptTotal(input.receipt.items),
        idempotenceKey: randomUUID(),
        attempts: 1,
        error: input.error === undefined ? null : errorText(input.error),
      });
    },

    /**
     * The refund receipt of a full refund of `paymentId`, recorded before the call (a failed one is
     * reused when the admin tries again): the items of the receipt the payment carried, or, without
     * one, the order's receipt; null payload for the self-employed. null with receipts off.
     */
    async refundReceipt(
      q: Db | Tx,
      input: { orderId: string; paymentId: string; amountMinor: number },
    ): Promise<{ id: string; receipt: Receipt | null } | null> {
      if (!enabled) return null;
      const earlier = await repo.findForPayment(q, input.paymentId, 'refund');
      if (earlier?.state === 'failed') {
        await repo.update(q, earlier.id, { state: 'sending', attempts: earlier.attempts + 1 });
        return { id: earlier.id, receipt: earlier.payload as unknown as Receipt | null };
      }
      if (earlier) throw new Conflict('refundInProgress', undefined, 'REFUND_IN_PROGRESS');
      let receipt: Receipt | null = null;
      if (!settings!.selfEmployed) {
        const paid = await repo.findForPayment(q, input.paymentId, 'payment');
        const order = await deps.orders.forReceipt(q, input.orderId);
        const base =
          paid?.state === 'sent'
            ? (paid.payload as unknown as Receipt)
            : order
              ? paymentReceipt(order, settings!)
              : null;
        // The refund receipt must add up to the refund, like the payment's did to the payment.
        receipt = base && receiptTotal(base.items) === input.amountMinor ? base : null;
        if (!receipt) throw new Conflict('refundNotAvailable', undefined, 'REFUND_NOT_AVAILABLE');
      }
      const row = await repo.insert(q, {
        orderId: input.orderId,
        paymentId: input.paymentId,
        kind: 'refund',
        state: 'sending',
        payload: receipt as unknown as Record<string, unknown> | null,
        amountMinor: input.amountMinor,
        idempotenceKey: randomUUID(),
        attempts: 1,
      });
      if (!row) throw new Conflict('refundInProgress', undefined, 'REFUND_IN_PROGRESS');
      return { id: row.id, receipt };
    },

    /**
     * What the payment paid for each line of the order (RUB minor units: the line's total less its
     * share of the discount and of a gift certificate, spread as the payment's receipt spreads
     * them), whether receipts are on or not; null when there is no such order.
     */
    async paidByLine(q: Db | Tx, orderId: string): Promise<Map<string, number> | null> {
      const order = await deps.orders.forReceipt(q, orderId);
      if (!order) return null;
      const paid = paidByLine(order);
      return new Map(order.lines.map((line, index) => [line.id!, paid[index]!]));
    },

    /**
     * The refund receipt of chosen lines (`refunded`: which line, how many units, what they gave
     * back), recorded before the call. `again`: the same refund asked again after a timeout, whose
     * receipt (the payment's latest line refund receipt) goes again unchanged. null with receipts off.
     */
    async lineRefundReceipt(
      q: Db | Tx,
      input: {
        orderId: string;
        paymentId: string;
        amountMinor: number;
        refunded: { lineId: string; quantity: number; amountMinor: number }[];
        handedOver: boolean;
        again: boolean;
      },
    ): Promise<{ id: string; receipt: Receipt } | null> {
      if (!enabled) return null;
      if (input.again) {
        const earlier = await repo.findForPayment(q, input.paymentId, 'line_refund');
        if (earlier?.payload && earlier.amountMinor === input.amountMinor) {
          await repo.update(q, earlier.id, { state: 'sending', attempts: earlier.attempts + 1 });
          return { id: earlier.id, receipt: earlier.payload as unknown as Receipt };
        }
      }
      const order = await deps.orders.forReceipt(q, input.orderId);
      if (!order) throw new NotFound();
      const refunded = input.refunded.map((line) => ({
        ...line,
        index: order.lines.findIndex((l) => l.id === line.lineId),
      }));
      if (refunded.some((line) => line.index < 0)) throw new NotFound();
      const receipt = lineRefundReceipt(order, settings!, refunded, input.handedOver);
      // The refund receipt must add up to the refund, like the payment's did to the payment.
      if (receiptTotal(receipt.items) !== input.amountMinor)
        throw new Conflict('refundNotAvailable', undefined, 'REFUND_NOT_AVAILABLE');
      const row = await repo.insert(q, {
        orderId: input.orderId,
        paymentId: input.paymentId,
        kind: 'line_refund',
        state: 'sending',
        payload: receipt as unknown as Record<string, unknown>,
        amountMinor: input.amountMinor,
        idempotenceKey: randomUUID(),
        attempts: 1,
      });
      return { id: row!.id, receipt };
    },

    async refundSent(q: Db | Tx, id: string, refund: { id: string; status: string }): Promise<void> {
      await repo.update(q, id, { state: 'sent', providerId: refund.id, providerStatus: refund.status, error: null });
    },

    async refundFailed(q: Db | Tx, id: string, error: unknown): Promise<void> {
      await repo.update(q, id, { state: 'failed', error: errorText(error) });
    },

    // ---- listener (src/events.ts)

    /** An order shipped: its prepaid goods get their completion receipt, queued in `tx`. */
    async queueCompletion(tx: Tx, event: OrderEvent): Promise<void> {
      if (!enabled) return;
      const paid = await repo.paidReceipt(tx, event.orderId);
      if (!paid) return;
      // Units refunded by line are not handed over: the receipt is priced again without them.
      const order = await deps.orders.forReceipt(tx, event.orderId);
      const refunded = order?.lines.some((line) => (line.refundedQuantity ?? 0) > 0) ?? false;
      const completion =
        order && refunded
          ? completionAfterRefunds(order, settings!, paid.providerPaymentId)
          : completionReceipt(paid.receipt.payload as unknown as Receipt, paid.providerPaymentId);
      if (!completion) return;
      await repo.insert(tx, {
        orderId: event.orderId,
        paymentId: paid.receipt.paymentId,
        kind: 'completion',
        state: 'queued',
        payload: completion as unknown as Record<string, unknown>,
        amountMinor: receiptTotal(completion.items),
        idempotenceKey: randomUUID(),
      });
    },

    /**
     * The receipt of the part of an order a bought gift certificate paid (see `offsetReceipt`),
     * queued in `tx` for the worker: when the order is confirmed if it has nothing to ship, when it
     * ships otherwise (the goods are handed over then). Needs the certificate's sale to have had
     * its receipt through YooKassa (the advance it settles against); without one nothing is queued.
     */
    async queueOffset(tx: Tx, event: OrderEvent, stage: 'confirmed' | 'shipped'): Promise<void> {
      if (!enabled || settings!.selfEmployed || !deps.giftCertificates) return;
      const order = await deps.orders.forReceipt(tx, event.orderId);
      if (!order || order.giftCertificateRub === 0) return;
      const ships = order.lines.some((line) => line.type === 'product' && line.bookFormat !== 'digital');
      if (ships !== (stage === 'shipped')) return;
      const advanceOrderId = await deps.giftCertificates.advanceOrderOf(tx, event.orderId);
      const advance = advanceOrderId ? await repo.paidReceipt(tx, advanceOrderId) : null;
      if (!advance) return;
      const offset = offsetReceipt(order, settings!, advance.providerPaymentId);
      if (!offset) return;
      await repo.insert(tx, {
        orderId: event.orderId,
        paymentId: advance.receipt.paymentId,
        kind: 'offset',
        state: 'queued',
        payload: offset as unknown as Record<string, unknown>,
        amountMinor: receiptTotal(offset.items),
        idempotenceKey: randomUUID(),
      });
    },

    // ---- the worker (the `receipts.send` job, jobs.ts)

    /** True when receipts are sent at all (a provider that makes them is configured). */
    sends: provider !== null,
    sendDue,

    // ---- admin

    async listForOrder(orderId: string): Promise<OrderReceipts> {
      const rows = await repo.listForOrder(db, orderId);
      return {
        enabled,
        selfEmployed: settings?.selfEmployed ?? false,
        receipts: rows.map(({ receipt, paymentStatus }) => toView(receipt, paymentStatus)),
      };
    },

    /**
     * Admin: sends a failed (or still queued) completion receipt now, with a fresh count of tries.
     * A payment's receipt goes with the payment and a refund's with the refund: 409.
     */
    async retry(id: string): Promise<ReceiptView> {
      const row = await repo.find(db, id);
      if (!row) throw new NotFound();
      if ((row.kind !== 'completion' && row.kind !== 'offset') || !provider)
        throw new Conflict('receiptNotRetryable', undefined, 'RECEIPT_NOT_RETRYABLE');
      if (row.state === 'sent') throw new Conflict('receiptAlreadySent', undefined, 'RECEIPT_ALREADY_SENT');
      if (row.state === 'failed' || row.state === 'queued') {
        await repo.update(db, id, {
          state: 'queued',
          nextAttemptAt: clock(),
          ...(row.state === 'failed' ? { attempts: 0 } : {}),
        });
      }
      // Taken like the worker takes it: a pass sending it right now keeps it (SKIP LOCKED).
      const claimed = await claim(id);
      const done = claimed ? await send(claimed) : ((await repo.find(db, id)) ?? row);
      return toView(done, null);
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
