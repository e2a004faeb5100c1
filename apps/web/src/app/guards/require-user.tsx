import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../features/auth/api/auth-session';
import { useTranslation } from '../../shared/i18n/use-translation';
import { PageLoader } from '../../shared/ui/spinner';
import { decideAccess } from '../access';
import { SessionUnavailable } from './session-unavailable';

/** Account, checkout: a guest is sent to /auth and comes back here after logging in. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const decision = decideAccess(session, 'user');
  if (decision === 'checking') return <PageLoader label={t('auth.checking')} />;
  if (decision === 'unavailable') return <SessionUnavailable />;
  if (decision !== 'allow') {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/auth?next=${next}`} replace />;
  }
  return children;
}
