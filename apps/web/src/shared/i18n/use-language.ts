import { DEFAULT_LANGUAGE, type Language, LanguageSchema } from '@atelier/shared';
import { useTranslation } from 'react-i18next';

/** The current interface language, typed. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const parsed = LanguageSchema.safeParse(i18n.resolvedLanguage ?? i18n.language);
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
}
