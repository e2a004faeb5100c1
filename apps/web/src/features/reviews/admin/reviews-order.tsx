import type { AdminReview } from '@atelier/shared';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { QueryState } from '../../../shared/ui/query-state';
import { moveItem, SortableList } from '../../../shared/ui/sortable-list';
import { toast } from '../../../shared/ui/toast';
import { useAdminReviews, useReorderReviews } from '../api/admin-reviews';

/**
 * The order of approved reviews on the home page, in the shared reorder list (drag a row by its
 * grip, move it with the keyboard, or use the ↑ / ↓ buttons); each move is saved at once
 * (PUT /reviews/admin/reorder) and announced once saved.
 */
export function ReviewsOrder() {
  const { t } = useTranslation();
  const query = useAdminReviews({ status: 'approved', search: '', page: 1, limit: 200 });
  const reorder = useReorderReviews();
  const [order, setOrder] = useState<AdminReview[]>([]);
  const [announcement, setAnnouncement] = useState('');

  // The server's order replaces the local one only when fresh data arrives and no save is running:
  // the answer of the refetch after a save, never the stale list from before it.
  const saving = useRef(false);
  useEffect(() => {
    if (query.data && !saving.current) setOrder(query.data.items);
  }, [query.data]);

  const commit = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const previous = order;
    const next = moveItem(order, from, to);
    setOrder(next);
    const review = next[to]!;
    saving.current = true;
    reorder.mutate(
      next.map((item) => item.id),
      {
        onSuccess: () => {
          setAnnouncement(t('reviews.admin.order.moved', { name: review.userName, position: to + 1 }));
          toast.success(t('reviews.admin.order.saved'), { id: 'reviews-order' });
        },
        onError: (error) => {
          setOrder(previous);
          toast.error(errorMessage(error, t('reviews.admin.failed')));
        },
        onSettled: () => {
          saving.current = false;
        },
      },
    );
  };

  // The list shown is the local order once the server's has arrived (moves show before they are saved).
  const shown = { data: query.data ? order : undefined, isError: query.isError, refetch: query.refetch };
  const body = (
    <QueryState query={shown} isEmpty={(items) => items.length === 0} emptyTitle={t('reviews.admin.order.empty')}>
      {(items) => (
        <SortableList
          items={items}
          itemKey={(review) => review.id}
          itemName={(review) => review.userName}
          onMove={commit}
          disabled={reorder.isPending}
          moveLabels={{
            earlier: (name) => t('reviews.admin.order.up', { name }),
            later: (name) => t('reviews.admin.order.down', { name }),
          }}
          className="grid grid-cols-[minmax(0,1fr)] gap-2"
          itemClassName="card px-3 py-3"
          itemAttributes={(review) => ({ 'data-review-id': review.id })}
          listProps={{ 'aria-describedby': 'reviews-order-hint' }}
          renderItem={(review, index, { handle, moveButtons }) => (
            <div className="flex items-center gap-3">
              {handle}
              <span className="w-8 shrink-0 font-serif text-xl font-semibold text-rose-700">{index + 1}</span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink">{review.userName}</p>
                <p className="truncate text-sm text-ink-soft">{review.reviewText}</p>
              </div>
              {moveButtons}
            </div>
          )}
        />
      )}
    </QueryState>
  );

  return (
    <section aria-labelledby="reviews-order-title">
      <h2 id="reviews-order-title" className="text-3xl">
        {t('reviews.admin.order.title')}
      </h2>
      <p id="reviews-order-hint" className="mt-2 mb-4 text-sm text-muted">
        {t('reviews.admin.order.hint')}
      </p>
      {body}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
