import { describe, expect, it } from 'vitest';
import enCommon from '../../locales/en/common.json';
import esCommon from '../../locales/es/common.json';
import ruCommon from '../../locales/ru/common.json';
import { displayAmount, formatAmount, formatPrice, isFree } from './display-price';

const full = { rub: 2500, eur: 25, usd: 27.5 };
const rubOnly = { rub: 1200, eur: null, usd: null };

describe('a price is shown in the chosen currency, else in RUB', () => {
  it.each([
    [full, 'RUB', 2500, 'RUB'],
    [full, 'EUR', 25, 'EUR'],
    [full, 'USD', 27.5, 'USD'],
    [rubOnly, 'EUR', 1200, 'RUB'],
    [rubOnly, 'USD', 1200, 'RUB'],
  ] as const)('%o in %s → %d %s', (price, currency, amount, shownIn) => {
    expect(displayAmount(price, currency)).toEqual({ amount, currency: shownIn });
  });

  it.each([
    [full, 'RUB', '₽'],
    [full, 'EUR', '€'],
    [full, 'USD', '$'],
    [rubOnly, 'USD', '₽'],
  ] as const)('%o formatted in %s carries %s', (price, currency, symbol) => {
    expect(formatPrice(price, currency, 'ru', ruCommon.common.free)).toContain(symbol);
  });
});

describe('a free item (RUB price 0) reads as the word for free, never "0 ₽"', () => {
  const freeEverywhere = { rub: 0, eur: 0, usd: 0 };
  const freeInRubOnly = { rub: 0, eur: null, usd: null };

  it.each([
    ['ru', ruCommon.common.free, 'Бесплатно'],
    ['en', enCommon.common.free, 'Free'],
    ['es', esCommon.common.free, 'Gratis'],
  ] as const)('%s says %s', (_language, word, expected) => {
    expect(word).toBe(expected);
  });

  it.each([
    [freeEverywhere, 'RUB', 'ru', ruCommon.common.free],
    [freeEverywhere, 'EUR', 'en', enCommon.common.free],
    [freeEverywhere, 'USD', 'es', esCommon.common.free],
    [freeInRubOnly, 'EUR', 'en', enCommon.common.free],
  ] as const)('%o in %s (%s) → %s', (price, currency, language, word) => {
    expect(isFree(price)).toBe(true);
    expect(formatPrice(price, currency, language, word)).toBe(word);
  });

  it.each([
    [{ rub: 1, eur: 0.01, usd: 0.01 }, 'RUB', '1'],
    [{ rub: 0.5, eur: null, usd: null }, 'RUB', '0,5'],
  ] as const)('%o is not free: shown as money', (price, currency, digits) => {
    expect(isFree(price)).toBe(false);
    const text = formatPrice(price, currency, 'ru', ruCommon.common.free);
    expect(text).not.toBe(ruCommon.common.free);
    expect(text).toContain(digits);
  });

  it('a zero total reads as free, any other total as money', () => {
    expect(formatAmount({ amount: 0, currency: 'EUR' }, 'en', enCommon.common.free)).toBe('Free');
    expect(formatAmount({ amount: 25, currency: 'EUR' }, 'en', enCommon.common.free)).toContain('€');
  });
});
