/**
 * Orders (the status machine, the `POST /orders` body): the shapes the server validates and the web
 * builds. Every amount in an Order is RUB in major units, computed by the server from database
 * prices; `totalInCurrency` is what is charged in the display currency (null for RUB).
 */
import { z } from 'zod';
import { EmailSchema, isValidPhone } from './auth';
import { CurrencySchema, LanguageSchema, LocalizedTextSchema } from './base-schemas';
import { MAX_LINE_QUANTITY } from './cart-lines';
import { DeliveryMethodSchema, OrderCdekDeliverySchema } from './delivery';
import { GiftCodeInputSchema } from './gift-certificates';
import { ConsentRefsSchema } from './legal';
import type { ServerMessageKey } from './messages';
import type { Currency } from './money';
import {
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_METHODS,
  type PaymentMethod,
  SHIP_CARRIERS,
  type ShipCarrier,
  TRACKING_CARRIERS,
} from './orders.constants';
import { BOOK_FORMATS } from './shop.constants';

export * from './orders.constants';

const m = (key: ServerMessageKey) => key;

export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
/** orders.payment_state: set by the payments feature (none until a payment is started). */
export const PAYMENT_STATES = ['none', 'awaiting', 'invoice_sent', 'paid', 'failed', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const MAX_ORDER_LINES = 50;
/** Line types a customer can put in a cart and an order: goods, lessons and courses (one of each). */
export const ORDER_LINE_TYPES = ['product', 'lesson', 'course'] as const;
export type OrderLineType = (typeof ORDER_LINE_TYPES)[number];

/** The order status machine; anything not listed is a 409. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Card payments are in roubles; PayPal takes euros and dollars; cash and bank transfer any. */
export function paymentMethodAllowed(method: PaymentMethod, currency: Currency): boolean {
  if (method === 'card') return currency === 'RUB';
  if (method === 'paypal') return currency !== 'RUB';
  return true;
}

/** An integer 1..99; strings, fractions, zero, negatives and null are refused. */
export const LineQuantitySchema = z
  .number({ error: m('quantityInvalid') })
  .int(m('quantityInvalid'))
  .min(1, m('quantityInvalid'))
  .max(MAX_LINE_QUANTITY, m('quantityInvalid'));

export const OrderLineInputSchema = z.object({
  type: z.enum(ORDER_LINE_TYPES),
  id: z.uuid(m('badRequest')),
  quantity: LineQuantitySchema,
  bookFormat: z.enum(BOOK_FORMATS).optional(),
  /**
   * The product's variant (`GET /api/shop/:id` → `variants`): required for a product with options,
   * optional for one without (its one default variant).
   */
  variantId: z.uuid(m('badRequest')).optional(),
});
export type OrderLineInput = z.infer<typeof OrderLineInputSchema>;

const requiredText = (key: ServerMessageKey, max: number) =>
  z
    .string({ error: m(key) })
    .trim()
    .min(1, { error: m(key), abort: true })
    .max(max, m('textTooLong'));
const optionalText = (max: number) => z.string().trim().max(max, m('textTooLong')).optional();

export const OrderCustomerSchema = z.object({
  firstName: requiredText('firstNameRequired', 100),
  lastName: requiredText('lastNameRequired', 100),
  email: EmailSchema,
  phone: requiredText('phoneRequired', 40).refine(isValidPhone, m('phoneInvalid')),
});
export type OrderCustomer = z.infer<typeof OrderCustomerSchema>;

/**
 * Where to deliver. Which fields are required depends on the method AND on the cart (a
 * digital-only order has no delivery at all), so the server checks that after pricing the lines:
 * country, city, address and postal code for standard/express/post, pickupPoint for courier_pickup.
 */
export const OrderDeliveryInputSchema = z.object({
  method: DeliveryMethodSchema,
  country: optionalText(100),
  city: optionalText(100),
  address: optionalText(300),
  postalCode: optionalText(20),
  pickupPoint: optionalText(300),
  /**
   * The CDEK pickup point or locker chosen from CDEK's list (courier_pickup while CDEK is set up):
   * the server reads its address and prices the parcel with CDEK. Empty = none; ignored without CDEK.
   */
  cdekPointCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{0,40}$/, m('cdekPointRequired'))
    .optional(),
});
export type OrderDeliveryInput = z.infer<typeof OrderDeliveryInputSchema>;

/**
 * `POST /orders`. Every field is typed strictly; unknown keys (a client's prices or
 * totals) are stripped, so they are ignored, never used.
 */
export const CreateOrderBody = z.object({
  items: z.array(OrderLineInputSchema).min(1, m('orderEmpty')).max(MAX_ORDER_LINES, m('orderTooManyLines')),
  customer: OrderCustomerSchema,
  /** Only for an order with physical goods; lessons, courses and digital books need none. */
  delivery: OrderDeliveryInputSchema.optional(),
  paymentMethod: PaymentMethodSchema,
  currency: CurrencySchema,
  comment: optionalText(1000),
  /** A gift certificate in the order's currency pays what it can of the total; the rest is paid as usual. */
  giftCertificateCode: GiftCodeInputSchema.optional(),
  acceptTerms: z.literal(true, m('termsRequired')),
  /** Consent to personal-data processing, and to the cross-border transfer when paying through PayPal. */
  consents: ConsentRefsSchema,
  /**
   * "Remember my details": the name and phone go to her profile and the delivery address to her
   * address book (`GET /api/user/addresses`), with the order. Off unless she asks.
   */
  rememberDetails: z.boolean().optional(),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

/**
 * `POST /orders/quote`: the body of `POST /orders` as far as it decides the price — the lines, the
 * currency, where the goods go, how she pays and a gift certificate. Everything else of that body
 * (customer, comment, consents) may be sent and is ignored, so a half-filled checkout form is quoted.
 */
export const OrderQuoteBody = z.object({
  items: CreateOrderBody.shape.items,
  currency: CurrencySchema,
  /** Without a method (the cart, before one is chosen): the options to the country, none priced in the total. */
  delivery: OrderDeliveryInputSchema.extend({ method: DeliveryMethodSchema.optional() }).optional(),
  paymentMethod: PaymentMethodSchema.optional(),
  giftCertificateCode: GiftCodeInputSchema.optional(),
});
export type OrderQuoteBody = z.infer<typeof OrderQuoteBody>;

/** A way the quoted goods can travel: its price in the order's currency (null: the carrier's, once a point is chosen) and days. */
export const QuoteDeliveryOptionSchema = z.object({
  method: DeliveryMethodSchema,
  cost: z.number().nullable(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
});

/**
 * What an order would cost, exactly as `POST /orders` would price it right now: every amount in
 * the order's currency (major units). The cart and the checkout show these figures and add up none.
 */
export const OrderQuoteSchema = z.object({
  currency: CurrencySchema,
  lines: z.array(
    z.object({
      type: z.enum(ORDER_LINE_TYPES),
      id: z.uuid(),
      bookFormat: z.enum(BOOK_FORMATS).nullable(),
      /** A product line's variant; null for lessons and courses. */
      variantId: z.uuid().nullable(),
      name: LocalizedTextSchema,
      quantity: z.number().int(),
      unitPrice: z.number(),
      /** Before its discount. */
      listTotal: z.number(),
      /** Its share of the discount (a course's credit for lessons already bought). */
      discount: z.number(),
      /** What it costs in the order. */
      total: z.number(),
    }),
  ),
  subtotal: z.number(),
  discount: z.number(),
  /** What the lines cost after the discount: subtotal − discount. */
  itemsTotal: z.number(),
  /** null: nothing travels, or the price is not known yet (a carrier's point not chosen). */
  deliveryCost: z.number().nullable(),
  total: z.number(),
  /** What a gift certificate pays of the total; 0 without one. */
  giftCertificate: z.number(),
  /** What is left to pay: the amount the payment asks for. */
  amountDue: z.number(),
  /** The total in roubles at the shop's rate (the order's own figure for the owner). */
  totalRub: z.number(),
  /** null: nothing in the order travels. */
  delivery: z
    .object({
      /** Where the goods go (ISO code); null until a country is given. */
      country: z.string().nullable(),
      /** false: the shop sends no parcels there. */
      shipped: z.boolean(),
      /** The method chosen, when it is one the destination allows. */
      method: DeliveryMethodSchema.nullable(),
      options: z.array(QuoteDeliveryOptionSchema),
      /** Free delivery from this much of goods (after discounts), in the order's currency. */
      freeFrom: z.number(),
      /** The goods reach `freeFrom`: every method is free, a carrier's too. */
      free: z.boolean(),
      /** How long the chosen method takes once sent; null without one. */
      expected: z.object({ minDays: z.number().int(), maxDays: z.number().int() }).nullable(),
    })
    .nullable(),
  /** The ways to pay this order to this destination. */
  paymentMethods: z.array(PaymentMethodSchema),
});
export type OrderQuote = z.infer<typeof OrderQuoteSchema>;

export const UpdateOrderStatusBody = z.object({ status: OrderStatusSchema });
export type UpdateOrderStatusBody = z.infer<typeof UpdateOrderStatusBody>;

export const OrderItemSchema = z.object({
  /** order_items.id */
  id: z.uuid(),
  /** `gift_certificate`: a gift certificate bought (it has no catalogue id). */
  type: z.enum(['product', 'lesson', 'course', 'gift_certificate', 'custom_order']),
  /** The product, lesson or course id. */
  refId: z.uuid().nullable(),
  /** The variant of a product with options the line bought; null for a product without options (the product is its one variant), other kinds and lines older than variants. */
  variantId: z.uuid().nullable(),
  /** The name as ordered, a variant's option values included ("Пион — Пудровый, 40 см"). */
  name: LocalizedTextSchema,
  bookFormat: z.enum(BOOK_FORMATS).nullable(),
  /** RUB, major units, at the time of the order. */
  unitPrice: z.number(),
  quantity: z.number().int(),
  lineTotal: z.number(),
  /** The same in the order's currency (major units), as the customer was charged. */
  unitPriceInCurrency: z.number(),
  lineTotalInCurrency: z.number(),
  /** The item's current picture (one order's view only); null when it has none. */
  image: z.string().nullable().optional(),
  /** Units given back by refunds of chosen lines, and what they brought back (RUB, major units). */
  refundedQuantity: z.number().int(),
  refunded: z.number(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/**
 * Refunds of chosen lines, the rule the server applies and the admin's dialog shows: a paid order
 * that is neither pending nor cancelled; a gift certificate or a custom piece's payment is never
 * refunded by line; a line gives back at most the units not given back yet.
 */
export function orderAllowsLineRefund(order: { paymentState: string; status: string }): boolean {
  return order.paymentState === 'paid' && order.status !== 'pending' && order.status !== 'cancelled';
}

export function lineRefundable(item: { type: string }): boolean {
  return item.type !== 'gift_certificate' && item.type !== 'custom_order';
}

/** Units of a line that can still be given back (none for a line that is not refunded by line). */
export function refundableUnits(item: { type: string; quantity: number; refundedQuantity: number }): number {
  return lineRefundable(item) ? Math.max(0, item.quantity - item.refundedQuantity) : 0;
}

/** Units of a line the customer keeps: ordered less refunded. */
export function unitsLeft(item: { quantity: number; refundedQuantity: number }): number {
  return Math.max(0, item.quantity - item.refundedQuantity);
}

/** A line that goes in the parcel: goods, not lessons, courses or e-books (those arrive by mail). */
export function shipsInParcel(item: { type: string; bookFormat: string | null }): boolean {
  return item.type === 'product' && item.bookFormat !== 'digital';
}

/**
 * What is left to put in the parcel: the goods lines with units not refunded, each with its
 * units left as `quantity`. The packing slip, the ship dialog and the "shipped" mail read it.
 */
export function goodsLeftToShip<
  T extends { type: string; bookFormat: string | null; quantity: number; refundedQuantity: number },
>(items: readonly T[]): T[] {
  return items.flatMap((item) =>
    shipsInParcel(item) && unitsLeft(item) > 0 ? [{ ...item, quantity: unitsLeft(item) }] : [],
  );
}

/** The order had goods for a parcel and every unit of them was refunded: nothing is left to ship. */
export function goodsAllRefunded(
  items: readonly { type: string; bookFormat: string | null; quantity: number; refundedQuantity: number }[],
): boolean {
  const goods = items.filter(shipsInParcel);
  return goods.length > 0 && goods.every((item) => unitsLeft(item) === 0);
}

/**
 * Every unit that can be refunded by line has been (an order with no such line never is): such an
 * order is neither shipped nor marked delivered.
 */
export function orderFullyRefunded(
  items: readonly { type: string; quantity: number; refundedQuantity: number }[],
): boolean {
  const refundable = items.filter(lineRefundable);
  return refundable.length > 0 && refundable.every((item) => item.refundedQuantity >= item.quantity);
}

export const OrderStatusEventSchema = z.object({
  from: OrderStatusSchema.nullable(),
  to: OrderStatusSchema,
  at: z.iso.datetime(),
  /** Who made the change; null for the system (payment, zero total) or a deleted account. */
  actor: z.object({ id: z.uuid(), name: z.string(), role: z.enum(['admin', 'user']) }).nullable(),
  note: z.string().nullable(),
});
export type OrderStatusEvent = z.infer<typeof OrderStatusEventSchema>;

export const TrackingSchema = z.object({
  carrier: z.enum(TRACKING_CARRIERS),
  /** Letters, digits and dashes as carriers print them; stored in upper case. */
  number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, m('trackingNumberInvalid'))
    .transform((value) => value.toUpperCase()),
});
export type Tracking = z.infer<typeof TrackingSchema>;

/** `PUT /api/orders/:id/tracking` (admin): set, correct or (null) remove the parcel's tracking number. */
export const SetTrackingBody = z.object({ tracking: TrackingSchema.nullable() });
export type SetTrackingBody = z.infer<typeof SetTrackingBody>;

/** Carriers whose parcels have a tracking number (required by the ship dialog). */
export const TRACKED_SHIP_CARRIERS: readonly ShipCarrier[] = ['russian_post', 'cdek'];
/** What an order records as its carrier: a ship-dialog carrier, or "another" from the tracking panel. */
export const ORDER_CARRIERS = ['russian_post', 'cdek', 'other', 'courier', 'pickup'] as const;
export type OrderCarrier = (typeof ORDER_CARRIERS)[number];
export const SHIP_NOTE_MAX = 1000;

/**
 * `POST /api/orders/:id/ship` (admin): the carrier, its tracking number (required for Russian Post
 * and CDEK, ignored for a courier and pickup) and an optional note the customer reads in the mail.
 */
export const ShipOrderBody = z
  .object({
    carrier: z.enum(SHIP_CARRIERS),
    tracking: z.string().trim().max(40, m('trackingNumberInvalid')).optional().nullable(),
    note: z.string().trim().max(SHIP_NOTE_MAX, m('textTooLong')).optional().nullable(),
  })
  .superRefine((body, ctx) => {
    if (!TRACKED_SHIP_CARRIERS.includes(body.carrier)) return;
    if (!body.tracking) ctx.addIssue({ code: 'custom', path: ['tracking'], message: m('trackingNumberRequired') });
    else if (!/^[A-Za-z0-9-]{4,40}$/.test(body.tracking))
      ctx.addIssue({ code: 'custom', path: ['tracking'], message: m('trackingNumberInvalid') });
  })
  .transform((body) => ({
    carrier: body.carrier,
    tracking: TRACKED_SHIP_CARRIERS.includes(body.carrier) && body.tracking ? body.tracking.toUpperCase() : null,
    note: body.note ? body.note : null,
  }));
export type ShipOrderInput = z.input<typeof ShipOrderBody>;
export type ShipOrder = z.output<typeof ShipOrderBody>;

/** The carrier's public tracking page for a number; null for another carrier. */
export function trackingUrl(tracking: Tracking): string | null {
  const number = encodeURIComponent(tracking.number);
  if (tracking.carrier === 'russian_post') return `https://www.pochta.ru/tracking?barcode=${number}`;
  if (tracking.carrier === 'cdek') return `https://www.cdek.ru/ru/tracking?order_id=${number}`;
  return null;
}

export const OrderSchema = z.object({
  id: z.uuid(),
  number: z.number().int().positive(),
  userId: z.uuid().nullable(),
  status: OrderStatusSchema,
  paymentMethod: PaymentMethodSchema,
  paymentState: z.enum(PAYMENT_STATES),
  items: z.array(OrderItemSchema),
  /** Sum of quantities. */
  itemCount: z.number().int(),
  customer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() }),
  delivery: z.object({
    method: z.enum(['standard', 'express', 'pickup', 'post', 'courier_pickup', 'none']),
    country: z.string().optional(),
    city: z.string().optional(),
    address: z.string().optional(),
    postalCode: z.string().optional(),
    pickupPoint: z.string().optional(),
    /** The CDEK pickup point (delivery to a CDEK point while CDEK is set up). */
    cdek: OrderCdekDeliverySchema.optional(),
  }),
  /** RUB, major units. */
  subtotal: z.number(),
  discount: z.number(),
  deliveryCost: z.number(),
  total: z.number(),
  currency: CurrencySchema,
  /** The order's total in `currency` (major units); equals total for RUB. */
  totalInCurrency: z.number(),
  /** Goods, discount and delivery in `currency` (major units): what the customer sees; they add up to totalInCurrency. */
  subtotalInCurrency: z.number(),
  discountInCurrency: z.number(),
  deliveryCostInCurrency: z.number(),
  /** How many days delivery takes once the goods are sent; null when nothing is delivered. */
  expectedDelivery: z.object({ minDays: z.number().int(), maxDays: z.number().int() }).nullable(),
  /** Paid by a gift certificate, in `currency` (major units); 0 without one. */
  giftCertificate: z.number(),
  /** What is left to pay in `currency` (major units): totalInCurrency − giftCertificate. */
  amountDue: z.number(),
  /**
   * Given back by refunds of chosen lines (the sum of the lines' `refunded`), RUB and in `currency`
   * (major units); 0 without one.
   */
  refundedTotal: z.number(),
  refundedTotalInCurrency: z.number(),
  /** What the order comes to after those refunds: total − refundedTotal, RUB and in `currency`. */
  netTotal: z.number(),
  netTotalInCurrency: z.number(),
  /** RUB per unit used for this order. */
  exchangeRates: z.record(z.string(), z.number()),
  language: LanguageSchema,
  comment: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /**
   * A pending order holds its stock, seats and promo use until this time; after it the order is
   * cancelled automatically. null once the order is no longer pending.
   */
  holdUntil: z.iso.datetime().nullable().optional(),
  /** Status changes, oldest first (detail views only). */
  history: z.array(OrderStatusEventSchema).optional(),
  /** The parcel's tracking number, once the admin has given one. */
  tracking: z
    .object({ carrier: z.enum(TRACKING_CARRIERS), number: z.string() })
    .nullable()
    .optional(),
  /** How the order was sent (a courier and pickup have no tracking number); null before. */
  carrier: z.enum(ORDER_CARRIERS).nullable().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderResultSchema = z.object({ order: OrderSchema });

/** `GET /orders/number/{number}`: an order by the number the customer is shown (and sent back with). */
export const OrderNumberParamSchema = z.object({ number: z.coerce.number().int().positive().max(2_147_483_647) });
export type OrderResult = z.infer<typeof OrderResultSchema>;

/** Admin `GET /orders`: filters (dates are inclusive days, YYYY-MM-DD), search by number/name/email. */
export const AdminOrdersQuerySchema = z.object({
  status: OrderStatusSchema.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;
