import { describe, expect, it } from 'vitest';
import { fallbackText } from './fallback-text';

describe('a localized text shown in Russian for want of a translation carries lang="ru"', () => {
  it.each([
    ['translated', { ru: 'Роза', en: 'Rose', es: 'Rosa' }, 'es', { text: 'Rosa', lang: undefined }],
    ['es missing', { ru: 'Роза', en: 'Rose' }, 'es', { text: 'Роза', lang: 'ru' }],
    ['es blank', { ru: 'Роза', en: 'Rose', es: '  ' }, 'es', { text: 'Роза', lang: 'ru' }],
    ['en missing', { ru: 'Роза', es: 'Rosa' }, 'en', { text: 'Роза', lang: 'ru' }],
    ['a Russian page needs no mark', { ru: 'Роза' }, 'ru', { text: 'Роза', lang: undefined }],
    ['nothing to show', { ru: '' }, 'es', { text: '', lang: undefined }],
    ['no text at all', undefined, 'en', { text: '', lang: undefined }],
  ] as const)('%s', (_case, text, page, expected) => {
    expect(fallbackText(text, page)).toEqual(expected);
  });
});
