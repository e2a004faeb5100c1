import { describe, expect, it } from 'vitest';
import { warningKey, warnOnce } from './missing-languages-warning';

describe('saving with a language missing warns once per form', () => {
  it('holds the first save that lacks a language, lets the second through', () => {
    const decide = warnOnce();
    expect(decide(['es'])).toBe('warn');
    expect(decide(['es'])).toBe('save');
    expect(decide(['en', 'es'])).toBe('save');
  });

  it('never holds a save with every language written, and still warns later when one goes missing', () => {
    const decide = warnOnce();
    expect(decide([])).toBe('save');
    expect(decide([])).toBe('save');
    expect(decide(['en'])).toBe('warn');
    expect(decide(['en'])).toBe('save');
  });

  it('each form (each editor opened) warns afresh', () => {
    const first = warnOnce();
    const second = warnOnce();
    expect(first(['es'])).toBe('warn');
    expect(second(['es'])).toBe('warn');
  });

  it.each([
    [['en'], 'translations.admin.warning.en'],
    [['es'], 'translations.admin.warning.es'],
    [['en', 'es'], 'translations.admin.warning.both'],
  ] as const)('%j is told with %s', (missing, key) => {
    expect(warningKey(missing)).toBe(key);
  });
});
