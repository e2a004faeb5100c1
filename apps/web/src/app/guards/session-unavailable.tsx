import { useState } from 'react';
import { retrySessionCheck } from '../../features/auth/api/auth-session';
import { useTranslation } from '../../shared/i18n/use-translation';

/**
 * The stored login could not be checked (no connection, server trouble). The token is kept: the
 * visitor may check again instead of being sent to the login page as if logged out.
 */
export function SessionUnavailable() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <section
      aria-labelledby="session-unavailable-title"
      className="container-page flex min-h-[50vh] items-center justify-center py-20"
    >
      <div role="alert" className="card max-w-lg px-6 py-10 text-center sm:px-8">
        <h1 id="session-unavailable-title" className="text-3xl">
          {t('auth.sessionUnavailable.title')}
        </h1>
        <p className="mt-4 text-ink-soft">{t('auth.sessionUnavailable.text')}</p>
        <button
          type="button"
          className="btn btn-primary mt-8"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void retrySessionCheck().finally(() => setBusy(false));
          }}
        >
          {t('auth.sessionUnavailable.retry')}
        </button>
      </div>
    </section>
  );
}
