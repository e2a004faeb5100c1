import { type Currency, formatMoney, fromMinor, type Language, localize, priceIn, toMinor } from '@atelier/shared';
import { useId, useState } from 'react';
import { isFree } from '../../../shared/currency/display-price';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { CartItem } from '../../cart/api/use-cart';

/**
 * The order summary of the checkout: its lines, goods, delivery and total. On a phone it stands at
 * the top of the page, folded to one line with the total (a button unfolds it); from the wide
 * layout on it is always open, in the right-hand column.
 */
export function CheckoutSummary({
  items,
  notSold,
  currency,
  language,
  goodsMinor,
  /** null: nothing travels (no delivery row). */
  deliveryRow,
  totalAmount,
  giftPays,
}: {
  items: readonly CartItem[];
  notSold: readonly CartItem[];
  currency: Currency;
  language: Language;
  goodsMinor: number;
  deliveryRow: { minor: number | null } | null;
  totalAmount: number;
  giftPays: number;
}) {
  const { t } = useTranslation();
  const base = useId();
  const [open, setOpen] = useState(false);
  const money = (amount: number) => formatMoney(amount, currency, language);
  // A line not sold in this currency leaves the order without a total in it: no sum pretends to be one.
  const noTotal = notSold.length > 0 ? t(`cart.noTotalIn.${currency}`) : null;
  const lineMinor = (item: CartItem) => toMinor(priceIn(item.price, currency) ?? 0) * item.quantity;
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
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
          <span className="figures font-semibold text-rose-700">{noTotal ?? money(totalAmount)}</span>
          <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-180' : ''}`}>
            ▾
          </span>
          <span className="sr-only">{open ? t('checkout.hideSummary') : t('checkout.showSummary', { count })}</span>
        </button>
      </div>
      <div id={`${base}-body`} className={open ? 'block' : 'hidden lg:block'}>
        <ul className="figures mt-4 flex flex-col gap-2 text-sm">
          {items.map((item) => (
            <li key={`${item.type}-${item.id}-${item.bookFormat ?? ''}`} className="flex justify-between gap-3">
              <span className="text-ink-soft">
                {localize(item.name, language)} × {item.quantity}
              </span>
              <span className="shrink-0 font-semibold">
                {notSold.includes(item)
                  ? t(`cart.notSoldIn.${currency}`)
                  : isFree(item.price)
                    ? t('common.free')
                    : money(fromMinor(lineMinor(item)))}
              </span>
            </li>
          ))}
        </ul>
        <dl className="figures mt-4 flex flex-col gap-2 border-t border-line pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">{t('checkout.subtotal')}</dt>
            <dd>{noTotal ?? money(fromMinor(goodsMinor))}</dd>
          </div>
          {deliveryRow ? (
            <div className="flex justify-between">
              <dt className="text-muted">{t('checkout.deliveryCost')}</dt>
              <dd>
                {deliveryRow.minor === null
                  ? t('cdek.checkout.choosePoint')
                  : deliveryRow.minor === 0
                    ? t('checkout.free')
                    : money(fromMinor(deliveryRow.minor))}
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between border-t border-line pt-3 text-base">
            <dt className="font-semibold">{t('checkout.total')}</dt>
            <dd className="font-serif text-2xl font-semibold text-rose-700">{noTotal ?? money(totalAmount)}</dd>
          </div>
          {giftPays > 0 && !noTotal ? (
            <>
              <div className="flex justify-between text-sm">
                <dt className="text-muted">{t('giftCertificates.summary.paid')}</dt>
                <dd>−{money(giftPays)}</dd>
              </div>
              <div className="flex justify-between text-sm">
                <dt className="font-semibold">{t('giftCertificates.summary.due')}</dt>
                <dd className="font-semibold" data-testid="amount-due">
                  {money(Math.round((totalAmount - giftPays) * 100) / 100)}
                </dd>
              </div>
            </>
          ) : null}
        </dl>
        <p className="mt-3 text-xs leading-relaxed text-muted">{t(`checkout.currencyNote.${currency}`)}</p>
      </div>
    </aside>
  );
}
