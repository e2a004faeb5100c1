import { type Currency, formatMoney, type PaymentAlert } from '@atelier/shared';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Spinner } from '../../../shared/ui/spinner';
import { toast } from '../../../shared/ui/toast';
import { usePaymentAlerts, useResolvePaymentAlert } from '../../payments/api/admin-payments';

/** The payment services the order texts name; another reads as "payment service". */
const PROVIDERS = ['test', 'yookassa', 'paypal', 'paypal-manual', 'manual'];

type Money = { amountMinor: number; currency: string };
const isMoney = (value: unknown): value is Money =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Money).amountMinor === 'number' &&
  typeof (value as Money).currency === 'string';

/**
 * Dashboard: provider notifications the shop could not simply apply (money for a cancelled or
 * already paid order, a wrong amount or currency). Each stays until the owner marks it resolved
 * (after refunding or reconciling in the provider's cabinet). Nothing shows while there are none.
 */
export function PaymentAlertsPanel() {
  const { t } = useTranslation();
  const language = useLanguage();
  const alerts = usePaymentAlerts();
  const resolve = useResolvePaymentAlert();

  if (alerts.isPending || alerts.isError || alerts.data.length === 0) return null;

  const money = (value: unknown) =>
    isMoney(value)
      ? ['RUB', 'EUR', 'USD'].includes(value.currency)
        ? formatMoney(value.amountMinor / 100, value.currency as Currency, language)
        : `${(value.amountMinor / 100).toFixed(2)} ${value.currency}`
      : '—';

  const markResolved = async (alert: PaymentAlert) => {
    try {
      const { message } = await resolve.mutateAsync(alert.id);
      toast.success(message ?? t('admin.paymentAlerts.resolved'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('admin.paymentAlerts.resolveFailed')));
    }
  };

  return (
    <section className="card mt-8 border-rose-300 p-5 sm:p-6" aria-labelledby="admin-payment-alerts">
      <h2 id="admin-payment-alerts" className="font-serif text-2xl">
        {t('admin.paymentAlerts.title')}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{t('admin.paymentAlerts.hint')}</p>
      <ul className="mt-4 flex flex-col divide-y divide-line">
        {alerts.data.map((alert) => (
          <li key={alert.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm">
              <p className="font-semibold">{t(`admin.paymentAlerts.kind.${alert.kind}`)}</p>
              {alert.details.autoRefund === true ? (
                <p className="text-ink-soft">{t('admin.paymentAlerts.autoRefund')}</p>
              ) : null}
              <p className="text-ink-soft">
                {alert.orderId && alert.orderNumber !== null ? (
                  <Link className="link" to={`/admin/orders/${alert.orderId}`}>
                    {t('admin.paymentAlerts.order', { number: alert.orderNumber })}
                  </Link>
                ) : null}
                {' · '}
                {PROVIDERS.includes(alert.provider)
                  ? t(`orders.admin.provider.${alert.provider}`)
                  : t('orders.admin.provider.other')}
                {' · '}
                {t('admin.paymentAlerts.amounts', {
                  received: money(alert.details.received),
                  expected: money(alert.details.expected),
                })}
              </p>
              <p className="text-xs text-muted">
                <time dateTime={alert.createdAt}>{new Date(alert.createdAt).toLocaleString(language)}</time>
              </p>
            </div>
            <button
              type="button"
              className="btn btn-outline shrink-0"
              disabled={resolve.isPending}
              onClick={() => void markResolved(alert)}
            >
              {resolve.isPending && resolve.variables === alert.id ? <Spinner className="size-4" /> : null}
              {t('admin.paymentAlerts.resolve')}
              <span className="sr-only"> {t('admin.paymentAlerts.order', { number: alert.orderNumber ?? '' })}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
