import { type Language, type LocalizedText, localizeWithLang } from '@atelier/shared';

/** A localized text as the page shows it: `lang` is set only when it differs from the page's language. */
export interface ShownText {
  text: string;
  /** 'ru' when the Russian text stands in for the page's language; undefined otherwise. */
  lang: Language | undefined;
}

/**
 * The text for the page's language, or the Russian one when that language is blank; in the latter
 * case `lang` is 'ru', for the element's `lang` attribute (a screen reader then reads it as Russian).
 */
export function fallbackText(text: LocalizedText | null | undefined, page: Language): ShownText {
  const shown = localizeWithLang(text, page);
  return { text: shown.text, lang: shown.lang === page ? undefined : shown.lang };
}
