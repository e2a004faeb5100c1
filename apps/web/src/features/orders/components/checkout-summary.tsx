import { type Currency, formatMoney, type Language, localize, type OrderQuote } from '@atelier/shared';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { CartItem } from '../../cart/api/use-cart';

/**
 * The order summary of the checkout: its lines at their list prices, the goods, the discount (a
 * course's credit for its lessons already bought), delivery and the total, every figure
 * the server's quote (`POST /api/orders/quote`), never one added up here. On a phone it stands at
 * the top of the page, folded to one line with the total (a button unfolds it); from the wide
 * layout on it is always open, in the right-hand column.
 */
export function CheckoutSummary({
  items,
  notSold,
  currency,
  language,
  quote,
  problem,
}: {
  items: readonly CartItem[];
  notSold: readonly CartItem[];
  currency: Currency;
  language: Language;
  /** The server's figures for the order as the form stands; undefined while the first is on its way. */
  quote: OrderQuote | undefined;
  /** Why there is no quote (the server's words), when it refused. */
  problem: string | null;
}) {
  const { t } = useTranslation();
  const base = useId();
  const [open, setOpen] = useState(false);
  const money = (amount: number) => formatMoney(amount, currency, language);
  // A line not sold in this currency leaves the order without a total in it: no sum pretends to be one.
  const noTotal = notSold.length > 0 ? t(`cart.noTotalIn.${currency}`) : problem ? '—' : null;
  // The quote of another currency (the last one, while the new is on its way) is not shown as this one's.
  const figures = quote && quote.currency === currency && !noTotal ? quote : undefined;
  const pending = t('quote.pricing');
  const total = noTotal ?? (figures ? money(figures.total) : pending);
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  const lineOf = (item: CartItem) =>
    figures?.lines.find(
      (line) =>
        line.type === item.type && line.id === item.id && (line.bookFormat ?? null) === (item.bookFormat ?? null),
    );
  return (
    <aside
      aria-labelledby={`${base}-title`}
      className="card h-fit p-5 sm:p-6 lg:col-start-2 lg:row-start-1"
      data-testid="checkout-summary"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${base}-title`} className="text-2xl lg:text-3xl">
          {t('checkout.summary')}
        </h2>
        <button
          type="button"
          className="btn btn-ghost btn-sm shrink-0 lg:hidden"
          aria-expanded={open}
          aria-controls={`${base}-body`}
          onClick={() => setOpen(!open)}
        >
          <span className="figures font-semibold text-rose-700">{total}</span>
          <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-180' : ''}`}>
            ▾
          </span>
          <span className="sr-only">{open ? t('checkout.hideSummary') : t('checkout.showSummary', { count })}</span>
        </button>
      </div>
      <div id={`${base}-body`} className={open ? 'block' : 'hidden lg:block'}>
        <ul className="figures mt-4 flex flex-col gap-2 text-sm">
          {items.map((item) => {
            const line = lineOf(item);
            return (
              <li key={`${item.type}-${item.id}-${item.bookFormat ?? ''}`} className="flex justify-between gap-3">
                <span className="text-ink-soft">
                  {localize(item.name, language)} × {item.quantity}
                </span>
                <span className="shrink-0 font-semibold">
                  {notSold.includes(item)
                    ? t(`cart.notSoldIn.${currency}`)
                    : !line
                      ? ''
                      : line.listTotal === 0
                        ? t('common.free')
                        : money(line.listTotal)}
                </span>
              </li>
            );
          })}
        </ul>
        <dl className="figures mt-4 flex flex-col gap-2 border-t border-line pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">{t('checkout.subtotal')}</dt>
            <dd>{noTotal ?? (figures ? money(figures.subtotal) : pending)}</dd>
          </div>
          {figures && figures.discount > 0 ? (
            <div className="flex justify-between">
              <dt className="text-muted">{t('quote.discount')}</dt>
              <dd data-testid="summary-discount">−{money(figures.discount)}</dd>
            </div>
          ) : null}
          {figures?.delivery ? (
            <div className="flex justify-between">
              <dt className="text-muted">{t('checkout.deliveryCost')}</dt>
              <dd>
                {figures.deliveryCost === null
                  ? figures.delivery.method === 'courier_pickup'
                    ? t('cdek.checkout.choosePoint')
                    : '—'
                  : figures.deliveryCost === 0
                    ? t('checkout.free')
                    : money(figures.deliveryCost)}
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between border-t border-line pt-3 text-base">
            <dt className="font-semibold">{t('checkout.total')}</dt>
            <dd className="font-serif text-2xl font-semibold text-rose-700" data-testid="summary-total">
              {total}
            </dd>
          </div>
          {figures && figures.giftCertificate > 0 ? (
            <>
              <div className="flex justify-between text-sm">
                <dt className="text-muted">{t('giftCertificates.summary.paid')}</dt>
                <dd>−{money(figures.giftCertificate)}</dd>
              </div>
              <div className="flex justify-between text-sm">
                <dt className="font-semibold">{t('giftCertificates.summary.due')}</dt>
                <dd className="font-semibold" data-testid="amount-due">
                  {money(figures.amountDue)}
                </dd>
              </div>
            </>
          ) : null}
        </dl>
        {problem && notSold.length === 0 ? (
          <p role="alert" className="mt-3 text-sm font-semibold text-rose-800">
            {problem}
          </p>
        ) : null}
        <p className="mt-3 text-xs leading-relaxed text-muted">{t(`checkout.currencyNote.${currency}`)}</p>
      </div>
    </aside>
  );
}
