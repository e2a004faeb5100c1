import type { Language } from '@atelier/shared';
import { toLanguage } from './language';
import { useTranslation } from './use-translation';

/** The current interface language, typed. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}
