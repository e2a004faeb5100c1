import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { Spinner } from '../../../shared/ui/spinner';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { ADMIN_PAGES } from '../admin-pages';
import { ADMIN_SECTIONS } from '../admin-sections';

function SectionLoader() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-16">
      <Spinner className="size-8" />
      <span className="text-sm text-muted">{t('common.loading')}</span>
    </div>
  );
}

/** The admin panel (its own lazy chunk): sidebar + sections under /admin/*. */
export function AdminApp() {
  const { t } = useTranslation();
  usePageTitle(t('admin.title'));
  return (
    <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-8 py-10 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <nav aria-label={t('admin.nav')} className="lg:sticky lg:top-32 lg:self-start">
        <p className="eyebrow mb-4">{t('admin.title')}</p>
        <ul className="flex gap-2 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.key} className="shrink-0">
              <NavLink
                to={section.path ? `/admin/${section.path}` : '/admin'}
                end={!section.path}
                className={({ isActive }) =>
                  `flex min-h-11 items-center rounded-2xl px-4 text-sm font-semibold transition-colors ${
                    isActive ? 'bg-rose-600 text-white' : 'text-ink-soft hover:bg-blush-100 hover:text-rose-800'
                  }`
                }
              >
                {t(`admin.sections.${section.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
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
      </div>
    </div>
  );
}
