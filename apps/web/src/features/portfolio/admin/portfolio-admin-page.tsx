import {
  localize,
  missingLanguages,
  PORTFOLIO_CATEGORIES,
  type PortfolioItem,
  TRANSLATED_FIELDS,
} from '@atelier/shared';
import { useState } from 'react';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { AdminCollectionPage } from '../../../shared/ui/admin-collection';
import { ChipGroup } from '../../../shared/ui/chip-group';
import type { DataColumn } from '../../../shared/ui/data-table';
import { MissingLanguagesBadge } from '../../../shared/ui/missing-languages-badge';
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
  const query = useAdminPortfolio({ category, search, page, limit: PAGE_SIZE });
  const remove = useDeletePortfolioItem();

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
    {
      key: 'title',
      header: t('portfolio.admin.columns.title'),
      cell: (item) => (
        <span className="flex flex-col items-start gap-1">
          <span>{localize(item.title, language)}</span>
          <MissingLanguagesBadge languages={missingLanguages(item, TRANSLATED_FIELDS.portfolio)} />
        </span>
      ),
    },
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
  ];

  return (
    <AdminCollectionPage
      headingId="portfolio-admin-title"
      title={t('portfolio.admin.title')}
      table={{
        caption: t('portfolio.admin.caption'),
        columns,
        rows: query.data?.items,
        search: {
          value: search,
          label: t('portfolio.admin.search'),
          onChange: (value) => {
            setSearch(value);
            setPage(1);
          },
        },
        pagination: { page, limit: PAGE_SIZE, total: query.data?.total ?? 0, onPageChange: setPage },
      }}
      query={query}
      filters={
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
      }
      texts={{
        add: t('portfolio.admin.add'),
        newTitle: t('portfolio.admin.newTitle'),
        editTitle: t('portfolio.admin.editTitle'),
        edit: t('portfolio.admin.edit'),
        delete: t('portfolio.admin.delete'),
        actions: t('portfolio.admin.columns.actions'),
      }}
      nameOf={(item) => localize(item.title, language)}
      remove={{
        confirm: (_item, title) => ({
          title: t('portfolio.admin.deleteTitle', { title }),
          description: t('portfolio.admin.deleteText'),
        }),
        run: (item) => remove.mutateAsync(item.id),
        done: () => t('portfolio.admin.deleted'),
        failed: t('portfolio.admin.failed'),
      }}
      editorSize="xl"
      editor={(item, done) => <PortfolioEditor item={item} onDone={done} />}
    />
  );
}
