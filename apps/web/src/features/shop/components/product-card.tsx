import { localize, type Product } from '@atelier/shared';
import { useTranslation } from 'react-i18next';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLanguage } from '../../../shared/i18n/use-language';
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
  const language = useLanguage();
  const format = usePriceFormatter();
  const image = product.images[0];
  const name = localize(product.name, language);
  const favourite = useFavouriteToggle('product', product.id, product.name);

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl border border-line bg-ivory shadow-card transition-shadow hover:shadow-soft">
      <div className="relative aspect-square overflow-hidden bg-blush-50">
        {image ? (
          <ResponsiveImage
            image={image}
            alt=""
            sizes="(min-width: 1024px) 18rem, (min-width: 640px) 45vw, 92vw"
            priority={priority}
            className="size-full object-cover transition-transform duration-700 group-hover:scale-105"
          />
        ) : null}
        <span className="absolute top-3 left-3">
          <AvailabilityBadge availability={shownAvailability(product)} />
        </span>
      </div>
      {/* Above the title's full-card link (z-10), so the heart is its own target. */}
      <HeartButton {...favourite} label={t('favourites.toggle', { name })} className="absolute top-2 right-2 z-10" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-[0.7rem] font-semibold uppercase tracking-[0.18em] text-muted">
          {t(`shop.categories.${product.category}`)}
        </p>
        <h2 className="font-serif text-2xl leading-tight wrap-anywhere">
          <button type="button" onClick={onOpen} className="text-left after:absolute after:inset-0 hover:text-rose-700">
            {name}
          </button>
        </h2>
        <p className="figures mt-auto pt-2 text-lg font-semibold text-rose-700">{format(product.price)}</p>
      </div>
    </article>
  );
}
