import { describe, expect, it } from 'vitest';
import { toFullText } from './localized-fields';

describe('admin editors hold every language of a localized text', () => {
  it.each([
    [undefined, { ru: '', en: '', es: '' }],
    [{ ru: 'Роза' }, { ru: 'Роза', en: '', es: '' }],
    [
      { ru: 'Роза', en: 'Rose', es: null },
      { ru: 'Роза', en: 'Rose', es: '' },
    ],
    [
      { ru: 'Роза', en: 'Rose', es: 'Rosa' },
      { ru: 'Роза', en: 'Rose', es: 'Rosa' },
    ],
  ])('%j → %j', (input, expected) => {
    expect(toFullText(input)).toEqual(expected);
  });
});
