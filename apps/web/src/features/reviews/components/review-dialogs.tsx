import type { Review } from '@atelier/shared';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Modal } from '../../../shared/ui/modal';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { Spinner } from '../../../shared/ui/spinner';
import { Stars } from '../../../shared/ui/stars';

// The form (and its validation) loads only when someone actually writes a review.
const ReviewForm = lazy(() => import('./review-form').then((module) => ({ default: module.ReviewForm })));

/** A whole review, and writing one (or the way to sign in first): loaded when one is first opened. */
export function ReviewDialogs({
  reading,
  onReadingClose,
  writing,
  onWritingChange: setWriting,
  loggedIn,
}: {
  reading: Review | null;
  onReadingClose: () => void;
  writing: boolean;
  onWritingChange: (open: boolean) => void;
  loggedIn: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <>
      <Modal
        open={reading !== null}
        onOpenChange={(open) => !open && onReadingClose()}
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
    </>
  );
}
