import type { Review } from '@atelier/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { Modal, preloadModal } from '../../../shared/ui/modal';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { Spinner } from '../../../shared/ui/spinner';
import { Stars } from '../../../shared/ui/stars';
import { EmptyState, ErrorState, SectionHeading } from '../../../shared/ui/states';
import { useSession } from '../../auth/api/auth-session';
import { useMyReviews } from '../api/get-my-reviews';
import { useReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';

// The form (and its validation) loads only when someone actually writes a review.
const ReviewForm = lazy(() => import('./review-form').then((module) => ({ default: module.ReviewForm })));

export function ReviewsSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useSession();
  const { data: reviews, isPending, isError, refetch } = useReviews();
  const [reading, setReading] = useState<Review | null>(null);
  const [writing, setWriting] = useState(false);
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
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} onReadMore={() => setReading(review)} />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-12 flex justify-center">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setWriting(true)}
            onPointerEnter={preloadModal}
            onFocus={preloadModal}
          >
            {t('reviews.add')}
          </button>
        </div>
      </div>

      <Modal
        open={reading !== null}
        onOpenChange={(open) => !open && setReading(null)}
        title={reading ? t('reviews.reviewBy', { name: reading.userName }) : ''}
      >
        {reading ? (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Stars rating={reading.rating} />
              {reading.verifiedBuyer ? (
                <span className="rounded-full bg-sage-100 px-2.5 py-0.5 text-xs font-semibold text-sage-700">
                  ✓ {t('reviews.verifiedBuyer')}
                </span>
              ) : null}
              <span className="text-sm text-muted">{formatDate(reading.createdAt, language)}</span>
            </div>
            <p className="leading-relaxed whitespace-pre-line text-ink-soft wrap-anywhere">{reading.reviewText}</p>
            {reading.image ? (
              <ResponsiveImage
                image={reading.image}
                alt={t('reviews.photoBy', { name: reading.userName })}
                sizes="(min-width: 640px) 32rem, 90vw"
                className="max-h-[50vh] w-full rounded-2xl object-cover"
              />
            ) : null}
          </div>
        ) : null}
      </Modal>

      <Modal
        open={writing}
        onOpenChange={setWriting}
        title={loggedIn ? t('reviews.formTitle') : t('reviews.loginTitle')}
        description={loggedIn ? t('reviews.formDescription') : undefined}
        showDescription
      >
        {loggedIn ? (
          <Suspense
            fallback={
              <div className="flex justify-center py-10">
                <Spinner />
              </div>
            }
          >
            <ReviewForm onDone={() => setWriting(false)} />
          </Suspense>
        ) : (
          <div className="flex flex-col gap-6">
            <p className="text-ink-soft">{t('reviews.loginText')}</p>
            <div className="flex flex-wrap gap-3">
              <Link to="/auth?next=%2F%23reviews" className="btn btn-primary" onClick={() => setWriting(false)}>
                {t('header.login')}
              </Link>
              <Link
                to="/auth?tab=register&next=%2F%23reviews"
                className="btn btn-outline"
                onClick={() => setWriting(false)}
              >
                {t('auth.tabs.register')}
              </Link>
            </div>
          </div>
        )}
      </Modal>
    </section>
  );
}
