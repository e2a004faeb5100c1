import { z } from 'zod';

export const CURRENCIES = ['RUB', 'EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CurrencySchema = z.enum(CURRENCIES);
export const DEFAULT_CURRENCY: Currency = 'RUB';
export const CURRENCY_SYMBOLS: Record<Currency, string> = { RUB: '₽', EUR: '€', USD: '$' };

/** Prices in major units as the API shows them; eur/usd null = not sold in that currency. */
export const PriceSchema = z.object({
  rub: z.number().nonnegative(),
  eur: z.number().nonnegative().nullable(),
  usd: z.number().nonnegative().nullable(),
});
export type Price = z.infer<typeof PriceSchema>;

/** Money is stored as integer minor units (kopecks, cents). */
export const toMinor = (major: number): number => Math.round(major * 100);
export const fromMinor = (minor: number): number => minor / 100;

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

/** Formats a major-unit amount with its symbol, e.g. "1 500 ₽", "€12.50". */
export function formatMoney(amount: number, currency: Currency, language = 'ru'): string {
  return new Intl.NumberFormat(LOCALE_BY_LANGUAGE[language] ?? 'ru-RU', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
