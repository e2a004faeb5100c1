/**
 * Lessons and courses as checkout sells them (the `lesson` and `course` registrations of
 * `sellables` in src/services.ts; both are sold alike): one of each, never to someone who owns it
 * (bought, or opened by its course), never past a master class's last seat; a course carries the
 * customer's credit for its lessons bought singly, a lesson its course (checkout refuses a lesson
 * beside its own course in one order).
 */
import type { Db, Tx } from '../../db/client';
import { Conflict, InvalidFields } from '../../platform/errors';
import type { FiscalOf, LessonForOrder, OrderEvent, Sellable } from '../checkout/checkout.schemas';
import { priceIn } from '../checkout/pricing';

/** A lesson's or course's receipt line: access is given with the payment, so it is paid in full. */
export function trainingFiscal(type: 'lesson' | 'course'): FiscalOf {
  return () => ({ subject: type, mode: 'full_payment', note: null });
}

/** The lessons or the courses, as their registration reads them. */
export interface TrainingSource {
  forOrder(q: Db | Tx, ids: string[], userId: string): Promise<Map<string, LessonForOrder>>;
}

/** A master class's seats (courses only): one taken per order line, given back when it is cancelled or refunded. */
export interface Seats {
  /** Takes a seat of a seat-limited course atomically; 409 SOLD_OUT when the last one went meanwhile. */
  hold(tx: Tx, offer: { id: string }): Promise<void>;
  releaseSeats(tx: Tx, event: OrderEvent): Promise<void>;
  /** A seat was taken: the public course pages show the seats left. */
  settled(): void;
}

/** What a confirmed order's lessons and courses give (the purchase), and what its cancel or refund takes back. */
export interface TrainingGrants {
  grantOrder(tx: Tx, event: OrderEvent, type: 'lesson' | 'course'): Promise<void>;
  revokeLines(tx: Tx, event: OrderEvent, type: 'lesson' | 'course'): Promise<void>;
}

export function trainingSellable(
  type: 'lesson' | 'course',
  source: TrainingSource,
  grants: TrainingGrants,
  seats?: Seats,
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
          variantId: null,
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

    ...(seats
      ? {
          async reserve(tx, lines, userId) {
            for (const line of lines) await seats.hold(tx, { id: line.refId });
            const left = await source.forOrder(
              tx,
              lines.map((line) => line.refId),
              userId,
            );
            return { short: [], tookLast: [...left.values()].some((course) => course.seatsLeft === 0) };
          },
          settled: () => seats.settled(),
        }
      : {}),

    grant: (tx, event) => grants.grantOrder(tx, event, type),

    async undo(tx, event) {
      await grants.revokeLines(tx, event, type);
      await seats?.releaseSeats(tx, event);
    },

    image: (item) => item.image,

    fiscal: trainingFiscal(type),
  };
}
