import { describe, expect, it } from 'vitest';
import { displayAmount, formatPrice, sumPrices } from './display-price';

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
    expect(formatPrice(price, currency, 'ru')).toContain(symbol);
  });
});

describe('totals never mix currencies', () => {
  it.each([
    [[{ price: full, quantity: 2 }], 'EUR', 50, 'EUR'],
    [[{ price: full, quantity: 3 }], 'USD', 82.5, 'USD'],
    [
      [
        { price: full, quantity: 1 },
        { price: rubOnly, quantity: 1 },
      ],
      'EUR',
      3700,
      'RUB',
    ],
    [[{ price: { rub: 0.1, eur: 0.1, usd: 0.1 }, quantity: 3 }], 'EUR', 0.3, 'EUR'],
    [[], 'USD', 0, 'USD'],
  ] as const)('%o in %s sums to %d %s', (lines, currency, amount, shownIn) => {
    expect(sumPrices([...lines], currency)).toEqual({ amount, currency: shownIn });
  });
});
