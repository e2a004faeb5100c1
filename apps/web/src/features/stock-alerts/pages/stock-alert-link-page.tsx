import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormProblem, SubmitButton } from '../../../shared/ui/form-field';
import { BellIcon, CheckIcon } from '../../../shared/ui/icons';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { linkTokenFromHash } from '../../auth/api/verify-email-link';
import { useAlertLink } from '../api/stock-alerts';

/**
 * `/stock-alerts/confirm#token=…` and `/stock-alerts/unsubscribe#token=…`, where the back-in-stock
 * mails lead. Nothing happens until the person presses the button: mail scanners that open every
 * link do not press buttons, so they neither subscribe nor unsubscribe anyone.
 */
export function StockAlertLinkPage({ action }: { action: 'confirm' | 'unsubscribe' }) {
  const { t } = useTranslation();
  const link = useAlertLink(action);
  // Read without side effects (a suspended render runs this again); the fragment is wiped once committed.
  const [token] = useState(() => (typeof window === 'undefined' ? null : linkTokenFromHash(window.location.hash)));
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  const [problem, setProblem] = useState<string | null>(null);
  const title = t(`stockAlerts.${action}Title`);
  usePageTitle(title);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    setProblem(null);
    link.mutate(token, { onError: (error) => setProblem(errorMessage(error, t('stockAlerts.linkFailed'))) });
  };

  const productId = link.data?.alert?.productId;
  return (
    <section
      aria-labelledby="stock-alert-title"
      className="container-page flex min-h-[60vh] items-center justify-center py-16"
    >
      <div className="card w-full max-w-md p-6 text-center sm:p-8">
        <span
          aria-hidden="true"
          className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-blush-50 text-rose-600"
        >
          {link.isSuccess ? <CheckIcon width={28} height={28} /> : <BellIcon width={28} height={28} />}
        </span>
        <h1 id="stock-alert-title" className="mt-4 text-4xl">
          {title}
        </h1>
        {link.isSuccess ? (
          <div className="mt-6 flex flex-col gap-4" role="status">
            <p className="text-ink-soft">{link.data.message}</p>
            {productId ? (
              <Link to={`/shop?product=${productId}`} className="btn btn-primary">
                {t('stockAlerts.toProduct')}
              </Link>
            ) : (
              <Link to="/shop" className="btn btn-primary">
                {t('stockAlerts.toShop')}
              </Link>
            )}
          </div>
        ) : token ? (
          <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-5">
            <p className="text-ink-soft">{t(`stockAlerts.${action}Text`)}</p>
            <FormProblem>{problem}</FormProblem>
            <SubmitButton pending={link.isPending}>{t(`stockAlerts.${action}Button`)}</SubmitButton>
          </form>
        ) : (
          <div className="mt-6">
            <FormProblem>{t('stockAlerts.linkMissing')}</FormProblem>
          </div>
        )}
      </div>
    </section>
  );
}
