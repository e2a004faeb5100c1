import { type Currency, formatMoney, localize, type Order } from '@atelier/shared';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { CheckIcon } from '../../../shared/ui/icons';
import { Spinner } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useMyGiftCertificates } from '../../gift-certificates/api/gift-certificates';
import { usePaymentStatus } from '../../payments/api/get-payment-status';
import { useOrderByNumber } from '../api/get-order';
import { ExpectedDelivery } from '../components/expected-delivery';
import { PayOrderCard } from '../components/pay-order-card';
import { accountOrderUrl, canPayOnline } from '../payment-path';
import { giftNote, localToday, shipsParcel, thanksHeadline } from '../thanks-texts';

const PAID = new Set(['confirmed', 'processing', 'shipped', 'delivered']);

/**
 * `/account/orders/thanks/{number}`: the thank-you page that stays, where the success windows
 * close to and where cash and transfer orders land. Everything on it is the server's order:
 * its lines with pictures, amounts in the order's currency, delivery with its expected time and
 * what happens next.
 */
export function OrderThanksPage() {
  const { t } = useTranslation();
  const { number: raw } = useParams();
  const number = raw && /^\d{1,10}$/.test(raw) ? raw : null;
  const { data: order, isPending, isError, error, refetch } = useOrderByNumber(number);
  usePageTitle(t('orders.thanks.title'));

  if (!number || (isError && isApiError(error) && (error.status === 404 || error.status === 400))) {
    return (
      <div className="container-page py-16">
        <EmptyState title={t('orders.detail.notFound')}>
          <Link to="/account/orders" className="btn btn-primary mt-4">
            {t('account.orders')}
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (isError) {
    return (
      <div className="container-page py-16">
        <ErrorState onRetry={() => void refetch()} />
      </div>
    );
  }
  if (isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner />
      </div>
    );
  }
  return <Thanks order={order} />;
}

function Thanks({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = order.currency as Currency;
  const paid = PAID.has(order.status) || order.paymentState === 'paid';
  // Every amount in the order's own currency, whatever the visitor has chosen since.
  const money = (amount: number) => formatMoney(amount, currency, language);
  const totals = {
    subtotal: order.subtotalInCurrency,
    discount: order.discountInCurrency,
    delivery: order.deliveryCostInCurrency,
  };
  const total = order.totalInCurrency;

  return (
    <div className="container-page pb-12">
      <header className="flex flex-col items-center gap-3 pt-10 pb-8 text-center sm:pt-14">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-sage-100 text-sage-700">
          <CheckIcon width={32} height={32} />
        </span>
        <h1 className="text-4xl sm:text-5xl">{t('orders.thanks.title')}</h1>
        <p className="font-semibold text-rose-700">{t('checkout.orderNumber', { number: order.number })}</p>
        <p className="max-w-xl text-ink-soft" role="status">
          {t(thanksHeadline(order, paid))}
        </p>
      </header>

      {/* Awaiting an online payment: "Pay now" (and "Change the order") before anything else. */}
      {!paid && canPayOnline(order) ? (
        <div className="mx-auto mb-6 max-w-xl">
          <PayOrderCard order={order} />
        </div>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section className="card p-5 sm:p-6" aria-labelledby="thanks-items">
          <h2 id="thanks-items" className="font-serif text-2xl">
            {t('orders.thanks.items')}
          </h2>
          <ul className="mt-4 flex flex-col divide-y divide-line">
            {order.items.map((item) => (
              <li key={item.id} className="flex items-center gap-4 py-3">
                {item.image ? (
                  <img
                    src={item.image}
                    alt=""
                    width={64}
                    height={64}
                    className="size-16 shrink-0 rounded-2xl object-cover"
                  />
                ) : (
                  <span aria-hidden="true" className="size-16 shrink-0 rounded-2xl bg-blush-100" />
                )}
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-serif text-lg leading-tight text-ink wrap-anywhere">
                    {localize(item.name, language)}
                  </p>
                  <p className="mt-1 text-muted">
                    {item.type === 'lesson' || item.type === 'course' ? (
                      t(`cart.${item.type}`)
                    ) : (
                      <>
                        {item.bookFormat ? `${t(`shop.formats.${item.bookFormat}`)} · ` : ''}
                        {item.quantity} × {money(item.unitPriceInCurrency)}
                      </>
                    )}
                  </p>
                </div>
                <p className="shrink-0 text-right font-semibold">{money(item.lineTotalInCurrency)}</p>
              </li>
            ))}
          </ul>
          <dl className="mt-4 flex flex-col gap-2 border-t border-line pt-4 text-sm">
            <Row label={t('orders.detail.subtotal')}>{money(totals.subtotal)}</Row>
            {totals.discount > 0 ? <Row label={t('orders.detail.discount')}>−{money(totals.discount)}</Row> : null}
            {order.delivery.method !== 'none' ? (
              <Row label={t('orders.detail.deliveryCost')}>
                {totals.delivery === 0 ? t('checkout.free') : money(totals.delivery)}
              </Row>
            ) : null}
            <Row label={<span className="font-semibold text-ink">{t('orders.detail.total')}</span>}>
              <span className="font-serif text-xl font-semibold text-rose-700">{money(total)}</span>
            </Row>
            {order.giftCertificate > 0 ? (
              <>
                <Row label={t('orders.detail.giftCertificate')}>
                  −{formatMoney(order.giftCertificate, currency, language)}
                </Row>
                <Row label={<span className="font-semibold text-ink">{t('orders.detail.amountDue')}</span>}>
                  <span className="font-semibold">{formatMoney(order.amountDue, currency, language)}</span>
                </Row>
              </>
            ) : null}
          </dl>
        </section>

        <aside className="flex flex-col gap-6">
          {order.delivery.method !== 'none' ? <DeliveryCard order={order} /> : null}
          <NextSteps order={order} paid={paid} />
          <div className="flex flex-col gap-3">
            <Link to={accountOrderUrl(order)} className="btn btn-primary">
              {t('orders.thanks.orderPage')}
            </Link>
            <Link to="/shop" className="btn btn-outline">
              {t('cart.continue')}
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right">{children}</dd>
    </div>
  );
}

function DeliveryCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const delivery = order.delivery;
  const place = [delivery.country, delivery.city, delivery.address, delivery.postalCode].filter(Boolean).join(', ');
  return (
    <section className="card p-5 text-sm sm:p-6" aria-labelledby="thanks-delivery">
      <h2 id="thanks-delivery" className="font-serif text-2xl">
        {t('orders.detail.delivery')}
      </h2>
      <p className="mt-3 font-semibold">{t(`checkout.delivery.${delivery.method}`)}</p>
      {delivery.pickupPoint ? (
        <p className="mt-1 text-ink-soft">
          {t('orders.detail.pickupPoint')}: {delivery.pickupPoint}
        </p>
      ) : null}
      {place && !delivery.pickupPoint ? <p className="mt-1 text-ink-soft wrap-anywhere">{place}</p> : null}
      {delivery.method === 'pickup' ? <p className="mt-1 text-ink-soft">{t('checkout.pickupHint')}</p> : null}
      <p className="mt-3 empty:hidden">
        <ExpectedDelivery order={order} />
      </p>
    </section>
  );
}

/** What happens next, from the order's lines and its payment. */
function NextSteps({ order, paid }: { order: Order; paid: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const transfer = order.paymentMethod === 'cash' || order.paymentMethod === 'bank_transfer';
  const payLater = !paid && order.status === 'pending' && transfer;
  const { data: payment } = usePaymentStatus(payLater ? order.id : null);
  const digital = order.items.some((item) => item.bookFormat === 'digital');
  const physical = shipsParcel(order);
  const hasGift = order.items.some((item) => item.type === 'gift_certificate');
  const certificates = useMyGiftCertificates(hasGift);
  const gift = hasGift
    ? giftNote(
        certificates.data?.find((certificate) => certificate.orderId === order.id),
        paid,
        localToday(),
      )
    : null;
  const learning = order.items.filter(
    (item) => (item.type === 'lesson' || item.type === 'course') && item.refId !== null,
  );
  if (order.status === 'cancelled') return null;

  return (
    <section className="card p-5 text-sm sm:p-6" aria-labelledby="thanks-next">
      <h2 id="thanks-next" className="font-serif text-2xl">
        {t('orders.thanks.next')}
      </h2>
      <ul className="mt-3 flex list-disc flex-col gap-3 pl-5 text-ink-soft">
        {payLater ? (
          <li>
            <p className="font-semibold text-ink">{t('payments.instructionsTitle')}</p>
            {payment?.instructions ? (
              <p className="mt-1 whitespace-pre-line break-words">{payment.instructions}</p>
            ) : null}
            <p className="mt-1">{t('payments.instructionsMailed')}</p>
          </li>
        ) : null}
        {!paid && (order.paymentMethod === 'paypal' || order.paymentMethod === 'card') ? (
          <li>{t('orders.thanks.onPayment')}</li>
        ) : null}
        {gift ? (
          <li data-testid="thanks-gift">
            {t(gift.key, {
              email: gift.email,
              date: gift.date ? formatDate(`${gift.date}T12:00:00Z`, language) : '',
            })}
          </li>
        ) : null}
        {digital ? <li>{t(paid ? 'orders.thanks.digitalMailed' : 'orders.thanks.digitalAfterPayment')}</li> : null}
        {learning.length > 0 ? (
          <li>
            {t(paid ? 'orders.thanks.lessonsOpen' : 'orders.thanks.lessonsAfterPayment')}
            {paid ? (
              <ul className="mt-2 flex flex-col gap-2">
                {learning.map((item) => (
                  <li key={item.id}>
                    <Link
                      to={item.type === 'course' ? `/training-course/${item.refId}` : `/training-detail/${item.refId}`}
                      className="btn btn-primary btn-sm"
                    >
                      {t('orders.thanks.start', { name: localize(item.name, language) })}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ) : null}
        {physical ? <li>{t('orders.thanks.shipping')}</li> : null}
        <li>{t('orders.thanks.mail')}</li>
      </ul>
    </section>
  );
}
