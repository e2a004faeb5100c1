import type { Language } from '@atelier/shared';
import { useTranslation } from 'react-i18next';
import { toLanguage } from './language';

/** The current interface language, typed. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}
