import { type Currency, formatMoney, intlLocale, localize, type Order, trackingUrl } from '@atelier/shared';
import type { ReactNode } from 'react';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../auth/api/auth-session';
import { ExpectedDelivery } from './expected-delivery';
import { OrderStatusBadge } from './order-status-badge';

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * A line's price as the orders feature shows it: the unit price × the quantity, then the line's
 * total, in the order's currency. Each part keeps on one line; at 360 px the total goes under.
 */
export function LinePrice({
  unitPrice,
  quantity,
  lineTotal,
  currency,
}: {
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  currency: Currency;
}) {
  const language = useLanguage();
  const money = (amount: number) => formatMoney(amount, currency, language);
  return (
    <span className="figures text-right" data-testid="line-price">
      <span className="whitespace-nowrap text-muted">
        {money(unitPrice)} × {quantity}
      </span>{' '}
      <span className="ml-2 whitespace-nowrap font-semibold">{money(lineTotal)}</span>
    </span>
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

/**
 * One order as the customer and the admin read it: lines and amounts in the order's own currency
 * (what the customer saw and is charged, whatever currency is chosen now), delivery, payment,
 * comment and the status history with time and actor.
 * `actions` (admin status buttons) render under the heading.
 */
export function OrderDetail({
  order,
  actions,
  headingLevel = 2,
  reader = 'customer',
}: {
  order: Order;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
  /** Who reads the history: the customer sees "you" and "the shop", the owner sees names. */
  reader?: 'customer' | 'owner';
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useSession();
  const viewerId = session.status === 'authenticated' ? session.user.id : null;
  const actorText = (actor: NonNullable<NonNullable<Order['history']>[number]['actor']>) => {
    if (actor.id === viewerId) return t('orders.detail.byYou');
    if (reader === 'customer' && actor.role === 'admin') return t('orders.detail.byShop');
    return actor.role === 'admin'
      ? t('orders.detail.by', { name: actor.name })
      : t('orders.detail.byCustomer', { name: actor.name });
  };
  const money = (amount: number) => formatMoney(amount, order.currency, language);
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const delivery = order.delivery;
  const place = [delivery.country, delivery.city, delivery.address, delivery.postalCode].filter(Boolean).join(', ');

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex flex-col gap-6">
        <section className="card p-5 sm:p-6" aria-labelledby={`order-${order.id}-items`}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <H id={`order-${order.id}-items`} className="font-serif text-2xl">
              {t('orders.detail.items')}
            </H>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="mt-1 text-sm text-muted">
            {t('orders.detail.placedOn', { date: formatDateTime(order.createdAt, language) })}
          </p>
          {order.status === 'pending' && order.holdUntil ? (
            <p className="mt-1 text-sm text-ink-soft">
              {t('orders.detail.heldUntil', { date: formatDateTime(order.holdUntil, language) })}
            </p>
          ) : null}
          <ul className="figures mt-4 flex flex-col divide-y divide-line">
            {order.items.map((item) => (
              <li key={item.id} className="flex flex-wrap justify-between gap-3 py-3 text-sm">
                <span>
                  <span className="font-semibold">{localize(item.name, language)}</span>
                  {item.bookFormat ? (
                    <span className="block text-muted">
                      {t('orders.detail.format', { format: t(`shop.formats.${item.bookFormat}`) })}
                    </span>
                  ) : null}
                  {item.refundedQuantity > 0 ? (
                    <span className="block text-ink-soft">
                      {t('orders.detail.refundedUnits', {
                        units: item.refundedQuantity,
                        quantity: item.quantity,
                        amount: formatMoney(item.refunded, 'RUB', language),
                      })}
                    </span>
                  ) : null}
                </span>
                <LinePrice
                  unitPrice={item.unitPriceInCurrency}
                  quantity={item.quantity}
                  lineTotal={item.lineTotalInCurrency}
                  currency={order.currency}
                />
              </li>
            ))}
          </ul>
          <dl className="figures mt-4 flex flex-col gap-2 border-t border-line pt-4 text-sm">
            <Row label={t('orders.detail.subtotal')}>{money(order.subtotalInCurrency)}</Row>
            {order.discountInCurrency > 0 ? (
              <Row label={t('orders.detail.discount')}>−{money(order.discountInCurrency)}</Row>
            ) : null}
            {delivery.method !== 'none' ? (
              <Row label={t('orders.detail.deliveryCost')}>
                {order.deliveryCostInCurrency === 0 ? t('checkout.free') : money(order.deliveryCostInCurrency)}
              </Row>
            ) : null}
            <Row label={<span className="font-semibold text-ink">{t('orders.detail.total')}</span>}>
              <span className="font-serif text-xl font-semibold text-rose-700">{money(order.totalInCurrency)}</span>
            </Row>
            {order.giftCertificate > 0 ? (
              <>
                <Row label={t('orders.detail.giftCertificate')}>−{money(order.giftCertificate)}</Row>
                <Row label={<span className="font-semibold text-ink">{t('orders.detail.amountDue')}</span>}>
                  <span className="font-semibold">{money(order.amountDue)}</span>
                </Row>
              </>
            ) : null}
            {order.refundedTotalInCurrency > 0 ? (
              <>
                <Row label={t('orders.detail.refunded')}>−{money(order.refundedTotalInCurrency)}</Row>
                <Row label={<span className="font-semibold text-ink">{t('orders.detail.net')}</span>}>
                  <span className="font-semibold" data-testid="order-net">
                    {money(order.netTotalInCurrency)}
                  </span>
                </Row>
              </>
            ) : null}
          </dl>
        </section>

        <section className="card p-5 sm:p-6" aria-labelledby={`order-${order.id}-history`}>
          <H id={`order-${order.id}-history`} className="font-serif text-2xl">
            {t('orders.detail.history')}
          </H>
          <ol className="mt-4 flex flex-col gap-3 text-sm">
            {(order.history ?? []).map((event) => (
              <li key={`${event.at}-${event.to}`} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <OrderStatusBadge status={event.to} />
                <time dateTime={event.at} className="text-ink-soft">
                  {formatDateTime(event.at, language)}
                </time>
                <span className="text-muted">{event.actor ? actorText(event.actor) : t('orders.detail.system')}</span>
              </li>
            ))}
          </ol>
        </section>
      </div>

      <aside className="flex flex-col gap-6">
        {actions}
        <section className="card p-5 text-sm sm:p-6" aria-labelledby={`order-${order.id}-info`}>
          <H id={`order-${order.id}-info`} className="sr-only">
            {t('orders.detail.customer')}
          </H>
          <dl className="flex flex-col gap-4">
            <div>
              <dt className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
                {t('orders.detail.customer')}
              </dt>
              <dd className="mt-1">
                {order.customer.firstName} {order.customer.lastName}
                <br />
                {order.customer.email}
                {order.customer.phone ? (
                  <>
                    <br />
                    {order.customer.phone}
                  </>
                ) : null}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
                {t('orders.detail.delivery')}
              </dt>
              <dd className="mt-1">
                {delivery.method === 'none' ? t('orders.detail.noDelivery') : t(`checkout.delivery.${delivery.method}`)}
                {delivery.pickupPoint ? (
                  <span className="block text-ink-soft">
                    {t('orders.detail.pickupPoint')}: {delivery.pickupPoint}
                  </span>
                ) : null}
                {delivery.cdek?.workTime ? (
                  <span className="block text-ink-soft">
                    {t('cdek.checkout.hours', { hours: delivery.cdek.workTime })}
                  </span>
                ) : null}
                {place ? <span className="block text-ink-soft">{place}</span> : null}
                <ExpectedDelivery order={order} className="mt-1 block text-ink-soft" />
                {order.tracking ? <TrackingLine tracking={order.tracking} /> : null}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
                {t('orders.detail.payment')}
              </dt>
              <dd className="mt-1">
                {t(`labels.paymentMethod.${order.paymentMethod}`)}
                <span className="block text-ink-soft">{t(`orders.paymentState.${order.paymentState}`)}</span>
              </dd>
            </div>
            {order.comment ? (
              <div>
                <dt className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
                  {t('orders.detail.comment')}
                </dt>
                <dd className="mt-1 whitespace-pre-line wrap-anywhere">{order.comment}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      </aside>
    </div>
  );
}

/** The parcel's tracking number, linked to the carrier's tracking page when there is one. */
function TrackingLine({ tracking }: { tracking: NonNullable<Order['tracking']> }) {
  const { t } = useTranslation();
  const url = trackingUrl(tracking);
  return (
    <span className="mt-1 block">
      {t('orders.detail.tracking', { carrier: t(`labels.trackingCarrier.${tracking.carrier}`) })}:{' '}
      {url ? (
        <a className="link font-semibold" href={url} target="_blank" rel="noopener noreferrer">
          {tracking.number}
          <span className="sr-only"> — {t('orders.detail.trackOpens')}</span>
        </a>
      ) : (
        <span className="font-semibold">{tracking.number}</span>
      )}
    </span>
  );
}
