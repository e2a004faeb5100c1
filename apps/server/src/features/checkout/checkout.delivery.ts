/**
 * The delivery step of checkout: where the goods go (the address the method needs, or a carrier's
 * pickup point), whether the shop sends parcels there (the owner's list of countries; abroad only
 * by post), and what that costs (pricing.ts `deliveryCharge`).
 */
import {
  ADDRESS_REQUIRED,
  type Currency,
  countryName,
  type DeliveryEstimate,
  type DeliveryMethod,
  deliveryMethodsTo,
  estimateDelivery,
  HOME_COUNTRY,
  type Language,
  type OrderDeliveryInput,
  type OrderQuoteBody,
  type Parcel,
  packageOf,
  resolveCountry,
  type ServerMessageKey,
  toMinor,
} from '@atelier/shared';
import type { OrderDelivery } from '../../db/schema';
import { InvalidFields } from '../../platform/errors';
import type { DeliveryCarrier } from '../orders/orders.schemas';
import type { DeliveryPricing, PricedLine } from './pricing';

type CarrierQuote = Awaited<ReturnType<DeliveryCarrier['quote']>>;

const fieldError = (key: ServerMessageKey, fields: string[]) =>
  new InvalidFields(
    key,
    fields.map((field) => ({ field: `delivery.${field}`, message: key })),
  );

/**
 * The country the goods go to (ISO code), when the method names one: a code or a name the shop
 * knows (400 otherwise), one the shop sends parcels to (400 `countryNotShipped`), by a method that
 * goes there (abroad: post only; 400 `deliveryMethodAbroad`). Pickup names none, but is refused
 * with a country abroad.
 */
export function checkCountry(
  delivery: OrderDeliveryInput,
  shippingCountries: readonly string[],
  viaCarrier: boolean,
): string | null {
  const typed = viaCarrier ? HOME_COUNTRY : delivery.country;
  if (!typed) return null;
  const code = resolveCountry(typed);
  // Pickup names no destination: a country given with it only rules it out abroad.
  if (delivery.method === 'pickup') {
    if (code && !deliveryMethodsTo(code).includes('pickup')) throw fieldError('deliveryMethodAbroad', ['method']);
    return null;
  }
  if (!code) throw fieldError('countryUnknown', ['country']);
  if (!shippingCountries.includes(code)) throw fieldError('countryNotShipped', ['country']);
  if (!deliveryMethodsTo(code).includes(delivery.method)) throw fieldError('deliveryMethodAbroad', ['method']);
  return code;
}

function checkDelivery(
  carrier: DeliveryCarrier | undefined,
  delivery: OrderDeliveryInput | undefined,
  lang: Language,
  shippingCountries: readonly string[],
): { kept: OrderDelivery; country: string | null } {
  if (!delivery) throw fieldError('addressRequired', ['method']);
  if (ADDRESS_REQUIRED[delivery.method]) {
    const missing = (['country', 'city', 'address', 'postalCode'] as const).filter((field) => !delivery[field]);
    if (missing.length > 0) throw fieldError('addressRequired', missing);
  }
  const country = checkCountry(delivery, shippingCountries, delivery.method === 'courier_pickup' && !!carrier);
  // With a carrier the point is chosen from its list (cdekPointCode) and its address read from it.
  if (delivery.method === 'courier_pickup' && carrier && !delivery.cdekPointCode)
    throw fieldError('cdekPointRequired', ['cdekPointCode']);
  if (delivery.method === 'courier_pickup' && !carrier && !delivery.pickupPoint)
    throw fieldError('pickupPointRequired', ['pickupPoint']);
  const kept: OrderDelivery = { method: delivery.method };
  const fields =
    delivery.method === 'pickup'
      ? []
      : delivery.method === 'courier_pickup'
        ? (['country', 'city', 'pickupPoint'] as const)
        : (['country', 'city', 'address', 'postalCode'] as const);
  for (const field of fields) if (delivery[field]) kept[field] = delivery[field];
  // The country as the order's reader names it, whatever way the customer wrote it.
  if (country && kept.country) kept.country = countryName(country, lang);
  return { kept, country };
}

/** The one parcel the lines' goods travel in. */
export function parcelOf(lines: readonly PricedLine[]): Parcel {
  return packageOf(lines.flatMap((line) => (line.parcel ? [{ parcel: line.parcel, quantity: line.quantity }] : [])));
}

/**
 * Where the order's goods go and how delivery is priced (pricing.ts `priceOrder` applies the
 * threshold): the method's flat price, or, for a carrier's pickup point (CDEK), the point's address
 * and the carrier's price of the parcel the goods make. Nothing to ship: no delivery.
 */
export async function deliveryOf(
  carrier: DeliveryCarrier | undefined,
  lines: readonly PricedLine[],
  input: OrderDeliveryInput | undefined,
  lang: Language,
  shippingCountries: readonly string[],
): Promise<{ delivery: OrderDelivery; country: string | null; pricing: DeliveryPricing; quote?: CarrierQuote }> {
  if (!lines.some((line) => line.physical)) {
    return { delivery: { method: 'none' }, country: null, pricing: { method: 'none' } };
  }
  const { kept: delivery, country } = checkDelivery(carrier, input, lang, shippingCountries);
  if (delivery.method !== 'courier_pickup' || !carrier) {
    return { delivery, country, pricing: { method: delivery.method } };
  }
  const quote = await carrier.quote({ pointCode: input?.cdekPointCode ?? '', parcel: parcelOf(lines) });
  const point = quote.point;
  return {
    delivery: {
      method: 'courier_pickup',
      country: 'Россия',
      city: point.city,
      pickupPoint: `СДЭК ${point.code}: ${point.address}`,
      cdek: quote.cdek,
    } satisfies OrderDelivery,
    country: HOME_COUNTRY,
    pricing: { method: 'courier_pickup', carrierCostRubMinor: toMinor(quote.carrierCostRub) },
    quote,
  };
}

/** Delivery as a quote answers it (`POST /api/orders/quote`). */
export interface QuotedDelivery {
  /** Where the goods go (ISO code); null until a known country is given. */
  country: string | null;
  estimate: DeliveryEstimate;
  /** The chosen method, when the destination allows it. */
  method: DeliveryMethod | null;
  /** How the chosen method is priced; null while it cannot be (none chosen, a carrier's point not chosen). */
  pricing: DeliveryPricing | null;
  expected: { minDays: number; maxDays: number } | null;
}

/**
 * Delivery of a checkout still being filled in: the options to its destination (the country given,
 * or home while none is; a carrier's point is always at home) with their price and days from
 * `goodsMinor` (the goods after discounts, pricing.ts), the method chosen if the destination allows
 * it, and how it is priced. An incomplete address is no error here; placing the order checks it.
 * Nothing travels: null.
 */
export async function quoteDelivery(
  carrier: DeliveryCarrier | undefined,
  lines: readonly PricedLine[],
  input: OrderQuoteBody['delivery'],
  currency: Currency,
  goodsMinor: number,
  shippingCountries: readonly string[],
): Promise<QuotedDelivery | null> {
  if (!lines.some((line) => line.physical)) return null;
  const viaCarrier = !!carrier && input?.method === 'courier_pickup';
  const country = viaCarrier ? HOME_COUNTRY : resolveCountry(input?.country);
  const pointCode = viaCarrier ? input?.cdekPointCode?.trim() : '';
  const carrierQuote = pointCode && carrier ? await carrier.quote({ pointCode, parcel: parcelOf(lines) }) : null;
  const estimate = estimateDelivery({
    currency,
    goodsMinor,
    hasPhysical: true,
    country,
    shippingCountries,
    carrierPriced: !!carrier,
    carrier: carrierQuote
      ? {
          costRubMinor: toMinor(carrierQuote.carrierCostRub),
          minDays: carrierQuote.cdek.periodMin,
          maxDays: carrierQuote.cdek.periodMax,
        }
      : null,
  });
  const chosen = estimate.kind === 'options' ? estimate.options.find((o) => o.method === input?.method) : undefined;
  const pricing: DeliveryPricing | null = !chosen
    ? null
    : chosen.method !== 'courier_pickup' || !carrier
      ? { method: chosen.method }
      : carrierQuote
        ? { method: 'courier_pickup', carrierCostRubMinor: toMinor(carrierQuote.carrierCostRub) }
        : null;
  return {
    country,
    estimate,
    method: chosen?.method ?? null,
    pricing,
    expected: chosen ? { minDays: chosen.minDays, maxDays: chosen.maxDays } : null,
  };
}
