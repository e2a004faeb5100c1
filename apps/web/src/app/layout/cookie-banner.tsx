import { lazy, Suspense, useEffect, useState } from 'react';
import { localStore } from '../../shared/storage/browser-storage';
import { CONSENT_KEY } from './cookie-consent';

/** The banner appears one second after load when no choice is stored. */
export const COOKIE_BANNER_DELAY_MS = 1000;

// The banner's code (the notice query, the choice, the notice dialog) loads only when it is due:
// it is not part of what a page needs to come alive.
const CookieBannerPanel = lazy(() =>
  import('./cookie-banner-panel').then((module) => ({ default: module.CookieBannerPanel })),
);

/** Asks for the cookie choice one second after load, when none is stored. */
export function CookieBanner() {
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (localStore.get(CONSENT_KEY) !== null) return;
    const timer = setTimeout(() => setDue(true), COOKIE_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return due ? (
    <Suspense fallback={null}>
      <CookieBannerPanel />
    </Suspense>
  ) : null;
}
