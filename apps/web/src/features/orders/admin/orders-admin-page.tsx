import { formatMoney, ORDER_STATUSES, ORDER_TRANSITIONS, type Order, type OrderStatus } from '@atelier/shared';
import { useId, useState } from 'react';
import { Link, Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { type DataColumn, DataTable } from '../../../shared/ui/data-table';
import { DateRangeFields } from '../../../shared/ui/date-range-fields';
import { Spinner } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useAdminOrders, useUpdateOrderStatus } from '../api/admin-orders';
import { useExportOrdersCsv } from '../api/export-orders';
import { useOrder } from '../api/get-order';
import { OrderDetail } from '../components/order-detail';
import { OrderStatusBadge } from '../components/order-status-badge';
import { canMarkPaid } from '../payment-path';
import { OrderCdekPanel } from './order-cdek-panel';
import { OrderPaymentsPanel } from './order-payments-panel';
import { OrderReceiptsPanel } from './order-receipts-panel';
import { OrderRefundLinesPanel } from './order-refund-lines';
import { canShip, OrderShipPanel } from './order-ship-panel';
import { OrderTrackingPanel } from './order-tracking-panel';
import { MAX_SLIPS, PackingSlipsPage, slipsPath } from './packing-slips-page';

const LIMIT = 20;
const STATUS_FILTERS = ['all', ...ORDER_STATUSES] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** `/admin/orders/*`: the list (status chips, dates, search, pages, all kept in the URL) and one order. */
export function OrdersAdminPage() {
  return (
    <Routes>
      <Route index element={<OrdersList />} />
      <Route path="slips" element={<PackingSlipsPage />} />
      <Route path=":id" element={<OrderAdminDetail />} />
    </Routes>
  );
}

function OrdersList() {
  const { t } = useTranslation();
  const language = useLanguage();
  const base = useId();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') ?? 'all';
  const status: StatusFilter = (STATUS_FILTERS as readonly string[]).includes(statusParam)
    ? (statusParam as StatusFilter)
    : 'all';
  const from = DATE_RE.test(params.get('from') ?? '') ? (params.get('from') as string) : '';
  const to = DATE_RE.test(params.get('to') ?? '') ? (params.get('to') as string) : '';
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value && value !== 'all') next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  const query = useAdminOrders({
    status: status === 'all' ? undefined : status,
    from: from || undefined,
    to: to || undefined,
    search: search || undefined,
    page,
    limit: LIMIT,
  });

  const exportCsv = useExportOrdersCsv();
  const download = async () => {
    try {
      const name = await exportCsv.mutateAsync({
        status: status === 'all' ? undefined : status,
        from: from || undefined,
        to: to || undefined,
        search: search || undefined,
      });
      toast.success(t('orders.admin.exported', { name }));
    } catch (failure) {
      toast.error(errorMessage(failure, t('orders.admin.exportFailed')));
    }
  };

  // Orders picked for packing slips: paid ones with something to send, kept across pages.
  const [picked, setPicked] = useState<string[]>([]);
  const navigate = useNavigate();
  const toggle = (id: string, on: boolean) =>
    setPicked((current) => (on ? [...current.filter((other) => other !== id), id] : current.filter((x) => x !== id)));

  const columns: DataColumn<Order>[] = [
    {
      key: 'pick',
      header: t('orders.admin.slips.pick'),
      className: 'w-16',
      cell: (order) =>
        canShip(order) ? (
          <input
            type="checkbox"
            className="size-5 accent-rose-600"
            checked={picked.includes(order.id)}
            disabled={!picked.includes(order.id) && picked.length >= MAX_SLIPS}
            aria-label={t('orders.admin.slips.pickOrder', { number: order.number })}
            onChange={(event) => toggle(order.id, event.target.checked)}
          />
        ) : (
          <span className="text-muted" aria-hidden="true">
            —
          </span>
        ),
    },
    {
      key: 'number',
      header: t('orders.admin.number'),
      cell: (order) => (
        <Link to={order.id} className="link font-semibold whitespace-nowrap">
          {t('checkout.orderNumber', { number: order.number })}
        </Link>
      ),
    },
    { key: 'date', header: t('orders.admin.date'), cell: (order) => formatDate(order.createdAt, language) },
    {
      key: 'customer',
      header: t('orders.admin.customer'),
      cell: (order) => (
        <span>
          {order.customer.firstName} {order.customer.lastName}
          <span className="block text-xs text-muted wrap-anywhere">{order.customer.email}</span>
        </span>
      ),
    },
    { key: 'items', header: t('orders.admin.items'), cell: (order) => order.itemCount, className: 'w-20' },
    {
      key: 'total',
      header: t('orders.admin.total'),
      cell: (order) => (
        <span className="whitespace-nowrap font-semibold">
          {formatMoney(order.totalInCurrency, order.currency, language)}
          {order.refundedTotalInCurrency > 0 ? (
            <span className="block text-xs font-normal text-ink-soft">
              {t('orders.detail.netShort', { amount: formatMoney(order.netTotalInCurrency, order.currency, language) })}
            </span>
          ) : null}
          <span className="block text-xs font-normal text-muted">
            {t(`labels.paymentMethod.${order.paymentMethod}`)}
          </span>
        </span>
      ),
    },
    { key: 'status', header: t('orders.admin.status'), cell: (order) => <OrderStatusBadge status={order.status} /> },
  ];

  return (
    <section aria-labelledby="admin-orders-title">
      <h1 id="admin-orders-title" className="mb-6 text-4xl">
        {t('admin.sections.orders')}
      </h1>
      <ChipGroup
        legend={t('orders.admin.statusLegend')}
        className="mb-4"
        options={STATUS_FILTERS}
        value={status}
        onChange={(value) => update({ status: value })}
        label={(value) => (value === 'all' ? t('orders.admin.all') : t(`labels.orderStatus.${value}`))}
      />
      <DataTable
        caption={t('orders.admin.caption')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(order) => order.id}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        emptyTitle={t('orders.admin.empty')}
        search={{ value: search, onChange: (value) => update({ search: value }), label: t('orders.admin.search') }}
        pagination={{
          page,
          limit: LIMIT,
          total: query.data?.total ?? 0,
          onPageChange: (next) => update({ page: String(next) }),
        }}
        toolbar={
          <div className="flex flex-wrap items-end gap-3">
            <DateRangeFields
              idBase={base}
              from={from}
              to={to}
              labels={{ from: t('orders.admin.from'), to: t('orders.admin.to') }}
              onChange={update}
            />
            <button
              type="button"
              className="btn btn-outline"
              disabled={picked.length === 0}
              onClick={() => void navigate(slipsPath(picked))}
            >
              {t('orders.admin.slips.open', { n: picked.length })}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              disabled={exportCsv.isPending}
              onClick={() => void download()}
            >
              {exportCsv.isPending ? <Spinner className="size-4" /> : null}
              {t('orders.admin.exportCsv')}
            </button>
          </div>
        }
      />
    </section>
  );
}

function OrderAdminDetail() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { data: order, isPending, isError, error, refetch } = useOrder(id);
  const change = useUpdateOrderStatus();
  const { ask, dialog } = useConfirm();

  const move = async (target: OrderStatus) => {
    try {
      await change.mutateAsync({ id: id ?? '', status: target });
      toast.success(t('orders.admin.moved', { status: t(`labels.orderStatus.${target}`) }));
    } catch (failure) {
      toast.error(errorMessage(failure, t('orders.admin.failed')));
      void refetch();
      throw failure;
    }
  };

  const title = order ? t('checkout.orderNumber', { number: order.number }) : t('admin.sections.orders');
  // A cash, transfer or PayPal-invoice order is confirmed through "Mark paid" (with the payment's
  // reference, recorded as a payment), not by a bare status change that would leave it "not paid".
  // "Delivered" of a shipped order is the shipping panel's "Mark delivered" (asked first), not a second button here.
  const next = order
    ? ORDER_TRANSITIONS[order.status].filter(
        (target) => !(target === 'confirmed' && canMarkPaid(order)) && !(target === 'delivered'),
      )
    : [];
  const final = order ? ORDER_TRANSITIONS[order.status].length === 0 : false;

  return (
    <section aria-labelledby="admin-order-title">
      <Link to=".." relative="path" className="link mb-4 inline-block">
        ← {t('orders.detail.back')}
      </Link>
      <h1 id="admin-order-title" className="mb-6 text-4xl">
        {title}
      </h1>
      {isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : isError ? (
        isApiError(error) && (error.status === 404 || error.status === 400) ? (
          <EmptyState title={t('orders.detail.notFound')} />
        ) : (
          <ErrorState onRetry={() => void refetch()} />
        )
      ) : (
        <OrderDetail
          reader="owner"
          order={order}
          actions={
            <>
              <OrderShipPanel order={order} ask={ask} />
              {next.length > 0 || final ? (
                <section className="card p-5 sm:p-6" aria-labelledby="admin-order-actions">
                  <h2 id="admin-order-actions" className="font-serif text-2xl">
                    {t('orders.admin.nextSteps')}
                  </h2>
                  {next.length === 0 ? (
                    <p className="mt-3 text-sm text-muted">{t('orders.admin.final')}</p>
                  ) : (
                    <div className="mt-4 flex flex-col gap-2">
                      {next.map((target) =>
                        target === 'cancelled' ? (
                          <button
                            key={target}
                            type="button"
                            className="btn btn-outline"
                            disabled={change.isPending}
                            onClick={() =>
                              ask({
                                title: t('orders.admin.cancelTitle', { number: order.number }),
                                description: t('orders.admin.cancelText'),
                                confirmLabel: t('orders.admin.cancelConfirm'),
                                action: () => move(target),
                              })
                            }
                          >
                            {t('orders.admin.moveTo', { status: t(`labels.orderStatus.${target}`) })}
                          </button>
                        ) : (
                          <button
                            key={target}
                            type="button"
                            className="btn btn-primary"
                            disabled={change.isPending}
                            onClick={() => void move(target).catch(() => undefined)}
                          >
                            {t('orders.admin.moveTo', { status: t(`labels.orderStatus.${target}`) })}
                          </button>
                        ),
                      )}
                    </div>
                  )}
                </section>
              ) : null}
              <OrderRefundLinesPanel order={order} />
              <OrderPaymentsPanel order={order} ask={ask} />
              <OrderReceiptsPanel order={order} ask={ask} />
              {order.delivery.cdek ? <OrderCdekPanel order={order} /> : null}
              {/* Keyed by the saved number: a parcel shipped from the dialog shows its number here at once. */}
              {order.delivery.method !== 'none' && order.status !== 'cancelled' ? (
                <OrderTrackingPanel
                  key={`${order.tracking?.carrier ?? ''}:${order.tracking?.number ?? ''}`}
                  order={order}
                />
              ) : null}
            </>
          }
        />
      )}
      {dialog}
    </section>
  );
}
