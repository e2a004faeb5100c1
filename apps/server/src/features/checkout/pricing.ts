/**
 * The price of an order, as pure functions (no database, no clock): what each line costs in the
 * order's currency, what delivery costs, what a promo code or a course's credit takes off, the
 * totals in roubles and in the order's currency, and what a gift certificate pays of them.
 * checkout.service.ts reads the catalogue and calls these in the pipeline's order; every amount is
 * in minor units (kopecks, cents).
 */
import {
  applyPercentOff,
  type BookFormat,
  type Currency,
  DELIVERY_PRICES_RUB,
  type DeliveryCharge,
  type DeliveryMethod,
  deliveryChargeIn,
  EXCHANGE_RATES_RUB,
  type LocalizedText,
  lineKey,
  mergeLines,
  type Parcel,
  scaleLikeRub,
  toMinor,
} from '@atelier/shared';

/** One line of an order once priced from the catalogue. */
export interface PricedLine {
  type: 'product' | 'lesson' | 'course';
  refId: string;
  name: LocalizedText;
  bookFormat: BookFormat | null;
  unitRubMinor: number;
  unitCurrencyMinor: number;
  quantity: number;
  physical: boolean;
  /** Take this many from a counted stock. */
  reserve: boolean;
  /** A course with a seat limit: the order takes one of its seats. */
  seat: boolean;
  /** A course: RUB minor units already paid for its lessons (taken off unless a promo is given). */
  creditRubMinor: number;
  /** A lesson's course (to refuse a lesson whose course is in the same order). */
  courseId: string | null;
  /** The first request line it came from (for field errors). */
  index: number;
  /** A physical product's packed weight and box; null for what does not travel. */
  parcel: Parcel | null;
}

/**
 * A promo discount in RUB major units, capped at the goods subtotal. promoCodeId null = a discount
 * without a code (a course credited with lessons already bought). Given, it is the whole discount.
 */
export interface PromoDiscount {
  promoCodeId: string | null;
  discountRub: number;
}

/** The item's price in `currency` (minor units); null when it is not sold in it. */
export function priceIn(
  item: { priceRubMinor: number; priceEurMinor: number | null; priceUsdMinor: number | null },
  currency: Currency,
): number | null {
  if (currency === 'RUB') return item.priceRubMinor;
  return currency === 'EUR' ? item.priceEurMinor : item.priceUsdMinor;
}

/**
 * Lines of the same product, lesson or course merge once their book format is resolved, so a
 * physical-only book named with and without `bookFormat` is ONE line (and one reservation).
 */
export function mergePriced(lines: PricedLine[]): PricedLine[] {
  return mergeLines(lines, (line) => lineKey({ type: line.type, id: line.refId, bookFormat: line.bookFormat }));
}

/** The goods before any discount: RUB and the order's currency. */
export function subtotals(lines: readonly Pick<PricedLine, 'unitRubMinor' | 'unitCurrencyMinor' | 'quantity'>[]): {
  rub: number;
  inCurrency: number;
} {
  return {
    rub: lines.reduce((sum, line) => sum + line.unitRubMinor * line.quantity, 0),
    inCurrency: lines.reduce((sum, line) => sum + line.unitCurrencyMinor * line.quantity, 0),
  };
}

/**
 * What delivery costs: the method's flat price (or the carrier's, `carrierCostRubMinor`), free once
 * the goods in the order's currency reach the shop's threshold; nothing when nothing travels.
 */
export function deliveryCharge(
  currency: Currency,
  method: DeliveryMethod | 'none',
  goodsInCurrencyMinor: number,
  hasPhysicalGoods: boolean,
  carrierCostRubMinor?: number,
): DeliveryCharge {
  if (!hasPhysicalGoods || method === 'none') return { rubMinor: 0, inCurrencyMinor: 0 };
  const cost = carrierCostRubMinor ?? toMinor(DELIVERY_PRICES_RUB[method]);
  return deliveryChargeIn(currency, cost, goodsInCurrencyMinor, true);
}

/**
 * The order's discount (RUB minor units) and what its lines cost after it in the order's currency.
 * A `promo` (the purchase flow: a code and a course's credit, one line) is the whole discount;
 * without one, each course line is credited with what the customer paid for its lessons bought
 * singly (capped at the course's price), as the course page's "price for you" shows. Each currency
 * amount scales like the RUB amount (`scaleLikeRub`), as the purchase dialog quotes it.
 */
export function discounted(
  lines: readonly PricedLine[],
  promo: PromoDiscount | undefined,
): { discount: number; goodsInCurrency: number } {
  const rub = (line: PricedLine) => line.unitRubMinor * line.quantity;
  const inCurrency = (line: PricedLine) => line.unitCurrencyMinor * line.quantity;
  if (promo) {
    const subtotal = subtotals(lines);
    const discount = Math.min(Math.max(toMinor(promo.discountRub), 0), subtotal.rub);
    return { discount, goodsInCurrency: scaleLikeRub(subtotal.inCurrency, subtotal.rub, subtotal.rub - discount) };
  }
  let discount = 0;
  let goodsInCurrency = 0;
  for (const line of lines) {
    const credit = Math.min(line.creditRubMinor, rub(line));
    discount += credit;
    goodsInCurrency += scaleLikeRub(inCurrency(line), rub(line), rub(line) - credit);
  }
  return { discount, goodsInCurrency };
}

/** Every figure an order row keeps, RUB minor units unless named otherwise. */
export interface OrderTotals {
  subtotal: number;
  discount: number;
  deliveryCost: number;
  total: number;
  /** The total in the order's currency (equal to `total` for RUB). */
  totalInCurrency: number;
  /** The shop's rate of the order's currency at the time (RUB per unit). */
  rate: number;
}

/** The totals of priced lines with their delivery charge and discount. */
export function orderTotals(
  lines: readonly PricedLine[],
  currency: Currency,
  charge: DeliveryCharge,
  promo: PromoDiscount | undefined,
): OrderTotals {
  const subtotal = subtotals(lines).rub;
  const { discount, goodsInCurrency } = discounted(lines, promo);
  const total = subtotal - discount + charge.rubMinor;
  return {
    subtotal,
    discount,
    deliveryCost: charge.rubMinor,
    total,
    totalInCurrency: currency === 'RUB' ? total : goodsInCurrency + charge.inCurrencyMinor,
    rate: EXCHANGE_RATES_RUB[currency],
  };
}

/**
 * Buying one item: the discount (RUB minor units) of a list price `listRubMinor` with a promo code
 * of `percentOff` (none: 0) and a `credit` already paid toward it: list − (after the code − credit,
 * never below zero).
 */
export function purchaseDiscount(listRubMinor: number, percentOff: number | null, creditRubMinor: number): number {
  const afterPromo = percentOff === null ? listRubMinor : applyPercentOff(listRubMinor, percentOff);
  return listRubMinor - Math.max(afterPromo - creditRubMinor, 0);
}

/** What is due of an order before a gift certificate: in its own currency (minor units). */
export function amountDue(totals: { currency: Currency; totalRub: number; totalInCurrency: number | null }): number {
  return totals.currency === 'RUB' ? totals.totalRub : (totals.totalInCurrency ?? totals.totalRub);
}

/**
 * What a gift certificate holding `heldMinor` (in the order's currency, at most `dueMinor`) pays:
 * whether it covers the whole order, and the same share of the RUB total (equal for a rouble order,
 * the whole total when it covers it all).
 */
export function giftShare(
  totalRub: number,
  dueMinor: number,
  heldMinor: number,
): { covers: boolean; minor: number; rub: number } {
  const covers = heldMinor >= dueMinor;
  const rub = covers ? totalRub : Math.min(totalRub, Math.round((totalRub * heldMinor) / dueMinor));
  return { covers, minor: heldMinor, rub };
}

/** A one-line order of `amountMinor` in `currency` (a gift certificate, a custom piece): its RUB total. */
export function oneLineTotalRub(currency: Currency, amountMinor: number): number {
  return currency === 'RUB' ? amountMinor : Math.round(amountMinor * EXCHANGE_RATES_RUB[currency]);
}
