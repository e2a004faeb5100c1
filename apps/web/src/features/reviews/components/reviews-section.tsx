import type { Review } from '@atelier/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { preloadModal } from '../../../shared/ui/modal';
import { EmptyState, ErrorState, SectionHeading } from '../../../shared/ui/states';
import { useOpenedOnce } from '../../../shared/ui/use-opened-once';
import { useSession } from '../../auth/api/auth-session';
import { useMyReviews } from '../api/get-my-reviews';
import { useReviews } from '../api/get-reviews';
import { ReviewsCarousel } from './reviews-carousel';

// The dialogs (a whole review, writing one) load when someone opens one, or points at the button.
const loadDialogs = () => import('./review-dialogs');
const ReviewDialogs = lazy(() => loadDialogs().then((module) => ({ default: module.ReviewDialogs })));
const preloadDialogs = () => {
  preloadModal();
  void loadDialogs();
};

export function ReviewsSection() {
  const { t } = useTranslation();
  const session = useSession();
  const { data: reviews, isPending, isError, refetch } = useReviews();
  const [reading, setReading] = useState<Review | null>(null);
  const [writing, setWriting] = useState(false);
  const used = useOpenedOnce(reading !== null || writing);
  const loggedIn = session.status === 'authenticated';
  // The author sees their own review while it waits for moderation, marked as such.
  const mine = useMyReviews(loggedIn ? session.user.id : null);
  const pending = (mine.data ?? []).filter((review) => review.status === 'pending');
  const shown = [...pending, ...(reviews ?? [])];

  return (
    <section
      id="reviews"
      aria-labelledby="reviews-title"
      className="scroll-mt-32 bg-gradient-to-b from-cream to-blush-50 py-20 sm:py-28"
    >
      <div className="container-page">
        <SectionHeading id="reviews-title" eyebrow={t('reviews.eyebrow')} title={t('reviews.title')}>
          {t('reviews.lead')}
        </SectionHeading>
        {isPending ? (
          <div aria-hidden="true" className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((index) => (
              <div key={index} className="h-[266px] animate-pulse rounded-3xl bg-blush-100" />
            ))}
          </div>
        ) : isError ? (
          <ErrorState onRetry={() => void refetch()} />
        ) : shown.length === 0 ? (
          <EmptyState title={t('reviews.empty')} />
        ) : (
          <ReviewsCarousel reviews={shown} onReadMore={setReading} />
        )}
        <div className="mt-12 flex justify-center">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setWriting(true)}
            onPointerEnter={preloadDialogs}
            onFocus={preloadDialogs}
          >
            {t('reviews.add')}
          </button>
        </div>
      </div>

      {used ? (
        <Suspense fallback={null}>
          <ReviewDialogs
            reading={reading}
            onReadingClose={() => setReading(null)}
            writing={writing}
            onWritingChange={setWriting}
            loggedIn={loggedIn}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
