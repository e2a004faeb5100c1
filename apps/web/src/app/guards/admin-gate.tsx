import { Suspense } from 'react';
import { Link, Navigate } from 'react-router';
import { useSession } from '../../features/auth/api/auth-session';
import { loadAdminTexts } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/use-translation';
import { PageLoader } from '../../shared/ui/spinner';
import { decideAccess } from '../access';
import { useLogoutAction } from '../layout/header';
import { LanguageSwitcher } from '../layout/switchers';
import { lazyPage } from '../lazy-page';
import { SessionUnavailable } from './session-unavailable';

// The admin panel and its texts are their own chunks: visitors and customers never download them.
const AdminApp = lazyPage(
  () => Promise.all([import('../../features/admin/pages/admin-app'), loadAdminTexts()]).then(([module]) => module),
  'AdminApp',
);

function AccessDenied() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="access-denied-title"
      className="container-page flex min-h-[60vh] items-center justify-center py-20"
    >
      <div className="card max-w-lg px-8 py-12 text-center">
        <h1 id="access-denied-title" className="text-4xl">
          {t('admin.denied.title')}
        </h1>
        <p className="mt-4 text-ink-soft">{t('admin.denied.text')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className="btn btn-primary">
            {t('notFound.home')}
          </Link>
          <Link to="/account" className="btn btn-outline">
            {t('header.account')}
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * /admin/*: guests go to /login, a non-admin sees the denial (inside the shop's layout), an admin
 * gets the panel in its own shell (the root layout leaves its chrome out: `usesAdminShell`).
 */
export function AdminGate() {
  const { t } = useTranslation();
  const session = useSession();
  const logout = useLogoutAction();
  switch (decideAccess(session, 'admin')) {
    case 'checking':
      return <PageLoader label={t('admin.checkingAccess')} />;
    case 'unavailable':
      return <SessionUnavailable />;
    case 'to-login':
    case 'to-auth':
      return <Navigate to="/login?next=%2Fadmin" replace />;
    case 'deny':
      return <AccessDenied />;
    case 'allow':
      return (
        <Suspense fallback={<PageLoader label={t('admin.loading')} />}>
          <AdminApp languageSwitcher={<LanguageSwitcher tone="plain" />} onLogout={logout} />
        </Suspense>
      );
  }
}
