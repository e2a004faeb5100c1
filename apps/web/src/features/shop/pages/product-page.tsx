import { localize, type Product, productPath } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCurrency } from '../../../shared/currency/currency-store';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useLocalized } from '../../../shared/i18n/use-localized';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { Spinner } from '../../../shared/ui/spinner';
import { ErrorState } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { isRemoved, useProduct } from '../api/get-product';
import { relatedQueryOptions } from '../api/get-products';
import { ProductGone } from '../components/product-gone';
import { ProductView } from '../components/product-view';

const RELATED_SHOWN = 4;

/** Other products of the same category, each a link to its own page. */
function Related({ product }: { product: Product }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const format = usePriceFormatter();
  const currency = useCurrency();
  const { data } = useQuery(relatedQueryOptions(product.category, currency));
  const items = (data?.items ?? []).filter((item) => item.id !== product.id).slice(0, RELATED_SHOWN);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="mt-14">
      <h2 id="related-title" className="mb-5 font-serif text-3xl">
        {t('shop.page.related')}
      </h2>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.id}>
            <Link to={productPath(item.id)} className="group block">
              <div className="aspect-square overflow-hidden rounded-2xl bg-blush-50">
                {item.images[0] ? (
                  <ResponsiveImage
                    image={item.images[0]}
                    alt=""
                    sizes="(min-width: 1024px) 16rem, 45vw"
                    className="size-full object-cover transition-transform duration-700 group-hover:scale-105"
                  />
                ) : null}
              </div>
              <p
                className="mt-2 font-serif text-lg leading-tight group-hover:text-rose-700"
                lang={localized(item.name).lang}
              >
                {localized(item.name).text}
              </p>
              <p className="text-sm font-semibold text-rose-700">{format(item.price)}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the page hands the section of portfolio pieces made like the product (the app composes the two). */
export interface ProductPortfolioSlot {
  productId: string;
}

/** `/shop/:id`: one product's own page, server-rendered (its canonical URL). */
export function ProductPage({ portfolio }: { portfolio?: (slot: ProductPortfolioSlot) => ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localized = useLocalized();
  const { id = '' } = useParams();
  const query = useProduct(id);
  const lookup = query.data;
  const removed = isRemoved(lookup) ? lookup : null;
  const product = isRemoved(lookup) ? undefined : lookup;
  // The breadcrumb's category: the product's, or the one a removed product was in.
  const category = (product ?? removed)?.category;
  const [added, setAdded] = useState(false);
  usePageTitle(removed ? t('shop.gone.title') : product ? localize(product.name, language) : null);

  return (
    <div className="container-page pt-6 pb-28 md:pb-16">
      <nav aria-label={t('shop.page.breadcrumbs')} className="mb-5 text-sm">
        <Link to="/shop" className="link">
          {t('shop.title')}
        </Link>
        {category ? (
          <>
            {' / '}
            <Link to={`/shop?category=${category}`} className="link">
              {t(`shop.categories.${category}`)}
            </Link>
          </>
        ) : null}
      </nav>
      {removed ? (
        <ProductGone removed={removed} level={1} />
      ) : product ? (
        <>
          <ProductView
            key={product.id}
            product={product}
            place="page"
            onAdded={() => setAdded(true)}
            heading={
              <h1
                className="font-serif text-4xl leading-tight wrap-anywhere sm:text-5xl"
                lang={localized(product.name).lang}
              >
                {localized(product.name).text}
              </h1>
            }
          />
          {added ? (
            <div
              className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-sage-100 px-5 py-4"
              role="status"
            >
              <span className="font-semibold text-sage-700">{t('cart.added')}</span>
              <span className="flex flex-wrap gap-3">
                <Link to="/cart" className="btn btn-outline btn-sm">
                  {t('shop.goToCart')}
                </Link>
                {/* Straight to paying: the cart is one screen a returning customer need not see. */}
                <Link to="/checkout" className="btn btn-primary btn-sm">
                  {t('cart.checkout')}
                </Link>
              </span>
            </div>
          ) : null}
          {portfolio?.({ productId: product.id })}
          <Related product={product} />
        </>
      ) : query.isError || !id ? (
        <ErrorState message={t('shop.productMissing')} />
      ) : (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      )}
    </div>
  );
}
