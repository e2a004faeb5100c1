import { LANGUAGES, type Language, type TextInLanguages } from '@atelier/shared';

/**
 * The save warning's rule: the first save of a form whose texts lack a language is held once to
 * warn; every later save of the same form goes through (the owner was told, she decides).
 */
export function warnOnce(): (missing: readonly Language[]) => 'save' | 'warn' {
  let warned = false;
  return (missing) => {
    if (warned || missing.length === 0) return 'save';
    warned = true;
    return 'warn';
  };
}

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/** One line of the warning: a language and exactly the fields written in Russian and empty in it. */
export interface MissingInLanguage<Field extends string> {
  lang: Exclude<Language, 'ru'>;
  fields: Field[];
}

/**
 * For each language other than Russian, the fields of `fields` that have a Russian text and are
 * blank in that language (the same rule as `missingLanguages`, field by field), in the form's order;
 * languages with nothing missing are left out.
 */
export function missingFieldsByLanguage<T extends object, Field extends keyof T & string>(
  values: T,
  fields: readonly Field[],
): MissingInLanguage<Field>[] {
  const others = LANGUAGES.filter((lang): lang is Exclude<Language, 'ru'> => lang !== 'ru');
  return others
    .map((lang) => ({
      lang,
      fields: fields.filter((field) => {
        const text = values[field] as TextInLanguages | null | undefined;
        return Boolean(text) && !blank(text?.ru) && blank(text?.[lang]);
      }),
    }))
    .filter((line) => line.fields.length > 0);
}
