/**
 * The first step of checkout: every line of an order priced in the order's currency by the
 * Sellable of its kind (checkout.schemas.ts), merged, and checked against what can be sold (400
 * unavailable, not sold in the currency, a bad book format or quantity; 409 owned, sold out, a
 * lesson beside its own course, short of stock). Reads only; the reservation decides under a race.
 */
import {
  aggregateReservations,
  type Language,
  type LocalizedText,
  localize,
  MAX_LINE_QUANTITY,
  reservationKey,
  SERVER_MESSAGES,
  stockShortages,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { Conflict, InvalidFields, InvalidInput } from '../../platform/errors';
import type { PlaceOrderInput, Sellables } from './checkout.schemas';
import { mergePriced, type PricedLine } from './pricing';

/** 409 naming each product (and variant) short of stock and what is left of it, in every language. */
export function stockExceeded(
  short: { productId: string; variantId?: string; requested: number; available: number }[],
  nameOf: (key: string) => LocalizedText | undefined,
): Conflict {
  const text = (lang: Language) =>
    short
      .map((line) =>
        SERVER_MESSAGES.stockExceeded[lang]
          .replace('{name}', localize(nameOf(reservationKey(line)) ?? { ru: '' }, lang))
          .replace('{available}', String(line.available)),
      )
      .join(' ');
  return new Conflict(
    { ru: text('ru'), en: text('en'), es: text('es') },
    {
      items: short.map(({ productId, variantId, requested, available }) => ({
        type: 'product',
        id: productId,
        ...(variantId ? { variantId } : {}),
        requested,
        available,
      })),
    },
    'OUT_OF_STOCK',
  );
}

/**
 * Every line of an order priced in the order's currency by the Sellable of its kind, in the order
 * the customer listed them (the first line that cannot be ordered as it is answers), then merged
 * and checked as a whole: what is gone or not sold in the currency (400, every such line named), a
 * lesson beside its own course (409), the counted stock as read (409 naming what is left).
 */
export async function priceLines(sellables: Sellables, q: Db | Tx, input: PlaceOrderInput): Promise<PricedLine[]> {
  const lines = input.lines;
  const kinds = [...new Set(lines.map((line) => line.type))];
  const loaded = new Map(
    await Promise.all(
      kinds.map(
        async (kind) =>
          [
            kind,
            await sellables[kind].load(
              q,
              [...new Set(lines.filter((line) => line.type === kind).map((line) => line.id))],
              input.userId,
            ),
          ] as const,
      ),
    ),
  );
  const unavailable: { type: string; id: string; problem: string }[] = [];
  const notInCurrency: { type: string; id: string }[] = [];
  const priced: PricedLine[] = [];
  for (const [index, line] of lines.entries()) {
    const answer = sellables[line.type].price(loaded.get(line.type)?.get(line.id), { ...line, index }, input.currency);
    if ('priced' in answer) priced.push(answer.priced);
    else if ('unavailable' in answer) unavailable.push({ type: line.type, id: line.id, problem: answer.unavailable });
    else notInCurrency.push({ type: line.type, id: line.id });
  }
  if (unavailable.length > 0) throw new InvalidInput('itemUnavailable', { items: unavailable }, 'ITEM_UNAVAILABLE');
  if (notInCurrency.length > 0) {
    throw new InvalidInput('notSoldInCurrency', { items: notInCurrency }, 'NOT_SOLD_IN_CURRENCY');
  }
  const merged = mergePriced(priced);
  // A lesson next to its own course would be paid twice: the course unlocks it.
  const coursesInOrder = new Set(merged.filter((line) => line.type === 'course').map((line) => line.refId));
  const covered = merged.filter((line) => line.courseId !== null && coursesInOrder.has(line.courseId));
  if (covered.length > 0) {
    throw new Conflict(
      'lessonInCourseInOrder',
      { items: covered.map((line) => ({ type: line.type, id: line.refId, courseId: line.courseId })) },
      'LESSON_IN_COURSE',
    );
  }
  // The whole order against the stock read above, before anything is written: a clear message
  // naming the product and what is left. The atomic reservation still decides under a race.
  const reserving = merged.filter((line) => line.reserve);
  const counter = (line: PricedLine) => ({ productId: line.refId, variantId: line.variantId });
  const stockOf = new Map(reserving.map((line) => [reservationKey(counter(line)), line.stock]));
  const short = stockShortages(
    aggregateReservations(reserving.map((line) => ({ ...counter(line), quantity: line.quantity }))),
    (key) => stockOf.get(key) ?? undefined,
  );
  if (short.length > 0) {
    const names = new Map(reserving.map((line) => [reservationKey(counter(line)), line.name]));
    throw stockExceeded(short, (key) => names.get(key));
  }
  for (const line of merged) {
    if (line.type !== 'product' && line.quantity !== 1) {
      throw new InvalidFields('lessonQuantityOne', [
        { field: `items.${line.index}.quantity`, message: 'lessonQuantityOne' },
      ]);
    }
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY) {
      throw new InvalidFields('quantityInvalid', [
        { field: `items.${line.index}.quantity`, message: 'quantityInvalid' },
      ]);
    }
  }
  return merged;
}
