/**
 * Pure rules of orders: how counted stock is reserved for an order's lines, and how long an unpaid
 * order may hold what it reserved. No database, no clock: callers pass `now`.
 */
import { type PaymentMethod, type Reservation, reservationKey } from '@atelier/shared';

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
  /**
   * Counted units of one product that the unpaid orders of one mailbox (its accounts together) may
   * hold; beyond it, units are taken only when an online payment starts (docs/decisions/0096).
   */
  unpaidHoldUnitsPerProduct: number;
  /** What the unpaid orders of one mailbox may owe together, RUB minor units; beyond it, the same. */
  unpaidHoldMaxRub: number;
  /** Minutes an order beyond those caps is held from its first online payment start, at most. */
  paymentHoldMinutes: number;
}

/** What the deadline of an unpaid order depends on. */
export type HoldPolicy = Pick<OrderPolicy, 'pendingOrderHours' | 'pendingTransferDays' | 'pendingScarceHours'>;

export const DEFAULT_ORDER_POLICY: OrderPolicy = {
  pendingOrderHours: 48,
  pendingTransferDays: 5,
  pendingScarceHours: 24,
  maxOpenUnpaid: 3,
  unpaidHoldUnitsPerProduct: 5,
  unpaidHoldMaxRub: 30_000_00,
  paymentHoldMinutes: 90,
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
export function holdMs(method: PaymentMethod, policy: HoldPolicy, scarce = false): number {
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
  policy: HoldPolicy,
  scarce = false,
  payLinkUntil: Date | null = null,
): Date {
  const held = createdAt.getTime() + holdMs(method, policy, scarce);
  return new Date(payLinkUntil ? Math.max(held, payLinkUntil.getTime()) : held);
}

/**
 * `holdUntil` of an order as stored: its method, whether it holds the last units, its payment link,
 * and — beyond the unpaid-hold caps — the end of the hold its first payment started, which wins.
 */
export function orderHoldUntil(
  row: {
    createdAt: Date;
    paymentMethod: PaymentMethod;
    holdsScarce: boolean;
    payLinkUntil: Date | null;
    paymentHoldUntil?: Date | null;
  },
  policy: HoldPolicy,
): Date {
  const held = holdUntil(row.createdAt, row.paymentMethod, policy, row.holdsScarce, row.payLinkUntil);
  return row.paymentHoldUntil && row.paymentHoldUntil < held ? row.paymentHoldUntil : held;
}

/** What the unpaid orders of one mailbox hold now: counted units per product, and what they owe (RUB minor). */
export interface UnpaidHolds {
  units: ReadonlyMap<string, number>;
  dueRub: number;
}

/** A new order's counted units split by the unpaid-hold caps: taken now, and taken only when paying starts. */
export interface HoldSplit {
  firm: Reservation[];
  /** Units deferred, by counter (`reservationKey`). */
  deferred: Map<string, number>;
  /** The order goes over a cap (units of a product, or what the mailbox would owe). */
  over: boolean;
}

/**
 * How much of a new unpaid order (`wanted`: one entry per product; `dueRub`: what it will owe) the
 * caps let it hold at once: per product up to `unpaidHoldUnitsPerProduct` with what the mailbox
 * already holds; nothing at all once the mailbox would owe more than `unpaidHoldMaxRub`. The rest is
 * deferred. Pure: the caller has locked the mailbox and read `held`.
 */
export function splitByHoldCaps(
  wanted: readonly Reservation[],
  dueRub: number,
  held: UnpaidHolds,
  policy: Pick<OrderPolicy, 'unpaidHoldUnitsPerProduct' | 'unpaidHoldMaxRub'>,
): HoldSplit {
  const overValue = dueRub > 0 && held.dueRub + dueRub > policy.unpaidHoldMaxRub;
  const firm: HoldSplit['firm'] = [];
  const deferred = new Map<string, number>();
  // The cap is per product: its variants share it.
  const taken = new Map<string, number>();
  for (const line of wanted) {
    const { productId, quantity } = line;
    const holding = (held.units.get(productId) ?? 0) + (taken.get(productId) ?? 0);
    const room = overValue ? 0 : Math.max(0, policy.unpaidHoldUnitsPerProduct - holding);
    const now = Math.min(quantity, room);
    taken.set(productId, (taken.get(productId) ?? 0) + now);
    if (now > 0) firm.push({ ...line, quantity: now });
    if (quantity > now) deferred.set(reservationKey(line), quantity - now);
  }
  return { firm, deferred, over: overValue || deferred.size > 0 };
}

/** True once `now` has reached the order's deadline (the deadline itself counts as expired). */
export function isExpired(
  createdAt: Date,
  method: PaymentMethod,
  policy: HoldPolicy,
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
export function expiryCutoffs(now: Date, policy: HoldPolicy): ExpiryCutoffs {
  return {
    at: now,
    online: new Date(now.getTime() - holdMs('card', policy)),
    offline: new Date(now.getTime() - holdMs('bank_transfer', policy)),
    onlineScarce: new Date(now.getTime() - holdMs('card', policy, true)),
    offlineScarce: new Date(now.getTime() - holdMs('bank_transfer', policy, true)),
  };
}

/**
 * Kinds of line whose own feature mails the buyer when their order is paid (a gift certificate:
 * for whom and when it goes; a custom piece: what the payment moved on). An order made only of
 * them gets no order mail of its own besides: one mail per event (docs/decisions/0105).
 */
const MAILED_BY_THEIR_FEATURE: ReadonlySet<string> = new Set(['gift_certificate', 'custom_order']);

/**
 * Nothing was paid and nothing travels (a free lesson, a course bought with a full discount): the
 * access is recorded, but neither the customer nor the owner is mailed about an order.
 */
export function isFreeAccess(order: { totalRub: number; delivery: { method: string } }): boolean {
  return order.totalRub === 0 && order.delivery.method === 'none';
}

/** Whether the customer gets the order's "confirmed" mail when it is paid or confirmed. */
export function mailsConfirmation(
  order: { totalRub: number; delivery: { method: string } },
  items: readonly { type: string }[],
): boolean {
  if (isFreeAccess(order)) return false;
  return !items.every((item) => MAILED_BY_THEIR_FEATURE.has(item.type));
}

/**
 * Whether a placed order gets its "awaiting payment" mail: a cash or bank-transfer order with
 * something left to pay. An online order is mailed once, when it is paid; one with nothing to pay
 * is confirmed at once.
 */
export function mailsAwaitingPayment(order: {
  status: string;
  paymentMethod: PaymentMethod;
  amountDue: number;
}): boolean {
  return order.status === 'pending' && isOfflinePayment(order.paymentMethod) && order.amountDue > 0;
}

/** What `mayReturnToCart` reads of an order and its lines. */
export interface ChangeableOrder {
  status: string;
  paymentMethod: PaymentMethod;
  paymentState: string;
  /** The types of its lines. */
  lines: readonly string[];
}

/**
 * Whether the customer may give up her order to change it (its lines back to her cart,
 * docs/decisions/0104): it still waits for an online payment (card or PayPal) that has not come,
 * and every line is one a cart can hold. Cash and bank transfer are settled with the shop (a
 * transfer may be on its way, and nobody can ask a bank), and a gift certificate or a custom piece
 * was never in a cart.
 */
export function mayReturnToCart(order: ChangeableOrder): boolean {
  return (
    order.status === 'pending' &&
    (order.paymentMethod === 'card' || order.paymentMethod === 'paypal') &&
    order.paymentState !== 'paid' &&
    order.paymentState !== 'refunded' &&
    order.lines.length > 0 &&
    order.lines.every((type) => type === 'product' || type === 'lesson' || type === 'course')
  );
}
