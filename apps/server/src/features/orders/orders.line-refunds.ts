/**
 * A refund of chosen lines of a paid order, the order's side (payments asks the provider): the
 * units counted on the locked order with their amounts, counted back on a refusal, and once the
 * money went back: unshipped goods' units back to the stock, `orderLinesRefunded` for the lines
 * refunded whole (their lessons, courses and book downloads go).
 */
import { type OrderStatus, orderFullyRefunded } from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { Conflict, NotFound } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import { toEvent } from './orders.present';
import { type OrderItemRow, ordersRepo } from './orders.repo';
import type { OrderEvents } from './orders.schemas';

/**
 * Every refundable unit of the order was given back: it is not prepared, shipped or marked
 * delivered (409 ORDER_REFUNDED), so no mail and no completion receipt follow.
 */
export async function refuseRefunded(q: Db | Tx, orderId: string): Promise<void> {
  if (orderFullyRefunded(await ordersRepo.items(q, [orderId])))
    throw new Conflict('orderFullyRefunded', undefined, 'ORDER_REFUNDED');
}

type Price = (line: { id: string; quantity: number; refundedQuantity: number }, quantity: number) => number;

/**
 * Prices `wanted` against the lines as they stand (`price`: a line and how many more units): null
 * when a line is not there or has not that many units left. The refund and its preview both price
 * through here.
 */
function priceUnits(
  items: { id: string; quantity: number; refundedQuantity: number }[],
  wanted: { lineId: string; quantity: number }[],
  price: Price,
): { lineId: string; quantity: number; amountMinor: number }[] | null {
  const byId = new Map(items.map((item) => [item.id, item]));
  const lines = [];
  for (const { lineId, quantity } of wanted) {
    const item = byId.get(lineId);
    if (!item || item.refundedQuantity + quantity > item.quantity) return null;
    lines.push({ lineId, quantity, amountMinor: price(item, quantity) });
  }
  return lines;
}

/**
 * What orders needs of each kind of line (the root hands checkout's sellables): its current
 * picture on the order's pages, and the counted units a line still holds given back.
 */
export interface LineKind {
  load(q: Db | Tx, ids: string[], userId: string): Promise<ReadonlyMap<string, unknown>>;
  image(item: unknown): string | null;
  release?(tx: Tx, lines: readonly { refId: string; variantId?: string | null; quantity: number }[]): Promise<void>;
}

/**
 * Gives back `quantity` units of each line through the registration of its kind (a cancel: all
 * it holds; a refund before shipping: the refunded units it held). Whether anything came back.
 */
export async function releaseHeld(
  kinds: Partial<Record<string, Pick<LineKind, 'release'>>>,
  tx: Tx,
  back: readonly { item: OrderItemRow; quantity: number }[],
): Promise<boolean> {
  const byKind = new Map<string, { refId: string; variantId: string | null; quantity: number }[]>();
  for (const { item, quantity } of back) {
    const refId = item.productId ?? item.lessonId ?? item.courseId;
    if (!refId || quantity <= 0) continue;
    byKind.set(item.type, [...(byKind.get(item.type) ?? []), { refId, variantId: item.variantId, quantity }]);
  }
  for (const [kind, lines] of byKind) await kinds[kind]?.release?.(tx, lines);
  return byKind.size > 0;
}

export function createOrderLineRefunds({
  events,
  kinds,
  stockChanged,
}: {
  events: Pick<EventBus<OrderEvents>, 'emit'>;
  kinds: Partial<Record<string, Pick<LineKind, 'release'>>>;
  stockChanged?: (() => void) | undefined;
}) {
  return {
    /**
     * A refund of chosen lines, step 1, in `tx`: locks the order, prices the units with `price`
     * (the line as it stands under the lock, and how many more units) and counts them as refunded
     * with their amounts, only while each line has that many left. Answers the order's status and
     * the priced lines, or null when a line has not that many left (the caller rolls back).
     */
    async countRefunded(
      tx: Tx,
      orderId: string,
      wanted: { lineId: string; quantity: number }[],
      price: Price,
    ): Promise<{ status: OrderStatus; lines: { lineId: string; quantity: number; amountMinor: number }[] } | null> {
      const row = await ordersRepo.lock(tx, orderId);
      if (!row) throw new NotFound();
      const lines = priceUnits(await ordersRepo.items(tx, [orderId]), wanted, price);
      if (!lines) return null;
      for (const line of lines) {
        if (!(await ordersRepo.addRefunded(tx, orderId, line))) return null;
      }
      return { status: row.status, lines };
    },

    /**
     * The preview of a refund of chosen lines: priced as `countRefunded` would price it now, with
     * nothing counted or locked. Answers the priced lines with each line's units left before
     * them, or null when a line has not that many left.
     */
    async priceRefund(
      q: Db | Tx,
      orderId: string,
      wanted: { lineId: string; quantity: number }[],
      price: Price,
    ): Promise<{ lineId: string; quantity: number; amountMinor: number; unitsLeft: number }[] | null> {
      const items = await ordersRepo.items(q, [orderId]);
      const lines = priceUnits(items, wanted, price);
      if (!lines) return null;
      return lines.map((line) => {
        const item = items.find((i) => i.id === line.lineId)!;
        return { ...line, unitsLeft: item.quantity - item.refundedQuantity };
      });
    },

    /** The provider refused the refund: its units are counted back (in `tx`). */
    async uncountRefunded(
      tx: Tx,
      orderId: string,
      lines: { lineId: string; quantity: number; amountMinor: number }[],
    ): Promise<void> {
      for (const line of lines) {
        await ordersRepo.addRefunded(tx, orderId, {
          lineId: line.lineId,
          quantity: -line.quantity,
          amountMinor: -line.amountMinor,
        });
      }
    },

    /**
     * A refund of chosen lines, done (in `tx`): goods not shipped yet give their units back to
     * the stock, and the lines refunded whole now are emitted as `orderLinesRefunded` (their
     * lessons, courses and book downloads go). Answers whether every line is refunded whole.
     */
    async linesRefunded(
      tx: Tx,
      orderId: string,
      lines: { lineId: string; quantity: number }[],
    ): Promise<{ allRefunded: boolean }> {
      const row = await ordersRepo.lock(tx, orderId);
      if (!row) throw new NotFound();
      const shipped = row.status === 'shipped' || row.status === 'delivered';
      let items = await ordersRepo.items(tx, [orderId]);
      let stockReturned = false;
      if (!shipped) {
        const back: { item: OrderItemRow; quantity: number }[] = [];
        for (const line of lines) {
          const item = items.find((i) => i.id === line.lineId);
          if (!item || item.reservedQuantity === 0) continue;
          back.push({ item, quantity: await ordersRepo.releaseReserved(tx, item.id, line.quantity) });
        }
        stockReturned = await releaseHeld(kinds, tx, back);
        if (stockReturned) items = await ordersRepo.items(tx, [orderId]);
      }
      const named = new Set(lines.map((line) => line.lineId));
      const whole = items.filter((item) => named.has(item.id) && item.refundedQuantity >= item.quantity);
      if (whole.length > 0) await events.emit(tx, 'orderLinesRefunded', toEvent(row, whole));
      if (stockReturned) stockChanged?.();
      return { allRefunded: items.every((item) => item.refundedQuantity >= item.quantity) };
    },
  };
}
