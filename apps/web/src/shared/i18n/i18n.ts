import { type Language, resolveLanguage } from '@atelier/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Tree } from '../../locales/tree';
import { readCookie, writeCookie } from '../storage/browser-storage';
import { i18nOptions } from './i18n-options';
import { toLanguage } from './language';

const LANGUAGE_COOKIE = 'lang';
const LANGUAGE_COOKIE_DAYS = 365;

// One chunk per language: a visitor downloads only the texts of the language they read.
const loaders: Record<Language, () => Promise<{ default: Tree }>> = {
  ru: () => import('../../locales/ru/index'),
  en: () => import('../../locales/en/index'),
  es: () => import('../../locales/es/index'),
};

// The texts of the pages rendered in the browser only (account, custom requests…), one chunk per
// language: loaded once a server-rendered page has hydrated, or before a page rendered in the
// browser shows (see laterTextsReady).
const laterLoaders: Record<Language, () => Promise<{ default: Tree }>> = {
  ru: () => import('../../locales/ru/later/index'),
  en: () => import('../../locales/en/later/index'),
  es: () => import('../../locales/es/later/index'),
};

// The admin area's texts, one chunk per language: loaded only when the admin area opens.
const adminLoaders: Record<Language, () => Promise<{ default: Tree }>> = {
  ru: () => import('../../locales/ru/admin/index'),
  en: () => import('../../locales/en/admin/index'),
  es: () => import('../../locales/es/admin/index'),
};

/** The browser's i18next instance (react-i18next's, set up by initI18n). */
export const i18n = i18next;

/** Lays `texts` into the language's texts (deep, overwriting nothing that is there). */
function addTexts(language: Language, texts: Tree): void {
  i18n.addResourceBundle(language, 'translation', texts, true, false);
}

let laterTextsWanted = false;
const laterTexts = new Map<Language, Promise<void>>();

function addLaterTexts(language: Language): Promise<void> {
  let load = laterTexts.get(language);
  if (!load) {
    // The language's own texts first: the later ones are laid into them.
    // Nothing re-renders (react-i18next follows language changes only): no page on screen reads
    // them (pages that do wait for them before they render), and a re-render reaching a part of a
    // server-rendered page still hydrating would make React throw its markup away.
    load = Promise.all([laterLoaders[language](), loadLanguage(language)]).then(([{ default: texts }]) =>
      addTexts(language, texts),
    );
    load.catch(() => laterTexts.delete(language));
    laterTexts.set(language, load);
  }
  return load;
}

/**
 * Adds the texts of the pages rendered in the browser to the current language, and from now on to
 * every language switched to. The app calls it once it runs (a server-rendered page hydrates with
 * the first texts alone); a rendered page's own texts never wait for it.
 */
export function loadLaterTexts(): Promise<void> {
  laterTextsWanted = true;
  return addLaterTexts(currentLanguage());
}

/** What a lazily loaded page waits for: the later texts once they are wanted (not while the rendered page hydrates). */
export function laterTextsReady(): Promise<void> {
  return laterTextsWanted ? addLaterTexts(currentLanguage()) : Promise.resolve();
}

let adminTextsWanted = false;
const adminTextsAdded = new Set<Language>();

async function addAdminTexts(language: Language): Promise<void> {
  if (adminTextsAdded.has(language)) return;
  const { default: texts } = await adminLoaders[language]();
  // The language's own texts must be in first: a language that holds texts counts as loaded.
  await loadLanguage(language);
  addTexts(language, texts);
  adminTextsAdded.add(language);
}

/**
 * Adds the admin area's texts to the current language, and from now on to every language
 * switched to: the admin area awaits it before it renders.
 */
export async function loadAdminTexts(): Promise<void> {
  adminTextsWanted = true;
  await Promise.all([addAdminTexts(currentLanguage()), loadLaterTexts()]);
}

const loading = new Map<Language, Promise<void>>();

/** The language's texts, fetched once (one chunk per language). */
function loadLanguage(language: Language): Promise<void> {
  let load = loading.get(language);
  if (!load) {
    load = loaders[language]().then(({ default: texts }) => addTexts(language, texts));
    // A failed fetch may be tried again (the next switch to that language).
    load.catch(() => loading.delete(language));
    loading.set(language, load);
  }
  return load;
}

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
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export async function initI18n(): Promise<void> {
  const lng = initialLanguage();
  // A visitor who followed a ?lang= link chose that language: keep it for the next visits too.
  if (new URLSearchParams(window.location.search).get('lang') === lng) {
    writeCookie(LANGUAGE_COOKIE, lng, LANGUAGE_COOKIE_DAYS);
  }
  // The page's language's texts arrive first; i18next then starts with them at once (no backend:
  // the other languages, the later and the admin texts are added as bundles when wanted).
  const { default: texts } = await loaders[lng]();
  loading.set(lng, Promise.resolve());
  await i18n.use(initReactI18next).init(i18nOptions(lng, texts));
  document.documentElement.lang = lng;
}

/** Switches the interface language and remembers it in the `lang` cookie for 365 days. */
export async function changeLanguage(language: Language): Promise<void> {
  writeCookie(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_DAYS);
  await Promise.all([
    loadLanguage(language),
    laterTextsWanted ? addLaterTexts(language) : undefined,
    adminTextsWanted ? addAdminTexts(language) : undefined,
  ]);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
