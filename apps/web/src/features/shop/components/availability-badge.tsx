import type { Availability } from '@atelier/shared';
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

export { shownAvailability } from './availability';
