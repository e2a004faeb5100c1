import { type Favourite, localize } from '@atelier/shared';
import { useRef } from 'react';
import { Link } from 'react-router';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { BrowseLinks } from '../../../shared/ui/browse-links';
import { HeartButton } from '../../../shared/ui/heart-button';
import { Spinner } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { useFavourites, useFavouriteToggle } from '../../favourites/api/favourites';

const linkOf = (item: Favourite) =>
  item.type === 'product' ? `/shop?product=${item.id}` : `/training-detail/${item.id}`;

function FavouriteItem({ item }: { item: Favourite }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = usePriceFormatter();
  const name = localize(item.name, language);
  const favourite = useFavouriteToggle(item.type, item.id, item.name);
  return (
    <li className="card relative flex items-center gap-4 p-4">
      {item.image ? (
        <img src={item.image} alt="" className="size-16 shrink-0 rounded-2xl object-cover" loading="lazy" />
      ) : (
        <span aria-hidden="true" className="size-16 shrink-0 rounded-2xl bg-blush-50" />
      )}
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
          {item.type === 'product' ? t('favourites.product') : t('favourites.lesson')}
          {item.availability && item.availability !== 'in_stock'
            ? ` · ${t(`shop.availability.${item.availability}`)}`
            : ''}
        </p>
        <p className="font-serif text-xl wrap-anywhere">
          <Link
            to={linkOf(item)}
            className="after:absolute after:inset-0 after:rounded-[inherit] hover:text-rose-700 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-rose-600"
          >
            {name}
          </Link>
        </p>
        <p className="text-sm font-semibold text-rose-700">{format(item.price)}</p>
      </div>
      <HeartButton {...favourite} label={t('favourites.toggle', { name })} className="relative z-10" />
    </li>
  );
}

/**
 * The account's favourites: products and lessons, newest first. The heart drops one, but it stays
 * on the page (heart empty) until the next visit: one more press keeps it again, and keyboard
 * focus is never lost to a row that vanished.
 */
export function FavouritesList() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useFavourites();
  const seen = useRef(new Map<string, Favourite>());
  for (const item of data ?? []) {
    const key = `${item.type}:${item.id}`;
    // Kept again after a drop: it stays where it was.
    seen.current.set(key, { ...item, addedAt: seen.current.get(key)?.addedAt ?? item.addedAt });
  }
  const shown = [...seen.current.values()].sort((a, b) => b.addedAt.localeCompare(a.addedAt));
  if (isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  if (isError) return <ErrorState onRetry={() => void refetch()} />;
  if (shown.length === 0)
    return (
      <EmptyState title={t('favourites.empty')}>
        <p className="mt-2 text-sm text-muted">{t('favourites.emptyHint')}</p>
        <BrowseLinks className="mt-4" />
      </EmptyState>
    );
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="favourites">
      {shown.map((item) => (
        <FavouriteItem key={`${item.type}:${item.id}`} item={item} />
      ))}
    </ul>
  );
}
