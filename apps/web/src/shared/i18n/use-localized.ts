import type { LocalizedText } from '@atelier/shared';
import { fallbackText, type ShownText } from './fallback-text';
import { useLanguage } from './use-language';

/** `(text) => { text, lang }` for the current language: put `lang` on the element showing `text`. */
export function useLocalized(): (text: LocalizedText | null | undefined) => ShownText {
  const language = useLanguage();
  return (text) => fallbackText(text, language);
}
