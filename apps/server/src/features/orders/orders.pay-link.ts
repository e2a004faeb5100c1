/**
 * How long an unpaid order's payment link works (docs/decisions/0083): the order is then not
 * cancelled before the link stops working. An order that holds what others could buy (counted
 * stock, a master-class line and its seat, the last units) keeps its own hold, and its link ends
 * with it; one that holds nothing waits as long as the link asks.
 */
import type { Tx } from '../../db/client';
import { ordersRepo } from './orders.repo';
import { holdUntil, type OrderPolicy } from './orders.rules';

/** Opens the pending order's link until `wanted` (or its own hold); when it ends, or null when not pending. */
export async function openPayLink(tx: Tx, orderId: string, wanted: Date, policy: OrderPolicy): Promise<Date | null> {
  const row = await ordersRepo.lock(tx, orderId);
  if (row?.status !== 'pending') return null;
  const items = await ordersRepo.items(tx, [orderId]);
  const holdsGoods = row.holdsScarce || items.some((item) => item.reservedQuantity > 0 || item.type === 'course');
  const own = holdUntil(row.createdAt, row.paymentMethod, policy, row.holdsScarce);
  const until = holdsGoods && own.getTime() < wanted.getTime() ? own : wanted;
  // Whole seconds: the link carries its end, and must name exactly the stored one.
  const stored = new Date(Math.floor(until.getTime() / 1000) * 1000);
  await ordersRepo.setPayLinkUntil(tx, orderId, stored);
  return stored;
}
