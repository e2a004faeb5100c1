import { describe, expect, it } from 'vitest';
import { missingFieldsByLanguage, warnOnce } from './missing-languages-warning';

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
});

describe('the warning names exactly the fields a language lacks', () => {
  const FIELDS = ['title', 'description', 'outcomes', 'materials'] as const;
  const lesson = {
    title: { ru: 'Пион', en: 'Peony', es: 'Peonía' },
    description: { ru: 'Шёлковый пион', en: '', es: 'Peonía de seda' },
    outcomes: { ru: 'Лепестки', en: 'Petals', es: '  ' },
    // Not written in Russian either: an optional text asks for nothing.
    materials: { ru: '', en: '', es: '' },
    price: { rub: '100' },
  };

  it('per language, in the form’s order, and only those', () => {
    expect(missingFieldsByLanguage(lesson, FIELDS)).toEqual([
      { lang: 'en', fields: ['description'] },
      { lang: 'es', fields: ['outcomes'] },
    ]);
  });

  it('a language with nothing missing is left out; a fully translated form has no line', () => {
    const english = { ...lesson, description: { ...lesson.description, en: 'Silk peony' } };
    expect(missingFieldsByLanguage(english, FIELDS)).toEqual([{ lang: 'es', fields: ['outcomes'] }]);
    const full = { ...english, outcomes: { ...lesson.outcomes, es: 'Pétalos' } };
    expect(missingFieldsByLanguage(full, FIELDS)).toEqual([]);
  });

  it('a field missing in both languages is named in both lines', () => {
    const russianOnly = { ...lesson, title: { ru: 'Пион', en: '', es: '' } };
    expect(missingFieldsByLanguage(russianOnly, FIELDS)).toEqual([
      { lang: 'en', fields: ['title', 'description'] },
      { lang: 'es', fields: ['title', 'outcomes'] },
    ]);
  });
});
