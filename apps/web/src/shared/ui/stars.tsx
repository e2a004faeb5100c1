import { useTranslation } from '../i18n/use-translation';
import { StarIcon } from './icons';

export function Stars({ rating, size = 18 }: { rating: number; size?: number }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t('reviews.ratingLabel', { rating })} className="inline-flex gap-0.5 text-gold-500">
      {[1, 2, 3, 4, 5].map((value) => (
        <StarIcon key={value} filled={value <= rating} width={size} height={size} />
      ))}
    </span>
  );
}
