import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { ADMIN_SECTIONS } from '../admin-sections';
import { DashboardPage } from './dashboard-page';
import { OrdersAdminPage } from './orders-admin-page';
import { ResourceAdminPage } from './resource-admin-page';
import { ReviewsAdminPage } from './reviews-admin-page';

/** The admin panel (its own lazy chunk): sidebar + sections under /admin/*. */
export function AdminApp() {
  const { t } = useTranslation();
  usePageTitle(t('admin.title'));
  return (
    <div className="container-page grid gap-8 py-10 lg:grid-cols-[15rem_1fr]">
      <nav aria-label={t('admin.nav')} className="lg:sticky lg:top-32 lg:self-start">
        <p className="eyebrow mb-4">{t('admin.title')}</p>
        <ul className="flex gap-2 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.key} className="shrink-0">
              <NavLink
                to={section.path ? `/admin/${section.path}` : '/admin'}
                end
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
        <Routes>
          <Route index element={<DashboardPage />} />
          <Route path="reviews" element={<ReviewsAdminPage />} />
          <Route path="orders" element={<OrdersAdminPage />} />
          {ADMIN_SECTIONS.filter((section) => section.resource).map((section) => (
            <Route key={section.key} path={section.path} element={<ResourceAdminPage section={section.key} />} />
          ))}
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </div>
    </div>
  );
}
