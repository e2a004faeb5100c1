import type { Review } from '@atelier/shared';
import { useId, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../shared/ui/icons';
import { ReviewCard } from './review-card';

/**
 * Reviews in one horizontal row that snaps card by card: it scrolls by touch, trackpad or the
 * arrow keys (the row takes focus) before any script runs; the previous/next buttons move it by a
 * card once the page is live.
 */
export function ReviewsCarousel({ reviews, onReadMore }: { reviews: Review[]; onReadMore: (review: Review) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const row = useRef<HTMLUListElement>(null);

  function move(direction: 1 | -1) {
    const list = row.current;
    const card = list?.firstElementChild;
    if (!list || !card) return;
    const step = card.getBoundingClientRect().width + Number.parseFloat(getComputedStyle(list).columnGap || '0');
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({ left: direction * step, behavior: still ? 'auto' : 'smooth' });
  }

  return (
    <div>
      <ul
        id={id}
        ref={row}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the row scrolls by itself, so it takes focus to be scrolled by keyboard
        tabIndex={0}
        aria-label={t('reviews.carousel')}
        className="relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pt-1 pb-4 sm:mx-0 sm:scroll-px-0 sm:gap-5 sm:px-0"
      >
        {reviews.map((review) => (
          <li
            key={review.id}
            className="w-[85%] max-w-sm shrink-0 snap-start sm:w-[calc((100%-1.25rem)/2)] sm:max-w-none lg:w-[calc((100%-2.5rem)/3)]"
          >
            <ReviewCard review={review} onReadMore={() => onReadMore(review)} />
          </li>
        ))}
      </ul>
      {reviews.length > 1 ? (
        <div className="mt-4 flex justify-center gap-3">
          <button
            type="button"
            className="btn btn-outline size-11 p-0"
            aria-controls={id}
            aria-label={t('reviews.previous')}
            onClick={() => move(-1)}
          >
            <ChevronLeftIcon width={20} height={20} />
          </button>
          <button
            type="button"
            className="btn btn-outline size-11 p-0"
            aria-controls={id}
            aria-label={t('reviews.next')}
            onClick={() => move(1)}
          >
            <ChevronRightIcon width={20} height={20} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
