/**
 * The server copy of a logged-in user's cart (`GET|PUT /cart`), so it follows them to another
 * device. The client keeps only ids and quantities; names, prices and availability come back
 * from the server on every read (the stored price is never trusted).
 */
import { z } from 'zod';
import { LocalizedTextSchema, PriceSchema } from './base-schemas';
import type { ServerMessageKey } from './messages';
import { LineQuantitySchema, ORDER_LINE_TYPES, OrderLineInputSchema } from './orders';
import { BOOK_FORMATS } from './shop.constants';

const m = (key: ServerMessageKey) => key;

export const MAX_CART_LINES = 50;

export const CartLineInputSchema = OrderLineInputSchema;
export type CartLineInput = z.infer<typeof CartLineInputSchema>;

/** `PUT /cart` replaces the whole cart. */
export const PutCartBody = z.object({
  items: z.array(CartLineInputSchema).max(MAX_CART_LINES, m('orderTooManyLines')),
  /**
   * The `updatedAt` of the server cart these items grew from. Lines an order took out of the
   * cart after it are taken off these items too (a tab that had not seen the order yet).
   * Without it the items replace the cart as they are.
   */
  basedOn: z.iso.datetime().nullable().optional(),
});
export type PutCartBody = z.infer<typeof PutCartBody>;

/** Why a line cannot be ordered as it is. */
export const CART_LINE_PROBLEMS = [
  'not_found',
  'out_of_stock',
  'insufficient_stock',
  'already_owned',
  /** A master class with no seat left. */
  'sold_out',
  /** A lesson of a course that is in the cart too (the course unlocks it). */
  'in_course',
] as const;
export type CartLineProblem = (typeof CART_LINE_PROBLEMS)[number];

export const CartLineSchema = z.object({
  type: z.enum(ORDER_LINE_TYPES),
  id: z.uuid(),
  quantity: LineQuantitySchema,
  bookFormat: z.enum(BOOK_FORMATS).optional(),
  variantId: z.uuid().optional(),
  /** Current catalogue data; null when the item no longer exists. */
  name: LocalizedTextSchema.nullable(),
  /** What it costs this user: a course after their credit for its lessons already bought. */
  price: PriceSchema.nullable(),
  image: z.string().nullable(),
  /** Counted stock left (null = not counted). */
  stock: z.number().int().nullable(),
  /** Physical goods need delivery; lessons, courses and digital books do not. */
  physical: z.boolean(),
  available: z.boolean(),
  problem: z.enum(CART_LINE_PROBLEMS).nullable(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

export const CartSchema = z.object({
  items: z.array(CartLineSchema),
  updatedAt: z.iso.datetime().nullable(),
});
export type Cart = z.infer<typeof CartSchema>;

/**
 * Why a line of an order given up to be changed did not come back to the cart
 * (`POST /api/orders/{id}/return-to-cart`): its item is no longer sold (`gone`), the cart already
 * holds MAX_CART_LINES lines (`cart_full`), or the line would pass MAX_LINE_QUANTITY (`over_limit`,
 * `quantity` is what did not fit).
 */
export const NOT_RETURNED_REASONS = ['gone', 'cart_full', 'over_limit'] as const;
export type NotReturnedReason = (typeof NOT_RETURNED_REASONS)[number];

export const ReturnedToCartSchema = z.object({
  /** The order, now cancelled. */
  orderNumber: z.number().int(),
  /** The cart with the order's lines merged in, priced and checked like `GET /cart`. */
  cart: CartSchema,
  /** What of the order is not in the cart, named as the order named it. */
  notReturned: z.array(
    z.object({
      type: z.enum(ORDER_LINE_TYPES),
      id: z.uuid().nullable(),
      name: LocalizedTextSchema,
      quantity: z.number().int().positive(),
      reason: z.enum(NOT_RETURNED_REASONS),
    }),
  ),
});
export type ReturnedToCart = z.infer<typeof ReturnedToCartSchema>;
