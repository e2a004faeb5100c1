/**
 * Languages and localized text. Zod-free on purpose: the web's first paint uses these, and the
 * build keeps zod out of it (docs/decisions/0032); the schemas are in base-schemas.ts.
 */

export const LANGUAGES = ['ru', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

/**
 * Content written by the artisan per language; ru is required and is the fallback. Written out
 * here (not inferred from its schema) so this file imports nothing; base-schemas.ts checks that
 * `LocalizedTextSchema` produces exactly this.
 */
export type LocalizedText = { ru: string; en?: string | undefined; es?: string | undefined };

/** Picks the text for `lang`, falling back to ru when that language is missing or blank. */
export function localize(text: LocalizedText | null | undefined, lang: Language): string {
  if (!text) return '';
  const value = text[lang];
  return value && value.trim() !== '' ? value : text.ru;
}

/**
 * `localize` that also says which language the text is in: `lang` is ru when the requested
 * language is blank and the Russian text stands in, so the page can mark that text `lang="ru"`
 * and a screen reader reads it with Russian pronunciation.
 */
export function localizeWithLang(
  text: LocalizedText | null | undefined,
  lang: Language,
): { text: string; lang: Language } {
  if (!text) return { text: '', lang };
  const value = text[lang];
  if (value && value.trim() !== '') return { text: value, lang };
  return text.ru.trim() === '' ? { text: '', lang } : { text: text.ru, lang: DEFAULT_LANGUAGE };
}

/** A per-language text as content holds it (optional languages may be absent or null). */
export type TextInLanguages = { ru?: string | null; en?: string | null; es?: string | null };

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/**
 * The languages other than ru in which a visitor would see Russian instead: for each of `fields`
 * (a per-language text of `value`, or absent), one that has Russian text and is blank in that
 * language. A text empty in Russian too (an optional detail not written) asks for nothing.
 * The admin lists' "no EN / no ES" marks and the editors' warning on save both use it.
 */
export function missingLanguages<T extends object>(value: T, fields: readonly (keyof T & string)[]): Language[] {
  const texts = fields.map((field) => value[field] as TextInLanguages | null | undefined);
  return LANGUAGES.filter(
    (lang) => lang !== DEFAULT_LANGUAGE && texts.some((text) => text && !blank(text.ru) && blank(text[lang])),
  );
}

/**
 * The per-language texts of each kind of content a visitor reads, as `missingLanguages` checks
 * them: the admin list's marks and the editor's warning look at the same fields.
 */
export const TRANSLATED_FIELDS = {
  product: ['name', 'description', 'size', 'materials', 'care'],
  lesson: ['title', 'description', 'outcomes', 'materials'],
  course: ['title', 'description', 'outcomes', 'materials'],
  portfolio: ['title', 'description'],
  about: ['title', 'content'],
} as const;

/** Parses an Accept-Language header (or cookie value) into one of the supported languages. */
export function pickLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if ((LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return DEFAULT_LANGUAGE;
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The page language, decided the same way by the server (for <html lang>, the rendered page, the
 * head and hreflang URLs) and by the web app without a server: an explicit `?lang=` wins, then the
 * `lang` cookie the visitor set, then the browser's Accept-Language, then ru (the default language).
 */
export function resolveLanguage(sources: {
  query?: string | null;
  cookie?: string | null;
  accept?: string | null;
}): Language {
  if (isLanguage(sources.query)) return sources.query;
  if (isLanguage(sources.cookie)) return sources.cookie;
  return pickLanguage(sources.accept);
}
