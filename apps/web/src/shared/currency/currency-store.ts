import { CURRENCIES, type Currency, DEFAULT_CURRENCY } from '@atelier/shared';
import { useSyncExternalStore } from 'react';
import { localStore } from '../storage/browser-storage';

const CURRENCY_KEY = 'currency';
const listeners = new Set<() => void>();

function read(): Currency {
  // A plain check, not the zod schema: the validator stays out of the first-paint bundle.
  const stored = localStore.get(CURRENCY_KEY);
  return (CURRENCIES as readonly string[]).includes(stored ?? '') ? (stored as Currency) : DEFAULT_CURRENCY;
}

let current: Currency = typeof window === 'undefined' ? DEFAULT_CURRENCY : read();

/** The display currency is kept in localStorage under `currency`, default RUB. */
export function setCurrency(currency: Currency): void {
  current = currency;
  localStore.set(CURRENCY_KEY, currency);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrency(): Currency {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => DEFAULT_CURRENCY,
  );
}
