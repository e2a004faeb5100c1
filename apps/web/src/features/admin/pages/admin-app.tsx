import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Spinner } from '../../../shared/ui/spinner';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { ADMIN_PAGES } from '../admin-pages';
import { ADMIN_SECTIONS } from '../admin-sections';
import { type AdminAppProps, AdminHeader } from './admin-header';
import { AdminNav } from './admin-nav';

function SectionLoader() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-16">
      <Spinner className="size-8" />
      <span className="text-sm text-muted">{t('common.loading')}</span>
    </div>
  );
}

/**
 * The admin panel (its own lazy chunk) in a shell of its own: the shop's header, footer, currency
 * choice and cookie banner stay on the shop. A header (shop name, view shop, the owner's name,
 * sign out), the grouped sections (a menu button below 1024 px, a sidebar from 1024 px) and the
 * section under /admin/*.
 */
export function AdminApp({ languageSwitcher, onLogout }: AdminAppProps) {
  const { t } = useTranslation();
  usePageTitle(t('admin.title'));
  return (
    <div className="flex min-h-dvh flex-col bg-cream">
      <a
        href="#main"
        className="sr-only z-[60] rounded-full bg-rose-700 px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('common.skipToContent')}
      </a>
      <AdminHeader languageSwitcher={languageSwitcher} onLogout={onLogout} />
      <div className="flex-1 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav
          aria-label={t('admin.nav')}
          className="hidden border-r border-line/80 bg-blush-50/50 lg:sticky lg:top-16 lg:block lg:h-[calc(100dvh-4rem)] lg:self-start lg:overflow-y-auto"
        >
          <AdminNav />
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 px-4 py-8 focus:outline-none sm:px-6 lg:px-8 xl:px-10">
          <Suspense fallback={<SectionLoader />}>
            <Routes>
              {ADMIN_SECTIONS.map((section) => {
                const Page = ADMIN_PAGES[section.key];
                return section.path ? (
                  <Route key={section.key} path={`${section.path}/*`} element={<Page />} />
                ) : (
                  <Route key={section.key} index element={<Page />} />
                );
              })}
              <Route path="*" element={<Navigate to="/admin" replace />} />
            </Routes>
          </Suspense>
        </main>
      </div>
    </div>
  );
}
