import { describe, expect, it } from 'vitest';
import { localize, localizeWithLang, missingLanguages, pickLanguage, resolveLanguage } from './i18n';
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

describe('localizeWithLang says when the Russian text stands in', () => {
  it.each([
    [{ ru: 'Роза', en: 'Rose' }, 'en', { text: 'Rose', lang: 'en' }],
    [{ ru: 'Роза', en: 'Rose' }, 'es', { text: 'Роза', lang: 'ru' }],
    [{ ru: 'Роза', es: '   ' }, 'es', { text: 'Роза', lang: 'ru' }],
    [{ ru: 'Роза' }, 'ru', { text: 'Роза', lang: 'ru' }],
    [{ ru: '', es: 'Rosa' }, 'es', { text: 'Rosa', lang: 'es' }],
    [{ ru: '' }, 'en', { text: '', lang: 'en' }],
    [null, 'es', { text: '', lang: 'es' }],
  ] as const)('%o in %s is %o', (text, lang, expected) => {
    expect(localizeWithLang(text, lang)).toEqual(expected);
  });
});

describe('missingLanguages names the languages that would show Russian', () => {
  const full = { ru: 'Роза', en: 'Rose', es: 'Rosa' };
  it.each([
    ['every language written', { name: full, description: full }, []],
    ['es missing in one field', { name: full, description: { ru: 'Шёлк', en: 'Silk', es: '' } }, ['es']],
    ['only ru', { name: { ru: 'Роза' }, description: { ru: 'Шёлк', en: null, es: null } }, ['en', 'es']],
    ['blank counts as missing', { name: { ru: 'Роза', en: ' \n', es: 'Rosa' }, description: full }, ['en']],
    ['a text empty in ru asks for nothing', { name: full, description: { ru: '', en: '', es: '' } }, []],
    ['an absent optional text asks for nothing', { name: full, description: null }, []],
  ] as const)('%s', (_case, value, expected) => {
    expect(missingLanguages(value, ['name', 'description'])).toEqual(expected);
  });

  it('looks only at the fields it is given', () => {
    expect(
      missingLanguages({ name: { ru: 'Роза', en: 'Rose', es: 'Rosa' }, care: { ru: 'Беречь' } }, ['name']),
    ).toEqual([]);
    expect(
      missingLanguages({ name: { ru: 'Роза', en: 'Rose', es: 'Rosa' }, care: { ru: 'Беречь' } }, ['name', 'care']),
    ).toEqual(['en', 'es']);
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
