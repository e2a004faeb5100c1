import { LANGUAGES, type Language } from '@atelier/shared';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from '../storage/browser-storage';
import { toLanguage } from './language';

const LANGUAGE_COOKIE = 'lang';
const LANGUAGE_COOKIE_DAYS = 365;

// One chunk per language: a visitor downloads only the texts of the language they read.
const loaders: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  ru: () => import('../../locales/ru.json'),
  en: () => import('../../locales/en.json'),
  es: () => import('../../locales/es.json'),
};

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = loaders[toLanguage(language)];
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function storedLanguage(): Language {
  return toLanguage(readCookie(LANGUAGE_COOKIE));
}

export function currentLanguage(): Language {
  return toLanguage(i18next.resolvedLanguage ?? i18next.language);
}

export async function initI18n(): Promise<void> {
  const lng = storedLanguage();
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  document.documentElement.lang = lng;
}

/** Switches the interface language and remembers it in the `lang` cookie for 365 days (SPEC §4). */
export async function changeLanguage(language: Language): Promise<void> {
  writeCookie(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_DAYS);
  await i18next.changeLanguage(language);
}

export const i18n = i18next;
