import { formatMoney, ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from '@atelier/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { Spinner } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import type { Order } from '../../orders/api/create-order';
import { useAdminList } from '../api/get-admin-list';
import { useUpdateOrderStatus } from '../api/update-order-status';

type AdminOrder = Order & { customer?: { firstName?: string; lastName?: string; email?: string } };

export function OrdersAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const filterId = useId();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const { data, isPending, isError, refetch } = useAdminList<AdminOrder>('/orders', {
    status: status || undefined,
    limit: 100,
  });
  const update = useUpdateOrderStatus();

  return (
    <section aria-labelledby="admin-orders-title">
      <h1 id="admin-orders-title" className="mb-6 text-4xl">
        {t('admin.sections.orders')}
      </h1>
      <div className="mb-6 max-w-xs">
        <label htmlFor={filterId} className="field-label">
          {t('admin.orders.filter')}
        </label>
        <select
          id={filterId}
          className="input appearance-auto"
          value={status}
          onChange={(event) => setStatus(event.target.value as OrderStatus | '')}
        >
          <option value="">{t('admin.orders.all')}</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`orders.status.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : isError ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState title={t('admin.empty')} />
      ) : (
        <ul className="flex flex-col gap-3">
          {data.items.map((order) => {
            const next = ORDER_TRANSITIONS[order.status] ?? [];
            const customer = [order.customer?.firstName, order.customer?.lastName].filter(Boolean).join(' ');
            return (
              <li key={order.id} className="card flex flex-wrap items-center justify-between gap-4 p-5">
                <div>
                  <p className="font-serif text-2xl">{t('checkout.orderNumber', { number: order.number })}</p>
                  <p className="mt-1 text-sm text-muted">
                    {formatDate(order.createdAt, language)}
                    {customer ? ` · ${customer}` : ''}
                    {order.customer?.email ? ` · ${order.customer.email}` : ''}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <span className="font-semibold text-rose-700">{formatMoney(order.total, 'RUB', language)}</span>
                  <span className="rounded-full bg-blush-100 px-3 py-1 text-xs font-semibold text-rose-800">
                    {t(`orders.status.${order.status}`)}
                  </span>
                  {next.map((target) => (
                    <button
                      key={target}
                      type="button"
                      className="btn btn-outline btn-sm"
                      disabled={update.isPending}
                      onClick={() =>
                        update.mutate(
                          { id: order.id, status: target },
                          { onSuccess: () => toast.success(t('admin.orders.updated')) },
                        )
                      }
                    >
                      {t('admin.orders.moveTo', { status: t(`orders.status.${target}`) })}
                    </button>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
