import { availableNow, type BookFormat, localize, type Product, soldIn } from '@atelier/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setCurrency, useCurrency } from '../../../shared/currency/currency-store';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useSignInFor } from '../../../shared/intent/use-sign-in-for';
import { Gallery } from '../../../shared/ui/gallery';
import { HeartButton } from '../../../shared/ui/heart-button';
import { Modal } from '../../../shared/ui/modal';
import { RichText } from '../../../shared/ui/rich-text';
import { Spinner } from '../../../shared/ui/spinner';
import { ErrorState } from '../../../shared/ui/states';
import { useSession } from '../../auth/api/auth-session';
import { cartActions } from '../../cart/api/use-cart';
import { useFavouriteToggle } from '../../favourites/api/favourites';
import { useProduct } from '../api/get-product';
import { AvailabilityBadge, shownAvailability } from './availability-badge';
import { NotifyMe } from './notify-me';

function ProductDetail({ product, onAdded }: { product: Product; onAdded: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = usePriceFormatter();
  const session = useSession();
  const formatName = useId();
  const formats = product.category === 'book' ? (product.bookFormats ?? []) : [];
  // A book sold in both editions waits for the customer's choice: nothing is pre-selected.
  const [bookFormat, setBookFormat] = useState<BookFormat | undefined>(formats.length === 1 ? formats[0] : undefined);
  const [formatMissing, setFormatMissing] = useState(false);
  const firstFormat = useRef<HTMLInputElement>(null);
  const formatError = useId();
  const name = localize(product.name, language);
  const soldOut = shownAvailability(product) === 'out_of_stock';
  // Opened by a link while euros or dollars are chosen, a piece sold in roubles only shows no price
  // of a currency the visitor did not choose, and cannot go in a cart in that currency (decision 0052).
  const currency = useCurrency();
  const notSold = currency !== 'RUB' && !soldIn(product.price, currency);
  const favourite = useFavouriteToggle('product', product.id, product.name);
  const signInFor = useSignInFor();

  const add = () => {
    if (formats.length > 0 && !bookFormat) {
      setFormatMissing(true);
      firstFormat.current?.focus();
      return;
    }
    const item = {
      id: product.id,
      type: 'product' as const,
      name: product.name,
      price: product.price,
      image: product.images[0]?.thumb,
      bookFormat: formats.length > 0 ? bookFormat : undefined,
    };
    // A guest signs in (or registers) and comes back to this product with it in the cart.
    if (session.status !== 'authenticated') {
      signInFor({ kind: 'cart', item, quantity: 1 });
      return;
    }
    if (cartActions.add(item)) onAdded();
  };

  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2 md:gap-8">
      <Gallery
        images={product.images}
        alt={(number) => t('shop.photoOf', { name, number })}
        sizes="(min-width: 768px) 30rem, 92vw"
        frameClassName="aspect-square bg-blush-50"
      />
      <div className="flex min-w-0 flex-col gap-5">
        <div className="flex items-start justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <AvailabilityBadge availability={shownAvailability(product)} />
            <span className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
              {t(`shop.categories.${product.category}`)}
              {product.subcategory ? ` · ${t(`shop.subcategories.${product.subcategory}`)}` : ''}
            </span>
          </div>
          <HeartButton {...favourite} label={t('favourites.toggle', { name })} />
        </div>
        {notSold ? (
          <div className="rounded-2xl bg-blush-50 p-4 text-sm">
            <p className="font-semibold text-rose-800">{t(`shop.notSoldIn.${currency}`)}</p>
            <button type="button" className="btn btn-outline btn-sm mt-3" onClick={() => setCurrency('RUB')}>
              {t('shop.switchToRub')}
            </button>
          </div>
        ) : (
          <p className="figures font-serif text-4xl font-semibold text-rose-700">{format(product.price)}</p>
        )}
        <RichText text={localize(product.description, language)} />
        {formats.length > 0 ? (
          <fieldset aria-describedby={formatMissing ? formatError : undefined}>
            <legend className="field-label">{t('shop.bookFormat')}</legend>
            {bookFormat ? null : <p className="mb-2 text-sm text-muted">{t('shop.bookFormatHint')}</p>}
            <div className="grid grid-cols-2 gap-2">
              {formats.map((value, index) => (
                <label
                  key={value}
                  className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border border-line bg-white px-4 has-[:checked]:border-rose-600 has-[:checked]:bg-blush-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-600"
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
                  <span className="text-sm font-semibold">{t(`shop.formats.${value}`)}</span>
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
        {product.availability === 'on_order' ? <p className="text-sm text-muted">{t('shop.onOrderHint')}</p> : null}
        <div className="mt-auto flex flex-col gap-3 pt-2">
          {notSold ? null : soldOut ? (
            <NotifyMe productId={product.id} />
          ) : (
            <button type="button" className="btn btn-primary" onClick={add}>
              {t('shop.addToCart')}
            </button>
          )}
          {/* Made to order can be ordered now; "notify me" is for whoever would rather wait for stock. */}
          {!soldOut && !availableNow(product) ? <NotifyMe productId={product.id} secondary /> : null}
          {session.status !== 'authenticated' ? (
            <p className="text-center text-sm text-muted">
              {t('shop.loginHint')}{' '}
              <Link to={`/auth?next=${encodeURIComponent(`/shop?product=${product.id}`)}`} className="link">
                {t('header.login')}
              </Link>
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** `?product={id}` opens this dialog; closing it removes the parameter. */
export function ProductModal({
  productId,
  initial,
  onClose,
}: {
  productId: string | null;
  initial?: Product;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useProduct(productId);
  const product = query.data ?? initial;
  const [added, setAdded] = useState(false);

  useEffect(() => {
    if (productId) setAdded(false);
  }, [productId]);

  return (
    <Modal
      open={productId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={product ? localize(product.name, language) : t('shop.productTitle')}
      size="xl"
    >
      {product ? (
        <>
          <ProductDetail key={product.id} product={product} onAdded={() => setAdded(true)} />
          {added ? (
            <div
              className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-sage-100 px-5 py-4"
              role="status"
            >
              <span className="font-semibold text-sage-700">{t('cart.added')}</span>
              <Link to="/cart" className="btn btn-outline btn-sm" onClick={onClose}>
                {t('shop.goToCart')}
              </Link>
            </div>
          ) : null}
        </>
      ) : query.isError ? (
        <ErrorState message={t('shop.productMissing')} />
      ) : (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      )}
    </Modal>
  );
}
