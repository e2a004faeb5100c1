import { type Product, type ProductRemoved, productPath, soldIn } from '@atelier/shared';
import { Link } from 'react-router';
import { useCurrency } from '../../../shared/currency/currency-store';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLocalized } from '../../../shared/i18n/use-localized';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { AvailabilityBadge, shownAvailability } from './availability-badge';

/** As many as a row of the shop's grid on a computer. */
const SIMILAR_SHOWN = 4;

/**
 * A card of the shop's grid (its look: `product-card`) that is a link to the product's page, which
 * works before any script runs; without the shop card's heart, so this view stays light.
 */
function SimilarCard({ product, heading: Heading }: { product: Product; heading: 'h3' | 'h4' }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const format = usePriceFormatter();
  const name = localized(product.name);
  const image = product.images[0];
  return (
    <article className="product-card group">
      <div className="relative aspect-square overflow-hidden bg-blush-50">
        {image ? (
          <ResponsiveImage
            image={image}
            alt=""
            sizes="(min-width: 1024px) 18rem, 46vw"
            className="size-full object-cover transition-transform duration-700 group-hover:scale-105"
          />
        ) : null}
        <span className="product-card-badge">
          <AvailabilityBadge availability={shownAvailability(product)} />
        </span>
      </div>
      <div className="product-card-body">
        <p className="product-card-category">{t(`shop.categories.${product.category}`)}</p>
        <Heading className="product-card-name" lang={name.lang}>
          <Link to={productPath(product.id)} className="after:absolute after:inset-0 hover:text-rose-700">
            {name.text}
          </Link>
        </Heading>
        <p className="product-card-price figures">{format(product.price)}</p>
      </div>
    </article>
  );
}

/**
 * What the link of a removed product shows (an old Instagram post's): that the piece is no longer
 * available, its category to browse, and similar pieces that can still be ordered, as the shop's
 * cards, each a link to its page. The server answers the address 410 Gone. `level`: 1 on the
 * product's own page, 2 over the shop (whose title is the page's heading).
 */
export function ProductGone({ removed, level }: { removed: ProductRemoved; level: 1 | 2 }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const currency = useCurrency();
  const name = localized(removed.name);
  const category = t(`shop.categories.${removed.category}`);
  // The visitor's currency only, as the shop's grid (docs/decisions/0052).
  const similar = removed.similar.filter((product) => soldIn(product.price, currency)).slice(0, SIMILAR_SHOWN);
  const Title = level === 1 ? 'h1' : 'h2';
  const Subtitle = level === 1 ? 'h2' : 'h3';

  return (
    <section aria-labelledby="product-gone-title" className="rounded-3xl bg-blush-50 px-5 py-8 sm:px-8">
      <Title id="product-gone-title" className="font-serif text-3xl leading-tight wrap-anywhere sm:text-4xl">
        {t('shop.gone.title')}
      </Title>
      <p className="mt-3 max-w-2xl text-ink-soft wrap-anywhere">
        <span lang={name.lang}>{t('shop.gone.text', { name: name.text })}</span>
      </p>
      <p className="mt-4 flex flex-wrap gap-3">
        <Link to={`/shop?category=${removed.category}`} className="btn btn-outline btn-sm">
          {t('shop.gone.category', { category })}
        </Link>
      </p>
      {similar.length > 0 ? (
        <>
          <Subtitle className="mt-8 mb-4 font-serif text-2xl">{t('shop.page.related')}</Subtitle>
          <ul className="shop-grid xl:grid-cols-4">
            {similar.map((product) => (
              <li key={product.id}>
                <SimilarCard product={product} heading={level === 1 ? 'h3' : 'h4'} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
