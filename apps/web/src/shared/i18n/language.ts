import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@atelier/shared';

/** A plain check instead of the zod schema: keeps the validator out of the first-paint bundle. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function toLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}
