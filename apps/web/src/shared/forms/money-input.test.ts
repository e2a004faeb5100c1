import { describe, expect, it } from 'vitest';
import { MONEY_FORMAT_MESSAGE, MONEY_MESSAGES, moneyRules, moneyTextInvalid, priceFromText } from './money-input';

// What is an amount is the shared parser's table (packages/shared/src/money-text.test.ts); here,
// what a form says of each refusal.
describe('the money fields of a form', () => {
  it('read the three prices of an editor', () => {
    expect(priceFromText({ rub: '8\u00a0500', eur: '85,50', usd: '' })).toEqual({ rub: 8500, eur: 85.5, usd: null });
  });

  it.each([
    ['8 500', null],
    ['8\u202f500,50', null],
    ['', null],
    ['ten', 'common.moneyFormat'],
    ['8.500,50,1', 'common.moneyFormat'],
    ['-8 500', 'common.moneyNegative'],
    ['8 500,555', 'common.moneyDecimals'],
  ])('under a field holding %j: %s', (text, message) => {
    const rules = moneyRules(['price.eur']);
    expect(rules({ price: { eur: text } })).toEqual(
      message === null ? [] : [{ path: 'price.eur', message, overrides: true }],
    );
    expect(moneyTextInvalid(text)).toBe(message !== null);
  });

  it('put the message under each field typed wrong, over the schema’s, and nothing under empty ones', () => {
    const rules = moneyRules(['price.rub', 'price.eur', 'price.usd', 'budget']);
    expect(rules({ price: { rub: '8 500', eur: 'ten', usd: '' }, budget: '1 000,5' })).toEqual([
      { path: 'price.eur', message: MONEY_FORMAT_MESSAGE, overrides: true },
    ]);
    expect(rules({ price: { rub: '', eur: '', usd: '' }, budget: '' })).toEqual([]);
    expect(MONEY_MESSAGES.format).toBe(MONEY_FORMAT_MESSAGE);
  });
});
