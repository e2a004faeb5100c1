/**
 * Lessons and courses as checkout sells them (the `lesson` and `course` registrations of
 * `sellables` in src/services.ts; both are sold alike): one of each, never to someone who owns it
 * (bought, or opened by its course), never past a master class's last seat; a course carries the
 * customer's credit for its lessons bought singly, a lesson its course (checkout refuses a lesson
 * beside its own course in one order).
 */
import type { Db, Tx } from '../../db/client';
import { Conflict, InvalidFields } from '../../platform/errors';
import type { FiscalOf, LessonForOrder, Sellable } from '../checkout/checkout.schemas';
import { priceIn } from '../checkout/pricing';

/** A lesson's or course's receipt line: access is given with the payment, so it is paid in full. */
export function trainingFiscal(type: 'lesson' | 'course'): FiscalOf {
  return () => ({ subject: type, mode: 'full_payment', note: null });
}

export function trainingSellable(
  type: 'lesson' | 'course',
  source: { forOrder(q: Db | Tx, ids: string[], userId: string): Promise<Map<string, LessonForOrder>> },
): Sellable<LessonForOrder> {
  return {
    load: (q, ids, userId) => source.forOrder(q, ids, userId),

    price(item, line, currency) {
      if (!item?.published) return { unavailable: 'not_found' };
      if (line.bookFormat) {
        throw new InvalidFields('bookFormatInvalid', [
          { field: `items.${line.index}.bookFormat`, message: 'bookFormatInvalid' },
        ]);
      }
      if (line.quantity !== 1) {
        throw new InvalidFields('lessonQuantityOne', [
          { field: `items.${line.index}.quantity`, message: 'lessonQuantityOne' },
        ]);
      }
      if (item.owned) {
        throw new Conflict(
          type === 'course' ? 'courseAlreadyPurchased' : 'lessonAlreadyOwned',
          { items: [{ type, id: line.id }] },
          'ALREADY_OWNED',
        );
      }
      if (item.seatsLeft === 0) throw new Conflict('courseSoldOut', { items: [{ type, id: line.id }] }, 'SOLD_OUT');
      const unit = priceIn(item, currency);
      if (unit === null) return { notSoldIn: currency };
      return {
        priced: {
          type,
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
          index: line.index,
          parcel: null,
          stock: null,
        },
      };
    },

    image: (item) => item.image,

    fiscal: trainingFiscal(type),
  };
}
