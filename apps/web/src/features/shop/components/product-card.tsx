import type { Product } from '@atelier/shared';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLocalized } from '../../../shared/i18n/use-localized';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { HeartButton } from '../../../shared/ui/heart-button';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { useFavouriteToggle } from '../../favourites/api/favourites';
import { AvailabilityBadge, shownAvailability } from './availability-badge';

export function ProductCard({
  product,
  onOpen,
  priority,
}: {
  product: Product;
  onOpen: () => void;
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const format = usePriceFormatter();
  const image = product.images[0];
  const localized = useLocalized();
  const shownName = localized(product.name);
  const name = shownName.text;
  const favourite = useFavouriteToggle('product', product.id, product.name);

  return (
    <article className="product-card group">
      <div className="relative aspect-square overflow-hidden bg-blush-50">
        {image ? (
          <ResponsiveImage
            image={image}
            alt=""
            sizes="(min-width: 1280px) 18rem, (min-width: 1024px) 24rem, 46vw"
            priority={priority}
            className="size-full object-cover transition-transform duration-700 group-hover:scale-105"
          />
        ) : null}
        <span className="product-card-badge">
          <AvailabilityBadge availability={shownAvailability(product)} />
        </span>
      </div>
      {/* Above the title's full-card link (z-10), so the heart is its own target. */}
      <HeartButton {...favourite} label={t('favourites.toggle', { name })} className="absolute top-2 right-2 z-10" />
      <div className="product-card-body">
        <p className="product-card-category">{t(`shop.categories.${product.category}`)}</p>
        <h2 className="product-card-name" lang={shownName.lang}>
          <button type="button" onClick={onOpen} className="text-left after:absolute after:inset-0 hover:text-rose-700">
            {name}
          </button>
        </h2>
        <p className="product-card-price figures">{format(product.price)}</p>
      </div>
    </article>
  );
}
