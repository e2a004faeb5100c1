/**
 * What an open order holds, seen by the kinds of its lines: the counted units of each product and
 * variant its lines reserve (as the unpaid-hold caps left them) and a seat per seat-taking line.
 */
import {
  aggregateReservations,
  type LocalizedText,
  ORDER_LINE_TYPES,
  type OrderLineType,
  reservationKey,
} from '@atelier/shared';
import type { OrderDraft } from '../orders/orders.service';
import type { HeldLine } from './checkout.schemas';

/** What a planned order holds: its lines, and the lines that take a seat (one unit each, not recorded as reserved). */
export interface HeldPlan {
  items: OrderDraft['items'];
  seats: { type: OrderLineType; refId: string }[];
}

/** A kind a customer can put in an order (gift certificates and custom pieces have their own flows). */
export const isSellableKind = (type: string): type is OrderLineType =>
  (ORDER_LINE_TYPES as readonly string[]).includes(type);

/** The catalogue row an order line names, whatever its kind. */
export function refOf(item: OrderDraft['items'][number]): string | null {
  return item.productId ?? item.lessonId ?? item.courseId ?? null;
}

/**
 * What an order holds while it is open, by kind, in id order within each: the counted units its
 * lines reserve (as the unpaid-hold caps left them) and a seat per seat-taking line.
 */
export function heldByKind(plan: HeldPlan): Map<OrderLineType, HeldLine[]> {
  const units = new Map<OrderLineType, HeldLine[]>();
  const add = (type: string, refId: string | null, variantId: string | null, quantity: number) => {
    if (!refId || quantity <= 0 || !isSellableKind(type)) return;
    units.set(type, [...(units.get(type) ?? []), { refId, variantId, quantity }]);
  };
  for (const item of plan.items) add(item.type, refOf(item), item.variantId ?? null, item.reservedQuantity ?? 0);
  for (const seat of plan.seats) add(seat.type, seat.refId, null, 1);
  // One line per counter, in id order.
  return new Map(
    [...units].map(([kind, lines]) => [
      kind,
      aggregateReservations(
        lines.map((l) => ({ productId: l.refId, variantId: l.variantId, quantity: l.quantity })),
      ).map((r) => ({ refId: r.productId, variantId: r.variantId ?? null, quantity: r.quantity })),
    ]),
  );
}

/** The lines' names by counter (`reservationKey`): what a 409 short of stock names. */
export function namesByCounter(plan: Pick<HeldPlan, 'items'>): Map<string, LocalizedText> {
  return new Map(
    plan.items.map((item) => [reservationKey({ productId: refOf(item) ?? '', variantId: item.variantId }), item.name]),
  );
}
