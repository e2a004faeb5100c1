import type { ProductOption } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import {
  initialChoice,
  valueAvailable,
  variantImages,
  variantLabel,
  variantOf,
  variantPrice,
  withVariant,
} from './variant-choice';

const OPTIONS: ProductOption[] = [
  {
    id: 'colour',
    name: { ru: 'Цвет', en: 'Colour' },
    values: [
      { id: 'coral', label: { ru: 'Коралловый', en: 'Coral' } },
      { id: 'wine', label: { ru: 'Винный', en: 'Wine', es: 'Vino' } },
    ],
  },
  {
    id: 'size',
    name: { ru: 'Высота' },
    values: [
      { id: 's30', label: { ru: '30 см' } },
      { id: 's45', label: { ru: '45 см', en: '45 cm' } },
    ],
  },
];
const v = (id: string, optionValues: string[], available = true) => ({ id, optionValues, available });
// Wine comes in 30 cm only while 45 cm is sold out; coral 45 cm is not made at all.
const VARIANTS = [v('c30', ['coral', 's30']), v('w30', ['wine', 's30']), v('w45', ['wine', 's45'], false)];

describe('the variant a choice names', () => {
  it.each([
    [['coral', 's30'], 'c30'],
    [['wine', 's45'], 'w45'],
    [['coral', 's45'], undefined],
    [['coral'], undefined],
    [[], undefined],
  ])('%j is %s', (choice, expected) => {
    expect(variantOf(VARIANTS, choice)?.id).toBe(expected);
  });
});

describe('a value is available with the other choices kept', () => {
  it.each([
    // choice, option index, value, available
    [['coral', 's30'], 1, 's30', true],
    [['coral', 's30'], 1, 's45', false], // no such variant
    [['wine', 's30'], 1, 's45', false], // sold out
    [['wine', 's30'], 0, 'coral', true],
    [['wine', 's45'], 0, 'coral', false],
    [['coral', 's45'], 0, 'wine', false],
    [['coral', 's30'], 0, 'wine', true],
  ])('%j: option %d = %s → %s', (choice, index, value, expected) => {
    expect(valueAvailable(VARIANTS, choice, index, value)).toBe(expected);
  });
});

describe('the choice the page opens with', () => {
  it.each([
    ['the variant the address names', 'w30', ['wine', 's30']],
    ['the named one even sold out', 'w45', ['wine', 's45']],
    ['no variant named: the first on sale', null, ['coral', 's30']],
    ['an unknown id: the first on sale', 'nope', ['coral', 's30']],
  ])('%s', (_, param, expected) => {
    expect(initialChoice(OPTIONS, VARIANTS, param)).toEqual(expected);
  });

  it.each([
    [
      'nothing on sale: the first variant',
      [v('w45', ['wine', 's45'], false), v('c30', ['coral', 's30'], false)],
      ['wine', 's45'],
    ],
    ['no full variant: the first values', [v('d', [])], ['coral', 's30']],
  ])('%s', (_, variants, expected) => {
    expect(initialChoice(OPTIONS, variants, null)).toEqual(expected);
  });

  it('a product without options has nothing to choose, whatever the address says', () => {
    expect(initialChoice([], [v('d', [])], 'd')).toEqual([]);
  });
});

describe('the address keeps the chosen variant', () => {
  it.each([
    ['product=p', 'v1', 'product=p&variant=v1'],
    ['product=p&variant=v1', 'v2', 'product=p&variant=v2'],
    ['category=collection&product=p&variant=v1', null, 'category=collection&product=p'],
    ['', 'v1', 'variant=v1'],
  ])('%s with %s → %s', (search, id, expected) => {
    const before = new URLSearchParams(search);
    expect(withVariant(before, id).toString()).toBe(expected);
    expect(before.toString()).toBe(search);
  });
});

describe('the variant named for the cart', () => {
  it.each([
    [['wine', 's45'], { ru: 'Винный, 45 см', en: 'Wine, 45 cm', es: 'Vino, 45 см' }],
    [['coral', 's30'], { ru: 'Коралловый, 30 см', en: 'Coral, 30 см', es: 'Коралловый, 30 см' }],
    [['coral', 'gone'], null],
  ])('%j', (choice, expected) => {
    expect(variantLabel(OPTIONS, choice)).toEqual(expected);
  });
  it('a product without options has no label', () => {
    expect(variantLabel([], [])).toBeNull();
  });
});

describe("the variant's price and photos", () => {
  it.each([
    [
      { RUB: 12900, EUR: 139 },
      { rub: 12900, eur: 139, usd: null },
    ],
    [{ RUB: 9800 }, { rub: 9800, eur: null, usd: null }],
  ])('%j', (price, expected) => {
    expect(variantPrice({ price })).toEqual(expected);
  });

  const image = (url: string) => ({ url, thumb: url, medium: url, large: url });
  it.each([
    [[], ['p1', 'p2']],
    [['v1'], ['v1', 'p1', 'p2']],
    [
      ['p2', 'v1'],
      ['p2', 'v1', 'p1'],
    ],
  ])('own %j come first', (own, expected) => {
    expect(variantImages(own.map(image), ['p1', 'p2'].map(image)).map((i) => i.url)).toEqual(expected);
  });
});
