import { goodsLeftToShip, localize, type Order } from '@atelier/shared';
import { useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Spinner } from '../../../shared/ui/spinner';
import { EmptyState } from '../../../shared/ui/states';
import { orderQueryOptions } from '../api/get-order';

/** At most this many slips at once (a page of the orders list is 20). */
export const MAX_SLIPS = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids of `?ids=a,b,c`: well-formed, each once, in the order given. */
export function slipIds(param: string | null): string[] {
  const ids = (param ?? '').split(',').map((id) => id.trim());
  return [...new Set(ids.filter((id) => UUID.test(id)))].slice(0, MAX_SLIPS);
}

/** The address of `/admin/orders/slips` for these orders (relative to the orders list). */
export const slipsPath = (ids: readonly string[]) => `slips?ids=${ids.map(encodeURIComponent).join(',')}`;

/**
 * `/admin/orders/slips?ids=…`: a packing slip per order, printed one per page (print CSS in
 * index.css): the number, the lines with quantities and editions, the delivery address, phone,
 * customer comment and carrier. On screen the slips stack as cards with "Print" above them.
 */
export function PackingSlipsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ids = slipIds(params.get('ids'));
  const results = useQueries({ queries: ids.map((id) => orderQueryOptions(id)) });
  const loading = results.some((result) => result.isPending);
  const orders = results.flatMap((result) => (result.data ? [result.data] : []));
  const missing = results.filter((result) => result.isError).length;

  return (
    <section aria-labelledby="packing-slips-title" className="packing-slips">
      <div className="no-print mb-6 flex flex-wrap items-center justify-between gap-3">
        <Link to=".." relative="path" className="link">
          ← {t('orders.admin.slips.back')}
        </Link>
        {orders.length > 0 && !loading ? (
          <button type="button" className="btn btn-primary min-h-11" onClick={() => window.print()}>
            {t('orders.admin.slips.print')}
          </button>
        ) : null}
      </div>
      <h1 id="packing-slips-title" className="no-print mb-6 text-4xl">
        {t('orders.admin.slips.title')}
      </h1>
      {ids.length === 0 ? (
        <EmptyState title={t('orders.admin.slips.none')} />
      ) : loading ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : (
        <>
          {missing > 0 ? (
            <p role="alert" className="no-print mb-4 text-sm text-red-800">
              {t('orders.admin.slips.missing', { n: missing })}
            </p>
          ) : null}
          <div className="flex flex-col gap-6">
            {orders.map((order) => (
              <PackingSlip key={order.id} order={order} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function PackingSlip({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const delivery = order.delivery;
  const place = [delivery.postalCode, delivery.country, delivery.city, delivery.address].filter(Boolean).join(', ');
  const carrier = order.carrier
    ? order.carrier === 'other'
      ? t('labels.trackingCarrier.other')
      : t(`labels.shipCarrier.${order.carrier}`)
    : null;
  const titleId = `slip-${order.id}`;
  // What goes in the box: goods, not lessons or e-books (those arrive by mail), less refunded units.
  return (
    <article className="packing-slip card p-5 sm:p-6" aria-labelledby={titleId}>
      <h2 id={titleId} className="font-serif text-2xl">
        {t('checkout.orderNumber', { number: order.number })}
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold">{t('orders.admin.slips.recipient')}</dt>
          <dd className="mt-1 wrap-anywhere">
            {order.customer.firstName} {order.customer.lastName}
            {order.customer.phone ? <span className="block">{order.customer.phone}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">{t('orders.admin.slips.delivery')}</dt>
          <dd className="mt-1 wrap-anywhere">
            {delivery.method === 'none' ? t('orders.detail.noDelivery') : t(`checkout.delivery.${delivery.method}`)}
            {delivery.pickupPoint ? <span className="block">{delivery.pickupPoint}</span> : null}
            {delivery.cdek?.address && delivery.cdek.address !== delivery.pickupPoint ? (
              <span className="block">{delivery.cdek.address}</span>
            ) : null}
            {place ? <span className="block">{place}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">{t('orders.admin.slips.carrier')}</dt>
          <dd className="mt-1">
            {carrier ?? t('orders.admin.slips.carrierNotChosen')}
            {order.tracking ? <span className="block font-mono">{order.tracking.number}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">{t('orders.admin.slips.comment')}</dt>
          <dd className="mt-1 whitespace-pre-line wrap-anywhere">{order.comment || '—'}</dd>
        </div>
      </dl>
      <table className="mt-5 w-full text-left text-sm">
        <caption className="sr-only">{t('orders.admin.slips.items', { number: order.number })}</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t('orders.admin.slips.item')}
            </th>
            <th scope="col" className="w-20 py-2 text-right font-semibold">
              {t('orders.admin.slips.quantity')}
            </th>
          </tr>
        </thead>
        <tbody>
          {goodsLeftToShip(order.items).map((item) => (
            <tr key={item.id} className="border-b border-line">
              <td className="py-2 pr-3 wrap-anywhere">
                {localize(item.name, language)}
                {item.bookFormat ? (
                  <span className="block text-ink-soft">
                    {t('orders.detail.format', { format: t(`shop.formats.${item.bookFormat}`) })}
                  </span>
                ) : null}
              </td>
              <td className="py-2 text-right font-semibold">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
