import { formatMoney, localize, type OnlineMethod } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { useCurrency } from '../../../shared/currency/currency-store';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { CheckIcon, CloseIcon } from '../../../shared/ui/icons';
import { ResultCard } from '../../../shared/ui/result-card';
import { Spinner } from '../../../shared/ui/spinner';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import {
  onlineMethodsFor,
  type PaymentChoice,
  PaymentMethodChoice,
  paymentDevice,
} from '../../checkout/api/components';
import { QrCode } from '../../payments/api/components';
import { usePaymentMethods } from '../../payments/api/get-payment-methods';
import { paymentKeys } from '../../payments/api/keys';
import { usePayByLink, usePayLink } from '../../payments/api/pay-link';
import { formatDateTime, LinePrice } from '../components/order-detail';

/** Why a link does not work, from the server's code. */
function linkProblem(error: unknown): 'paid' | 'expired' | 'cancelled' | 'invalid' | 'other' {
  if (!isApiError(error)) return 'other';
  if (error.code === 'ORDER_ALREADY_PAID') return 'paid';
  if (error.code === 'PAY_LINK_EXPIRED') return 'expired';
  if (error.code === 'ORDER_NOT_PAYABLE') return 'cancelled';
  if (error.code === 'PAY_LINK_INVALID') return 'invalid';
  return 'other';
}

/**
 * `/pay/<token>`: a payment link from a mail (a custom piece's deposit or balance, an order paid by
 * bank transfer), opened without signing in. Shows the order's number, its lines with their prices and the amount, the ways
 * to pay that can take it, and Pay: a fresh payment, then the provider's page (or SBP's QR code on
 * a computer) as at the checkout. A paid, cancelled, expired or unknown link says so.
 */
export function PayLinkPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const displayCurrency = useCurrency();
  const { token = '' } = useParams();
  const link = usePayLink(token);
  const methods = usePaymentMethods();
  const pay = usePayByLink(token);
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<PaymentChoice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  usePageTitle(t('payLink.title'));

  if (link.isPending) {
    return (
      <ResultCard icon={<Spinner className="size-8" />} title={t('payLink.title')}>
        <p className="mt-4 text-ink-soft" role="status">
          {t('payLink.loading')}
        </p>
      </ResultCard>
    );
  }

  if (link.isError) {
    const why = linkProblem(link.error);
    const details = isApiError(link.error) ? (link.error.details as { number?: number } | undefined) : undefined;
    if (why === 'paid') {
      return (
        <ResultCard icon={<CheckIcon width={32} height={32} />} title={t('payLink.paidTitle')} tone="success">
          {details?.number ? (
            <p className="figures mt-3 font-semibold text-rose-700">
              {t('checkout.orderNumber', { number: details.number })}
            </p>
          ) : null}
          <p className="mt-4 text-ink-soft">{t('payLink.paidText')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/account/orders" className="btn btn-primary">
              {t('account.orders')}
            </Link>
          </div>
        </ResultCard>
      );
    }
    return (
      <ResultCard icon={<CloseIcon width={32} height={32} />} title={t(`payLink.${why}Title`)}>
        <p className="mt-4 text-ink-soft">
          {why === 'other' ? errorMessage(link.error, t('payLink.otherText')) : t(`payLink.${why}Text`)}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/account/orders" className="btn btn-primary">
            {t('account.orders')}
          </Link>
        </div>
      </ResultCard>
    );
  }

  const order = link.data;
  const money = (amount: number) => formatMoney(amount, order.currency, language);
  // Delivery, the discount and a gift certificate's share: with them the lines add up to the amount due.
  const charges = (
    [
      [t('orders.detail.deliveryCost'), order.delivery, ''],
      [t('orders.detail.discount'), order.discount, '−'],
      [t('orders.detail.giftCertificate'), order.giftCertificate, '−'],
    ] as const
  )
    .filter(([, amount]) => amount > 0)
    .map(([label, amount, sign]) => [label, `${sign}${money(amount)}`] as const);
  const until = formatDateTime(order.expiresAt, language);
  const online = onlineMethodsFor(methods.data, Math.round(order.total * 100), order.currency);
  const picked: OnlineMethod | undefined = online.find((method) => method === choice);

  const start = (method: OnlineMethod | undefined) => {
    setProblem(null);
    pay.mutate(method ? { method, device: paymentDevice() } : {}, {
      onSuccess: (started) => {
        if (started.kind === 'redirect' && started.redirectUrl) window.location.assign(started.redirectUrl);
        else void queryClient.invalidateQueries({ queryKey: paymentKeys.link(token) });
      },
      onError: (error) => {
        setProblem(errorMessage(error, t('payments.createFailed')));
        void queryClient.invalidateQueries({ queryKey: paymentKeys.link(token) });
      },
    });
  };

  if (order.qr && Date.parse(order.qr.expiresAt) > Date.now()) {
    return (
      <ResultCard title={t('paymentChoice.qr.title')}>
        <p className="figures mt-3 font-semibold text-rose-700">
          {t('checkout.orderNumber', { number: order.orderNumber })}
        </p>
        <div className="mt-6 flex flex-col items-center gap-4">
          <p className="max-w-sm text-ink-soft">{t('paymentChoice.qr.scan')}</p>
          <QrCode text={order.qr.url} label={t('paymentChoice.qr.image')} />
          <p className="flex items-center gap-2 text-sm text-ink-soft" role="status">
            <Spinner className="size-4" />
            {t('paymentChoice.qr.waiting')}
          </p>
          <a href={order.qr.url} className="link text-sm" rel="noopener noreferrer">
            {t('paymentChoice.qr.openOnPhone')}
          </a>
          <button type="button" className="link text-sm" onClick={() => start(undefined)} disabled={pay.isPending}>
            {t('paymentChoice.qr.otherWay')}
          </button>
        </div>
      </ResultCard>
    );
  }

  return (
    <section className="container-page flex justify-center py-10 sm:py-16" aria-labelledby="pay-link-title">
      <div className="card w-full max-w-lg p-5 sm:p-8">
        <h1 id="pay-link-title" className="font-serif text-3xl">
          {t('payLink.title')}
        </h1>
        <p className="figures mt-2 font-semibold text-rose-700">
          {t('checkout.orderNumber', { number: order.orderNumber })}
        </p>
        <ul className="mt-4 flex flex-col divide-y divide-line text-sm">
          {order.lines.map((line) => (
            <li key={line.id} className="flex flex-wrap justify-between gap-x-3 gap-y-1 py-2">
              <span className="min-w-0 wrap-anywhere">{localize(line.name, language)}</span>
              <LinePrice
                unitPrice={line.unitPrice}
                quantity={line.quantity}
                lineTotal={line.lineTotal}
                currency={order.currency}
              />
            </li>
          ))}
        </ul>
        {charges.length > 0 ? (
          <dl className="figures flex flex-col gap-1 border-t border-line pt-3 text-sm">
            {charges.map(([label, amount]) => (
              <div key={label} className="flex justify-between gap-3">
                <dt className="text-ink-soft">{label}</dt>
                <dd className="whitespace-nowrap">{amount}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p className="mt-4 flex items-baseline justify-between gap-3 border-t border-line pt-4">
          <span className="font-semibold">{t('payLink.total')}</span>
          <span className="figures font-serif text-2xl font-semibold text-rose-700" data-testid="pay-link-total">
            {money(order.total)}
          </span>
        </p>
        {displayCurrency !== order.currency ? (
          <p className="mt-2 text-sm text-ink-soft">{t('payLink.inRoubles')}</p>
        ) : null}
        <p className="mt-2 text-sm text-ink-soft">{t('payLink.validUntil', { date: until })}</p>
        {online.length > 1 ? (
          <fieldset className="mt-6">
            <legend className="mb-3 font-semibold">{t('payLink.howToPay')}</legend>
            <PaymentMethodChoice
              online={online}
              others={[]}
              value={choice}
              onChange={setChoice}
              name="pay-link-method"
            />
          </fieldset>
        ) : null}
        <button
          type="button"
          className="btn btn-primary mt-6 w-full"
          onClick={() => start(picked)}
          disabled={pay.isPending}
        >
          {pay.isPending ? <Spinner className="size-4" /> : null}
          {t('payLink.pay', { amount: money(order.total) })}
        </button>
        {problem ? (
          <p className="mt-3 text-sm font-semibold text-rose-800" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </section>
  );
}
