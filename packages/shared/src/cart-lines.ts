/**
 * Cart and order lines: lines of the same type and id, and for a book the same format,
 * are ONE line whose quantities add up. Used by the web cart, the server's stored cart and order
 * placement alike. Merging never caps: what to do with a sum over the limit is the caller's rule
 * (the cart caps it, as a shop cart does; placing an order refuses it, docs/decisions/0016).
 * No zod here, so the web's cart can use it from the first paint.
 */
import type { BookFormat } from './shop.constants';

/** At most this many of one product per line. */
export const MAX_LINE_QUANTITY = 99;

export interface LineIdentity {
  type: string;
  id: string;
  bookFormat?: BookFormat | null | undefined;
  /** A product's variant; absent for a product's default variant named by the product alone. */
  variantId?: string | null | undefined;
}

/**
 * `product:<id>`, `product:<id>:digital`, `product:<id>@<variant>`, `lesson:<id>`: equal keys are
 * the same line.
 */
export function lineKey(line: LineIdentity): string {
  return `${line.type}:${line.id}${line.bookFormat ? `:${line.bookFormat}` : ''}${line.variantId ? `@${line.variantId}` : ''}`;
}

/** A lesson or course is bought once; goods up to MAX_LINE_QUANTITY a line. */
export function maxLineQuantity(type: string): number {
  return type === 'product' ? MAX_LINE_QUANTITY : 1;
}

/**
 * One line per key (`lineKey`, or the key of an order's priced line), in the order first seen, each
 * keeping the fields of its first occurrence with the quantities of all summed.
 */
export function mergeLines<Line extends { quantity: number }>(
  lines: readonly Line[],
  key: (line: Line) => string,
): Line[] {
  const merged = new Map<string, Line>();
  for (const line of lines) {
    const k = key(line);
    const existing = merged.get(k);
    if (existing) merged.set(k, { ...existing, quantity: existing.quantity + line.quantity });
    else merged.set(k, { ...line });
  }
  return [...merged.values()];
}

export interface CountedLine extends LineIdentity {
  quantity: number;
}

/**
 * Same type and id, and the same book format and variant, a missing format or variant standing for
 * the other side's.
 */
function sameGoods(a: LineIdentity, b: LineIdentity): boolean {
  return (
    a.type === b.type &&
    a.id === b.id &&
    (!a.bookFormat || !b.bookFormat || a.bookFormat === b.bookFormat) &&
    (!a.variantId || !b.variantId || a.variantId === b.variantId)
  );
}

/**
 * The cart's end when an order is placed (docs/decisions/0051): every ordered line takes its
 * quantity off the cart's matching lines, in cart order, and no more; a line left with nothing is
 * dropped, every other line stays as it is. `taken` is what actually came off (the order may hold
 * lines the cart never had: a lesson bought from its page).
 */
export function takeOrdered<Line extends CountedLine>(
  cart: readonly Line[],
  ordered: readonly CountedLine[],
): { kept: Line[]; taken: CountedLine[] } {
  const left = cart.map((line) => line.quantity);
  const taken: CountedLine[] = [];
  for (const order of ordered) {
    let due = order.quantity;
    for (const [index, line] of cart.entries()) {
      if (due === 0) break;
      if (!sameGoods(line, order) || left[index] === 0) continue;
      const take = Math.min(due, left[index]!);
      left[index]! -= take;
      due -= take;
      taken.push({
        type: line.type,
        id: line.id,
        quantity: take,
        ...(line.bookFormat || order.bookFormat ? { bookFormat: line.bookFormat ?? order.bookFormat } : {}),
        ...(line.variantId || order.variantId ? { variantId: line.variantId ?? order.variantId } : {}),
      });
    }
  }
  const kept = cart.flatMap((line, index) => (left[index]! > 0 ? [{ ...line, quantity: left[index]! }] : []));
  return { kept, taken };
}

// ---------------------------------------------------------------- reserving counted stock

export interface Reservation {
  productId: string;
  /**
   * The variant bought. Whether its units are counted on the variant or on the product (a product
   * without options: its default variant is the product) is the shop's to say when it reserves.
   */
  variantId?: string | null | undefined;
  quantity: number;
}

/** `<product>` or `<product>@<variant>`: one counter of what an order takes. */
export function reservationKey(line: Pick<Reservation, 'productId' | 'variantId'>): string {
  return line.variantId ? `${line.productId}@${line.variantId}` : line.productId;
}

/**
 * One reservation per product and variant, whatever the lines looked like: two lines of one
 * variant (the same book named with and without `bookFormat`, or the same id twice) add up, so the
 * stock check `stock >= quantity` sees the whole order. Sorted by product, then variant, so
 * concurrent orders lock rows in the same order and never deadlock. Lines with a quantity of 0 or
 * less take nothing.
 */
export function aggregateReservations(lines: readonly Reservation[]): Reservation[] {
  const totals = new Map<string, Reservation>();
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    const key = reservationKey(line);
    const seen = totals.get(key);
    if (seen) seen.quantity += line.quantity;
    else
      totals.set(key, {
        productId: line.productId,
        ...(line.variantId ? { variantId: line.variantId } : {}),
        quantity: line.quantity,
      });
  }
  return [...totals.values()].sort((a, b) => {
    const [x, y] = [reservationKey(a), reservationKey(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** Counters (null = not counted) that cannot cover the aggregated quantity, looked up by `reservationKey`. */
export function stockShortages(
  reservations: readonly Reservation[],
  stockOf: (key: string) => number | null | undefined,
): { productId: string; variantId?: string; requested: number; available: number }[] {
  return reservations.flatMap((line) => {
    const stock = stockOf(reservationKey(line));
    if (stock === null || stock === undefined || stock >= line.quantity) return [];
    return [
      {
        productId: line.productId,
        ...(line.variantId ? { variantId: line.variantId } : {}),
        requested: line.quantity,
        available: Math.max(stock, 0),
      },
    ];
  });
}
