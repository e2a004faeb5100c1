import { describe, expect, it } from 'vitest';
import {
  DELIVERY_PRICES_RUB,
  deliveryChargeIn,
  deliveryCostRub,
  deliveryTerms,
  FREE_DELIVERY_FROM_RUB,
  freeDeliveryFrom,
} from './delivery';
import { soldIn } from './money';

describe('delivery price', () => {
  it.each([
    ['standard', 1000, true, 300],
    ['express', 1000, true, 500],
    ['pickup', 1000, true, 0],
    ['post', 1000, true, 300],
    ['courier_pickup', 1000, true, 300],
    ['standard', 4999.99, true, 300],
    ['standard', 4999, true, 300],
    ['standard', FREE_DELIVERY_FROM_RUB, true, 0],
    ['standard', 5001, true, 0],
    ['courier_pickup', 4999, true, 300],
    ['courier_pickup', 5000, true, 0],
    ['standard', 0, false, 0],
    ['express', 7000, true, 0],
    ['express', 100, false, 0],
  ] as const)('%s with subtotal %d (physical: %s) costs %d ₽', (method, subtotal, physical, expected) => {
    expect(deliveryCostRub(method, subtotal, physical)).toBe(expected);
  });
});

describe("delivery in the order's currency: threshold and prices at the shop's rate", () => {
  it.each([
    ['RUB', 5000],
    ['EUR', 50],
    ['USD', 54],
  ] as const)('free delivery in %s starts at %d', (currency, from) => {
    expect(freeDeliveryFrom(currency)).toBe(from);
    expect(deliveryTerms(currency).freeFrom).toBe(from);
  });

  it.each([
    ['RUB', { standard: 300, express: 500, pickup: 0, post: 300, courier_pickup: 300 }],
    ['EUR', { standard: 3, express: 5, pickup: 0, post: 3, courier_pickup: 3 }],
    ['USD', { standard: 3.26, express: 5.43, pickup: 0, post: 3.26, courier_pickup: 3.26 }],
  ] as const)('the price list in %s', (currency, prices) => {
    expect(deliveryTerms(currency).prices).toEqual(prices);
  });

  it.each([
    // currency, RUB cost (minor), goods in that currency (minor), physical, expected RUB minor, expected currency minor
    ['EUR', 30_000, 4_999, true, 30_000, 300],
    ['EUR', 30_000, 5_000, true, 0, 0],
    ['EUR', 50_000, 12_000, true, 0, 0],
    ['USD', 30_000, 5_399, true, 30_000, 326],
    ['USD', 30_000, 5_400, true, 0, 0],
    ['RUB', 30_000, 499_999, true, 30_000, 30_000],
    ['RUB', 30_000, 500_000, true, 0, 0],
    ['EUR', 30_000, 100, false, 0, 0],
    // A carrier's own price (CDEK) follows the same threshold.
    ['EUR', 41_250, 2_000, true, 41_250, 413],
  ] as const)(
    '%s: %d kopecks of delivery on goods of %d (physical %s) → %d kopecks, %d in the currency',
    (currency, costRub, goods, physical, rub, inCurrency) => {
      expect(deliveryChargeIn(currency, costRub, goods, physical)).toEqual({
        rubMinor: rub,
        inCurrencyMinor: inCurrency,
      });
    },
  );

  it('the rouble rule is unchanged: the RUB charge equals the RUB price list', () => {
    expect(deliveryChargeIn('RUB', DELIVERY_PRICES_RUB.express * 100, 100_000, true).rubMinor).toBe(
      deliveryCostRub('express', 1000, true) * 100,
    );
  });
});

describe('an item is sold in a currency only with its own price there (never converted)', () => {
  it.each([
    [{ rub: 900, eur: null, usd: null }, 'EUR', false],
    [{ rub: 900, eur: null, usd: 10 }, 'USD', true],
    [{ rub: 900, eur: 9, usd: null }, 'EUR', true],
    [{ rub: 900, eur: null, usd: null }, 'RUB', true],
  ] as const)('%o in %s: %s', (price, currency, sold) => {
    expect(soldIn(price, currency)).toBe(sold);
  });
});
