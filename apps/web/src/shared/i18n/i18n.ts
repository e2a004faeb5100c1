import { LANGUAGES, type Language, resolveLanguage } from '@atelier/shared';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from '../storage/browser-storage';
import { toLanguage } from './language';

const LANGUAGE_COOKIE = 'lang';
const LANGUAGE_COOKIE_DAYS = 365;

// One chunk per language: a visitor downloads only the texts of the language they read.
const loaders: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  ru: () => import('../../locales/ru/index'),
  en: () => import('../../locales/en/index'),
  es: () => import('../../locales/es/index'),
};

// The admin area's texts, one chunk per language: loaded only when the admin area opens.
const adminLoaders: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  ru: () => import('../../locales/ru/admin/index'),
  en: () => import('../../locales/en/admin/index'),
  es: () => import('../../locales/es/admin/index'),
};

let adminTextsWanted = false;
const adminTextsAdded = new Set<Language>();

async function addAdminTexts(language: Language): Promise<void> {
  if (adminTextsAdded.has(language)) return;
  const { default: texts } = await adminLoaders[language]();
  // The language's own texts must be in first: i18next does not load a language it already holds.
  await i18next.loadLanguages(language);
  i18next.addResourceBundle(language, 'translation', texts, true, false);
  adminTextsAdded.add(language);
}

/**
 * Adds the admin area's texts to the current language, and from now on to every language
 * switched to: the admin area awaits it before it renders.
 */
export async function loadAdminTexts(): Promise<void> {
  adminTextsWanted = true;
  await addAdminTexts(currentLanguage());
}

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

/**
 * The language to start in, decided like the server decides the page it sent (shared
 * `resolveLanguage`): `?lang=` (the hreflang URLs), then the `lang` cookie, then the browser's
 * languages — as the server read them from Accept-Language and wrote into `<html lang>` — then ru.
 */
export function initialLanguage(): Language {
  const query = new URLSearchParams(window.location.search).get('lang');
  const rendered = document.documentElement.getAttribute('lang');
  return resolveLanguage({ query, cookie: readCookie(LANGUAGE_COOKIE), accept: rendered });
}

export function currentLanguage(): Language {
  return toLanguage(i18next.resolvedLanguage ?? i18next.language);
}

export async function initI18n(): Promise<void> {
  const lng = initialLanguage();
  // A visitor who followed a ?lang= link chose that language: keep it for the next visits too.
  if (new URLSearchParams(window.location.search).get('lang') === lng) {
    writeCookie(LANGUAGE_COOKIE, lng, LANGUAGE_COOKIE_DAYS);
  }
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

/** Switches the interface language and remembers it in the `lang` cookie for 365 days. */
export async function changeLanguage(language: Language): Promise<void> {
  writeCookie(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_DAYS);
  if (adminTextsWanted) await addAdminTexts(language);
  await i18next.changeLanguage(language);
}

export const i18n = i18next;
