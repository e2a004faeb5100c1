import { useEffect } from 'react';

const SITE = 'Atelier';

/**
 * Keeps `<title>` right during client-side navigation (the server writes it only for the first
 * load). An empty title leaves the server's one in place.
 */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} — ${SITE}`;
  }, [title]);
}
