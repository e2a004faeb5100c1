import { type AdminNeedsAction, type Currency, formatMoney, intlLocale } from '@atelier/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { QueryState } from '../../../shared/ui/query-state';
import { useNeedsAction } from '../api/get-dashboard';
import { useFailingJobs } from '../api/get-jobs';

interface Item {
  key: string;
  to: string;
  label: string;
  detail: string;
}

/**
 * Dashboard: what waits for the owner, grouped, each item a link to where it is handled (the order
 * page, the reviews list, a custom request, the payment alerts panel above).
 */
export function NeedsActionPanel() {
  const { t } = useTranslation();
  const language = useLanguage();
  const needs = useNeedsAction();
  // With failing work shown above the panel, "nothing needs attention" would contradict it.
  const failing = (useFailingJobs().data?.length ?? 0) > 0;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  // Each order in its own currency: a €29 order reads €29, not its rouble equivalent.
  const money = (value: number, currency: Currency) => formatMoney(value, currency, language);

  const render = (data: NonNullable<typeof needs.data>): ReactNode => {
    const groups = buildGroups(data, {
      order: (n) => t('admin.dashboard.order', { number: n }),
      expires: (at) => t('admin.dashboard.expiresAt', { at: when(at) }),
      placed: (at) => t('admin.dashboard.placedAt', { at: when(at) }),
      requested: (at) => t('admin.dashboard.requestedAt', { at: when(at) }),
      review: (name) => t('admin.dashboard.reviewBy', { name }),
      work: (name) => t('admin.dashboard.workBy', { name }),
      alert: (kind) => t(`admin.paymentAlerts.kind.${kind}`, { defaultValue: t('admin.dashboard.alert') }),
      customRequest: (n, status) =>
        `${t('customOrders.list.number', { number: n })}: ${t(`customOrders.status.${status}`)}`,
      money,
      when,
    });
    const open = groups.filter((group) => group.count > 0);
    return open.length === 0 ? (
      <p className="mt-3 text-ink-soft">{t(failing ? 'admin.dashboard.nothingElse' : 'admin.dashboard.nothingToDo')}</p>
    ) : (
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        {open.map((group) => (
          <section key={group.key} aria-labelledby={`needs-${group.key}`} data-testid={`needs-${group.key}`}>
            <h3 id={`needs-${group.key}`} className="flex items-center gap-2 font-serif text-xl">
              {t(`admin.dashboard.${group.key}`)}
              <span className="rounded-full bg-rose-100 px-2 text-sm font-semibold text-rose-700">{group.count}</span>
            </h3>
            <ul className="mt-2 flex flex-col divide-y divide-line text-sm">
              {group.items.map((item) => (
                <li key={item.key} className="py-2">
                  {item.to.startsWith('#') ? (
                    <a className="link font-semibold" href={item.to}>
                      {item.label}
                    </a>
                  ) : (
                    <Link className="link font-semibold" to={item.to}>
                      {item.label}
                    </Link>
                  )}
                  <span className="block text-xs text-muted">{item.detail}</span>
                </li>
              ))}
            </ul>
            {group.count > group.items.length ? (
              <p className="mt-1 text-sm">
                <Link className="link" to={group.all}>
                  {t('admin.dashboard.more', { count: group.count - group.items.length })}
                </Link>
              </p>
            ) : null}
          </section>
        ))}
      </div>
    );
  };

  return (
    <section className="card mt-8 p-5 sm:p-6" aria-labelledby="admin-needs-action-title">
      <h2 id="admin-needs-action-title" className="font-serif text-2xl">
        {t('admin.dashboard.needsAction')}
      </h2>
      <QueryState query={needs}>{render}</QueryState>
    </section>
  );
}

export interface Words {
  order: (n: number | string) => string;
  expires: (at: string) => string;
  placed: (at: string) => string;
  requested: (at: string) => string;
  review: (name: string) => string;
  work: (name: string) => string;
  alert: (kind: string) => string;
  customRequest: (n: number, status: string) => string;
  money: (value: number, currency: Currency) => string;
  when: (at: string) => string;
}

export function buildGroups(data: AdminNeedsAction, w: Words) {
  const orderLink = (id: string) => `/admin/orders/${id}`;
  return [
    {
      key: 'expiringOrders',
      count: data.counts.expiringOrders,
      all: '/admin/orders?status=pending',
      items: data.expiringOrders.map<Item>((o) => ({
        key: o.id,
        to: orderLink(o.id),
        label: w.order(o.number),
        detail: `${w.money(o.totalInCurrency, o.currency)} · ${w.expires(o.at)}`,
      })),
    },
    {
      key: 'toShip',
      count: data.counts.toShip,
      all: '/admin/orders?status=confirmed',
      items: data.toShip.map<Item>((o) => ({
        key: o.id,
        to: orderLink(o.id),
        label: w.order(o.number),
        detail: `${w.money(o.totalInCurrency, o.currency)} · ${w.placed(o.at)}`,
      })),
    },
    {
      key: 'reviews',
      count: data.counts.reviews,
      all: '/admin/reviews',
      items: data.reviews.map<Item>((r) => ({
        key: r.id,
        to: '/admin/reviews',
        label: w.review(r.userName),
        detail: w.when(r.at),
      })),
    },
    {
      key: 'studentWorks',
      count: data.counts.studentWorks,
      all: '/admin/student-works',
      items: data.studentWorks.map<Item>((work) => ({
        key: work.id,
        to: '/admin/student-works',
        label: w.work(work.userName),
        detail: w.when(work.at),
      })),
    },
    {
      key: 'paypalRequests',
      count: data.counts.paypalRequests,
      all: '/admin/orders?status=pending',
      items: data.paypalRequests.map<Item>((o) => ({
        key: o.id,
        to: orderLink(o.id),
        label: w.order(o.number),
        detail: `${w.money(o.totalInCurrency, o.currency)} · ${w.requested(o.at)}`,
      })),
    },
    {
      key: 'customRequests',
      count: data.counts.customRequests,
      all: '/admin/custom-orders',
      items: data.customRequests.map<Item>((r) => ({
        key: r.id,
        to: `/admin/custom-orders/${r.id}`,
        label: w.customRequest(r.number, r.status),
        detail: w.when(r.at),
      })),
    },
    {
      key: 'paymentAlerts',
      count: data.counts.paymentAlerts,
      all: '#admin-payment-alerts',
      items: data.paymentAlerts.map<Item>((a) => ({
        key: a.id,
        // Resolved in the alerts panel of this page.
        to: '#admin-payment-alerts',
        label: a.number !== null ? `${w.order(a.number)}: ${w.alert(a.kind)}` : w.alert(a.kind),
        detail: w.when(a.at),
      })),
    },
  ];
}
