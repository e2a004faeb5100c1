/** Currencies and prices. Zod-free like i18n.ts (the first paint formats prices); schemas in base-schemas.ts. */

export const CURRENCIES = ['RUB', 'EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'RUB';
export const CURRENCY_SYMBOLS: Record<Currency, string> = { RUB: '₽', EUR: '€', USD: '$' };

/**
 * Prices in major units as the API shows them; eur/usd null = not sold in that currency. Written
 * out (not inferred from `PriceSchema`) so this file imports nothing; base-schemas.ts checks the match.
 */
export type Price = { rub: number; eur: number | null; usd: number | null };

/** Money is stored as integer minor units (kopecks, cents). */
export const toMinor = (major: number): number => Math.round(major * 100);
export const fromMinor = (minor: number): number => minor / 100;

/** A price as the database stores it: minor units per currency; null = not sold in that currency. */
export interface StoredPrice {
  priceRub: number;
  priceEur: number | null;
  priceUsd: number | null;
}

/** The stored price of a product, lesson or course as the API shows it (major units). */
export function priceFromMinor(stored: StoredPrice): Price {
  return {
    rub: fromMinor(stored.priceRub),
    eur: stored.priceEur === null ? null : fromMinor(stored.priceEur),
    usd: stored.priceUsd === null ? null : fromMinor(stored.priceUsd),
  };
}

/** A price an admin wrote (major units) as the database stores it. */
export function priceToMinor(price: Price): StoredPrice {
  return {
    priceRub: toMinor(price.rub),
    priceEur: price.eur === null ? null : toMinor(price.eur),
    priceUsd: price.usd === null ? null : toMinor(price.usd),
  };
}

/**
 * RUB per unit of each display currency: the shop's rate for what has no price of its own in
 * EUR/USD (delivery, discounts). Goods have their own EUR/USD prices; one without is not sold in
 * that currency (never converted). Every order stores the snapshot it was computed with.
 */
export const EXCHANGE_RATES_RUB: Record<Currency, number> = { RUB: 1, EUR: 100, USD: 92 };

/** A RUB amount in minor units as minor units of `currency` at the shop's rate (cents, rounded). */
export function rubMinorIn(
  currency: Currency,
  rubMinor: number,
  rates: Record<string, number> = EXCHANGE_RATES_RUB,
): number {
  if (currency === 'RUB') return rubMinor;
  const rate = rates[currency] ?? EXCHANGE_RATES_RUB[currency];
  return Math.round(rubMinor / rate);
}

/** Whether an item is sold in `currency` (every item has a RUB price; EUR/USD may be unset). */
export function soldIn(price: Price, currency: Currency): boolean {
  return priceIn(price, currency) !== null;
}

export function priceIn(price: Price, currency: Currency): number | null {
  switch (currency) {
    case 'RUB':
      return price.rub;
    case 'EUR':
      return price.eur;
    case 'USD':
      return price.usd;
  }
}

const LOCALE_BY_LANGUAGE: Record<string, string> = { ru: 'ru-RU', en: 'en-GB', es: 'es-ES' };

/** The Intl locale the shop writes numbers and dates in for a language (ru when it is none of ours). */
export function intlLocale(language: string): string {
  return LOCALE_BY_LANGUAGE[language] ?? 'ru-RU';
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats a major-unit amount with its symbol, e.g. "1 500 ₽", "€12.50". The Intl formatters are
 * costly to build (a mail of many lines, a long list), so each is built once.
 */
export function formatMoney(amount: number, currency: Currency, language = 'ru'): string {
  const whole = Number.isInteger(amount);
  const key = `${language}:${currency}:${whole}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}
