import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useSession } from '../../features/auth/api/auth-session';
import { useTranslation } from '../../shared/i18n/use-translation';
import { PageLoader } from '../../shared/ui/spinner';
import { useToasterWanted } from '../../shared/ui/toast';
import { decideAccess, usesAdminShell } from '../access';
import { ErrorBoundary } from '../error-boundary';
import { IntentResumer } from '../intent-resumer';
import { CookieBanner } from './cookie-banner';
import { Footer } from './footer';
import { Header } from './header';

/** Toasts stay 3–4 s. */
const TOAST_DURATION_MS = 3500;

// sonner is not part of the first paint: the Toaster loads with the first toast (see shared/ui/toast).
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** `/#about` links: scroll once the section has rendered (its data may still be loading). */
function useHashScroll() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on every navigation (key), even to the same hash
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    let frame = 0;
    const attempt = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ block: 'start' });
        return;
      }
      if (tries++ < 60) frame = window.setTimeout(attempt, 50);
    };
    attempt();
    return () => window.clearTimeout(frame);
  }, [hash, key]);
}

export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  useHashScroll();
  const toasterWanted = useToasterWanted();

  // The page, made again only when the address or the language changes. The layout re-renders when
  // the session or the toasts change; a new element would reach the page's boundary while its lazy
  // chunk may still be hydrating, and React would then throw the server's markup away and render
  // it again in the browser (the page would jump).
  const page = useMemo(
    () => (
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoader label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    ),
    [pathname, t],
  );

  const toaster = toasterWanted ? (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        duration={TOAST_DURATION_MS}
        closeButton
        toastOptions={{ className: 'font-sans' }}
      />
    </Suspense>
  ) : null;

  if (usesAdminShell(pathname, decideAccess(session, 'admin'))) {
    return (
      <>
        {page}
        {toaster}
        <ScrollRestoration getKey={(location) => location.pathname} />
      </>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-full bg-rose-700 px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('common.skipToContent')}
      </a>
      {/* Each boundary hydrates on its own, in short slices: the page answers sooner on a slow phone. */}
      <Suspense fallback={null}>
        <Header />
      </Suspense>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {page}
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <CookieBanner />
      <IntentResumer />
      {toaster}
      <ScrollRestoration getKey={(location) => location.pathname} />
    </div>
  );
}
