import { type AdminReview, REVIEW_STATUSES, type ReviewStatus } from '@atelier/shared';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { type DataColumn, DataTable } from '../../../shared/ui/data-table';
import { Stars } from '../../../shared/ui/stars';
import { toast } from '../../../shared/ui/toast';
import { type ReviewAction, useAdminReviews, useModerateReview } from '../api/admin-reviews';
import { ReviewsOrder } from './reviews-order';

type StatusFilter = 'all' | ReviewStatus;
const FILTERS: StatusFilter[] = ['all', ...REVIEW_STATUSES];
const PAGE_SIZE = 10;

const STATUS_STYLE: Record<ReviewStatus, string> = {
  pending: 'bg-gold-300/60 text-ink',
  approved: 'bg-sage-100 text-sage-700',
  rejected: 'bg-blush-100 text-rose-800',
};

/** /admin/reviews: moderation table (filter, search, pages, approve/reject/delete) and the home order. */
export function ReviewsAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useAdminReviews({ status, search, page, limit: PAGE_SIZE });
  const moderate = useModerateReview();
  const { ask, dialog } = useConfirm();

  const run = (review: AdminReview, action: ReviewAction) =>
    moderate.mutateAsync(
      { id: review.id, action },
      {
        onSuccess: () => toast.success(t(`reviews.admin.done.${action}`)),
        onError: (error) => toast.error(errorMessage(error, t('reviews.admin.failed'))),
      },
    );

  const columns: DataColumn<AdminReview>[] = [
    {
      key: 'author',
      header: t('reviews.admin.columns.author'),
      cell: (review) => (
        <div className="min-w-0">
          <p className="font-semibold text-ink">{review.userName}</p>
          {review.userEmail ? <p className="break-all text-xs text-muted">{review.userEmail}</p> : null}
          {review.verifiedBuyer ? (
            <p className="mt-1 text-xs font-semibold text-sage-700">✓ {t('reviews.verifiedBuyer')}</p>
          ) : null}
        </div>
      ),
    },
    {
      key: 'text',
      header: t('reviews.admin.columns.text'),
      className: 'sm:w-2/5',
      cell: (review) => (
        <div className="grid grid-cols-1 gap-2">
          <Stars rating={review.rating} size={14} />
          <p className="whitespace-pre-line text-ink-soft">{review.reviewText}</p>
          {review.image ? (
            <a href={review.image.large} target="_blank" rel="noreferrer" className="w-fit">
              <img
                src={review.image.thumb}
                alt={t('reviews.photoBy', { name: review.userName })}
                width={64}
                height={64}
                className="size-16 rounded-xl object-cover"
              />
            </a>
          ) : null}
        </div>
      ),
    },
    {
      key: 'status',
      header: t('reviews.admin.columns.status'),
      cell: (review) => (
        <div className="grid grid-cols-1 gap-1">
          <span className={`w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[review.status]}`}>
            {t(`reviews.admin.status.${review.status}`)}
          </span>
          <span className="text-xs text-muted">{formatDate(review.createdAt, language)}</span>
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('reviews.admin.columns.actions'),
      hideLabelOnPhone: true,
      cell: (review) => (
        <div className="flex flex-wrap gap-2">
          {review.status !== 'approved' ? (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={moderate.isPending}
              onClick={() => void run(review, 'approve').catch(() => undefined)}
            >
              {t('reviews.admin.approve')}
              <span className="sr-only"> — {review.userName}</span>
            </button>
          ) : null}
          {review.status !== 'rejected' ? (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={moderate.isPending}
              onClick={() => void run(review, 'reject').catch(() => undefined)}
            >
              {t('reviews.admin.reject')}
              <span className="sr-only"> — {review.userName}</span>
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-ghost btn-sm text-red-800"
            onClick={() =>
              ask({
                title: t('reviews.admin.deleteTitle', { name: review.userName }),
                description: t('reviews.admin.deleteText'),
                action: () => run(review, 'delete'),
              })
            }
          >
            {t('reviews.admin.delete')}
            <span className="sr-only"> — {review.userName}</span>
          </button>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="reviews-admin-title" className="grid grid-cols-[minmax(0,1fr)] gap-10">
      <div>
        <h1 id="reviews-admin-title" className="mb-6 text-4xl">
          {t('reviews.admin.title')}
        </h1>
        <DataTable
          caption={t('reviews.admin.caption')}
          columns={columns}
          rows={query.data?.items}
          rowKey={(review) => review.id}
          loading={query.isFetching}
          error={query.isError}
          onRetry={() => void query.refetch()}
          emptyTitle={search ? undefined : t(`reviews.admin.empty.${status}`)}
          search={{
            value: search,
            label: t('reviews.admin.search'),
            onChange: (value) => {
              setSearch(value);
              setPage(1);
            },
          }}
          toolbar={
            <ChipGroup
              legend={t('reviews.admin.filter')}
              options={FILTERS}
              value={status}
              onChange={(value) => {
                setStatus(value);
                setPage(1);
              }}
              label={(value) => t(`reviews.admin.filters.${value}`)}
            />
          }
          pagination={{ page, limit: PAGE_SIZE, total: query.data?.total ?? 0, onPageChange: setPage }}
        />
      </div>
      <ReviewsOrder />
      {dialog}
    </section>
  );
}
