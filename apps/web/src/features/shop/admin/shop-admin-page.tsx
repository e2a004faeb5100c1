import {
  ADMIN_ARCHIVE_FILTERS,
  type AdminArchiveFilter,
  type AdminProduct,
  AVAILABILITIES,
  type Availability,
  formatMoney,
  localize,
  missingLanguages,
  PRODUCT_CATEGORIES,
  type ProductCategory,
  TRANSLATED_FIELDS,
} from '@atelier/shared';
import { useId, useState } from 'react';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { AdminCollectionPage } from '../../../shared/ui/admin-collection';
import type { DataColumn } from '../../../shared/ui/data-table';
import { MissingLanguagesBadge } from '../../../shared/ui/missing-languages-badge';
import { useAdminProducts, useDeleteProduct } from '../api/admin-shop';
import { AvailabilityBadge, shownAvailability } from '../components/availability-badge';
import { ProductEditor } from './product-editor';

const PAGE_SIZE = 10;

/**
 * /admin/shop: the catalogue with search, category, availability and archive filters and pages;
 * create and edit in a dialog; delete (a product that has orders is archived, the answer says so).
 */
export function ShopAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const ids = { category: useId(), availability: useId(), archived: useId() };
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<ProductCategory | 'all'>('all');
  const [availability, setAvailability] = useState<Availability | 'all'>('all');
  const [archived, setArchived] = useState<AdminArchiveFilter>('active');
  const [page, setPage] = useState(1);
  const query = useAdminProducts({ search, category, availability, archived, page, limit: PAGE_SIZE });
  const remove = useDeleteProduct();

  const filter =
    <T extends string>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setPage(1);
    };

  const columns: DataColumn<AdminProduct>[] = [
    {
      key: 'image',
      header: t('shop.admin.columns.image'),
      hideLabelOnPhone: true,
      className: 'sm:w-24',
      cell: (product) =>
        product.images[0] ? (
          <img
            src={product.images[0].thumb}
            alt=""
            width={64}
            height={64}
            className="size-16 rounded-xl object-cover"
          />
        ) : null,
    },
    {
      key: 'name',
      header: t('shop.admin.columns.name'),
      cell: (product) => (
        <span className="flex flex-col">
          <span className="font-semibold">{localize(product.name, language)}</span>
          <MissingLanguagesBadge languages={missingLanguages(product, TRANSLATED_FIELDS.product)} />
          {product.archivedAt ? <span className="text-xs text-muted">{t('shop.admin.archivedBadge')}</span> : null}
          {product.featured ? (
            <span className="text-xs font-semibold text-rose-700">{t('shop.admin.featuredBadge')}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'category',
      header: t('shop.category'),
      cell: (product) =>
        `${t(`shop.categories.${product.category}`)}${
          product.subcategory ? ` · ${t(`shop.subcategories.${product.subcategory}`)}` : ''
        }`,
    },
    {
      key: 'price',
      header: t('shop.admin.columns.price'),
      cell: (product) => (
        <span className="flex flex-col text-sm">
          <span>{formatMoney(product.price.rub, 'RUB', language)}</span>
          {product.price.eur !== null ? <span>{formatMoney(product.price.eur, 'EUR', language)}</span> : null}
          {product.price.usd !== null ? <span>{formatMoney(product.price.usd, 'USD', language)}</span> : null}
        </span>
      ),
    },
    {
      key: 'availability',
      header: t('shop.admin.columns.availability'),
      cell: (product) => (
        <span className="flex flex-col items-start gap-1">
          <AvailabilityBadge availability={shownAvailability(product)} />
          <span className="text-xs text-muted">
            {product.stock === null ? t('shop.admin.notCounted') : t('shop.admin.stockCount', { count: product.stock })}
          </span>
        </span>
      ),
    },
  ];

  const select = <T extends string>(
    selectId: string,
    label: string,
    value: T,
    options: readonly T[],
    optionLabel: (value: T) => string,
    onChange: (value: T) => void,
  ) => (
    <div>
      <label htmlFor={selectId} className="mb-1 block text-xs font-semibold text-muted">
        {label}
      </label>
      <select
        id={selectId}
        className="input appearance-auto"
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <AdminCollectionPage
      headingId="shop-admin-title"
      title={t('shop.admin.title')}
      table={{
        caption: t('shop.admin.caption'),
        columns,
        rows: query.data?.items,
        search: { value: search, label: t('shop.admin.search'), onChange: filter<string>(setSearch) },
        pagination: { page, limit: PAGE_SIZE, total: query.data?.total ?? 0, onPageChange: setPage },
      }}
      query={query}
      filters={
        <>
          {select(
            ids.category,
            t('shop.category'),
            category,
            ['all', ...PRODUCT_CATEGORIES] as const,
            (value) => t(`shop.categories.${value}`),
            filter<ProductCategory | 'all'>(setCategory),
          )}
          {select(
            ids.availability,
            t('shop.admin.columns.availability'),
            availability,
            ['all', ...AVAILABILITIES] as const,
            (value) => (value === 'all' ? t('shop.admin.anyAvailability') : t(`shop.availability.${value}`)),
            filter<Availability | 'all'>(setAvailability),
          )}
          {select(
            ids.archived,
            t('shop.admin.archiveFilter'),
            archived,
            ADMIN_ARCHIVE_FILTERS,
            (value) => t(`shop.admin.archiveStates.${value}`),
            filter<AdminArchiveFilter>(setArchived),
          )}
        </>
      }
      texts={{
        add: t('shop.admin.add'),
        newTitle: t('shop.admin.newTitle'),
        editTitle: t('shop.admin.editTitle'),
        edit: t('shop.admin.edit'),
        delete: t('shop.admin.delete'),
        actions: t('shop.admin.columns.actions'),
      }}
      nameOf={(product) => localize(product.name, language)}
      remove={{
        // An archived product has nothing left to delete; one with orders is archived instead.
        confirm: (product, name) =>
          product.archivedAt
            ? null
            : {
                title: t('shop.admin.deleteTitle', { name }),
                description: product.orderCount > 0 ? t('shop.admin.deleteArchives') : t('shop.admin.deleteText'),
                ...(product.orderCount > 0 ? { confirmLabel: t('shop.admin.archive') } : {}),
              },
        run: (product) => remove.mutateAsync(product.id),
        done: ({ data }) => (data.outcome === 'archived' ? t('shop.admin.archived') : t('shop.admin.deleted')),
        failed: t('shop.admin.failed'),
      }}
      editorSize="xl"
      editor={(product, done) => <ProductEditor product={product} onDone={done} />}
    />
  );
}
