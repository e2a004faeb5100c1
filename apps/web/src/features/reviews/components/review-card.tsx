import type { Review } from '@atelier/shared';
import { useLayoutEffect, useRef, useState } from 'react';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Stars } from '../../../shared/ui/stars';

/** Review cards are 266 px high; long texts are clipped with a "read more" button. */
export function ReviewCard({ review, onReadMore }: { review: Review; onReadMore: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const textRef = useRef<HTMLParagraphElement>(null);
  const [clipped, setClipped] = useState(false);

  useLayoutEffect(() => {
    const element = textRef.current;
    if (!element) return;
    const measure = () => setClipped(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <article
      className={`card flex h-[266px] flex-col p-6 ${review.status === 'pending' ? 'border-dashed border-gold-500' : ''}`}
      aria-label={t('reviews.reviewBy', { name: review.userName })}
    >
      <div className="flex items-center gap-3">
        {review.image ? (
          <img
            src={review.image.thumb}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className="size-12 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-blush-100 font-serif text-xl font-semibold text-rose-700"
          >
            {review.userName.trim().charAt(0).toUpperCase() || '✿'}
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink">{review.userName}</p>
          <p className="text-xs text-muted">{formatDate(review.createdAt, language)}</p>
        </div>
        <span className="ml-auto shrink-0">
          <Stars rating={review.rating} size={15} />
        </span>
      </div>
      {review.status === 'pending' || review.verifiedBuyer ? (
        <div className="mt-3 flex flex-wrap gap-2 text-xs font-semibold">
          {review.status === 'pending' ? (
            <span className="rounded-full bg-gold-300/60 px-2.5 py-0.5 text-ink">{t('reviews.pendingMark')}</span>
          ) : null}
          {review.verifiedBuyer ? (
            <span className="rounded-full bg-sage-100 px-2.5 py-0.5 text-sage-700">✓ {t('reviews.verifiedBuyer')}</span>
          ) : null}
        </div>
      ) : null}
      <p
        ref={textRef}
        className={`mt-3 ${review.status === 'pending' || review.verifiedBuyer ? 'line-clamp-3' : 'line-clamp-4'} leading-relaxed text-ink-soft wrap-anywhere`}
      >
        {review.reviewText}
      </p>
      {clipped || review.image ? (
        <button type="button" onClick={onReadMore} className="link mt-auto self-start pt-2 text-sm">
          {t('reviews.readMore')}
          <span className="sr-only"> — {review.userName}</span>
        </button>
      ) : null}
    </article>
  );
}
