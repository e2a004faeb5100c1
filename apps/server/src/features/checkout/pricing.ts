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
  fromMinor,
  type LocalizedText,
  lineKey,
  mergeLines,
  type Parcel,
  type Price,
  scaleLikeRub,
  toMinor,
} from '@atelier/shared';

/** One line of an order once priced from the catalogue. */
export interface PricedLine {
  type: 'product' | 'lesson' | 'course';
  refId: string;
  /** A product line's variant when the product has options; null for other kinds and for a product without options (the product is its variant). */
  variantId: string | null;
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
  /** Counted stock left when it was read (a line that reserves); null when nothing is counted. */
  stock: number | null;
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
  return mergeLines(lines, (line) =>
    lineKey({ type: line.type, id: line.refId, bookFormat: line.bookFormat, variantId: line.variantId }),
  );
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

/** A priced line after its share of the discount: what it costs in roubles and in the order's currency. */
export interface LineAmount {
  line: PricedLine;
  /** Before any discount (minor units). */
  listRubMinor: number;
  listMinor: number;
  /** Its share of the discount: a promo's, or a course's credit (RUB minor units, and in the currency). */
  discountRubMinor: number;
  discountMinor: number;
  /** What it costs after the discount (minor units). */
  amountRubMinor: number;
  amountMinor: number;
}

/**
 * Each line's share of the discount and what it costs after it. A `promo` (the purchase flow: a
 * code and a course's credit) is the whole discount, capped at the goods and shared out in
 * proportion to the lines' RUB amounts (the last takes the rounding); without one, each course
 * line is credited with what the customer paid for its lessons bought singly (capped at the
 * course's price), as the course page's "price for you" shows. A line's currency amount scales like
 * its RUB amount (`scaleLikeRub`), as the purchase dialog quotes it.
 */
export function lineAmounts(lines: readonly PricedLine[], promo: PromoDiscount | undefined): LineAmount[] {
  const listRub = (line: PricedLine) => line.unitRubMinor * line.quantity;
  const subtotalRub = lines.reduce((sum, line) => sum + listRub(line), 0);
  const promoRub = promo ? Math.min(Math.max(toMinor(promo.discountRub), 0), subtotalRub) : 0;
  let promoLeft = promoRub;
  return lines.map((line, index) => {
    const rub = listRub(line);
    const inCurrency = line.unitCurrencyMinor * line.quantity;
    let discountRubMinor: number;
    if (promo) {
      const share =
        index === lines.length - 1 ? promoLeft : subtotalRub === 0 ? 0 : Math.floor((promoRub * rub) / subtotalRub);
      discountRubMinor = Math.min(share, rub, promoLeft);
      promoLeft -= discountRubMinor;
    } else {
      discountRubMinor = rub - afterCredit(rub, line.creditRubMinor);
    }
    const amountMinor = scaleLikeRub(inCurrency, rub, rub - discountRubMinor);
    return {
      line,
      listRubMinor: rub,
      listMinor: inCurrency,
      discountRubMinor,
      discountMinor: inCurrency - amountMinor,
      amountRubMinor: rub - discountRubMinor,
      amountMinor,
    };
  });
}

/** The order's discount (RUB minor units) and what its lines cost after it in the order's currency. */
export function discounted(
  lines: readonly PricedLine[],
  promo: PromoDiscount | undefined,
): { discount: number; goodsInCurrency: number } {
  const amounts = lineAmounts(lines, promo);
  return {
    discount: amounts.reduce((sum, a) => sum + a.discountRubMinor, 0),
    goodsInCurrency: amounts.reduce((sum, a) => sum + a.amountMinor, 0),
  };
}

/**
 * What counts toward free delivery: the goods (products, not lessons or courses) after their
 * discounts, in the order's currency — the figures the customer sees on the lines she pays for.
 */
export function goodsForFreeDelivery(amounts: readonly LineAmount[]): number {
  return amounts.filter((a) => a.line.type === 'product').reduce((sum, a) => sum + a.amountMinor, 0);
}

/** How an order's delivery is priced: a method's flat price, or the carrier's price for the parcel. */
export interface DeliveryPricing {
  method: DeliveryMethod | 'none';
  /** The carrier's price (CDEK) for courier_pickup to a chosen point, RUB minor units. */
  carrierCostRubMinor?: number | undefined;
}

/** Every figure of an order: its lines after discounts, delivery and the totals. */
export interface OrderPrice extends OrderTotals {
  lines: LineAmount[];
  currency: Currency;
  /** Goods, discount and delivery in the order's currency (minor units); they add up to `totalInCurrency`. */
  subtotalInCurrency: number;
  discountInCurrency: number;
  deliveryInCurrency: number;
  /** What counts toward free delivery (`goodsForFreeDelivery`), in the order's currency. */
  goodsInCurrency: number;
}

/**
 * The price of an order: each line after its discount, delivery (free from the shop's threshold on
 * the goods after discounts; nothing when nothing travels) and the totals in roubles and in the
 * order's currency. The quote, the order placed, its payment and every screen that shows its sum
 * take their figures from here.
 */
export function priceOrder(
  lines: readonly PricedLine[],
  currency: Currency,
  delivery: DeliveryPricing,
  promo: PromoDiscount | undefined,
): OrderPrice {
  const amounts = lineAmounts(lines, promo);
  const goods = goodsForFreeDelivery(amounts);
  const charge = deliveryCharge(
    currency,
    delivery.method,
    goods,
    lines.some((line) => line.physical),
    delivery.carrierCostRubMinor,
  );
  const sum = (pick: (a: LineAmount) => number) => amounts.reduce((total, a) => total + pick(a), 0);
  const subtotal = sum((a) => a.listRubMinor);
  const discount = sum((a) => a.discountRubMinor);
  const total = subtotal - discount + charge.rubMinor;
  const subtotalInCurrency = sum((a) => a.listMinor);
  const discountInCurrency = sum((a) => a.discountMinor);
  const deliveryInCurrency = currency === 'RUB' ? charge.rubMinor : charge.inCurrencyMinor;
  return {
    lines: amounts,
    currency,
    subtotal,
    discount,
    deliveryCost: charge.rubMinor,
    total,
    totalInCurrency: currency === 'RUB' ? total : subtotalInCurrency - discountInCurrency + deliveryInCurrency,
    rate: EXCHANGE_RATES_RUB[currency],
    subtotalInCurrency,
    discountInCurrency,
    deliveryInCurrency,
    goodsInCurrency: goods,
  };
}

/** An item's list prices, minor units; eur/usd null = not sold in that currency. */
export interface ListPrice {
  priceRubMinor: number;
  priceEurMinor: number | null;
  priceUsdMinor: number | null;
}

/**
 * The item's price (major units, as the API shows prices) once `afterRubMinor` roubles remain to
 * pay of it: each currency reduced in the same proportion, exactly as an order line of it is
 * charged (`lineAmounts`). A course's "price for you", a promo code's price, a cart line.
 */
export function priceAfter(item: ListPrice, afterRubMinor: number): Price {
  const scaled = (minor: number | null) =>
    minor === null ? null : fromMinor(scaleLikeRub(minor, item.priceRubMinor, afterRubMinor));
  return { rub: fromMinor(afterRubMinor), eur: scaled(item.priceEurMinor), usd: scaled(item.priceUsdMinor) };
}

/** What is left of a list price after a credit already paid toward it (never below zero). */
export function afterCredit(listRubMinor: number, creditRubMinor: number): number {
  return listRubMinor - Math.min(Math.max(creditRubMinor, 0), listRubMinor);
}

/**
 * Buying one item: the discount (RUB minor units) of a list price `listRubMinor` with a promo code
 * of `percentOff` (none: 0) and a `credit` already paid toward it: list − (after the code − credit,
 * never below zero).
 */
export function purchaseDiscount(listRubMinor: number, percentOff: number | null, creditRubMinor: number): number {
  const afterPromo = percentOff === null ? listRubMinor : applyPercentOff(listRubMinor, percentOff);
  return listRubMinor - afterCredit(afterPromo, creditRubMinor);
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
