import { REVIEW_STATUSES, type Review } from '@atelier/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { Spinner } from '../../../shared/ui/spinner';
import { Stars } from '../../../shared/ui/stars';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useAdminList } from '../api/get-admin-list';
import { type ReviewAction, useModerateReview } from '../api/moderate-review';

export function ReviewsAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [status, setStatus] = useState<(typeof REVIEW_STATUSES)[number]>('pending');
  const { data, isPending, isError, refetch } = useAdminList<Review>('/reviews/admin', { status });
  const moderate = useModerateReview();

  const act = (id: string, action: ReviewAction) =>
    moderate.mutate({ id, action }, { onSuccess: () => toast.success(t(`admin.reviews.done.${action}`)) });

  return (
    <section aria-labelledby="admin-reviews-title">
      <h1 id="admin-reviews-title" className="mb-6 text-4xl">
        {t('admin.sections.reviews')}
      </h1>
      <ChipGroup
        legend={t('admin.reviews.filter')}
        className="mb-6"
        options={REVIEW_STATUSES}
        value={status}
        onChange={setStatus}
        label={(value) => t(`admin.reviews.status.${value}`)}
      />
      {isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : isError ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState title={t('admin.empty')} />
      ) : (
        <ul className="flex flex-col gap-4">
          {data.items.map((review) => (
            <li key={review.id} className="card p-5">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="font-semibold">
                  {review.userName}{' '}
                  <span className="font-normal text-muted">· {formatDate(review.createdAt, language)}</span>
                </p>
                <Stars rating={review.rating} size={15} />
              </div>
              <p className="mt-3 whitespace-pre-line text-ink-soft">{review.reviewText}</p>
              {review.image ? (
                <img
                  src={review.image.thumb}
                  alt=""
                  width={96}
                  height={96}
                  className="mt-3 size-24 rounded-xl object-cover"
                />
              ) : null}
              <div className="mt-4 flex flex-wrap gap-2">
                {review.status !== 'approved' ? (
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    disabled={moderate.isPending}
                    onClick={() => act(review.id, 'approve')}
                  >
                    {t('admin.reviews.approve')}
                  </button>
                ) : null}
                {review.status !== 'rejected' ? (
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    disabled={moderate.isPending}
                    onClick={() => act(review.id, 'reject')}
                  >
                    {t('admin.reviews.reject')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={moderate.isPending}
                  onClick={() => act(review.id, 'delete')}
                >
                  {t('admin.reviews.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
