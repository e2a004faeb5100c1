import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTO_CLOSE_SECONDS, useCountdown } from '../../../shared/hooks/use-countdown';
import { CheckIcon, CloseIcon } from '../../../shared/ui/icons';
import { ResultCard } from '../../../shared/ui/result-card';
import { Spinner } from '../../../shared/ui/spinner';

/** `/payment/success?order={number}`: where the provider sends the buyer back (DESIGN §8). */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const number = searchParams.get('order');
  const seconds = useCountdown(AUTO_CLOSE_SECONDS, () => void navigate('/account/orders', { replace: true }));
  return (
    <ResultCard icon={<CheckIcon width={32} height={32} />} title={t('payments.successTitle')}>
      {number ? <p className="mt-3 font-semibold text-rose-700">{t('checkout.orderNumber', { number })}</p> : null}
      <p className="mt-4 text-ink-soft">{t('payments.successText')}</p>
      <p className="mt-6 text-sm text-muted" role="status">
        {t('checkout.redirecting', { count: seconds })}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/account/orders" className="btn btn-primary">
          {t('account.orders')}
        </Link>
        <Link to="/account/lessons" className="btn btn-outline">
          {t('account.lessons')}
        </Link>
      </div>
    </ResultCard>
  );
}

/** `/payment/cancel` (and `?status=failed`): nothing was charged; offer to try again. */
export function PaymentCancelPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const failed = searchParams.get('status') === 'failed';
  return (
    <ResultCard
      icon={<CloseIcon width={32} height={32} />}
      title={failed ? t('payments.failedTitle') : t('payments.cancelTitle')}
    >
      <p className="mt-4 text-ink-soft">{failed ? t('payments.failedText') : t('payments.cancelText')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/account/orders" className="btn btn-primary">
          {t('payments.tryAgain')}
        </Link>
        <Link to="/" className="btn btn-outline">
          {t('notFound.home')}
        </Link>
      </div>
    </ResultCard>
  );
}

/** `/payment/processing`: the provider has not confirmed yet. */
export function PaymentProcessingPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const number = searchParams.get('order');
  return (
    <ResultCard icon={<Spinner className="size-8" />} title={t('payments.processingTitle')}>
      {number ? <p className="mt-3 font-semibold text-rose-700">{t('checkout.orderNumber', { number })}</p> : null}
      <p className="mt-4 text-ink-soft" role="status">
        {t('payments.processingText')}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/account/orders" className="btn btn-primary">
          {t('account.orders')}
        </Link>
      </div>
    </ResultCard>
  );
}
