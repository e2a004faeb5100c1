import { formatMoney } from '@atelier/shared';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { QueryState } from '../../../shared/ui/query-state';
import { useSession } from '../../auth/api/auth-session';
import { type AdminStats, useAdminStats } from '../api/get-stats';
import { FailingJobsNotice } from './failing-jobs';
import { NeedsActionPanel } from './needs-action-panel';
import { PaymentAlertsPanel } from './payment-alerts-panel';
import { SalesPanel } from './sales-panel';

const CARDS: { key: keyof AdminStats; to: string }[] = [
  { key: 'orders', to: '/admin/orders' },
  { key: 'pendingOrders', to: '/admin/orders' },
  { key: 'revenueRub', to: '/admin/orders' },
  { key: 'pendingReviews', to: '/admin/reviews' },
  { key: 'products', to: '/admin/shop' },
  { key: 'lessons', to: '/admin/lessons' },
  { key: 'portfolio', to: '/admin/portfolio' },
  { key: 'users', to: '/admin/users' },
];

export function DashboardPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useSession();
  const stats = useAdminStats();
  const name = session.status === 'authenticated' ? session.user.name : '';

  return (
    <section aria-labelledby="admin-dashboard-title">
      <h1 id="admin-dashboard-title" className="text-4xl sm:text-5xl">
        {t('admin.sections.dashboard')}
      </h1>
      <p className="mt-2 text-ink-soft">{t('admin.welcome', { name })}</p>
      <FailingJobsNotice />
      <NeedsActionPanel />
      <PaymentAlertsPanel />
      <div className="mt-8">
        <QueryState query={stats}>
          {(stats) => (
            <ul data-testid="dashboard-counters" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              {CARDS.filter((card) => stats[card.key] !== undefined).map((card) => {
                const value = stats[card.key] ?? 0;
                return (
                  <li key={card.key}>
                    <Link to={card.to} className="card block h-full p-4 transition-colors hover:border-rose-300 sm:p-5">
                      <span className="block text-xs font-semibold uppercase tracking-[0.12em] break-words text-muted">
                        {t(`admin.stats.${card.key}`)}
                      </span>
                      <span className="figures mt-1 block font-serif text-2xl font-semibold break-words text-rose-700 sm:text-4xl">
                        {card.key === 'revenueRub' ? formatMoney(value, 'RUB', language) : value}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </div>
      <SalesPanel />
    </section>
  );
}
