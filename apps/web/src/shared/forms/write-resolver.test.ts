import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorAt, numberOrNull, writeResolver } from './write-resolver';

/** Runs a react-hook-form resolver the way `handleSubmit` does. */
function runResolver<F extends FieldValues, B>(resolver: Resolver<F, unknown, B>, form: F) {
  return resolver(form, undefined, { fields: {}, shouldUseNativeValidation: false });
}

const Schema = z
  .object({
    title: z.object({ ru: z.string().trim().min(1, 'contentRuRequired'), en: z.string().optional() }),
    price: z.object({ rub: z.number().nonnegative() }),
  })
  .strict();
interface Form {
  title: { ru: string; en: string };
  price: { rub: string };
  files: string[];
}
const toBody = (form: Form) => ({ title: form.title, price: { rub: numberOrNull(form.price.rub) as number } });
const resolver = writeResolver(Schema, toBody, (form) =>
  form.files.length === 0 ? [{ path: 'files', message: 'portfolio.admin.imageRequired' }] : [],
);

describe('writeResolver: the form is checked by the shared schema of the body it sends', () => {
  it('sends the body exactly as built (the server parses it; nothing trimmed or added here)', async () => {
    const result = await runResolver(resolver, {
      title: { ru: ' Роза ', en: '' },
      price: { rub: '12,5' },
      files: ['a'],
    });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ title: { ru: ' Роза ', en: '' }, price: { rub: 12.5 } });
  });

  it('puts each message of the schema under the form field of the same path, with the form rules', async () => {
    const result = await runResolver(resolver, { title: { ru: '  ', en: '' }, price: { rub: 'x' }, files: [] });
    expect(result.values).toEqual({});
    expect(errorAt(result.errors, 'title.ru')?.message).toBe('contentRuRequired');
    expect(errorAt(result.errors, 'price.rub')?.message).toMatch(/number/);
    expect(errorAt(result.errors, 'files')?.message).toBe('portfolio.admin.imageRequired');
  });

  it('a form rule never hides the schema message on the same field', async () => {
    const ruled = writeResolver(Schema, toBody, () => [{ path: 'title.ru', message: 'other' }]);
    const result = await runResolver(ruled, { title: { ru: '', en: '' }, price: { rub: '1' }, files: [] });
    expect(errorAt(result.errors, 'title.ru')?.message).toBe('contentRuRequired');
  });
});

describe('numberOrNull (what a number input sends)', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['12', 12],
    [' 4321.5 ', 4321.5],
    ['12,5', 12.5],
    ['abc', Number.NaN],
  ])('%j → %s', (text, expected) => {
    expect(numberOrNull(text)).toBe(expected);
  });
});
