import { localize, PORTFOLIO_CATEGORIES, type PortfolioItem } from '@atelier/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { useLanguage } from '../../../shared/i18n/use-language';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { type DataColumn, DataTable } from '../../../shared/ui/data-table';
import { Modal } from '../../../shared/ui/modal';
import { RowActions } from '../../../shared/ui/row-actions';
import { toast } from '../../../shared/ui/toast';
import { useAdminPortfolio, useDeletePortfolioItem } from '../api/admin-portfolio';
import type { PortfolioFilter } from '../api/get-portfolio';
import { PortfolioEditor } from './portfolio-editor';

const FILTERS: PortfolioFilter[] = ['all', ...PORTFOLIO_CATEGORIES];
const PAGE_SIZE = 10;

/** /admin/portfolio: works with search, category filter and pages; create/edit in a dialog; delete. */
export function PortfolioAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [category, setCategory] = useState<PortfolioFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<PortfolioItem | 'new' | null>(null);
  const query = useAdminPortfolio({ category, search, page, limit: PAGE_SIZE });
  const remove = useDeletePortfolioItem();
  const { ask, dialog } = useConfirm();

  const columns: DataColumn<PortfolioItem>[] = [
    {
      key: 'image',
      header: t('portfolio.admin.columns.image'),
      hideLabelOnPhone: true,
      className: 'sm:w-24',
      cell: (item) => {
        const image = item.images[item.mainImageIndex] ?? item.images[0];
        return image ? (
          <img src={image.thumb} alt="" width={64} height={64} className="size-16 rounded-xl object-cover" />
        ) : null;
      },
    },
    { key: 'title', header: t('portfolio.admin.columns.title'), cell: (item) => localize(item.title, language) },
    {
      key: 'category',
      header: t('portfolio.admin.columns.category'),
      cell: (item) => t(`portfolio.categories.${item.category}`),
    },
    { key: 'photos', header: t('portfolio.admin.columns.photos'), cell: (item) => item.images.length },
    {
      key: 'product',
      header: t('portfolio.admin.columns.product'),
      cell: (item) => (item.linkedProductId ? t('common.yes') : t('common.no')),
    },
    {
      key: 'actions',
      header: t('portfolio.admin.columns.actions'),
      hideLabelOnPhone: true,
      cell: (item) => {
        const title = localize(item.title, language);
        return (
          <RowActions
            name={title}
            editLabel={t('portfolio.admin.edit')}
            deleteLabel={t('portfolio.admin.delete')}
            onEdit={() => setEditing(item)}
            onDelete={() =>
              ask({
                title: t('portfolio.admin.deleteTitle', { title }),
                description: t('portfolio.admin.deleteText'),
                action: () =>
                  remove.mutateAsync(item.id, {
                    onSuccess: () => toast.success(t('portfolio.admin.deleted')),
                    onError: (error) => toast.error(errorMessage(error, t('portfolio.admin.failed'))),
                  }),
              })
            }
          />
        );
      },
    },
  ];

  return (
    <section aria-labelledby="portfolio-admin-title">
      <h1 id="portfolio-admin-title" className="mb-6 text-4xl">
        {t('portfolio.admin.title')}
      </h1>
      <DataTable
        caption={t('portfolio.admin.caption')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(item) => item.id}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        search={{
          value: search,
          label: t('portfolio.admin.search'),
          onChange: (value) => {
            setSearch(value);
            setPage(1);
          },
        }}
        toolbar={
          <>
            <ChipGroup
              legend={t('portfolio.filterLabel')}
              options={FILTERS}
              value={category}
              onChange={(value) => {
                setCategory(value);
                setPage(1);
              }}
              label={(value) => t(`portfolio.categories.${value}`)}
            />
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
              {t('portfolio.admin.add')}
            </button>
          </>
        }
        pagination={{ page, limit: PAGE_SIZE, total: query.data?.total ?? 0, onPageChange: setPage }}
      />
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? t('portfolio.admin.newTitle') : t('portfolio.admin.editTitle')}
        size="xl"
      >
        {editing !== null ? (
          <PortfolioEditor
            key={editing === 'new' ? 'new' : editing.id}
            item={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      {dialog}
    </section>
  );
}
