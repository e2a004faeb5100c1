import type { Availability, Product } from '@atelier/shared';
import { useTranslation } from '../../../shared/i18n/use-translation';

const TONES: Record<Availability, string> = {
  in_stock: 'bg-sage-100 text-sage-700',
  out_of_stock: 'bg-white text-muted',
  on_order: 'bg-gold-300/60 text-ink',
};

export function AvailabilityBadge({ availability }: { availability: Availability }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold ${TONES[availability]}`}>
      {t(`shop.availability.${availability}`)}
    </span>
  );
}

/** What the shop shows: a counted stock that ran out wins over the availability the admin set. */
export function shownAvailability(product: Pick<Product, 'availability' | 'stock'>): Availability {
  return product.stock === 0 ? 'out_of_stock' : product.availability;
}
