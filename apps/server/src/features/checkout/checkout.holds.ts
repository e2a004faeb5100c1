/**
 * The unpaid-hold caps applied to a priced order before it reserves (docs/decisions/0096): the
 * unpaid orders of one mailbox hold at most UNPAID_HOLD_UNITS_PER_PRODUCT units of a product and
 * owe at most UNPAID_HOLD_MAX_RUB. Cash and bank transfer over a cap: 409 UNPAID_HOLD_LIMIT (no
 * payment starts online to decide). Card and PayPal over a cap: the order is placed, takes what
 * the caps allow now and leaves the rest deferred, taken when its online payment starts.
 */
import { reservationKey } from '@atelier/shared';
import type { Tx } from '../../db/client';
import type { HoldSplit, OrderDraft, OrdersService } from '../orders/orders.service';

/** Offline payments: nothing online starts, so an order over a cap cannot wait for its payment. */
const OFFLINE = new Set(['cash', 'bank_transfer']);

/** Whether an order is subject to the caps: unpaid, of an account, holding stock or paid offline. */
export function capsApply(plan: OrderDraft): boolean {
  return (
    plan.limitOpenUnpaid &&
    Boolean(plan.order.userId) &&
    (plan.reservations.length > 0 || OFFLINE.has(plan.order.paymentMethod))
  );
}

/**
 * The plan with only what it may hold now in its reservations, and each line's deferred units
 * (`deferredQuantity`) out of its `reservedQuantity`. Unchanged when within the caps.
 */
export function applyHoldSplit<P extends OrderDraft>(plan: P, split: HoldSplit): P {
  if (split.deferred.size === 0) return plan;
  const left = new Map(split.deferred);
  const items = plan.items.map((item) => {
    if (!item.productId) return item;
    const key = reservationKey({ productId: item.productId, variantId: item.variantId });
    const over = left.get(key) ?? 0;
    const reserved = item.reservedQuantity ?? 0;
    if (over === 0 || reserved === 0) return item;
    const moved = Math.min(over, reserved);
    left.set(key, over - moved);
    return { ...item, reservedQuantity: reserved - moved, deferredQuantity: moved };
  });
  return { ...plan, items, reservations: split.firm };
}

/** The amount the order will owe (RUB minor): its total less what a gift certificate pays. */
export function dueOf(plan: OrderDraft): number {
  return plan.total - (plan.order.giftCertificateRub ?? 0);
}

/**
 * Inside the order's transaction, before it reserves: the customer locked (as for the open-orders
 * limit) and the caps of their mailbox applied: offline over a cap is a 409, online over a cap
 * takes now only what the caps allow and defers the rest to its payment.
 */
export async function capUnpaidHold<P extends OrderDraft>(
  orders: Pick<OrdersService, 'lockCustomer' | 'splitByHoldCaps'>,
  tx: Tx,
  plan: P,
): Promise<P> {
  const userId = plan.order.userId;
  if (!userId || !capsApply(plan)) return plan;
  await orders.lockCustomer(tx, userId);
  const split = await orders.splitByHoldCaps(tx, userId, plan.reservations, dueOf(plan), {
    refuseOver: OFFLINE.has(plan.order.paymentMethod),
  });
  return applyHoldSplit(plan, split);
}
