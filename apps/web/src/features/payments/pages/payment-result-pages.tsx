import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { AUTO_CLOSE_SECONDS, useCountdown } from '../../../shared/hooks/use-countdown';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { thanksUrl } from '../../../shared/routing/order-urls';
import { CheckIcon, CloseIcon } from '../../../shared/ui/icons';
import { ResultCard } from '../../../shared/ui/result-card';
import { Spinner } from '../../../shared/ui/spinner';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { ChangeOrderButton } from '../../cart/api/components';
import { useCreatePayment } from '../api/create-payment';
import { usePaymentStatus } from '../api/get-payment-status';
import { PaymentQrPanel } from '../components/payment-qr';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const orderIdParam = (params: URLSearchParams) => {
  const id = params.get('id');
  return id && UUID.test(id) ? id : null;
};
const orderNumberParam = (params: URLSearchParams) => {
  const n = params.get('order');
  return n && /^\d{1,10}$/.test(n) ? n : null;
};

/** `/payment/success?order={number}`: where the provider sends the buyer back; closes after 10 s. */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  usePageTitle(t('payments.successTitle'));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const number = orderNumberParam(searchParams);
  // The window closes into the thank-you page, which stays (in the account, as it says).
  const seconds = useCountdown(
    AUTO_CLOSE_SECONDS,
    () => void navigate(number ? thanksUrl(number) : '/account/orders', { replace: true }),
  );
  return (
    <ResultCard icon={<CheckIcon width={32} height={32} />} title={t('payments.successTitle')} tone="success">
      {number ? (
        <p className="figures mt-3 font-semibold text-rose-700">{t('checkout.orderNumber', { number })}</p>
      ) : null}
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

/** "Try again": a new payment for the same order, straight to the provider's page. */
function TryAgainButton({ orderId }: { orderId: string | null }) {
  const { t } = useTranslation();
  const createPayment = useCreatePayment();
  const [problem, setProblem] = useState<string | null>(null);
  if (!orderId) {
    return (
      <Link to="/account/orders" className="btn btn-primary">
        {t('payments.tryAgain')}
      </Link>
    );
  }
  const retry = () => {
    setProblem(null);
    createPayment.mutate(
      { orderId },
      {
        onSuccess: (started) => {
          if (started.redirectUrl) window.location.assign(started.redirectUrl);
          else setProblem(t('payments.createFailed'));
        },
        onError: (error) => setProblem(errorMessage(error, t('payments.createFailed'))),
      },
    );
  };
  return (
    <div className="flex w-full flex-col items-center gap-3">
      <button type="button" className="btn btn-primary w-full" onClick={retry} disabled={createPayment.isPending}>
        {createPayment.isPending ? <Spinner className="size-4" /> : null}
        {t('payments.tryAgain')}
      </button>
      {problem ? (
        <p className="text-sm font-semibold text-rose-800" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/**
 * `/payment/cancel` (and `?status=failed`): nothing was charged. The order waits: pay again (a new
 * payment for it), or change it (its lines back to the cart, docs/decisions/0104).
 */
export function PaymentCancelPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const failed = searchParams.get('status') === 'failed';
  const title = failed ? t('payments.failedTitle') : t('payments.cancelTitle');
  usePageTitle(title);
  const number = orderNumberParam(searchParams);
  const orderId = orderIdParam(searchParams);
  return (
    <ResultCard icon={<CloseIcon width={32} height={32} />} title={title}>
      {number ? (
        <p className="figures mt-3 font-semibold text-rose-700">{t('checkout.orderNumber', { number })}</p>
      ) : null}
      <p className="mt-4 text-ink-soft">{failed ? t('payments.failedText') : t('payments.cancelText')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <TryAgainButton orderId={orderId} />
        {orderId ? <ChangeOrderButton orderId={orderId} /> : null}
        <Link to="/" className="btn btn-outline">
          {t('notFound.home')}
        </Link>
      </div>
    </ResultCard>
  );
}

/**
 * `/payment/processing?order={number}&id={orderId}`: back from the provider before its notification
 * arrived. Polls the order and moves on to success or failure by itself.
 */
export function PaymentProcessingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const number = orderNumberParam(searchParams);
  const orderId = orderIdParam(searchParams);
  const { data } = usePaymentStatus(orderId);
  const qr = data?.status === 'pending' && data.paymentState !== 'failed' ? data.qr : null;
  usePageTitle(
    data?.instructions
      ? t('payments.instructionsTitle')
      : qr
        ? t('paymentChoice.qr.title')
        : t('payments.processingTitle'),
  );

  useEffect(() => {
    if (!data || !orderId || data.instructions) return;
    if (data.status !== 'pending' && data.status !== 'cancelled') {
      void navigate(`/payment/success?order=${data.number}`, { replace: true });
    } else if (data.paymentState === 'failed' || data.status === 'cancelled') {
      void navigate(`/payment/cancel?status=failed&order=${data.number}&id=${orderId}`, { replace: true });
    }
  }, [data, orderId, navigate]);

  if (data?.instructions) {
    return (
      <ResultCard icon={<CheckIcon width={32} height={32} />} title={t('payments.instructionsTitle')} tone="success">
        <p className="figures mt-3 font-semibold text-rose-700">{t('checkout.orderNumber', { number: data.number })}</p>
        <p className="mt-4 text-ink-soft whitespace-pre-line break-words">{data.instructions}</p>
        <p className="mt-4 text-sm text-muted">{t('payments.instructionsMailed')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/account/orders" className="btn btn-primary">
            {t('account.orders')}
          </Link>
        </div>
      </ResultCard>
    );
  }

  if (qr && orderId) {
    return (
      <ResultCard title={t('paymentChoice.qr.title')}>
        <p className="figures mt-3 font-semibold text-rose-700">
          {t('checkout.orderNumber', { number: data?.number })}
        </p>
        <PaymentQrPanel qr={qr} orderId={orderId} />
      </ResultCard>
    );
  }

  return (
    <ResultCard icon={<Spinner className="size-8" />} title={t('payments.processingTitle')}>
      {number ? (
        <p className="figures mt-3 font-semibold text-rose-700">{t('checkout.orderNumber', { number })}</p>
      ) : null}
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
