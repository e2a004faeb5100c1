import { describe, expect, it } from 'vitest';
import { formatPercent } from './percent';

describe('formatPercent: the one way a percentage is written', () => {
  it.each([
    [90, 'ru', '90\u00a0%'],
    [90, 'es', '90\u00a0%'],
    [90, 'en', '90%'],
    [100, 'ru', '100\u00a0%'],
    [0, 'es', '0\u00a0%'],
    [33.7, 'ru', '33\u00a0%'],
  ])('%d in %s → %j (never a breaking space before the sign)', (percent, language, text) => {
    expect(formatPercent(percent, language)).toBe(text);
    expect(formatPercent(percent, language)).not.toMatch(/ %/);
  });
});
