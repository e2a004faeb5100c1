import {
  type BookFormat,
  type Currency,
  DELIVERY_DAYS,
  DELIVERY_METHODS,
  type DeliveryMethod,
  deliveryTerms,
  formatMoney,
  localize,
  MAX_LINE_QUANTITY,
  PRODUCT_DETAIL_FIELDS,
  type Product,
  type ProductDetail,
  productPath,
  soldIn,
  variantName,
} from '@atelier/shared';
import { lazy, type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { setCurrency, useCurrency } from '../../../shared/currency/currency-store';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useLocalized } from '../../../shared/i18n/use-localized';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSignInFor } from '../../../shared/intent/use-sign-in-for';
import { HeartButton } from '../../../shared/ui/heart-button';
import { Markdown } from '../../../shared/ui/markdown';
import { useSession } from '../../auth/api/auth-session';
import { cartActions } from '../../cart/api/use-cart';
import { useFavouriteToggle } from '../../favourites/api/favourites';
import {
  type Choice,
  choose,
  initialChoice,
  variantImages,
  variantLabel,
  variantOf,
  variantPrice,
  withVariant,
} from '../variant-choice';
import { offersStockAlert } from './availability';
import { AvailabilityBadge, shownAvailability } from './availability-badge';
import { ProductGallery } from './product-gallery';

// Only sold-out and made-to-order products show "notify me": its code (and the stock alerts') comes
// with them. A server-rendered page keeps its markup until the chunk is in.
const LazyNotifyMe = lazy(() => import('./notify-me').then((module) => ({ default: module.NotifyMe })));

// Only a product with options shows its chips: their code comes with it.
const VariantPicker = lazy(() => import('./variant-picker').then((module) => ({ default: module.VariantPicker })));

function NotifyMe(props: { productId: string }) {
  return (
    <Suspense fallback={null}>
      <LazyNotifyMe {...props} />
    </Suspense>
  );
}

/** A titled part under the product's name: a level below it (h2 on the page, h3 in the dialog). */
function Section({ title, level, children }: { title: string; level: 'h2' | 'h3'; children: ReactNode }) {
  const Heading = level;
  return (
    <section className="border-t border-line pt-4">
      <Heading className="mb-2 text-xs font-bold uppercase tracking-[0.18em] text-rose-800">{title}</Heading>
      <div className="text-sm leading-relaxed text-ink">{children}</div>
    </section>
  );
}

/** Delivery methods with their prices in the currency the product is sold in, and when it comes. */
function DeliveryOptions({ currency }: { currency: Currency }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // The cart's and checkout's price list and free-delivery threshold, in this currency.
  const terms = deliveryTerms(currency);
  const money = (amount: number) => formatMoney(amount, currency, language);
  const price = (method: DeliveryMethod) =>
    method === 'courier_pickup'
      ? t('shop.page.deliveryAtCheckout')
      : terms.prices[method] === 0
        ? t('checkout.free')
        : money(terms.prices[method]);
  // The same promise as the order's thank-you page.
  const deliveryTime = (method: DeliveryMethod) => {
    const days = DELIVERY_DAYS[method];
    return t(method === 'pickup' ? 'orders.thanks.readyIn' : 'orders.thanks.deliveryTime', {
      range: days.minDays === days.maxDays ? String(days.minDays) : `${days.minDays}–${days.maxDays}`,
      count: days.maxDays,
    });
  };
  return (
    <>
      <ul className="flex flex-col gap-2">
        {DELIVERY_METHODS.map((method) => (
          <li key={method} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span>
              <span className="font-semibold">{t(`checkout.delivery.${method}`)}</span>
              <span className="block text-xs text-muted">{deliveryTime(method)}</span>
            </span>
            <span className="font-semibold whitespace-nowrap">{price(method)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted">{t('checkout.freeFrom', { amount: money(terms.freeFrom) })}</p>
    </>
  );
}

interface ProductViewProps {
  /** The shop's list gives a product without its options and variants: nothing to choose until they come. */
  product: Product & Partial<Pick<ProductDetail, 'options' | 'variants'>>;
  /** The product's name as the page's heading; a dialog has its own title. */
  heading?: ReactNode;
  /**
   * `page`: on phones the price and the button stay at the bottom of the screen; `dialog`: at
   * the bottom of the dialog's scrolling area.
   */
  place: 'page' | 'dialog';
  onAdded?: () => void;
}

/** Everything a shopper needs to decide, and the button to add the product to the cart. */
export function ProductView({ product, heading, place, onAdded }: ProductViewProps) {
  const sectionLevel = place === 'page' ? 'h2' : 'h3';
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const format = usePriceFormatter();
  const session = useSession();
  const formatName = useId();
  const formatError = useId();
  const quantityId = useId();
  const formats = product.category === 'book' ? (product.bookFormats ?? []) : [];
  // A book sold in both editions waits for the customer's choice: nothing is pre-selected.
  const [bookFormat, setBookFormat] = useState<BookFormat | undefined>(formats.length === 1 ? formats[0] : undefined);
  const [formatMissing, setFormatMissing] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const firstFormat = useRef<HTMLInputElement>(null);
  const localized = useLocalized();
  const name = localize(product.name, language);
  const description = localized(product.description);
  // A product with options is bought as one of its variants: its price, stock and photos are the
  // variant's (the server's figures), and the address names it (`variant=`, replaced, not pushed).
  const options = product.options ?? [];
  const variants = product.variants ?? [];
  const [searchParams, setSearchParams] = useSearchParams();
  const [picked, setPicked] = useState<Choice | null>(null);
  const choice = picked ?? initialChoice(options, variants, searchParams.get('variant'));
  const variant = options.length > 0 ? variantOf(variants, choice) : undefined;
  const pick = (index: number, value: string) => {
    const next = choose(choice, index, value);
    setPicked(next);
    // Another variant has its own stock: the count starts over.
    setQuantity(1);
    const chosen = variantOf(variants, next);
    setSearchParams((current) => withVariant(current, chosen?.id ?? null), { replace: true, preventScrollReset: true });
  };
  const price = variant ? variantPrice(variant) : product.price;
  const stock = variant ? (variant.stock ?? null) : product.stock;
  const variantSoldOut = options.length > 0 && variant?.available !== true;
  const availability = variantSoldOut
    ? 'out_of_stock'
    : shownAvailability({ availability: variant?.availability ?? product.availability, stock });
  const soldOut = availability === 'out_of_stock';
  const favourite = useFavouriteToggle('product', product.id, product.name);
  const signInFor = useSignInFor();
  // Opened while euros or dollars are chosen, a piece sold in roubles only shows no price of a
  // currency the visitor did not choose, and cannot go in a cart in that currency (decision 0052).
  const notSold = currency !== 'RUB' && !soldIn(price, currency);
  const maxQuantity = Math.max(1, Math.min(MAX_LINE_QUANTITY, stock ?? MAX_LINE_QUANTITY));
  const digitalOnly = formats.length > 0 && formats.every((value) => value === 'digital');
  const shipsPhysical = !digitalOnly;
  const returnable = product.category !== 'book';

  const add = () => {
    if (formats.length > 0 && !bookFormat) {
      setFormatMissing(true);
      firstFormat.current?.focus();
      firstFormat.current?.scrollIntoView({ block: 'center' });
      return;
    }
    const item = {
      id: product.id,
      type: 'product' as const,
      // The server names the line the same way once it has it.
      name: variant ? variantName(product.name, variantLabel(options, choice)) : product.name,
      price,
      image: images[0]?.thumb,
      bookFormat: formats.length > 0 ? bookFormat : undefined,
      variantId: variant?.id,
    };
    // A guest signs in (or registers) and comes back to this product with it in the cart.
    if (session.status !== 'authenticated') {
      signInFor({ kind: 'cart', item, quantity });
      return;
    }
    if (cartActions.add(item, quantity)) onAdded?.();
  };

  const images = variant ? variantImages(variant.images, product.images) : product.images;

  const setClamped = (value: number) => setQuantity(Math.min(maxQuantity, Math.max(1, Math.trunc(value) || 1)));

  const bar =
    place === 'page'
      ? 'fixed inset-x-0 bottom-[var(--cookie-banner-space,0px)] z-30 border-t border-line bg-ivory/95 px-4 py-3 shadow-soft backdrop-blur md:static md:z-auto md:border-0 md:bg-transparent md:p-0 md:shadow-none md:backdrop-blur-none'
      : 'sticky bottom-0 z-10 -mx-1 border-t border-line bg-ivory px-1 py-3 md:static md:border-0 md:p-0';

  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2 md:gap-10">
      <ProductGallery
        // Another variant's photos start the strip from its first.
        key={images[0]?.url}
        images={images}
        alt={(number) => t('shop.photoOf', { name, number })}
        sizes="(min-width: 768px) 36rem, 92vw"
      />
      <div className="flex min-w-0 flex-col gap-5">
        <div className="flex items-start justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <AvailabilityBadge availability={availability} />
            <span className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
              {t(`shop.categories.${product.category}`)}
              {product.subcategory ? ` · ${t(`shop.subcategories.${product.subcategory}`)}` : ''}
            </span>
          </div>
          <HeartButton {...favourite} label={t('favourites.toggle', { name })} />
        </div>
        {heading}
        {notSold ? (
          <div className="rounded-2xl bg-blush-50 p-4 text-sm">
            <p className="font-semibold text-rose-800">{t(`shop.notSoldIn.${currency}`)}</p>
            <button type="button" className="btn btn-outline btn-sm mt-3" onClick={() => setCurrency('RUB')}>
              {t('shop.switchToRub')}
            </button>
          </div>
        ) : formats.length > 1 ? null : (
          <p className="figures font-serif text-4xl font-semibold text-rose-700">{format(price)}</p>
        )}
        {options.length > 0 ? (
          <Suspense fallback={null}>
            <VariantPicker options={options} variants={variants} choice={choice} onChoose={pick} />
          </Suspense>
        ) : null}
        {/* A choice of variant says at once what it changed for buying it. */}
        <p className="text-sm text-muted" aria-live={options.length > 0 ? 'polite' : undefined}>
          {availability === 'on_order'
            ? t('shop.onOrderHint')
            : variantSoldOut
              ? t('shop.variant.soldOut')
              : soldOut
                ? t('shop.page.soldOutHint')
                : digitalOnly
                  ? t('shop.page.digitalReady')
                  : stock !== null && stock <= 5
                    ? t('shop.page.fewLeft', { count: stock })
                    : t('shop.page.readyToShip')}
        </p>
        {formats.length > 0 ? (
          <fieldset aria-describedby={formatMissing ? formatError : undefined}>
            <legend className="field-label">{t('shop.bookFormat')}</legend>
            {bookFormat ? null : <p className="mb-2 text-sm text-muted">{t('shop.bookFormatHint')}</p>}
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {formats.map((value, index) => (
                <label
                  key={value}
                  className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border border-line bg-white px-4 py-2 has-[:checked]:border-rose-600 has-[:checked]:bg-blush-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-600"
                >
                  <input
                    type="radio"
                    name={formatName}
                    value={value}
                    checked={bookFormat === value}
                    onChange={() => {
                      setBookFormat(value);
                      setFormatMissing(false);
                    }}
                    ref={index === 0 ? firstFormat : undefined}
                    aria-invalid={formatMissing || undefined}
                    className="accent-rose-600"
                  />
                  <span className="flex flex-1 flex-wrap items-baseline justify-between gap-x-2">
                    <span className="text-sm font-semibold">{t(`shop.formats.${value}`)}</span>
                    {notSold ? null : (
                      <span
                        className="figures font-serif text-xl font-semibold text-rose-700"
                        data-edition-price={value}
                      >
                        {format(price)}
                      </span>
                    )}
                  </span>
                </label>
              ))}
            </div>
            {formatMissing ? (
              <p id={formatError} role="alert" className="mt-2 text-sm font-semibold text-red-800">
                {t('shop.chooseBookFormat')}
              </p>
            ) : null}
            {bookFormat === 'digital' ? (
              <p className="mt-2 text-sm text-muted">
                {session.status === 'authenticated'
                  ? t('shop.digitalHintEmail', { email: session.user.email })
                  : t('shop.digitalHint')}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        {soldOut || notSold ? null : (
          <div className="flex items-center gap-3">
            <label htmlFor={quantityId} className="text-sm font-semibold">
              {t('shop.page.quantity')}
            </label>
            <div className="flex items-center rounded-full border border-line bg-white">
              <button
                type="button"
                className="size-11 rounded-full text-lg font-semibold disabled:opacity-40"
                onClick={() => setClamped(quantity - 1)}
                disabled={quantity <= 1}
                aria-label={t('shop.page.less')}
              >
                −
              </button>
              <input
                id={quantityId}
                type="number"
                inputMode="numeric"
                min={1}
                max={maxQuantity}
                value={quantity}
                onChange={(event) => setClamped(Number(event.target.value))}
                className="w-12 border-0 bg-transparent text-center font-semibold [appearance:textfield]"
              />
              <button
                type="button"
                className="size-11 rounded-full text-lg font-semibold disabled:opacity-40"
                onClick={() => setClamped(quantity + 1)}
                disabled={quantity >= maxQuantity}
                aria-label={t('shop.page.more')}
              >
                +
              </button>
            </div>
          </div>
        )}
        <div className={notSold ? 'hidden' : bar} data-testid="buy-bar">
          {notSold ? null : offersStockAlert(product) ? (
            <NotifyMe productId={product.id} />
          ) : (
            <div className="flex items-center gap-3">
              <span className="figures font-serif text-2xl font-semibold text-rose-700 md:hidden">{format(price)}</span>
              {variantSoldOut ? (
                <span className="flex-1 text-center text-sm font-semibold text-muted">
                  {t('shop.variant.unavailable')}
                </span>
              ) : (
                <button type="button" className="btn btn-primary flex-1" onClick={add}>
                  {t('shop.addToCart')}
                </button>
              )}
            </div>
          )}
        </div>
        {session.status !== 'authenticated' ? (
          <p className="text-sm text-muted">
            {t('shop.loginHint')}{' '}
            <Link
              to={`/auth?next=${encodeURIComponent(place === 'page' ? productPath(product.id) : `/shop?product=${product.id}`)}`}
              className="link"
            >
              {t('header.login')}
            </Link>
          </p>
        ) : null}
        <div lang={description.lang}>
          <Markdown text={description.text} />
        </div>
        {PRODUCT_DETAIL_FIELDS.map((field) => {
          const text = product[field];
          const shown = localized(text);
          return text ? (
            <Section key={field} level={sectionLevel} title={t(`shop.page.details.${field}`)}>
              <p className="whitespace-pre-line" lang={shown.lang}>
                {shown.text}
              </p>
            </Section>
          ) : null;
        })}
        <Section level={sectionLevel} title={t('shop.page.deliveryTitle')}>
          {shipsPhysical ? <DeliveryOptions currency={currency} /> : <p>{t('shop.page.digitalDelivery')}</p>}
          {formats.includes('digital') && shipsPhysical ? (
            <p className="mt-2">{t('shop.page.digitalDelivery')}</p>
          ) : null}
        </Section>
        <Section level={sectionLevel} title={t('shop.page.returnsTitle')}>
          <p>
            {returnable ? t('shop.page.returns') : t('shop.page.noReturns')}{' '}
            <Link to="/terms" className="link">
              {t('shop.page.terms')}
            </Link>
          </p>
        </Section>
      </div>
    </div>
  );
}
