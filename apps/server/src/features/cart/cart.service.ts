/**
 * The server copy of a signed-in user's cart (`GET|PUT /cart`) so it follows them to
 * another device. Only type, id, quantity, book format and variant are stored; every read prices the lines
 * from the catalogue and flags what cannot be ordered as it is.
 */
import type {
  Cart,
  CartLine,
  CartLineProblem,
  Language,
  LocalizedText,
  OrderLineType,
  PutCartBody,
  ReturnedToCart,
} from '@atelier/shared';
import {
  type CountedLine,
  lineKey,
  MAX_CART_LINES,
  maxLineQuantity,
  mergeLines,
  takeOrdered,
  variantName,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { carts } from '../../db/schema';
import { InvalidInput } from '../../platform/errors';
import { afterCredit, priceAfter } from '../checkout/pricing';
import type { CoursesService } from '../courses/courses.service';
import type { LessonsService } from '../lessons/lessons.service';
import type { ShopService } from '../shop/shop.service';

type StoredLine = PutCartBody['items'][number];

/** A line of an order given up to be changed (orders' `LineToChange`). */
export interface LineBack {
  type: OrderLineType;
  /** null: its item was deleted. */
  id: string | null;
  bookFormat: 'physical' | 'digital' | null;
  /** A product with options: the variant it was. */
  variantId: string | null;
  quantity: number;
  name: LocalizedText;
}
type OrderedEntry = (typeof carts.$inferSelect)['ordered'][number];

/** How long, and how many, lines taken by orders are remembered against saves from stale tabs. */
const ORDERED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
const ORDERED_KEPT_LINES = 200;

/**
 * The cart's next `updatedAt`: now, but never at or before the last one (two instances' clocks
 * may differ), so "after the cart I read" always means after.
 */
function nextStamp(previous: Date | null | undefined): Date {
  const now = Date.now();
  return new Date(previous ? Math.max(now, previous.getTime() + 1) : now);
}

/** The same id + type (+ book format) merges into one line, capped like the web cart caps it. */
function mergeCartLines(lines: StoredLine[]): StoredLine[] {
  return mergeLines(lines, lineKey).map((line) => ({
    ...line,
    quantity: Math.min(line.quantity, maxLineQuantity(line.type)),
  }));
}

/** A book's format and a product's variant as a stored line carries them (none for other goods). */
const format = (line: { bookFormat: 'physical' | 'digital' | null; variantId: string | null }) => ({
  ...(line.bookFormat ? { bookFormat: line.bookFormat } : {}),
  ...(line.variantId ? { variantId: line.variantId } : {}),
});

type Priced = { priceRubMinor: number; priceEurMinor: number | null; priceUsdMinor: number | null };

/** The price to pay: a course's credit for its lessons already bought is taken off, as the order does. */
function price(item: Priced, creditRubMinor = 0) {
  return priceAfter(item, afterCredit(item.priceRubMinor, creditRubMinor));
}

export function createCartService({
  db,
  products,
  lessons,
  courses,
}: {
  db: Db;
  products: Pick<ShopService, 'forOrder'>;
  lessons: Pick<LessonsService, 'forOrder'>;
  courses: Pick<CoursesService, 'forOrder'>;
}) {
  async function describe(
    userId: string,
    stored: StoredLine[],
    updatedAt: Date | null,
    q: Db | Tx = db,
  ): Promise<Cart> {
    const ids = (type: OrderLineType) => [...new Set(stored.filter((l) => l.type === type).map((l) => l.id))];
    const [productMap, lessonMap, courseMap] = await Promise.all([
      products.forOrder(q, ids('product')),
      lessons.forOrder(q, ids('lesson'), userId),
      courses.forOrder(q, ids('course'), userId),
    ]);
    const coursesInCart = new Set(ids('course'));
    const items: CartLine[] = stored.map((line) => {
      const base = {
        type: line.type,
        id: line.id,
        quantity: line.quantity,
        ...(line.bookFormat ? { bookFormat: line.bookFormat } : {}),
        ...(line.variantId ? { variantId: line.variantId } : {}),
      };
      if (line.type === 'product') {
        const product = productMap.get(line.id);
        // The variant the line names, or a product's one default variant.
        const variant = line.variantId
          ? product?.variants.get(line.variantId)
          : product && !product.hasOptions && product.variants.size === 1
            ? [...product.variants.values()][0]
            : undefined;
        if (!product || product.archived || !variant) {
          return {
            ...base,
            name: null,
            price: null,
            image: null,
            stock: null,
            physical: true,
            available: false,
            problem: 'not_found',
          };
        }
        const physical = line.bookFormat !== 'digital';
        const counted = physical && variant.availability !== 'on_order' ? variant.stock : null;
        let problem: CartLineProblem | null = null;
        if (variant.availability === 'out_of_stock' || (counted !== null && counted <= 0)) problem = 'out_of_stock';
        else if (counted !== null && counted < line.quantity) problem = 'insufficient_stock';
        return {
          ...base,
          name: variantName(product.name, variant.label),
          price: price(variant),
          image: variant.image,
          stock: counted,
          physical,
          available: problem === null,
          problem,
        };
      }
      const lesson = (line.type === 'lesson' ? lessonMap : courseMap).get(line.id);
      if (!lesson?.published) {
        return {
          ...base,
          name: null,
          price: null,
          image: null,
          stock: null,
          physical: false,
          available: false,
          problem: 'not_found',
        };
      }
      const problem: CartLineProblem | null = lesson.owned
        ? 'already_owned'
        : lesson.seatsLeft === 0
          ? 'sold_out'
          : lesson.courseId !== null && coursesInCart.has(lesson.courseId)
            ? 'in_course'
            : null;
      return {
        ...base,
        name: lesson.name,
        price: price(lesson, lesson.creditRubMinor),
        image: lesson.image,
        stock: null,
        physical: false,
        available: problem === null,
        problem,
      };
    });
    return { items, updatedAt: updatedAt?.toISOString() ?? null };
  }

  return {
    async get(userId: string): Promise<Cart> {
      const [row] = await db.select().from(carts).where(eq(carts.userId, userId)).limit(1);
      return describe(userId, (row?.items ?? []) as StoredLine[], row?.updatedAt ?? null);
    },

    /**
     * Replaces the stored cart (an empty list clears it), noting the site language for the
     * reminder. Emptying the cart ends it: the next one may be reminded of again.
     */
    async put(userId: string, body: PutCartBody, language: Language = 'ru'): Promise<Cart> {
      const sent = mergeCartLines(body.items);
      for (const [index, line] of sent.entries()) {
        if (line.type !== 'product' && line.bookFormat) {
          throw new InvalidInput('bookFormatInvalid', {
            fields: [{ field: `items.${index}.bookFormat`, message: 'bookFormatInvalid' }],
          });
        }
        if (line.type !== 'product' && line.variantId) {
          throw new InvalidInput('variantInvalid', {
            fields: [{ field: `items.${index}.variantId`, message: 'variantInvalid' }],
          });
        }
      }
      const basedOn = body.basedOn ? Date.parse(body.basedOn) : null;
      // Locked: an order ending lines of this cart waits for this save, or this save for it.
      const { lines, stamp } = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ ordered: carts.ordered, updatedAt: carts.updatedAt })
          .from(carts)
          .where(eq(carts.userId, userId))
          .for('update');
        // Lines ordered after the cart these items grew from are not put back.
        const since = basedOn === null ? [] : (row?.ordered ?? []).filter((entry) => Date.parse(entry.at) > basedOn);
        const lines = since.length > 0 ? takeOrdered(sent, since).kept : sent;
        const stamp = nextStamp(row?.updatedAt);
        const ended = lines.length === 0 ? { remindedAt: null } : {};
        await tx
          .insert(carts)
          .values({ userId, items: lines, language, updatedAt: stamp })
          .onConflictDoUpdate({ target: carts.userId, set: { items: lines, language, updatedAt: stamp, ...ended } });
        return { lines, stamp };
      });
      return describe(userId, lines, stamp);
    },

    /**
     * Inside the order's transaction: takes the ordered lines off the user's cart (`takeOrdered`,
     * docs/decisions/0051) and remembers what it took, so a save from a tab that had not seen the
     * order cannot put them back. A cart the order did not touch is left alone.
     */
    async endOrdered(tx: Tx, userId: string, ordered: readonly CountedLine[]): Promise<void> {
      if (ordered.length === 0) return;
      const [row] = await tx.select().from(carts).where(eq(carts.userId, userId)).for('update');
      if (!row) return;
      const { kept, taken } = takeOrdered(row.items, ordered);
      if (taken.length === 0) return;
      const stamp = nextStamp(row.updatedAt);
      const at = stamp.toISOString();
      const remembered: OrderedEntry[] = [
        ...row.ordered.filter((entry) => Date.parse(entry.at) > stamp.getTime() - ORDERED_KEPT_MS),
        ...taken.map((line) => ({
          at,
          type: line.type as OrderedEntry['type'],
          id: line.id,
          quantity: line.quantity,
          ...(line.bookFormat ? { bookFormat: line.bookFormat } : {}),
          ...(line.variantId ? { variantId: line.variantId } : {}),
        })),
      ].slice(-ORDERED_KEPT_LINES);
      await tx
        .update(carts)
        .set({
          items: kept,
          ordered: remembered,
          updatedAt: stamp,
          // An emptied cart is ended: the next one may be reminded of again.
          ...(kept.length === 0 ? { remindedAt: null } : {}),
        })
        .where(eq(carts.userId, userId));
    },

    /**
     * Inside the transaction of an order given up to be changed (docs/decisions/0104): its lines
     * merged into the user's cart after what the cart holds, capped as any cart is, and taken off
     * what the cart remembers as ordered (so a save from a tab that saw the order keeps them). A
     * line whose item is no longer sold, or that finds no room, is answered in `notReturned`.
     */
    async putBack(
      tx: Tx,
      userId: string,
      back: readonly LineBack[],
      language: Language,
    ): Promise<Omit<ReturnedToCart, 'orderNumber'>> {
      const [row] = await tx.select().from(carts).where(eq(carts.userId, userId)).for('update');
      const known = back.flatMap((line) =>
        line.id ? [{ type: line.type, id: line.id, quantity: line.quantity, ...format(line) }] : [],
      );
      const checked = await describe(userId, known, null, tx);
      const gone = new Set(checked.items.filter((line) => line.problem === 'not_found').map(lineKey));
      const items: StoredLine[] = (row?.items ?? []).map((line) => ({ ...line }));
      const notReturned: ReturnedToCart['notReturned'] = [];
      for (const line of back) {
        const named = { type: line.type, id: line.id, name: line.name };
        const stored = line.id ? { type: line.type, id: line.id, ...format(line) } : null;
        if (!stored || gone.has(lineKey(stored))) {
          notReturned.push({ ...named, quantity: line.quantity, reason: 'gone' });
          continue;
        }
        const max = maxLineQuantity(line.type);
        const same = items.find((item) => lineKey(item) === lineKey(stored));
        if (!same && items.length >= MAX_CART_LINES) {
          notReturned.push({ ...named, quantity: line.quantity, reason: 'cart_full' });
          continue;
        }
        const before = same?.quantity ?? 0;
        const quantity = Math.min(before + line.quantity, max);
        if (same) same.quantity = quantity;
        else items.push({ ...stored, quantity });
        // A lesson already in the cart is that lesson: nothing is missing. Goods past the cap are.
        const over = line.type === 'product' ? before + line.quantity - quantity : 0;
        if (over > 0) notReturned.push({ ...named, quantity: over, reason: 'over_limit' });
      }
      const stamp = nextStamp(row?.updatedAt);
      const ordered = takeOrdered(row?.ordered ?? [], known).kept;
      await tx
        .insert(carts)
        .values({ userId, items, language, updatedAt: stamp })
        .onConflictDoUpdate({ target: carts.userId, set: { items, ordered, updatedAt: stamp } });
      return { cart: await describe(userId, items, stamp, tx), notReturned };
    },

    /** The cart priced inside `tx` (the abandoned-cart reminder reads it in its claim's transaction). */
    describeIn(tx: Tx, userId: string, items: StoredLine[]): Promise<Cart> {
      return describe(userId, items, null, tx);
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
