/**
 * The delivery step of checkout: where the goods go (the address the method needs, or a carrier's
 * pickup point), whether the shop sends parcels there (the owner's list of countries; abroad only
 * by post), and what that costs (pricing.ts `deliveryCharge`).
 */
import {
  ADDRESS_REQUIRED,
  type Currency,
  countryName,
  deliveryMethodsTo,
  HOME_COUNTRY,
  type Language,
  type OrderDeliveryInput,
  type Parcel,
  packageOf,
  resolveCountry,
  type ServerMessageKey,
  toMinor,
} from '@atelier/shared';
import type { OrderDelivery } from '../../db/schema';
import { InvalidFields } from '../../platform/errors';
import type { DeliveryCarrier } from '../orders/orders.schemas';
import { deliveryCharge, type PricedLine } from './pricing';

const fieldError = (key: ServerMessageKey, fields: string[]) =>
  new InvalidFields(
    key,
    fields.map((field) => ({ field: `delivery.${field}`, message: key })),
  );

/**
 * The country the goods go to (ISO code), when the method names one: a code or a name the shop
 * knows (400 otherwise), one the shop sends parcels to (400 `countryNotShipped`), by a method that
 * goes there (abroad: post or pickup; 400 `deliveryMethodAbroad`). Pickup names none.
 */
export function checkCountry(
  delivery: OrderDeliveryInput,
  shippingCountries: readonly string[],
  viaCarrier: boolean,
): string | null {
  if (delivery.method === 'pickup') return null;
  const typed = viaCarrier ? HOME_COUNTRY : delivery.country;
  if (!typed) return null;
  const code = resolveCountry(typed);
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
): OrderDelivery {
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
  return kept;
}

/**
 * Where the order's goods go and what that costs (RUB minor units): the flat price of the method,
 * or, for a carrier's pickup point (CDEK), the point's address and the carrier's price of the
 * parcel the goods make — both free from the shop's threshold. Nothing to ship: no delivery.
 */
/** The one parcel the lines' goods travel in. */
export function parcelOf(lines: readonly PricedLine[]): Parcel {
  return packageOf(lines.flatMap((line) => (line.parcel ? [{ parcel: line.parcel, quantity: line.quantity }] : [])));
}

export async function priceDelivery(
  carrier: DeliveryCarrier | undefined,
  lines: readonly PricedLine[],
  currency: Currency,
  input: OrderDeliveryInput | undefined,
  lang: Language,
  shippingCountries: readonly string[],
) {
  const none = { rubMinor: 0, inCurrencyMinor: 0 };
  const hasPhysical = lines.some((line) => line.physical);
  if (!hasPhysical) return { delivery: { method: 'none' } as OrderDelivery, charge: none };
  const delivery = checkDelivery(carrier, input, lang, shippingCountries);
  // Free delivery is judged on the goods in the order's currency, the figures the customer sees.
  const goods = lines.reduce((sum, line) => sum + line.unitCurrencyMinor * line.quantity, 0);
  if (delivery.method !== 'courier_pickup' || !carrier) {
    return { delivery, charge: deliveryCharge(currency, delivery.method, goods, true) };
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
    charge: deliveryCharge(currency, 'courier_pickup', goods, true, toMinor(quote.carrierCostRub)),
    quote,
  };
}
