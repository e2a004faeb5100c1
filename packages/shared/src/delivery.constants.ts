/** Delivery's methods, prices and terms without zod: the product page shows them in its first paint. */
import { type Currency, EXCHANGE_RATES_RUB, fromMinor, rubMinorIn, toMinor } from './money';

export const DELIVERY_METHODS = ['standard', 'express', 'pickup', 'post', 'courier_pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** Delivery prices in RUB; post and courier pickup are priced as standard. */
export const DELIVERY_PRICES_RUB: Record<DeliveryMethod, number> = {
  standard: 300,
  express: 500,
  pickup: 0,
  post: 300,
  courier_pickup: 300,
};
/** Free delivery when the goods (after their discounts) come to at least this (the legal text says "5000 ₽ or more"). */
export const FREE_DELIVERY_FROM_RUB = 5000;

/**
 * The free-delivery threshold in `currency` (major units): 5000 ₽, or that at the shop's rate rounded
 * to whole units (50 €, 54 $). An order in euros is judged on its euro goods, so the customer can
 * check the rule against the figures she sees.
 */
export function freeDeliveryFrom(currency: Currency): number {
  return currency === 'RUB'
    ? FREE_DELIVERY_FROM_RUB
    : Math.round(FREE_DELIVERY_FROM_RUB / EXCHANGE_RATES_RUB[currency]);
}

/** A delivery charge in roubles and in the order's currency (minor units of each). */
export interface DeliveryCharge {
  rubMinor: number;
  inCurrencyMinor: number;
}

/**
 * What delivery costs an order in `currency` whose goods come to `goodsSubtotalMinor` (minor units of
 * that currency: the products after their discounts, never lessons or courses — pricing.ts on the
 * server decides what counts): free from `freeDeliveryFrom(currency)`, else the method's RUB price
 * (or the carrier's, `carrierCostRubMinor`) and that at the shop's rate.
 */
export function deliveryChargeIn(
  currency: Currency,
  costRubMinor: number,
  goodsSubtotalMinor: number,
  hasPhysicalGoods: boolean,
): DeliveryCharge {
  if (!hasPhysicalGoods || goodsSubtotalMinor >= toMinor(freeDeliveryFrom(currency))) {
    return { rubMinor: 0, inCurrencyMinor: 0 };
  }
  return { rubMinor: costRubMinor, inCurrencyMinor: rubMinorIn(currency, costRubMinor) };
}

/** The delivery price list in `currency` (major units), as the cart and checkout show it. */
export function deliveryTerms(currency: Currency): { freeFrom: number; prices: Record<DeliveryMethod, number> } {
  const prices = Object.fromEntries(
    DELIVERY_METHODS.map((method) => [method, fromMinor(rubMinorIn(currency, toMinor(DELIVERY_PRICES_RUB[method])))]),
  ) as Record<DeliveryMethod, number>;
  return { freeFrom: freeDeliveryFrom(currency), prices };
}

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
