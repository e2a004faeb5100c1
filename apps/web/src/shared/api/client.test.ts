import { describe, expect, it } from 'vitest';
import { dispositionFilename } from './client';

describe('the saved file keeps the name the server gives', () => {
  it.each([
    ['attachment; filename="atelier-data.json"', 'atelier-data.json'],
    ['attachment; filename="x.json"; filename*=UTF-8\'\'%D0%B4%D0%B0%D0%BD%D0%BD%D1%8B%D0%B5.json', 'данные.json'],
    ['attachment; filename=plain.json', 'plain.json'],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, expected) => {
    expect(dispositionFilename(header)).toBe(expected);
  });
});
