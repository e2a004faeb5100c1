/**
 * Where the shop sends parcels and what a customer is told before she pays: the countries (ISO
 * 3166-1 alpha-2 codes, named in the reader's language by Intl.DisplayNames), the shop's delivery
 * settings (the owner's list of countries, the workshop for pickup), and the delivery options a
 * cart has to a country with their price and time, as pure functions the cart, the checkout and
 * the server share (docs/decisions/0079).
 */
import { z } from 'zod';
import { LocalizedTextSchema } from './base-schemas';
import {
  DELIVERY_DAYS,
  DELIVERY_METHODS,
  DELIVERY_PRICES_RUB,
  type DeliveryMethod,
  deliveryChargeIn,
  freeDeliveryFrom,
} from './delivery';
import type { Language } from './i18n';
import { type Currency, toMinor } from './money';
import { PAYMENT_METHODS, type PaymentMethod, paymentMethodAllowed } from './orders';

/** Every ISO 3166-1 alpha-2 country and territory code, in alphabetical order. */
export const COUNTRY_CODES: readonly string[] =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  );
const KNOWN = new Set(COUNTRY_CODES);

/** The shop's own country: every delivery method works in it. */
export const HOME_COUNTRY = 'RU';

/**
 * Where Russian Post takes no parcels from a shop (no postal exchange, goods refused, or no one
 * lives there): the default list is every other country. The owner edits the list in the admin.
 */
const NO_PARCEL_SERVICE = new Set(['US', 'UA', 'KP', 'AQ', 'BV', 'HM', 'TF', 'UM', 'IO', 'GS']);
export const DEFAULT_SHIPPING_COUNTRIES: readonly string[] = COUNTRY_CODES.filter((c) => !NO_PARCEL_SERVICE.has(c));

export const CountryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => KNOWN.has(code), 'countryUnknown');

const displayNames = new Map<string, Intl.DisplayNames>();
function namer(lang: string): Intl.DisplayNames {
  let found = displayNames.get(lang);
  if (!found) {
    found = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    displayNames.set(lang, found);
  }
  return found;
}

/** The country's name in `lang` ("Казахстан", "Kazakhstan", "Kazajistán"). */
export function countryName(code: string, lang: Language): string {
  return namer(lang).of(code) ?? code;
}

/** Names are compared without case, accents, dots or "the". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('ru')
    .replace(/ё/g, 'е')
    .replace(/[.\s]+/g, ' ')
    .trim();

/** Languages whose country names a typed country is matched against. */
const NAME_LANGUAGES = ['ru', 'en', 'es', 'de', 'fr', 'it', 'pt'];
let byName: Map<string, string> | null = null;

/**
 * The country a customer named: an ISO code ("KZ") or its name in Russian, English, Spanish or a
 * few other languages ("Казахстан", "Kazakhstan", "Deutschland"); null when it names none.
 */
export function resolveCountry(text: string | null | undefined): string | null {
  const typed = (text ?? '').trim();
  if (!typed) return null;
  if (/^[A-Za-z]{2}$/.test(typed) && KNOWN.has(typed.toUpperCase())) return typed.toUpperCase();
  if (!byName) {
    byName = new Map();
    for (const lang of NAME_LANGUAGES) {
      const names = namer(lang);
      for (const code of COUNTRY_CODES) {
        const key = fold(names.of(code) ?? code);
        if (!byName.has(key)) byName.set(key, code);
      }
    }
    // The names people write that differ from the standard one.
    for (const [alias, code] of [
      ['рф', 'RU'],
      ['российская федерация', 'RU'],
      ['беларусь', 'BY'],
      ['белоруссия', 'BY'],
      ['usa', 'US'],
      ['uk', 'GB'],
    ] as const)
      byName.set(alias, code);
  }
  return byName.get(fold(typed)) ?? null;
}

/** `codes` as the reader sees them: named in `lang`, the shop's own country first, then by name. */
export function countryOptions(codes: readonly string[], lang: Language): { code: string; name: string }[] {
  const collator = new Intl.Collator(lang);
  return codes
    .map((code) => ({ code, name: countryName(code, lang) }))
    .sort((a, b) => (a.code === HOME_COUNTRY ? -1 : b.code === HOME_COUNTRY ? 1 : collator.compare(a.name, b.name)));
}

const MapUrlSchema = z
  .string()
  .trim()
  .max(500, 'textTooLong')
  .refine((url) => url === '' || /^https:\/\/[^\s<>"]+$/.test(url), 'mapUrlInvalid');

/** The workshop where pickup orders are collected: its address and hours per language, a map link. */
export const PickupPlaceSchema = z.object({
  address: LocalizedTextSchema.extend({ ru: z.string().trim().max(300, 'textTooLong') }),
  hours: LocalizedTextSchema.extend({ ru: z.string().trim().max(300, 'textTooLong') }),
  mapUrl: MapUrlSchema,
});
export type PickupPlace = z.infer<typeof PickupPlaceSchema>;

/** The shop's delivery settings as the API gives them (`GET /api/delivery`). */
export const DeliverySettingsSchema = z.object({
  /** Where physical goods may be sent (ISO codes, sorted). Lessons and digital books need none. */
  shippingCountries: z.array(z.string()),
  pickup: PickupPlaceSchema,
});
export type DeliverySettings = z.infer<typeof DeliverySettingsSchema>;

/** `PUT /api/admin/delivery`: the whole settings; codes upper-cased, de-duplicated and sorted. */
export const DeliverySettingsBody = z.object({
  shippingCountries: z
    .array(CountryCodeSchema)
    .max(COUNTRY_CODES.length)
    .transform((codes) => [...new Set(codes)].sort()),
  pickup: PickupPlaceSchema,
});

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  shippingCountries: [...DEFAULT_SHIPPING_COUNTRIES],
  pickup: { address: { ru: '' }, hours: { ru: '' }, mapUrl: '' },
};

/**
 * Abroad a parcel goes by post: the shop's courier and CDEK points are in Russia, and an address
 * abroad is not one from which anyone comes to the workshop for the order.
 */
const ABROAD_METHODS: readonly DeliveryMethod[] = ['post'];

/** Russian Post's international parcels take longer than its domestic ones. */
export const POST_ABROAD_DAYS = { minDays: 10, maxDays: 30 } as const;

/** The delivery methods to `country` (ISO code); null (not chosen yet) = the home country's. */
export function deliveryMethodsTo(country: string | null): readonly DeliveryMethod[] {
  return country === null || country === HOME_COUNTRY ? DELIVERY_METHODS : ABROAD_METHODS;
}

/** How many days a method takes to `country` once sent. */
export function deliveryDaysTo(method: DeliveryMethod, country: string | null) {
  return method === 'post' && country !== null && country !== HOME_COUNTRY ? POST_ABROAD_DAYS : DELIVERY_DAYS[method];
}

/**
 * How many days an order's delivery takes once sent, as every screen and mail of the order says it:
 * the carrier's own estimate for its point, else the method's days to the order's country (the
 * country as the order keeps it, a name in any of the shop's languages); null when nothing travels.
 */
export function expectedDelivery(delivery: {
  method: DeliveryMethod | 'none';
  country?: string | undefined;
  cdek?: { periodMin: number | null; periodMax: number | null } | undefined;
}): { minDays: number; maxDays: number } | null {
  if (delivery.method === 'none') return null;
  const { cdek } = delivery;
  if (cdek?.periodMin != null && cdek.periodMax != null) return { minDays: cdek.periodMin, maxDays: cdek.periodMax };
  const days = deliveryDaysTo(delivery.method, resolveCountry(delivery.country));
  return { minDays: days.minDays, maxDays: days.maxDays };
}

/**
 * The ways to pay an order in `currency` whose goods go to `country` (ISO code; null when nothing
 * travels, or the destination is not known yet): card in roubles, PayPal in euros and dollars, bank
 * transfer in any, and cash on receipt only at home (abroad nobody collects it).
 */
export function paymentMethodsTo(currency: Currency, country: string | null): PaymentMethod[] {
  return PAYMENT_METHODS.filter(
    (method) =>
      paymentMethodAllowed(method, currency) && (method !== 'cash' || country === null || country === HOME_COUNTRY),
  );
}

/** One way a cart can travel: its price in the cart's currency (minor units; null = the carrier's tariff, known once a point is chosen) and days. */
export interface DeliveryOption {
  method: DeliveryMethod;
  costMinor: number | null;
  minDays: number;
  maxDays: number;
}

export type DeliveryEstimate =
  /** Nothing in the cart travels (lessons, courses, digital books): no delivery at all. */
  | { kind: 'none' }
  /** The shop does not send parcels to this country. */
  | { kind: 'not-shipped'; country: string }
  | { kind: 'options'; options: DeliveryOption[]; freeFrom: number };

/**
 * What delivering a cart costs and takes, method by method, before the checkout: flat prices from
 * the shop's list, free from the threshold on the goods in the cart's currency (the rule the server
 * applies); `carrierPriced` (CDEK set up) leaves courier pickup to the carrier's tariff, unless
 * `carrier` already holds its price and days to the customer's place (the cart's estimate).
 */
export function estimateDelivery(input: {
  currency: Currency;
  goodsMinor: number;
  hasPhysical: boolean;
  country: string | null;
  shippingCountries: readonly string[];
  carrierPriced?: boolean;
  carrier?: { costRubMinor: number; minDays: number | null; maxDays: number | null } | null;
}): DeliveryEstimate {
  if (!input.hasPhysical) return { kind: 'none' };
  if (input.country !== null && !input.shippingCountries.includes(input.country)) {
    return { kind: 'not-shipped', country: input.country };
  }
  const freeFrom = freeDeliveryFrom(input.currency);
  const carrier = input.carrierPriced ? (input.carrier ?? null) : null;
  const options = deliveryMethodsTo(input.country).map((method): DeliveryOption => {
    const days = deliveryDaysTo(method, input.country);
    const free = input.goodsMinor >= toMinor(freeFrom);
    const byCarrier = method === 'courier_pickup' && input.carrierPriced;
    const priceRubMinor = byCarrier && carrier ? carrier.costRubMinor : toMinor(DELIVERY_PRICES_RUB[method]);
    const cost =
      byCarrier && !carrier && !free
        ? null
        : deliveryChargeIn(input.currency, priceRubMinor, input.goodsMinor, true).inCurrencyMinor;
    const carrierDays = byCarrier && carrier?.minDays != null && carrier.maxDays != null ? carrier : null;
    return {
      method,
      costMinor: cost,
      minDays: carrierDays?.minDays ?? days.minDays,
      maxDays: carrierDays?.maxDays ?? days.maxDays,
    };
  });
  return { kind: 'options', options, freeFrom };
}
