import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormProblem } from '../../../shared/ui/form-problem';
import { BellIcon } from '../../../shared/ui/icons';
import { Spinner } from '../../../shared/ui/spinner';
import { toast } from '../../../shared/ui/toast';
import { useSession } from '../../auth/api/auth-session';
import { useCancelAlert, useMyAlerts, useSubscribeToAlert } from '../../stock-alerts/api/stock-alerts';

const NotifyMeForm = lazy(() => import('./notify-me-form').then((module) => ({ default: module.NotifyMeForm })));

/**
 * "Notify me when it is back" for a product that is out of stock (`offersStockAlert`). A signed-in
 * customer is subscribed in one click (and can stop waiting); a guest gives an address and
 * confirms it from the mail. Until the page runs in the browser it is the same button for
 * everyone, so a server-rendered product looks the same on the server and in the browser.
 */
export function NotifyMe({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const session = useSession();
  const alerts = useMyAlerts();
  const subscribe = useSubscribeToAlert();
  const cancel = useCancelAlert();
  const [formOpen, setFormOpen] = useState(false);
  const [checkMail, setCheckMail] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const signedIn = hydrated && session.status === 'authenticated';
  const waiting = signedIn && (alerts.data ?? []).some((alert) => alert.productId === productId);
  const failed = (error: unknown) => setProblem(errorMessage(error, t('stockAlerts.failed')));
  const told = ({ message }: { message?: string | undefined }) => {
    if (message) toast.success(message);
  };

  const start = () => {
    setProblem(null);
    if (!signedIn) {
      setFormOpen(true);
      return;
    }
    subscribe.mutate({ productId }, { onSuccess: told, onError: failed });
  };

  const stop = () => {
    setProblem(null);
    cancel.mutate(productId, { onSuccess: told, onError: failed });
  };

  return (
    <div className="flex flex-col gap-3" data-testid="notify-me">
      {waiting && session.user ? (
        <div className="flex flex-col gap-3 rounded-2xl bg-blush-50 px-4 py-3">
          <p role="status" className="flex items-start gap-2 text-sm font-semibold text-rose-800 wrap-anywhere">
            <BellIcon width={18} height={18} className="mt-0.5 shrink-0" />
            {t('stockAlerts.waiting', { email: session.user.email })}
          </p>
          <button type="button" className="btn btn-ghost btn-sm self-start" onClick={stop} disabled={cancel.isPending}>
            {t('stockAlerts.stop')}
          </button>
        </div>
      ) : checkMail ? (
        <p role="status" className="rounded-2xl bg-sage-100 px-4 py-3 text-sm font-semibold text-sage-700">
          {checkMail}
        </p>
      ) : formOpen && !signedIn ? (
        <Suspense
          fallback={
            <div className="flex justify-center py-4">
              <Spinner />
            </div>
          }
        >
          <NotifyMeForm productId={productId} onSent={setCheckMail} />
        </Suspense>
      ) : (
        <button type="button" className="btn btn-primary" onClick={start} disabled={subscribe.isPending}>
          <BellIcon width={18} height={18} />
          {t('stockAlerts.notifyMe')}
        </button>
      )}
      <FormProblem>{problem}</FormProblem>
    </div>
  );
}
