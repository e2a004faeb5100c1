import { type Currency, formatMoney, type Price, priceIn } from '@atelier/shared';

export interface DisplayAmount {
  amount: number;
  currency: Currency;
}

/** The price in the chosen currency, or the RUB price when the item is not sold in it. */
export function displayAmount(price: Price, currency: Currency): DisplayAmount {
  const amount = priceIn(price, currency);
  return amount === null ? { amount: price.rub, currency: 'RUB' } : { amount, currency };
}

/** A free lesson has a RUB price of 0 (other currencies may be 0 or unset). */
export function isFree(price: Price): boolean {
  return price.rub === 0;
}

/**
 * An amount as the visitor reads it: the localized word for free (`common.free`) instead of "0 ₽".
 * `free` is passed in so this stays a pure function.
 */
export function formatAmount(shown: DisplayAmount, language: string, free: string): string {
  return shown.amount === 0 ? free : formatMoney(shown.amount, shown.currency, language);
}

export function formatPrice(price: Price, currency: Currency, language: string, free: string): string {
  if (isFree(price)) return free;
  const shown = displayAmount(price, currency);
  return formatMoney(shown.amount, shown.currency, language);
}
