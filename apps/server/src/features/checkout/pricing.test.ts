import type { Currency } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import {
  amountDue,
  deliveryCharge,
  discounted,
  giftShare,
  mergePriced,
  oneLineTotalRub,
  type PricedLine,
  priceIn,
  priceOrder,
  purchaseDiscount,
  subtotals,
} from './pricing';

/** A line in minor units: `rub` and `inCurrency` per unit. */
function line(rub: number, inCurrency: number, quantity = 1, extra: Partial<PricedLine> = {}): PricedLine {
  return {
    type: 'product',
    refId: `p${rub}-${inCurrency}`,
    variantId: null,
    name: { ru: 'Товар' },
    bookFormat: null,
    unitRubMinor: rub,
    unitCurrencyMinor: inCurrency,
    quantity,
    physical: true,
    reserve: true,
    seat: false,
    creditRubMinor: 0,
    courseId: null,
    index: 0,
    parcel: null,
    stock: null,
    ...extra,
  };
}

describe('the price in a currency', () => {
  const item = { priceRubMinor: 100_000, priceEurMinor: 1_050, priceUsdMinor: null };
  it.each([
    ['RUB', 100_000],
    ['EUR', 1_050],
    ['USD', null],
  ] as const)('%s → %s', (currency, expected) => {
    expect(priceIn(item, currency)).toBe(expected);
  });
});

describe('delivery: flat price, carrier price and the free-delivery threshold in the order currency', () => {
  it.each([
    // currency, method, goods in currency (minor), physical, carrier (RUB minor), expected { rub, inCurrency }
    ['RUB', 'standard', 100_000, true, undefined, 30_000, 30_000],
    ['RUB', 'express', 499_999, true, undefined, 50_000, 50_000],
    ['RUB', 'standard', 500_000, true, undefined, 0, 0],
    ['RUB', 'pickup', 100_000, true, undefined, 0, 0],
    ['RUB', 'standard', 100_000, false, undefined, 0, 0],
    ['RUB', 'none', 100_000, true, undefined, 0, 0],
    ['RUB', 'courier_pickup', 100_000, true, 42_000, 42_000, 42_000],
    ['RUB', 'courier_pickup', 500_000, true, 42_000, 0, 0],
    // 300 ₽ at 100 ₽/€ is 3 €; free from 50 €.
    ['EUR', 'standard', 4_999, true, undefined, 30_000, 300],
    ['EUR', 'standard', 5_000, true, undefined, 0, 0],
    // 300 ₽ at 92 ₽/$ is 3.26 $; free from 54 $.
    ['USD', 'standard', 5_399, true, undefined, 30_000, 326],
    ['USD', 'standard', 5_400, true, undefined, 0, 0],
  ] as const)(
    '%s %s, goods %d, physical %s, carrier %s → %d ₽ / %d',
    (currency, method, goods, physical, carrier, rub, inCurrency) => {
      expect(deliveryCharge(currency, method, goods, physical, carrier)).toEqual({
        rubMinor: rub,
        inCurrencyMinor: inCurrency,
      });
    },
  );
});

describe('discounts', () => {
  it('a promo is the whole discount, capped at the goods, and the currency amount scales like roubles', () => {
    const lines = [line(100_000, 1_000), line(50_000, 500, 2)];
    expect(discounted(lines, { promoCodeId: 'x', discountRub: 500 })).toEqual({
      discount: 50_000,
      goodsInCurrency: 1_500,
    });
    expect(discounted(lines, { promoCodeId: 'x', discountRub: 99_999 })).toEqual({
      discount: 200_000,
      goodsInCurrency: 0,
    });
    expect(discounted(lines, { promoCodeId: null, discountRub: -5 })).toEqual({ discount: 0, goodsInCurrency: 2_000 });
  });

  it('without a promo, each course is credited with its lessons bought singly, capped at its price', () => {
    const course = line(300_000, 3_000, 1, { type: 'course', physical: false, creditRubMinor: 100_000 });
    const generous = line(50_000, 500, 1, { type: 'course', physical: false, creditRubMinor: 90_000 });
    expect(discounted([course, generous, line(10_000, 100)], undefined)).toEqual({
      discount: 150_000,
      goodsInCurrency: 2_000 + 0 + 100,
    });
  });

  it.each([
    // list, percent, credit, discount
    [100_000, null, 0, 0],
    [100_000, 10, 0, 10_000],
    [100_000, 100, 0, 100_000],
    [100_000, 150, 0, 100_000],
    [100_000, null, 30_000, 30_000],
    [100_000, 50, 30_000, 80_000],
    [100_000, 50, 70_000, 100_000],
    [99_999, 33, 0, 33_000],
  ] as const)('buying one item at %d with %s %% off and %d credit → %d off', (list, percent, credit, expected) => {
    expect(purchaseDiscount(list, percent, credit)).toBe(expected);
  });
});

describe('the totals of an order', () => {
  it.each([
    // currency, lines, delivery method, promo → subtotal, discount, delivery, total, totalInCurrency
    ['RUB', [line(100_000, 100_000, 2)], 'standard', undefined, [200_000, 0, 30_000, 230_000, 230_000]],
    [
      'RUB',
      [line(100_000, 100_000)],
      'none',
      { promoCodeId: 'p', discountRub: 250 },
      [100_000, 25_000, 0, 75_000, 75_000],
    ],
    ['EUR', [line(100_000, 1_050, 2)], 'standard', undefined, [200_000, 0, 30_000, 230_000, 2_400]],
    [
      'EUR',
      [line(100_000, 1_050, 2)],
      'none',
      { promoCodeId: 'p', discountRub: 1000 },
      [200_000, 100_000, 0, 100_000, 1_050],
    ],
    ['USD', [line(92_000, 1_000)], 'standard', undefined, [92_000, 0, 30_000, 122_000, 1_326]],
  ] as const)(
    '%s order → %j',
    (currency, lines, method, promo, [subtotal, discount, deliveryCost, total, totalInCurrency]) => {
      const totals = priceOrder([...lines], currency as Currency, { method }, promo);
      expect(totals).toMatchObject({ subtotal, discount, deliveryCost, total, totalInCurrency });
      expect(totals.subtotalInCurrency - totals.discountInCurrency + totals.deliveryInCurrency).toBe(totalInCurrency);
      expect(subtotals(lines).rub).toBe(subtotal);
    },
  );

  it('keeps the shop rate of the order currency', () => {
    expect(priceOrder([line(100, 1)], 'EUR', { method: 'none' }, undefined).rate).toBe(100);
    expect(priceOrder([line(100, 100)], 'RUB', { method: 'none' }, undefined).rate).toBe(1);
  });

  it('free delivery counts the goods after their discounts, never lessons or courses', () => {
    // A course of 2 500 ₽ credited 400 ₽ for a lesson owned, and scissors of 1 900 ₽: the goods are
    // 1 900 ₽, under the 5 000 ₽ threshold, so delivery is charged whatever the course costs.
    const course = line(250_000, 250_000, 1, { type: 'course', physical: false, creditRubMinor: 40_000 });
    const scissors = line(190_000, 190_000);
    const price = priceOrder([course, scissors], 'RUB', { method: 'standard' }, undefined);
    expect(price).toMatchObject({ discount: 40_000, deliveryCost: 30_000, total: 210_000 + 190_000 + 30_000 });
    expect(price.goodsInCurrency).toBe(190_000);
    // Goods of exactly the threshold travel free; a lesson beside them changes nothing.
    const goods = line(500_000, 500_000);
    const lesson = line(100_000, 100_000, 1, { type: 'lesson', physical: false });
    expect(priceOrder([goods, lesson], 'RUB', { method: 'express' }, undefined).deliveryCost).toBe(0);
    expect(priceOrder([line(499_999, 499_999), lesson], 'RUB', { method: 'express' }, undefined).deliveryCost).toBe(
      50_000,
    );
  });

  it('each line carries its share of the discount, and the shares add up to it', () => {
    const lines = [line(100_000, 1_000), line(50_000, 500, 2), line(1, 1)];
    const price = priceOrder(lines, 'EUR', { method: 'none' }, { promoCodeId: 'x', discountRub: 777.77 });
    expect(price.lines.reduce((sum, l) => sum + l.discountRubMinor, 0)).toBe(77_777);
    expect(price.lines.reduce((sum, l) => sum + l.amountMinor, 0)).toBe(
      price.subtotalInCurrency - price.discountInCurrency,
    );
    for (const l of price.lines) expect(l.amountRubMinor).toBeGreaterThanOrEqual(0);
  });

  it('merges the same product named twice into one line', () => {
    const merged = mergePriced([line(100, 100, 1), line(100, 100, 2)]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.quantity).toBe(3);
  });
});

describe('a gift certificate', () => {
  it.each([
    // currency, totalRub, totalInCurrency, held (≤ due) → due, covers, rub share
    ['RUB', 230_000, 230_000, 230_000, 230_000, true, 230_000],
    ['RUB', 230_000, 230_000, 100_000, 230_000, false, 100_000],
    ['EUR', 230_000, 2_400, 2_400, 2_400, true, 230_000],
    ['EUR', 230_000, 2_400, 1_200, 2_400, false, 115_000],
    ['USD', 122_000, 1_326, 1_000, 1_326, false, 92_006],
  ] as const)(
    '%s order of %d ₽ (%d) paid %d of → due %d, covers %s, %d ₽',
    (currency, totalRub, totalInCurrency, held, due, covers, rub) => {
      expect(amountDue({ currency, totalRub, totalInCurrency })).toBe(due);
      expect(giftShare(totalRub, due, held)).toEqual({ covers, minor: held, rub });
    },
  );

  it('a certificate larger than the order pays it all (the ledger holds at most what is due)', () => {
    expect(giftShare(50_000, 50_000, 50_000).covers).toBe(true);
  });

  it('an older order without a currency total is due in roubles', () => {
    expect(amountDue({ currency: 'EUR', totalRub: 10_000, totalInCurrency: null })).toBe(10_000);
  });
});

describe('one-line orders (gift certificates, custom pieces)', () => {
  it.each([
    ['RUB', 500_000, 500_000],
    ['EUR', 5_000, 500_000],
    ['USD', 1_001, 92_092],
  ] as const)('%s %d → %d ₽', (currency, amount, rub) => {
    expect(oneLineTotalRub(currency, amount)).toBe(rub);
  });
});
