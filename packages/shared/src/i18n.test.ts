import { describe, expect, it } from 'vitest';
import { localize, pickLanguage, resolveLanguage } from './i18n';
import { formatMoney } from './money';

describe('localize falls back to ru', () => {
  it.each([
    [{ ru: 'Привет', en: 'Hello' }, 'en', 'Hello'],
    [{ ru: 'Привет', en: '  ' }, 'en', 'Привет'],
    [{ ru: 'Привет' }, 'es', 'Привет'],
  ] as const)('%o in %s is %s', (text, lang, expected) => {
    expect(localize(text, lang)).toBe(expected);
  });
});

describe('pickLanguage reads Accept-Language by quality', () => {
  it.each([
    [undefined, 'ru'],
    ['en-US,en;q=0.9', 'en'],
    ['de-DE,es;q=0.8,en;q=0.5', 'es'],
    ['fr', 'ru'],
    ['en;q=0.2,es;q=0.9', 'es'],
  ])('%s → %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });
});

describe('formatMoney shows the currency symbol', () => {
  it.each([
    [1500, 'RUB', '₽'],
    [12.5, 'EUR', '€'],
    [30, 'USD', '$'],
  ] as const)('%d %s contains %s', (amount, currency, symbol) => {
    expect(formatMoney(amount, currency)).toContain(symbol);
  });
});

describe('resolveLanguage: ?lang, then the cookie, then Accept-Language, then ru', () => {
  it.each([
    [{ query: 'en', cookie: 'es' }, 'en'],
    [{ query: 'de', cookie: 'es' }, 'es'],
    [{ query: null, cookie: 'xx' }, 'ru'],
    [{ cookie: 'xx', accept: 'es-MX,en;q=0.5' }, 'es'],
    [{ cookie: 'en', accept: 'es' }, 'en'],
    [{ accept: 'de, fr;q=0.8' }, 'ru'],
    [{}, 'ru'],
  ] as const)('%o → %s', (sources, expected) => {
    expect(resolveLanguage(sources)).toBe(expected);
  });
});
