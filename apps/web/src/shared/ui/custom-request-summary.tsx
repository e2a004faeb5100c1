/** A custom request as the customer's account and the admin both show it: what was asked, the quote, the payments. */
import { type CustomRequest, formatMoney, localize } from '@atelier/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../format/date';
import { formatPercent } from '../format/percent';
import { useLanguage } from '../i18n/use-language';
import { useTranslation } from '../i18n/use-translation';

const day = (date: string) => `${date}T12:00:00Z`;

/** The request's status as a badge. */
export function CustomStatusBadge({ status }: { status: CustomRequest['status'] }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex rounded-full bg-blush-100 px-3 py-1 text-xs font-semibold text-rose-800">
      {t(`customOrders.status.${status}`)}
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="wrap-anywhere whitespace-pre-line">{children}</dd>
    </div>
  );
}

/** What the customer asked for: occasion, date, colours, budget, description, the portfolio piece, photos. */
export function RequestDetails({ request }: { request: CustomRequest }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section aria-labelledby={`request-${request.id}`} className="card flex flex-col gap-4 p-5 sm:p-6">
      <h2 id={`request-${request.id}`} className="font-serif text-2xl">
        {t('customOrders.detail.request')}
      </h2>
      <dl className="flex flex-col gap-3">
        <Row label={t('customOrders.detail.occasion')}>
          {request.occasion === 'other' && request.occasionOther
            ? request.occasionOther
            : t(`customOrders.occasions.${request.occasion}`)}
        </Row>
        <Row label={t('customOrders.detail.dateNeeded')}>{formatDate(day(request.dateNeeded), language)}</Row>
        <Row label={t('customOrders.detail.colours')}>{request.colours}</Row>
        {request.budget !== null && request.budgetCurrency ? (
          <Row label={t('customOrders.detail.budget')}>
            {formatMoney(request.budget, request.budgetCurrency, language)}
          </Row>
        ) : null}
        <Row label={t('customOrders.detail.description')}>{request.description}</Row>
        {request.portfolioItem ? (
          <Row label={t('customOrders.detail.portfolio')}>{localize(request.portfolioItem.title, language)}</Row>
        ) : null}
        {request.customer ? (
          <Row label={t('customOrders.detail.customer')}>
            {request.customer.name}
            {request.customer.email ? ` · ${request.customer.email}` : ''}
          </Row>
        ) : null}
      </dl>
      {request.photos.length > 0 ? (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-muted">{t('customOrders.detail.photos')}</h3>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {request.photos.map((photo, index) => (
              <li key={photo.url}>
                <a href={photo.large} target="_blank" rel="noopener noreferrer" className="block">
                  <img
                    src={photo.thumb}
                    alt={t('customOrders.detail.photoAlt', { number: index + 1 })}
                    className="aspect-square w-full rounded-xl object-cover"
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** The quote and where its payments stand (each paid step with its date and its order). */
export function QuoteDetails({ request, orderLinks }: { request: CustomRequest; orderLinks: 'account' | 'admin' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { quote } = request;
  if (!quote) return null;
  const money = (amount: number) => formatMoney(amount, quote.currency, language);
  const orderHref = (id: string) => (orderLinks === 'account' ? `/account/orders/${id}` : `/admin/orders/${id}`);
  const paid = (step: CustomRequest['deposit']) =>
    step.paidAt
      ? ` · ${t('customOrders.detail.paidOn', { date: formatDate(step.paidAt, language) })}`
      : orderLinks === 'admin'
        ? ` · ${t('customOrders.admin.unpaid')}`
        : '';
  return (
    <section aria-labelledby={`quote-${request.id}`} className="card flex flex-col gap-4 p-5 sm:p-6">
      <h2 id={`quote-${request.id}`} className="font-serif text-2xl">
        {t('customOrders.detail.quote')}
      </h2>
      <dl className="flex flex-col gap-3">
        <Row label={t('customOrders.detail.price')}>{money(quote.price)}</Row>
        {quote.depositPercent > 0 ? (
          <Row label={t('customOrders.detail.deposit', { percent: formatPercent(quote.depositPercent, language) })}>
            {money(quote.deposit)}
            {paid(request.deposit)}
            {request.deposit.orderId ? (
              <>
                {' · '}
                <Link to={orderHref(request.deposit.orderId)} className="link">
                  {t('customOrders.detail.paymentOrder')}
                </Link>
              </>
            ) : null}
          </Row>
        ) : null}
        {quote.balance > 0 ? (
          <Row label={t('customOrders.detail.balance')}>
            {money(quote.balance)}
            {paid(request.balance)}
            {request.balance.orderId ? (
              <>
                {' · '}
                <Link to={orderHref(request.balance.orderId)} className="link">
                  {t('customOrders.detail.paymentOrder')}
                </Link>
              </>
            ) : null}
          </Row>
        ) : null}
        <Row label={t('customOrders.detail.dueDate')}>{formatDate(day(quote.dueDate), language)}</Row>
        {quote.message ? <Row label={t('customOrders.detail.message')}>{quote.message}</Row> : null}
      </dl>
    </section>
  );
}
