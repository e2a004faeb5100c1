import type { PageTitleKey } from '@atelier/shared/page-titles';
import { documentTitle } from '@atelier/shared/pages';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';

const SITE = 'Atelier';

/**
 * Keeps `<title>` right during client-side navigation (the server writes it only for the first
 * load). An empty title leaves the server's one in place.
 */
export function usePageTitle(title: string | null | undefined, home = false): void {
  useEffect(() => {
    if (title) document.title = documentTitle(SITE, title, home);
  }, [title, home]);
}

/**
 * The `<title>` of a page whose head is its declared title (`@atelier/shared/page-titles`): the very
 * words of the server's head. They are among the later texts (under `pages`), which a page opened
 * in the browser waits for; a server-rendered page hydrating before them keeps the server's title.
 */
export function useDeclaredPageTitle(key: PageTitleKey, home = false): void {
  const { t, i18n } = useTranslation();
  const path = `pages.${key}`;
  usePageTitle(i18n.exists(path) ? t(path) : null, home);
}
