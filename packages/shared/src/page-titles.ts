/**
 * The pages' titles, one module per language so the web loads only its own (its later texts, under
 * `pages`); the server's head texts (`*_PAGE_TEXTS`) take theirs from here.
 */

import { PAGE_TITLES_EN } from './page-titles/en';
import { PAGE_TITLES_ES } from './page-titles/es';
import { PAGE_TITLES_RU } from './page-titles/ru';
import type { Texts } from './texts';

export type PageTitleKey = keyof typeof PAGE_TITLES_RU;

/** A page's title in every language. */
export function pageTitle(key: PageTitleKey): Texts {
  return { ru: PAGE_TITLES_RU[key], en: PAGE_TITLES_EN[key], es: PAGE_TITLES_ES[key] };
}
