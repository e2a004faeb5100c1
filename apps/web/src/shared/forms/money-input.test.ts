import { describe, expect, it } from 'vitest';
import { MONEY_FORMAT_MESSAGE, moneyRules, moneyTextInvalid, parseMoney, priceFromText } from './money-input';

describe('parseMoney: an amount as a person types it', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['8500', 8500],
    ['8 500', 8500],
    ['8\u00a0500', 8500],
    ['8\u202f500', 8500],
    ['8\u2009500', 8500],
    [' 8 500 ', 8500],
    ['8 500,50', 8500.5],
    ['8\u00a0500,50', 8500.5],
    ['8\u202f500.5', 8500.5],
    ['8500.50', 8500.5],
    ['8500,5', 8500.5],
    ['1 000 000', 1_000_000],
    ['8,500.50', 8500.5],
    ['8.500,50', 8500.5],
    ['0,99', 0.99],
    ['0', 0],
    ['abc', Number.NaN],
    ['8 500 руб', Number.NaN],
    ['-5', Number.NaN],
    ['10.999', Number.NaN],
    ['8.500', Number.NaN],
    ['8,500', Number.NaN],
    ['85 00', Number.NaN],
    ['8 5000', Number.NaN],
    ['8 500.', Number.NaN],
    ['8 500,5,0', Number.NaN],
    ['8 500.000,50', Number.NaN],
    ['.5', Number.NaN],
    ['1e3', Number.NaN],
  ])('%j → %s', (text, expected) => {
    expect(parseMoney(text)).toBe(expected);
    expect(moneyTextInvalid(text)).toBe(Number.isNaN(expected));
  });
});

describe('the money fields of a form', () => {
  it('read the three prices of an editor', () => {
    expect(priceFromText({ rub: '8 500', eur: '85,50', usd: '' })).toEqual({ rub: 8500, eur: 85.5, usd: null });
  });

  it('put the message that says how to write an amount under each field typed wrong, over the schema’s', () => {
    const rules = moneyRules(['price.rub', 'price.eur', 'price.usd', 'budget']);
    expect(rules({ price: { rub: '8 500', eur: 'ten', usd: '' }, budget: '1 000,5' })).toEqual([
      { path: 'price.eur', message: MONEY_FORMAT_MESSAGE, overrides: true },
    ]);
    expect(rules({ price: { rub: '', eur: '', usd: '' }, budget: '' })).toEqual([]);
  });
});
