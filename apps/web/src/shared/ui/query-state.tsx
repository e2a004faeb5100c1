import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Spinner } from './spinner';
import { EmptyState, ErrorState } from './states';

/** The part of a TanStack query the block reads (a `useQuery` result fits as it is). */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  /** Offered as "Retry" when the load failed. */
  refetch?: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Data that counts as "nothing here" shows the empty block instead of `children`. */
  isEmpty?: (data: T) => boolean;
  /** Title of the empty block; defaults to "Nothing here yet". */
  emptyTitle?: string;
  /** Under the empty title (e.g. an "Add" button). */
  emptyAction?: ReactNode;
  children: (data: T) => ReactNode;
}

/** The spoken loading block of the admin lists and panels. */
export function LoadingState() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-16">
      <Spinner className="size-8" />
      <span className="text-sm text-muted">{t('common.loading')}</span>
    </div>
  );
}

/**
 * One way for an admin list or panel to show its query: loading (a spoken spinner), failed (the
 * error block with "Retry", which refetches), empty (the empty block), else the data. A failed
 * refetch over data already shown keeps the data (the next refetch may succeed).
 */
export function QueryState<T>({ query, isEmpty, emptyTitle, emptyAction, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  const { data } = query;
  if (query.isError && (data === undefined || isEmpty?.(data))) {
    const { refetch } = query;
    return <ErrorState onRetry={refetch ? () => void refetch() : undefined} />;
  }
  if (data === undefined) return <LoadingState />;
  if (isEmpty?.(data)) {
    return <EmptyState title={emptyTitle ?? t('admin.ui.table.empty')}>{emptyAction}</EmptyState>;
  }
  return <>{children(data)}</>;
}
