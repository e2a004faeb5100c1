import { type Lesson, localize, type Product } from '@atelier/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { Spinner } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import type { AdminSectionKey } from '../admin-sections';
import { useAdminList } from '../api/get-admin-list';

interface PromoCode {
  code: string;
  percentOff: number;
  lessonIds: string[];
  maxUses?: number | null;
  uses?: number;
  expiresAt?: string | null;
}

interface Column<T> {
  key: string;
  cell: (row: T) => ReactNode;
}

function Table<T>({ rows, columns, rowKey }: { rows: T[]; columns: Column<T>[]; rowKey: (row: T) => string }) {
  const { t } = useTranslation();
  return (
    <div className="card overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead className="border-b border-line bg-blush-50 text-xs uppercase tracking-[0.14em] text-muted">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="px-4 py-3 font-semibold">
                {t(`admin.columns.${column.key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-line last:border-0">
              {columns.map((column) => (
                <td key={column.key} className="px-4 py-3 align-top">
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ListOf<T>({
  path,
  columns,
  rowKey,
  query,
}: {
  path: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  query?: Record<string, string | number>;
}) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useAdminList<T>(path, query);
  if (isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  if (isError) return <ErrorState onRetry={() => void refetch()} />;
  if (data.items.length === 0) return <EmptyState title={t('admin.empty')} />;
  return (
    <>
      <p className="mb-3 text-sm text-muted">{t('admin.total', { count: data.total })}</p>
      <Table rows={data.items} columns={columns} rowKey={rowKey} />
    </>
  );
}

export function ResourceAdminPage({ section }: { section: AdminSectionKey }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const price = usePriceFormatter();

  let body: ReactNode;
  switch (section) {
    case 'shop':
      body = (
        <ListOf<Product>
          path="/shop"
          query={{ limit: 100 }}
          rowKey={(row) => row.id}
          columns={[
            { key: 'title', cell: (row) => localize(row.name, language) },
            { key: 'category', cell: (row) => t(`shop.categories.${row.category}`) },
            { key: 'price', cell: (row) => price(row.price) },
            { key: 'availability', cell: (row) => t(`shop.availability.${row.availability}`) },
            { key: 'stock', cell: (row) => row.stock ?? '—' },
          ]}
        />
      );
      break;
    case 'lessons':
      body = (
        <ListOf<Lesson>
          path="/admin/lessons"
          rowKey={(row) => row.id}
          columns={[
            { key: 'number', cell: (row) => row.number },
            { key: 'title', cell: (row) => localize(row.title, language) },
            { key: 'level', cell: (row) => t(`training.levels.${row.level}`) },
            { key: 'price', cell: (row) => price(row.price) },
            { key: 'video', cell: (row) => (row.hasVideo ? t('common.yes') : t('common.no')) },
            { key: 'methodology', cell: (row) => row.methodologyLanguages.join(', ').toUpperCase() || '—' },
          ]}
        />
      );
      break;
    case 'promoCodes':
      body = (
        <ListOf<PromoCode>
          path="/admin/promo-codes"
          rowKey={(row) => row.code}
          columns={[
            { key: 'code', cell: (row) => <code className="font-semibold">{row.code}</code> },
            { key: 'discount', cell: (row) => `${row.percentOff}%` },
            {
              key: 'lessons',
              cell: (row) => (row.lessonIds.length === 0 ? t('admin.allLessons') : row.lessonIds.length),
            },
            { key: 'uses', cell: (row) => `${row.uses ?? 0}${row.maxUses ? ` / ${row.maxUses}` : ''}` },
            { key: 'expires', cell: (row) => (row.expiresAt ? formatDate(row.expiresAt, language) : '—') },
          ]}
        />
      );
      break;
    default:
      body = null;
  }

  return (
    <section aria-labelledby="admin-section-title">
      <h1 id="admin-section-title" className="mb-6 text-4xl">
        {t(`admin.sections.${section}`)}
      </h1>
      {body}
    </section>
  );
}
