/**
 * The first step of checkout: every line of an order priced from the catalogue in the order's
 * currency, merged, and checked against what can be sold (400 unavailable, not sold in the
 * currency, a bad book format or quantity; 409 owned, sold out, a lesson beside its own course,
 * short of stock). Reads only; the reservation decides under a race.
 */
import {
  aggregateReservations,
  type BookFormat,
  type Language,
  type LocalizedText,
  localize,
  MAX_LINE_QUANTITY,
  type OrderLineType,
  SERVER_MESSAGES,
  stockShortages,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { Conflict, InvalidFields, InvalidInput } from '../../platform/errors';
import type { LessonForOrder } from '../orders/orders.schemas';
import type { OrdersCatalog } from '../orders/orders.service';
import type { PlaceOrderInput } from './checkout.schemas';
import { mergePriced, type PricedLine, priceIn } from './pricing';

/** 409 naming each product short of stock and what is left of it, in every language. */
export function stockExceeded(
  short: { productId: string; requested: number; available: number }[],
  nameOf: (productId: string) => LocalizedText | undefined,
): Conflict {
  const text = (lang: Language) =>
    short
      .map(({ productId, available }) =>
        SERVER_MESSAGES.stockExceeded[lang]
          .replace('{name}', localize(nameOf(productId) ?? { ru: '' }, lang))
          .replace('{available}', String(available)),
      )
      .join(' ');
  return new Conflict(
    { ru: text('ru'), en: text('en'), es: text('es') },
    {
      items: short.map(({ productId, requested, available }) => ({
        type: 'product',
        id: productId,
        requested,
        available,
      })),
    },
    'OUT_OF_STOCK',
  );
}

export async function priceLines(catalog: OrdersCatalog, q: Db | Tx, input: PlaceOrderInput): Promise<PricedLine[]> {
  const lines = input.lines;
  const idsOf = (type: OrderLineType) => [...new Set(lines.filter((l) => l.type === type).map((l) => l.id))];
  const [productMap, lessonMap, courseMap] = await Promise.all([
    catalog.products.forOrder(q, idsOf('product')),
    catalog.lessons.forOrder(q, idsOf('lesson'), input.userId),
    catalog.courses.forOrder(q, idsOf('course'), input.userId),
  ]);
  const unavailable: { type: string; id: string; problem: string }[] = [];
  const notInCurrency: { type: string; id: string }[] = [];
  const priced: PricedLine[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.type === 'product') {
      const product = productMap.get(line.id);
      if (!product || product.archived) {
        unavailable.push({ type: line.type, id: line.id, problem: 'not_found' });
        continue;
      }
      let format: BookFormat | null = null;
      if (product.category === 'book' && product.bookFormats) {
        format = line.bookFormat ?? (product.bookFormats.length === 1 ? product.bookFormats[0]! : null);
        if (!format || !product.bookFormats.includes(format)) {
          throw new InvalidFields('bookFormatInvalid', [
            { field: `items.${index}.bookFormat`, message: 'bookFormatInvalid' },
          ]);
        }
      } else if (line.bookFormat) {
        throw new InvalidFields('bookFormatInvalid', [
          { field: `items.${index}.bookFormat`, message: 'bookFormatInvalid' },
        ]);
      }
      if (product.availability === 'out_of_stock') {
        throw new Conflict(
          'outOfStock',
          { items: [{ type: 'product', id: product.id, available: 0 }] },
          'OUT_OF_STOCK',
        );
      }
      const unit = priceIn(product, input.currency);
      if (unit === null) {
        notInCurrency.push({ type: line.type, id: line.id });
        continue;
      }
      const digital = format === 'digital';
      priced.push({
        type: 'product',
        refId: product.id,
        name: product.name,
        bookFormat: format,
        unitRubMinor: product.priceRubMinor,
        unitCurrencyMinor: unit,
        quantity: line.quantity,
        physical: !digital,
        // Made-to-order goods and digital copies do not draw on the counted stock.
        reserve: !digital && product.availability !== 'on_order' && product.stock !== null,
        seat: false,
        creditRubMinor: 0,
        courseId: null,
        index,
        parcel: digital ? null : product.parcel,
      });
      continue;
    }
    const item: LessonForOrder | undefined = (line.type === 'lesson' ? lessonMap : courseMap).get(line.id);
    if (!item?.published) {
      unavailable.push({ type: line.type, id: line.id, problem: 'not_found' });
      continue;
    }
    if (line.bookFormat) {
      throw new InvalidFields('bookFormatInvalid', [
        { field: `items.${index}.bookFormat`, message: 'bookFormatInvalid' },
      ]);
    }
    if (line.quantity !== 1) {
      throw new InvalidFields('lessonQuantityOne', [
        { field: `items.${index}.quantity`, message: 'lessonQuantityOne' },
      ]);
    }
    if (item.owned) {
      throw new Conflict(
        line.type === 'course' ? 'courseAlreadyPurchased' : 'lessonAlreadyOwned',
        { items: [{ type: line.type, id: line.id }] },
        'ALREADY_OWNED',
      );
    }
    if (item.seatsLeft === 0) {
      throw new Conflict('courseSoldOut', { items: [{ type: line.type, id: line.id }] }, 'SOLD_OUT');
    }
    const unit = priceIn(item, input.currency);
    if (unit === null) {
      notInCurrency.push({ type: line.type, id: line.id });
      continue;
    }
    priced.push({
      type: line.type,
      refId: item.id,
      name: item.name,
      bookFormat: null,
      unitRubMinor: item.priceRubMinor,
      unitCurrencyMinor: unit,
      quantity: 1,
      physical: false,
      reserve: false,
      seat: item.seatsLeft !== null,
      creditRubMinor: item.creditRubMinor,
      courseId: item.courseId,
      index,
      parcel: null,
    });
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
  const short = stockShortages(
    aggregateReservations(
      merged.filter((line) => line.reserve).map((line) => ({ productId: line.refId, quantity: line.quantity })),
    ),
    (id) => productMap.get(id)?.stock,
  );
  if (short.length > 0) throw stockExceeded(short, (id) => productMap.get(id)?.name);
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
