import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { AdminSectionKey } from './admin-sections';

/** A chunk that has not arrived in 120 s counts as failed (the error boundary shows). */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

function adminPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('Admin page chunk timed out')), CHUNK_LOAD_TIMEOUT_MS);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve({ default: module[name] });
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      }),
  );
}

/**
 * The page of each admin section, each its own lazy chunk. A feature owns its admin screens in
 * `features/<name>/admin/` and plugs them in here with ONE line; the page is mounted at
 * `/admin/<section path>/*`, so it may have its own nested <Routes> (list, `new`, `:id`).
 */
export const ADMIN_PAGES: Record<AdminSectionKey, LazyExoticComponent<ComponentType>> = {
  dashboard: adminPage(() => import('./pages/dashboard-page'), 'DashboardPage'),
  portfolio: adminPage(() => import('../portfolio/admin/portfolio-admin-page'), 'PortfolioAdminPage'),
  shop: adminPage(() => import('../shop/admin/shop-admin-page'), 'ShopAdminPage'),
  landing: adminPage(() => import('../landing/admin/landing-admin-page'), 'LandingAdminPage'),
  reviews: adminPage(() => import('../reviews/admin/reviews-admin-page'), 'ReviewsAdminPage'),
  studentWorks: adminPage(() => import('../student-works/admin/student-works-admin-page'), 'StudentWorksAdminPage'),
  orders: adminPage(() => import('../orders/admin/orders-admin-page'), 'OrdersAdminPage'),
  customOrders: adminPage(() => import('../custom-orders/admin/custom-orders-admin-page'), 'CustomOrdersAdminPage'),
  lessons: adminPage(() => import('../lessons/admin/lessons-admin-page'), 'LessonsAdminPage'),
  promoCodes: adminPage(() => import('../promo-codes/admin/promo-codes-admin-page'), 'PromoCodesAdminPage'),
  giftCertificates: adminPage(
    () => import('../gift-certificates/admin/gift-certificates-admin-page'),
    'GiftCertificatesAdminPage',
  ),
  courses: adminPage(() => import('../courses/admin/courses-admin-page'), 'CoursesAdminPage'),
  users: adminPage(() => import('./pages/users-admin-page'), 'UsersAdminPage'),
  legal: adminPage(() => import('../legal/admin/legal-admin-page'), 'LegalAdminPage'),
  consents: adminPage(() => import('../legal/admin/consents-admin-page'), 'ConsentsAdminPage'),
  mails: adminPage(() => import('./pages/mail-previews-page'), 'MailPreviewsPage'),
  settings: adminPage(() => import('./pages/settings-page'), 'SettingsPage'),
};
