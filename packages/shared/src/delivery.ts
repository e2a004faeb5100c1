import { z } from 'zod';

export const DELIVERY_METHODS = ['standard', 'express', 'pickup', 'post', 'courier_pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DeliveryMethodSchema = z.enum(DELIVERY_METHODS);

/** Delivery prices in RUB; post and courier pickup are priced as standard. */
export const DELIVERY_PRICES_RUB: Record<DeliveryMethod, number> = {
  standard: 300,
  express: 500,
  pickup: 0,
  post: 300,
  courier_pickup: 300,
};
/** Free delivery when the goods subtotal is at least this (the legal text says "5000 ₽ or more"). */
export const FREE_DELIVERY_FROM_RUB = 5000;

/**
 * How many days the goods take to reach the customer once sent (pickup: to be ready at the
 * studio), as the order's page and the thank-you page promise it. A CDEK point's own estimate,
 * when there is one, wins over `courier_pickup`'s.
 */
export const DELIVERY_DAYS: Record<DeliveryMethod, { minDays: number; maxDays: number }> = {
  standard: { minDays: 3, maxDays: 7 },
  express: { minDays: 1, maxDays: 3 },
  pickup: { minDays: 1, maxDays: 2 },
  post: { minDays: 2, maxDays: 10 },
  courier_pickup: { minDays: 2, maxDays: 7 },
};

/** Methods that need a street address; courier pickup needs a pickup point instead. */
export const ADDRESS_REQUIRED: Record<DeliveryMethod, boolean> = {
  standard: true,
  express: true,
  pickup: false,
  post: true,
  courier_pickup: false,
};

export function deliveryCostRub(method: DeliveryMethod, goodsSubtotalRub: number, hasPhysicalGoods: boolean): number {
  if (!hasPhysicalGoods) return 0;
  if (goodsSubtotalRub >= FREE_DELIVERY_FROM_RUB) return 0;
  return DELIVERY_PRICES_RUB[method];
}

/** CDEK's kinds of pickup point: PVZ, a point with staff; POSTAMAT, a parcel locker. */
export const CDEK_POINT_TYPES = ['PVZ', 'POSTAMAT'] as const;
export type CdekPointType = (typeof CDEK_POINT_TYPES)[number];

/** The pickup point an order goes to, as the order keeps it (`delivery.cdek`). */
export const OrderCdekDeliverySchema = z.object({
  pointCode: z.string(),
  pointType: z.enum(CDEK_POINT_TYPES),
  cityCode: z.number().int(),
  city: z.string(),
  address: z.string(),
  workTime: z.string(),
  tariffCode: z.number().int(),
  /** CDEK's price when the order was placed (RUB); the order's deliveryCost is what was charged. */
  carrierCost: z.number(),
  periodMin: z.number().int().nullable(),
  periodMax: z.number().int().nullable(),
  parcel: z.object({
    weightGrams: z.number().int(),
    lengthCm: z.number().int(),
    widthCm: z.number().int(),
    heightCm: z.number().int(),
  }),
});
export type OrderCdekDelivery = z.infer<typeof OrderCdekDeliverySchema>;
