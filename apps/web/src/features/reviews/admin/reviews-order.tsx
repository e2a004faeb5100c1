import type { AdminReview } from '@atelier/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { Spinner } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useAdminReviews, useReorderReviews } from '../api/admin-reviews';

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The order of approved reviews on the home page. Drag a row with the mouse, or use the ↑ / ↓
 * buttons (keyboard); each move is saved at once (PUT /reviews/admin/reorder) and announced.
 */
export function ReviewsOrder() {
  const { t } = useTranslation();
  const query = useAdminReviews({ status: 'approved', search: '', page: 1, limit: 200 });
  const reorder = useReorderReviews();
  const [order, setOrder] = useState<AdminReview[]>([]);
  // The dragged row in a ref as well as in state: dragover/drop handlers of the other rows may run
  // before React re-renders them with the new state.
  const dragged = useRef<number | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
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
    const next = move(order, from, to);
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

  let body: React.ReactNode;
  if (query.isPending)
    body = (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else if (order.length === 0) body = <EmptyState title={t('reviews.admin.order.empty')} />;
  else
    body = (
      <ol className="grid grid-cols-[minmax(0,1fr)] gap-2" aria-describedby="reviews-order-hint">
        {order.map((review, index) => (
          <li
            key={review.id}
            draggable
            onDragStart={(event) => {
              dragged.current = index;
              setDragFrom(index);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', review.id);
            }}
            onDragOver={(event) => {
              if (dragged.current === null) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged.current !== null) commit(dragged.current, index);
              dragged.current = null;
              setDragFrom(null);
            }}
            onDragEnd={() => {
              dragged.current = null;
              setDragFrom(null);
            }}
            data-review-id={review.id}
            className={`card flex cursor-grab items-center gap-3 px-4 py-3 active:cursor-grabbing ${
              dragFrom === index ? 'opacity-50' : ''
            }`}
          >
            <span aria-hidden="true" className="select-none text-xl text-muted">
              ⠿
            </span>
            <span className="w-8 shrink-0 font-serif text-xl font-semibold text-rose-700">{index + 1}</span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink">{review.userName}</p>
              <p className="truncate text-sm text-ink-soft">{review.reviewText}</p>
            </div>
            <div className="flex shrink-0 gap-1">
              <button
                type="button"
                className="inline-flex size-11 items-center justify-center rounded-full border border-line bg-white hover:bg-blush-100 disabled:opacity-40"
                aria-label={t('reviews.admin.order.up', { name: review.userName })}
                disabled={index === 0 || reorder.isPending}
                onClick={() => commit(index, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="inline-flex size-11 items-center justify-center rounded-full border border-line bg-white hover:bg-blush-100 disabled:opacity-40"
                aria-label={t('reviews.admin.order.down', { name: review.userName })}
                disabled={index === order.length - 1 || reorder.isPending}
                onClick={() => commit(index, index + 1)}
              >
                ↓
              </button>
            </div>
          </li>
        ))}
      </ol>
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
