import { CURRENCIES, type Currency, DEFAULT_CURRENCY } from '@atelier/shared';
import { useSyncExternalStore } from 'react';
import { useRendered } from '../ssr/rendered-with';
import { localStore, readCookie, writeCookie } from '../storage/browser-storage';

const CURRENCY_KEY = 'currency';
/** The server renders pages in the currency of this cookie; it mirrors localStorage `currency`. */
const CURRENCY_COOKIE = 'currency';
const CURRENCY_COOKIE_DAYS = 365;
const listeners = new Set<() => void>();

function isCurrency(value: string | null): value is Currency {
  // A plain check, not the zod schema: the validator stays out of the first-paint bundle.
  return (CURRENCIES as readonly string[]).includes(value ?? '');
}

function read(): Currency {
  const stored = localStore.get(CURRENCY_KEY);
  if (isCurrency(stored)) {
    // A choice made before the cookie existed: give it to the server for the next page.
    if (readCookie(CURRENCY_COOKIE) !== stored) writeCookie(CURRENCY_COOKIE, stored, CURRENCY_COOKIE_DAYS);
    return stored;
  }
  const cookie = readCookie(CURRENCY_COOKIE);
  return isCurrency(cookie) ? cookie : DEFAULT_CURRENCY;
}

let current: Currency = typeof window === 'undefined' ? DEFAULT_CURRENCY : read();

/** The display currency is kept in localStorage under `currency` (and the `currency` cookie), default RUB. */
export function setCurrency(currency: Currency): void {
  current = currency;
  localStore.set(CURRENCY_KEY, currency);
  writeCookie(CURRENCY_COOKIE, currency, CURRENCY_COOKIE_DAYS);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrency(): Currency {
  const rendered = useRendered();
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => rendered?.currency ?? DEFAULT_CURRENCY,
  );
}
