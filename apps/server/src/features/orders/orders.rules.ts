/**
 * Pure rules of orders: how counted stock is reserved for an order's lines, and how long an unpaid
 * order may hold what it reserved. No database, no clock: callers pass `now`.
 */
import type { PaymentMethod } from '@atelier/shared';

// The stock rules are shared with checkout, which reserves what orders gives back on cancel.
export { aggregateReservations, type Reservation, stockShortages } from '@atelier/shared';

export interface OrderPolicy {
  /** Card and PayPal orders: hours an unpaid order holds its stock, seats and promo use. */
  pendingOrderHours: number;
  /** Cash and bank transfer: days (money by transfer takes days to arrive). */
  pendingTransferDays: number;
  /**
   * An order that took the last units of a product or the last seat of a master class: at most
   * this many hours, whatever the payment method (nobody else can buy them meanwhile).
   */
  pendingScarceHours: number;
  /** Unpaid orders one customer may have open at once. */
  maxOpenUnpaid: number;
}

export const DEFAULT_ORDER_POLICY: OrderPolicy = {
  pendingOrderHours: 48,
  pendingTransferDays: 5,
  pendingScarceHours: 24,
  maxOpenUnpaid: 3,
};

const HOUR_MS = 3_600_000;

/** Offline payments (the shop checks its till or bank account) get days, online ones hours. */
export function isOfflinePayment(method: PaymentMethod): boolean {
  return method === 'cash' || method === 'bank_transfer';
}

/**
 * How long an unpaid order paid by `method` is held, in milliseconds; `scarce` (it took the last
 * units or seat) caps it at `pendingScarceHours`.
 */
export function holdMs(method: PaymentMethod, policy: OrderPolicy, scarce = false): number {
  const byMethod = isOfflinePayment(method)
    ? policy.pendingTransferDays * 24 * HOUR_MS
    : policy.pendingOrderHours * HOUR_MS;
  return scarce ? Math.min(byMethod, policy.pendingScarceHours * HOUR_MS) : byMethod;
}

/**
 * The moment an unpaid order placed at `createdAt` stops holding stock and is cancelled; an order
 * with a payment link is kept at least until the link stops working (`payLinkUntil`).
 */
export function holdUntil(
  createdAt: Date,
  method: PaymentMethod,
  policy: OrderPolicy,
  scarce = false,
  payLinkUntil: Date | null = null,
): Date {
  const held = createdAt.getTime() + holdMs(method, policy, scarce);
  return new Date(payLinkUntil ? Math.max(held, payLinkUntil.getTime()) : held);
}

/** `holdUntil` of an order as stored: its method, whether it holds the last units, its payment link. */
export function orderHoldUntil(
  row: { createdAt: Date; paymentMethod: PaymentMethod; holdsScarce: boolean; payLinkUntil: Date | null },
  policy: OrderPolicy,
): Date {
  return holdUntil(row.createdAt, row.paymentMethod, policy, row.holdsScarce, row.payLinkUntil);
}

/** True once `now` has reached the order's deadline (the deadline itself counts as expired). */
export function isExpired(
  createdAt: Date,
  method: PaymentMethod,
  policy: OrderPolicy,
  now: Date,
  scarce = false,
  payLinkUntil: Date | null = null,
): boolean {
  return now.getTime() >= holdUntil(createdAt, method, policy, scarce, payLinkUntil).getTime();
}

/** Created at or before these moments, an unpaid order is due: per payment kind, and scarce or not. */
export interface ExpiryCutoffs {
  /** The moment itself: an order's payment link must have stopped working by then too. */
  at: Date;
  online: Date;
  offline: Date;
  onlineScarce: Date;
  offlineScarce: Date;
}

/**
 * For a database query: orders created at or before these moments are due (the same rule as
 * isExpired, moved to the other side of the comparison so it can use the created_at index).
 */
export function expiryCutoffs(now: Date, policy: OrderPolicy): ExpiryCutoffs {
  return {
    at: now,
    online: new Date(now.getTime() - holdMs('card', policy)),
    offline: new Date(now.getTime() - holdMs('bank_transfer', policy)),
    onlineScarce: new Date(now.getTime() - holdMs('card', policy, true)),
    offlineScarce: new Date(now.getTime() - holdMs('bank_transfer', policy, true)),
  };
}
