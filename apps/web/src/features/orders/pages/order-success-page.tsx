import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTO_CLOSE_SECONDS, useCountdown } from '../../../shared/hooks/use-countdown';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { thanksUrl } from '../../../shared/routing/order-urls';
import { CheckIcon } from '../../../shared/ui/icons';
import { ResultCard } from '../../../shared/ui/result-card';
import { useOrderByNumber } from '../api/get-order';
import { PayOrderCard } from '../components/pay-order-card';
import { canPayOnline } from '../payment-path';

/**
 * Order placed: thanks, the number, and a return to the account after 10 s. An order still
 * waiting for its online payment (a PayPal invoice on its way) says so and offers "Pay now"
 * instead, and stays.
 */
export function OrderSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('order');
  const number = raw && /^\d{1,10}$/.test(raw) ? raw : null;
  const { data: order } = useOrderByNumber(number);
  const awaiting = order && canPayOnline(order) ? order : null;
  // The window closes into the thank-you page, which stays (in the account, as it says).
  const seconds = useCountdown(
    awaiting ? 0 : AUTO_CLOSE_SECONDS,
    () => void navigate(number ? thanksUrl(number) : '/account/orders', { replace: true }),
  );

  return (
    <ResultCard
      icon={<CheckIcon width={32} height={32} />}
      title={t('checkout.successTitle')}
      tone="success"
      {...(awaiting ? {} : { role: 'status' as const })}
    >
      {raw ? <p className="mt-3 font-semibold text-rose-700">{t('checkout.orderNumber', { number: raw })}</p> : null}
      {awaiting ? (
        <>
          <p className="mt-4 text-ink-soft">{t('orders.thanks.awaitingPayment')}</p>
          <div className="mt-6 text-left">
            <PayOrderCard order={awaiting} />
          </div>
        </>
      ) : (
        <>
          <p className="mt-4 text-ink-soft">{t('checkout.successText')}</p>
          <p className="mt-6 text-sm text-muted">{t('checkout.redirecting', { count: seconds })}</p>
        </>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/account/orders" className="btn btn-primary">
          {t('account.orders')}
        </Link>
        <Link to="/shop" className="btn btn-outline">
          {t('cart.continue')}
        </Link>
      </div>
    </ResultCard>
  );
}
