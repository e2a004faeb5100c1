import { localize } from '@atelier/shared';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { setCurrency, useCurrency } from '../../../shared/currency/currency-store';
import { useAmountFormatter, usePriceFormatter } from '../../../shared/currency/use-price';
import { useDeliveryCountry } from '../../../shared/delivery/delivery-settings';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { BrowseLinks } from '../../../shared/ui/browse-links';
import { TrashIcon } from '../../../shared/ui/icons';
import { EmptyState, PageTitle } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useSession } from '../../auth/api/auth-session';
import { quoteLines, useOrderQuote } from '../api/quote';
import { cartActions, cartOrderable, lineKey, refreshCart, useCart } from '../api/use-cart';
import { linesNotSoldIn, type ReturnedNotice, returnedNotice } from '../cart-rules';
import { DeliveryEstimatePanel } from '../components/delivery-estimate';

export function CartPage() {
  const { t } = useTranslation();
  usePageTitle(t('cart.title'));
  const language = useLanguage();
  const currency = useCurrency();
  const session = useSession();
  const { cart, totalItems } = useCart();
  // Opened by "Change the order": which order went, and what of it did not come back.
  const returned = returnedNotice(useLocation().state);
  // In euros or dollars a line sold only in roubles shows no price and stops the order (decision 0052).
  const notSold = linesNotSoldIn(cart.items, currency);
  const formatPrice = usePriceFormatter();
  const formatTotal = useAmountFormatter();
  const orderable = cartOrderable(cart) && notSold.length === 0;
  const [country] = useDeliveryCountry();
  // The sums are the server's quote of an order of this cart to the remembered country, never added up here.
  const quoted = useOrderQuote(
    session.status !== 'authenticated' || cart.items.length === 0 || notSold.length > 0 || !orderable
      ? null
      : { items: quoteLines(cart.items), currency, delivery: { country: country ?? 'RU' } },
  );
  const quote = quoted.data?.currency === currency ? quoted.data : undefined;
  const quotedLine = (item: (typeof cart.items)[number]) =>
    quote?.lines.find(
      (line) => line.type === item.type && line.id === item.id && line.bookFormat === (item.bookFormat ?? null),
    );

  // Prices and availability are checked again by the server whenever the cart is opened.
  useEffect(() => {
    refreshCart();
  }, []);

  return (
    <>
      <PageTitle title={t('cart.title')} eyebrow={t('cart.eyebrow')} />
      <div className="container-page pb-10">
        {returned ? <ReturnedCard notice={returned} /> : null}
        {session.status === 'guest' ? (
          <EmptyState title={t('cart.guestTitle')}>
            <p>{t('cart.loginRequired')}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to="/auth?next=%2Fcart" className="btn btn-primary">
                {t('header.login')}
              </Link>
              <Link to="/shop" className="btn btn-outline">
                {t('cart.continue')}
              </Link>
            </div>
          </EmptyState>
        ) : cart.items.length === 0 ? (
          <EmptyState title={t('cart.empty')}>
            <p>{t('cart.emptyHint')}</p>
            <BrowseLinks />
          </EmptyState>
        ) : (
          <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <section aria-labelledby="cart-lines">
              <h2 id="cart-lines" className="sr-only">
                {t('cart.lines')}
              </h2>
              <ul className="flex flex-col gap-4">
                {cart.items.map((item) => {
                  const key = lineKey(item);
                  const name = localize(item.name, language);
                  return (
                    <li
                      key={key}
                      className={`card flex flex-wrap items-center gap-4 p-4 sm:flex-nowrap sm:p-5 ${
                        item.available === false ? 'border-2 border-rose-600' : ''
                      }`}
                    >
                      {item.image ? (
                        <img
                          src={item.image}
                          alt=""
                          width={88}
                          height={88}
                          className="size-20 shrink-0 rounded-2xl object-cover sm:size-22"
                        />
                      ) : (
                        <span aria-hidden="true" className="size-20 shrink-0 rounded-2xl bg-blush-100" />
                      )}
                      <div className="min-w-0 flex-1">
                        <p className="font-serif text-xl leading-tight text-ink wrap-anywhere">{name}</p>
                        <p className="mt-1 text-sm text-muted">
                          {t(`cart.${item.type}`)}
                          {item.bookFormat ? ` · ${t(`shop.formats.${item.bookFormat}`)}` : ''}
                        </p>
                        {notSold.includes(item) ? (
                          <p className="mt-1 text-sm font-semibold text-rose-800">{t(`cart.notSoldIn.${currency}`)}</p>
                        ) : (
                          <p className="figures mt-1 text-rose-700">
                            {item.quantity > 1 ? (
                              <>
                                <span className="text-sm text-muted">
                                  {formatPrice(item.price)} × {item.quantity} ={' '}
                                </span>
                                <span className="font-semibold" data-testid="line-total">
                                  {quotedLine(item) ? formatTotal({ amount: quotedLine(item)!.total, currency }) : '…'}
                                </span>
                              </>
                            ) : (
                              <span className="font-semibold">{formatPrice(item.price)}</span>
                            )}
                          </p>
                        )}
                        {item.available === false && item.problem ? (
                          <p className="mt-1 text-sm font-semibold text-rose-800">
                            {t(
                              item.type === 'course' && item.problem === 'already_owned'
                                ? 'cart.problem.already_owned_course'
                                : `cart.problem.${item.problem}`,
                              { count: item.stock ?? 0 },
                            )}
                          </p>
                        ) : null}
                      </div>
                      <div className="flex items-center gap-3">
                        {item.type !== 'product' ? (
                          <span className="text-sm text-muted">× 1</span>
                        ) : (
                          <div className="inline-flex items-center rounded-full border border-line bg-white">
                            <button
                              type="button"
                              className="inline-flex size-10 items-center justify-center rounded-full text-lg hover:bg-blush-100"
                              aria-label={t('cart.decrease', { name })}
                              onClick={() => cartActions.setQuantity(key, item.quantity - 1)}
                            >
                              −
                            </button>
                            <label className="sr-only" htmlFor={`qty-${key}`}>
                              {t('cart.quantityOf', { name })}
                            </label>
                            <input
                              id={`qty-${key}`}
                              type="number"
                              inputMode="numeric"
                              min={0}
                              max={99}
                              value={item.quantity}
                              onChange={(event) => {
                                const value = Number.parseInt(event.target.value, 10);
                                if (!Number.isNaN(value)) cartActions.setQuantity(key, value);
                              }}
                              className="figures w-12 border-0 bg-transparent text-center font-semibold [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
                            />
                            <button
                              type="button"
                              className="inline-flex size-10 items-center justify-center rounded-full text-lg hover:bg-blush-100"
                              aria-label={t('cart.increase', { name })}
                              onClick={() => cartActions.setQuantity(key, item.quantity + 1)}
                            >
                              +
                            </button>
                          </div>
                        )}
                        <button
                          type="button"
                          className="inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-blush-100 hover:text-rose-800"
                          aria-label={t('cart.remove', { name })}
                          onClick={() => cartActions.remove(key)}
                        >
                          <TrashIcon />
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
              <button type="button" className="btn btn-ghost btn-sm mt-4" onClick={() => cartActions.clear()}>
                {t('cart.clear')}
              </button>
            </section>
            <aside aria-labelledby="cart-summary" className="card h-fit p-6 lg:sticky lg:top-32">
              <h2 id="cart-summary" className="text-3xl">
                {t('cart.summary')}
              </h2>
              <dl className="figures mt-5 flex flex-col gap-3 text-sm">
                <div className="flex justify-between">
                  <dt className="text-muted">{t('cart.items')}</dt>
                  <dd className="font-semibold">{totalItems}</dd>
                </div>
                <div className="flex justify-between border-t border-line pt-3 text-lg">
                  <dt className="font-semibold">{t('cart.goodsTotal')}</dt>
                  <dd className="font-serif text-2xl font-semibold text-rose-700" data-testid="cart-total">
                    {notSold.length > 0
                      ? t(`cart.noTotalIn.${currency}`)
                      : quote
                        ? formatTotal({ amount: quote.itemsTotal, currency })
                        : orderable
                          ? t('quote.pricing')
                          : '—'}
                  </dd>
                </div>
              </dl>
              {/* Without every line's price in this currency there is no total to estimate delivery for. */}
              {notSold.length > 0 ? null : (
                <DeliveryEstimatePanel items={cart.items} quote={quote} currency={currency} language={language} />
              )}
              {notSold.length > 0 ? (
                <div className="mt-4 rounded-2xl bg-blush-50 p-4 text-sm">
                  <p role="alert" className="font-semibold text-rose-800">
                    {t(`cart.notSoldSummary.${currency}`, { count: notSold.length })}
                  </p>
                  <button type="button" className="btn btn-outline btn-sm mt-3" onClick={() => setCurrency('RUB')}>
                    {t('cart.switchToRub')}
                  </button>
                </div>
              ) : null}
              {orderable ? (
                <Link to="/checkout" className="btn btn-primary mt-6 w-full">
                  {t('cart.checkout')}
                </Link>
              ) : (
                <>
                  {notSold.length > 0 && cartOrderable(cart) ? null : (
                    <p role="alert" className="mt-4 text-sm font-semibold text-rose-800">
                      {t('cart.fixProblems')}
                    </p>
                  )}
                  <button type="button" className="btn btn-primary mt-4 w-full" disabled>
                    {t('cart.checkout')}
                  </button>
                </>
              )}
              <Link to="/shop" className="btn btn-ghost mt-2 w-full">
                {t('cart.continue')}
              </Link>
            </aside>
          </div>
        )}
      </div>
    </>
  );
}

/** The order given up to be changed: it is cancelled, its lines are here; what could not come back, and why. */
function ReturnedCard({ notice }: { notice: ReturnedNotice }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="card mb-6 p-5 text-sm sm:p-6" role="status" aria-labelledby="cart-returned">
      <h2 id="cart-returned" className="font-serif text-xl">
        {t('cart.returned.title', { number: notice.orderNumber })}
      </h2>
      <p className="mt-2 text-ink-soft">{t('cart.returned.hint')}</p>
      {notice.notReturned.length > 0 ? (
        <>
          <p className="mt-3 font-semibold">{t('cart.returned.missing')}</p>
          <ul className="mt-1 flex list-disc flex-col gap-1 pl-5 text-ink-soft">
            {notice.notReturned.map((line) => (
              <li key={`${line.type}:${line.id}:${line.reason}`} className="wrap-anywhere">
                {t('cart.returned.line', {
                  name: localize(line.name, language),
                  quantity: line.quantity,
                  reason: t(`cart.returned.reason.${line.reason}`),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
