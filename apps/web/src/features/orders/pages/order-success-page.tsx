import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTO_CLOSE_SECONDS, useCountdown } from '../../../shared/hooks/use-countdown';
import { CheckIcon } from '../../../shared/ui/icons';

/** Order placed: thanks, the number, and a return to the account after 10 s (SPEC §9). */
export function OrderSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const number = searchParams.get('order');
  const seconds = useCountdown(AUTO_CLOSE_SECONDS, () => void navigate('/account/orders', { replace: true }));

  return (
    <section
      aria-labelledby="order-success-title"
      className="container-page flex min-h-[60vh] items-center justify-center py-16"
    >
      <div className="card max-w-lg px-8 py-12 text-center" role="status">
        <span className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-sage-100 text-sage-700">
          <CheckIcon width={32} height={32} />
        </span>
        <h1 id="order-success-title" className="mt-6 text-4xl">
          {t('checkout.successTitle')}
        </h1>
        {number ? <p className="mt-3 font-semibold text-rose-700">{t('checkout.orderNumber', { number })}</p> : null}
        <p className="mt-4 text-ink-soft">{t('checkout.successText')}</p>
        <p className="mt-6 text-sm text-muted">{t('checkout.redirecting', { count: seconds })}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/account/orders" className="btn btn-primary">
            {t('account.orders')}
          </Link>
          <Link to="/shop" className="btn btn-outline">
            {t('cart.continue')}
          </Link>
        </div>
      </div>
    </section>
  );
}
