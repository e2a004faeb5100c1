import { formatMoney, intlLocale, type SalesPeriod } from '@atelier/shared';
import { lazy, Suspense, useState } from 'react';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { QueryState } from '../../../shared/ui/query-state';
import { Spinner } from '../../../shared/ui/spinner';
import { useSales } from '../api/get-dashboard';

const SalesChart = lazy(() => import('./sales-chart').then((module) => ({ default: module.SalesChart })));

const PERIODS = ['day', 'week', 'month'] as const satisfies readonly SalesPeriod[];
/** Bucket start (YYYY-MM-DD) as a short label: "3 февр.", "фев 2026". */
function bucketLabel(start: string, period: SalesPeriod, language: string): string {
  const date = new Date(`${start}T00:00:00Z`);
  const options: Intl.DateTimeFormatOptions =
    period === 'month'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(intlLocale(language), options).format(date);
}

/** Dashboard: revenue per day/week/month (chart + the same numbers as a table) and the best sellers. */
export function SalesPanel() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [period, setPeriod] = useState<SalesPeriod>('day');
  const sales = useSales(period);
  const rub = (value: number) => formatMoney(value, 'RUB', language);

  return (
    <section className="card mt-8 p-5 sm:p-6" aria-labelledby="admin-sales-title">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="admin-sales-title" className="font-serif text-2xl">
            {t('admin.dashboard.sales')}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">{t('admin.dashboard.salesHint')}</p>
        </div>
        <ChipGroup
          legend={t('admin.dashboard.period')}
          options={PERIODS}
          value={period}
          onChange={setPeriod}
          label={(value) => t(`admin.dashboard.periods.${value}`)}
        />
      </div>
      <QueryState query={sales}>
        {(data) => (
          <>
            <p className="mt-4 font-semibold" data-testid="sales-total">
              {t('admin.dashboard.total', { orders: data.totals.orders, revenue: rub(data.totals.revenueRub) })}
            </p>
            <div className="mt-4">
              <Suspense
                fallback={
                  <div className="flex h-64 items-center justify-center sm:h-80">
                    <Spinner />
                  </div>
                }
              >
                <SalesChart
                  labels={data.buckets.map((b) => bucketLabel(b.start, period, language))}
                  values={data.buckets.map((b) => b.revenueRub)}
                  format={rub}
                  label={t('admin.dashboard.chartLabel', {
                    from: bucketLabel(data.from, 'day', language),
                    to: bucketLabel(data.to, 'day', language),
                    revenue: rub(data.totals.revenueRub),
                  })}
                />
              </Suspense>
            </div>
            <details className="mt-4">
              <summary className="link cursor-pointer text-sm">{t('admin.dashboard.asTable')}</summary>
              <div className="mt-2 overflow-x-auto">
                <table className="w-full text-sm">
                  <caption className="sr-only">{t('admin.dashboard.sales')}</caption>
                  <thead>
                    <tr className="text-left text-muted">
                      <th scope="col" className="py-1 pr-4">
                        {t('admin.dashboard.bucket')}
                      </th>
                      <th scope="col" className="py-1 pr-4 text-right">
                        {t('admin.dashboard.ordersCount')}
                      </th>
                      <th scope="col" className="py-1 text-right">
                        {t('admin.dashboard.revenue')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.buckets.map((b) => (
                      <tr key={b.start} className="border-t border-line">
                        <th scope="row" className="py-1 pr-4 text-left font-normal">
                          {bucketLabel(b.start, period, language)}
                        </th>
                        <td className="py-1 pr-4 text-right">{b.orders}</td>
                        <td className="py-1 text-right whitespace-nowrap">{rub(b.revenueRub)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
            <div className="mt-6 grid gap-6 md:grid-cols-2">
              <TopList title={t('admin.dashboard.topProducts')} rows={data.top.products} rub={rub} />
              <TopList title={t('admin.dashboard.topLessons')} rows={data.top.lessons} rub={rub} />
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}

function TopList({
  title,
  rows,
  rub,
}: {
  title: string;
  rows: { id: string; name: string; quantity: number; revenueRub: number }[];
  rub: (value: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <h3 className="font-serif text-xl">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('admin.dashboard.noSales')}</p>
      ) : (
        <ol className="mt-2 flex flex-col divide-y divide-line text-sm">
          {rows.map((row) => (
            <li key={row.id} className="flex items-baseline justify-between gap-3 py-2">
              <span className="min-w-0 break-words">{row.name}</span>
              <span className="shrink-0 text-right">
                <span className="font-semibold">{rub(row.revenueRub)}</span>
                <span className="block text-xs text-muted">
                  {t('admin.dashboard.quantity')}: {row.quantity}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
