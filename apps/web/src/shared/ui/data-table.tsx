import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { QueryState } from './query-state';

export interface DataColumn<T> {
  /** Stable key of the column (React key). */
  key: string;
  /** Header text, already translated. Also shown as the cell's label on phones. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Extra classes for the th and td (e.g. `w-24`, `text-right`); a width is dropped on phones (cards). */
  className?: string;
  /** Hide the phone label (an image or actions column speaks for itself). */
  hideLabelOnPhone?: boolean;
}

export interface DataTableSearch {
  /** The committed search text (what the query uses). */
  value: string;
  /** Called 300 ms after the admin stops typing, and at once on Enter. */
  onChange: (value: string) => void;
  /** Label of the box, already translated; defaults to "Search". */
  label?: string;
  placeholder?: string;
}

export interface DataTablePagination {
  /** 1-based. */
  page: number;
  limit: number;
  total: number;
  onPageChange: (page: number) => void;
}

export interface DataTableProps<T> {
  /** Accessible name of the table (visually hidden caption). */
  caption: string;
  columns: DataColumn<T>[];
  /** undefined while the first load runs. */
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  /** First load (no rows yet): a spinner. With rows, a refetch only dims the table. */
  loading?: boolean;
  /** The load failed: an error block with a retry button. */
  error?: boolean;
  onRetry?: () => void;
  /** Text of the empty state; defaults to "Nothing here yet" (or "Nothing found" while searching). */
  emptyTitle?: string;
  emptyAction?: ReactNode;
  search?: DataTableSearch;
  pagination?: DataTablePagination;
  /** Buttons above the table on the right (e.g. "Add"), filters on the left of them. */
  toolbar?: ReactNode;
}

/**
 * The admin list: optional search box and toolbar, a table that turns into stacked cards under
 * 640 px (each cell carries its column's label), loading / error / empty states, and pagination.
 * Everything is reachable by Tab; pages change with the Previous / Next buttons.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  error,
  onRetry,
  emptyTitle,
  emptyAction,
  search,
  pagination,
  toolbar,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const searching = Boolean(search?.value);

  // A refetch that has no rows to dim (a new filter with nothing kept) shows the loading block.
  const query = {
    data: loading && rows?.length === 0 ? undefined : rows,
    isError: Boolean(error),
    refetch: onRetry,
  };
  const body = (
    <QueryState
      query={query}
      isEmpty={(data) => data.length === 0}
      emptyTitle={emptyTitle ?? (searching ? t('admin.ui.table.noMatches') : t('admin.ui.table.empty'))}
      emptyAction={emptyAction}
    >
      {(data) => (
        // Wide tables (tablets, many columns) scroll sideways inside the card; the region takes focus
        // so the keyboard can scroll it too (WCAG scrollable-region-focusable).
        <section
          aria-label={caption}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          className={`card overflow-x-auto transition-opacity max-sm:overflow-hidden ${loading ? 'opacity-60' : ''}`}
          aria-busy={loading}
        >
          <table className="w-full text-left text-sm max-sm:block">
            <caption className="sr-only">{caption}</caption>
            <thead className="border-b border-line bg-blush-50 text-xs uppercase tracking-[0.14em] text-muted max-sm:sr-only">
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col" className={`px-4 py-3 font-semibold ${column.className ?? ''}`}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {data.map((row) => (
                <tr
                  key={rowKey(row)}
                  className="border-b border-line last:border-0 max-sm:flex max-sm:flex-col max-sm:gap-2 max-sm:px-4 max-sm:py-4"
                >
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={`px-4 py-3 align-top max-sm:flex max-sm:w-auto max-sm:gap-3 max-sm:p-0 ${column.className ?? ''}`}
                    >
                      {column.hideLabelOnPhone ? null : (
                        <span className="w-28 shrink-0 text-xs font-semibold uppercase tracking-[0.12em] text-muted sm:hidden">
                          {column.header}
                        </span>
                      )}
                      <div className="min-w-0 wrap-break-word">{column.cell(row)}</div>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </QueryState>
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {search || toolbar ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          {search ? <SearchBox {...search} /> : <span />}
          {toolbar ? <div className="flex flex-wrap items-center gap-2">{toolbar}</div> : null}
        </div>
      ) : null}
      {body}
      {pagination && rows && rows.length > 0 ? <Pagination {...pagination} /> : null}
    </div>
  );
}

const SEARCH_DELAY_MS = 300;

function SearchBox({ value, onChange, label, placeholder }: DataTableSearch) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;

  // A value set from outside (a reset) replaces what is typed.
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <search className="w-full max-w-sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          latest.current(text.trim());
        }}
      >
        <label htmlFor={id} className="field-label">
          {label ?? t('admin.ui.table.search')}
        </label>
        <input
          id={id}
          type="search"
          className="input"
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </search>
  );
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** Previous / "Page 2 of 5 · 94 records" / Next. */
export function Pagination({ page, limit, total, onPageChange }: DataTablePagination) {
  const { t } = useTranslation();
  const pages = pageCount(total, limit);
  return (
    <nav aria-label={t('admin.ui.table.pagination')} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted" aria-live="polite">
        {t('admin.ui.table.pageOf', { page, pages })} · {t('admin.total', { count: total })}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-outline min-h-11"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          {t('admin.ui.table.previous')}
        </button>
        <button
          type="button"
          className="btn btn-outline min-h-11"
          disabled={page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          {t('admin.ui.table.next')}
        </button>
      </div>
    </nav>
  );
}
