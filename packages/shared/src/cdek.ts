/**
 * CDEK delivery (CDEK_CLIENT_ID / CDEK_CLIENT_SECRET set; docs/decisions/0043): the parcel a cart
 * makes (weights and sizes of its goods, with a default per category for a product that has none),
 * what CDEK's order statuses mean for the customer, and the shapes of the checkout's pickup-point
 * search, of the delivery quote and of the admin's shipment panel. Server messages are in
 * messages/cdek.ts.
 */
import { z } from 'zod';
import { CurrencySchema } from './base-schemas';
import { CDEK_POINT_TYPES, FREE_DELIVERY_FROM_RUB } from './delivery';
import type { ServerMessageKey } from './messages';
import { MAX_ORDER_LINES, OrderLineInputSchema } from './orders';
import type { ProductCategory } from './shop.constants';

const m = (key: ServerMessageKey) => key;

// ---------------------------------------------------------------- the parcel

/** One product's packed weight (grams) and box (centimetres). */
export interface Parcel {
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

export const PARCEL_WEIGHT_MAX_GRAMS = 100_000;
export const PARCEL_SIDE_MAX_CM = 300;

const grams = z
  .number({ error: m('parcelInvalid') })
  .int(m('parcelInvalid'))
  .min(1, m('parcelInvalid'))
  .max(PARCEL_WEIGHT_MAX_GRAMS, m('parcelInvalid'));
const side = z
  .number({ error: m('parcelInvalid') })
  .int(m('parcelInvalid'))
  .min(1, m('parcelInvalid'))
  .max(PARCEL_SIDE_MAX_CM, m('parcelInvalid'));

/** A product's weight and box as the admin gives them (all four, or null for the category's default). */
export const ParcelSchema = z.object({ weightGrams: grams, lengthCm: side, widthCm: side, heightCm: side }).strict();

/**
 * Used when the admin has not weighed a product: a boxed silk bouquet is light but bulky, a book
 * heavy and flat; tools and materials are small. Generous rather than tight, so a quote is not
 * below what CDEK charges at the counter.
 */
export const PARCEL_DEFAULTS: Record<ProductCategory, Parcel> = {
  collection: { weightGrams: 600, lengthCm: 45, widthCm: 30, heightCm: 20 },
  book: { weightGrams: 700, lengthCm: 27, widthCm: 20, heightCm: 4 },
  tools: { weightGrams: 400, lengthCm: 25, widthCm: 15, heightCm: 6 },
  materials: { weightGrams: 300, lengthCm: 30, widthCm: 20, heightCm: 5 },
};

/** The product's own parcel, or its category's default. */
export function productParcel(category: ProductCategory, own: Parcel | null): Parcel {
  return own ?? PARCEL_DEFAULTS[category];
}

/**
 * The one package of an order: the weights add up; the boxes are stacked on their largest face
 * (the longest and widest sides set the footprint, the heights add up). The shop packs one parcel
 * per order, and a stacked estimate is never smaller than the real box.
 */
export function packageOf(lines: readonly { parcel: Parcel; quantity: number }[]): Parcel {
  let weightGrams = 0;
  let lengthCm = 0;
  let widthCm = 0;
  let heightCm = 0;
  for (const { parcel, quantity } of lines) {
    if (quantity <= 0) continue;
    const [length, width, height] = [parcel.lengthCm, parcel.widthCm, parcel.heightCm].sort((a, b) => b - a) as [
      number,
      number,
      number,
    ];
    weightGrams += parcel.weightGrams * quantity;
    lengthCm = Math.max(lengthCm, length);
    widthCm = Math.max(widthCm, width);
    heightCm += height * quantity;
  }
  return { weightGrams, lengthCm, widthCm, heightCm };
}

/** What the customer pays for CDEK delivery: CDEK's price, free from the shop's threshold. */
export function carrierDeliveryCostRub(carrierCostRub: number, subtotalRub: number, hasPhysicalGoods: boolean): number {
  if (!hasPhysicalGoods || subtotalRub >= FREE_DELIVERY_FROM_RUB) return 0;
  return carrierCostRub;
}

// ---------------------------------------------------------------- CDEK's statuses

/**
 * Where a parcel is, as the customer understands it. CDEK reports many more statuses (every
 * transit city); each is kept in the shipment's history, and a customer hears of a stage once.
 */
export const CDEK_STAGES = [
  'created',
  'in_transit',
  'ready_for_pickup',
  'delivered',
  'not_delivered',
  'cancelled',
] as const;
export type CdekStage = (typeof CDEK_STAGES)[number];

const STAGE_OF_STATUS: Record<string, CdekStage> = {
  ACCEPTED: 'created',
  CREATED: 'created',
  RECEIVED_AT_SHIPMENT_WAREHOUSE: 'in_transit',
  READY_TO_SHIP_AT_SENDING_OFFICE: 'in_transit',
  READY_FOR_SHIPMENT_IN_SENDER_CITY: 'in_transit',
  TAKEN_BY_TRANSPORTER_FROM_SENDER_CITY: 'in_transit',
  SENT_TO_TRANSIT_CITY: 'in_transit',
  ACCEPTED_IN_TRANSIT_CITY: 'in_transit',
  ACCEPTED_AT_TRANSIT_WAREHOUSE: 'in_transit',
  READY_TO_SHIP_IN_TRANSIT_OFFICE: 'in_transit',
  READY_FOR_SHIPMENT_IN_TRANSIT_CITY: 'in_transit',
  TAKEN_BY_TRANSPORTER_FROM_TRANSIT_CITY: 'in_transit',
  SENT_TO_SENDER_CITY: 'in_transit',
  SENT_TO_RECIPIENT_CITY: 'in_transit',
  ACCEPTED_IN_SENDER_CITY: 'in_transit',
  ACCEPTED_IN_RECIPIENT_CITY: 'in_transit',
  ACCEPTED_AT_RECIPIENT_CITY_WAREHOUSE: 'in_transit',
  TAKEN_BY_COURIER: 'in_transit',
  ACCEPTED_AT_PICK_UP_POINT: 'ready_for_pickup',
  POSTOMAT_POSTED: 'ready_for_pickup',
  DELIVERED: 'delivered',
  POSTOMAT_RECEIVED: 'delivered',
  NOT_DELIVERED: 'not_delivered',
  RETURNED_TO_SENDER_CITY_WAREHOUSE: 'not_delivered',
  RETURNED_TO_RECIPIENT_CITY_WAREHOUSE: 'not_delivered',
  RETURNED_TO_TRANSIT_WAREHOUSE: 'not_delivered',
  POSTOMAT_SEIZED: 'not_delivered',
  INVALID: 'cancelled',
  REMOVED: 'cancelled',
};

/** The stage a CDEK status code means; null for a code that does not move the parcel on. */
export function stageOfStatus(code: string): CdekStage | null {
  return STAGE_OF_STATUS[code] ?? null;
}

/**
 * A stage that ends the parcel's story: nothing is asked of CDEK after it. A parcel that was not
 * delivered is still followed (it goes back to the shop).
 */
export function isFinalStage(stage: CdekStage | null): boolean {
  return stage === 'delivered' || stage === 'cancelled';
}

// ---------------------------------------------------------------- API shapes

/** `GET /api/cdek/settings`: whether the checkout offers CDEK's pickup points (CDEK configured). */
export const CdekSettingsSchema = z.object({ enabled: z.boolean() });
export type CdekSettings = z.infer<typeof CdekSettingsSchema>;

/** `GET /api/cdek/cities?name=`: CDEK's places whose name starts with it (at most 10). */
export const CdekCitiesQuerySchema = z.object({
  name: z
    .string({ error: m('cdekCityRequired') })
    .trim()
    .min(2, m('cdekCityRequired'))
    .max(100, m('textTooLong')),
});
export const CdekCitySchema = z.object({
  code: z.number().int(),
  city: z.string(),
  region: z.string().nullable(),
});
export type CdekCity = z.infer<typeof CdekCitySchema>;

const PointCodeSchema = z
  .string({ error: m('cdekPointRequired') })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, m('cdekPointRequired'));

/** `GET /api/cdek/points?cityCode=`: the pickup points and parcel lockers of one CDEK place. */
export const CdekPointsQuerySchema = z.object({
  cityCode: z.coerce
    .number({ error: m('badRequest') })
    .int(m('badRequest'))
    .min(1, m('badRequest'))
    .max(99_999_999, m('badRequest')),
});
export const CdekPointSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** PVZ: a pickup point with staff; POSTAMAT: a parcel locker. */
  type: z.enum(CDEK_POINT_TYPES),
  city: z.string(),
  cityCode: z.number().int(),
  address: z.string(),
  workTime: z.string(),
  /** How to find it (a landmark, the entrance), when CDEK gives it. */
  note: z.string().nullable(),
  /** Where the point is (a map is optional). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type CdekPoint = z.infer<typeof CdekPointSchema>;

/** `POST /api/cdek/quote`: what CDEK delivery of these lines to this point costs (the server prices them). */
export const CdekQuoteBodySchema = z.object({
  items: z.array(OrderLineInputSchema).min(1, m('orderEmpty')).max(MAX_ORDER_LINES, m('orderTooManyLines')),
  pointCode: PointCodeSchema,
  /** The order's currency: the quote's free-delivery threshold and `deliveryCostInCurrency` are in it. */
  currency: CurrencySchema.default('RUB'),
});
export type CdekQuoteBody = z.infer<typeof CdekQuoteBodySchema>;

export const CdekQuoteSchema = z.object({
  /** What the order will charge for delivery (RUB): CDEK's price, or 0 from the free-delivery threshold. */
  deliveryCost: z.number(),
  /** CDEK's price for the parcel (RUB). */
  carrierCost: z.number(),
  currency: CurrencySchema,
  /** `deliveryCost` and `carrierCost` in `currency` at the shop's rate, as the order will charge it. */
  deliveryCostInCurrency: z.number(),
  carrierCostInCurrency: z.number(),
  free: z.boolean(),
  /** Working days on the way, as CDEK estimates them. */
  periodMin: z.number().int().nullable(),
  periodMax: z.number().int().nullable(),
  point: CdekPointSchema,
});
export type CdekQuote = z.infer<typeof CdekQuoteSchema>;

/**
 * `POST /api/cdek/estimate`: CDEK's price and days for the cart's goods to a place, before a pickup
 * point is chosen (the cart page). Only products travel: other lines are ignored.
 * The price is CDEK's to a staffed pickup point there; the cart applies the shop's free-delivery
 * rule to it as the order will (`estimateDelivery`'s `carrier`).
 */
export const CdekEstimateBodySchema = z.object({
  items: z.array(OrderLineInputSchema).min(1, m('orderEmpty')).max(MAX_ORDER_LINES, m('orderTooManyLines')),
  cityCode: CdekPointsQuerySchema.shape.cityCode,
});
export type CdekEstimateBody = z.infer<typeof CdekEstimateBodySchema>;

export const CdekEstimateSchema = z.object({
  /** CDEK's price for the parcel (RUB, whole roubles rounded up, as the order charges it). */
  carrierCost: z.number(),
  /** Working days on the way, as CDEK estimates them. */
  periodMin: z.number().int().nullable(),
  periodMax: z.number().int().nullable(),
});
export type CdekEstimate = z.infer<typeof CdekEstimateSchema>;

/** `registering`: the call to CDEK is under way; `failed`: CDEK refused it (see `error`; register again). */
export const CDEK_SHIPMENT_STATES = ['registering', 'registered', 'failed'] as const;
export type CdekShipmentState = (typeof CDEK_SHIPMENT_STATES)[number];

export const CdekStatusSchema = z.object({
  code: z.string(),
  name: z.string(),
  at: z.string(),
  city: z.string().nullable(),
});
export type CdekStatus = z.infer<typeof CdekStatusSchema>;

export const CdekShipmentSchema = z.object({
  state: z.enum(CDEK_SHIPMENT_STATES),
  /** CDEK's id of the order (null until CDEK took the request). */
  cdekUuid: z.string().nullable(),
  /** The tracking number (null until CDEK has made the order). */
  cdekNumber: z.string().nullable(),
  stage: z.enum(CDEK_STAGES).nullable(),
  /** CDEK's statuses, newest first. */
  statuses: z.array(CdekStatusSchema),
  /** CDEK's office where the parcel is handed in. */
  shipmentPoint: z.string().nullable(),
  error: z.string().nullable(),
  /** The label (barcode) can be printed: GET /api/admin/orders/{id}/cdek/label. */
  labelAvailable: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CdekShipment = z.infer<typeof CdekShipmentSchema>;

/** `GET /api/admin/orders/{id}/cdek`: the order's CDEK shipment and whether it can be registered now. */
export const CdekOrderPanelSchema = z.object({
  enabled: z.boolean(),
  /** A paid order with CDEK delivery, not cancelled, not registered yet (or refused: try again). */
  canRegister: z.boolean(),
  shipment: CdekShipmentSchema.nullable(),
});
export type CdekOrderPanel = z.infer<typeof CdekOrderPanelSchema>;

/** `POST /api/cdek/webhook`: what the server did with a notification (CDEK never retries one). */
export const CdekWebhookResultSchema = z.object({ outcome: z.enum(['applied', 'ignored']) });
