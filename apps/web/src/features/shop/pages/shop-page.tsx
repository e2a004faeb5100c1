import { PRODUCT_CATEGORIES, PRODUCT_SUBCATEGORIES, SHOP_SORTS, soldIn } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrency } from '../../../shared/currency/currency-store';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { ChevronLeftIcon, ChevronRightIcon, SearchIcon } from '../../../shared/ui/icons';
import { EmptyState, ErrorState, PageTitle } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { DEFAULT_SHOP_PARAMS, inCurrency, productsQueryOptions, useProducts } from '../api/get-products';
import { PriceRange } from '../components/price-range';
import { ProductCard } from '../components/product-card';
import { parseShopParams, updateShopSearch } from '../shop-url';

// The product's view (gallery, editions, delivery) is not part of the shop's first load: it comes
// when a product is opened.
const ProductModal = lazy(() =>
  import('../components/product-modal').then((module) => ({ default: module.ProductModal })),
);

type Change = Parameters<typeof updateShopSearch>[1];

const CATEGORY_OPTIONS = ['all', ...PRODUCT_CATEGORIES] as const;
const SUBCATEGORY_OPTIONS = ['all', ...PRODUCT_SUBCATEGORIES] as const;
const FILTER_LEGEND = 'mb-3 text-xs font-bold uppercase tracking-[0.2em] text-rose-800';
const FILTER_CHIPS = 'flex flex-wrap gap-2 lg:flex-col lg:items-start';

function pageList(current: number, total: number): (number | 'gap')[] {
  const pages = new Set([1, total, current - 1, current, current + 1]);
  const sorted = [...pages].filter((page) => page >= 1 && page <= total).sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) result.push('gap');
    result.push(page);
  });
  return result;
}

export function ShopPage() {
  const { t } = useTranslation();
  usePageTitle(t('shop.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const currency = useCurrency();
  const params = inCurrency(parseShopParams(searchParams), currency);
  const productId = searchParams.get('product');
  const products = useProducts(params);
  const { isPending, isError, isFetching, refetch } = products;
  // Right after a switch to euros the previous (rouble) page stays up until the new one arrives:
  // what is not sold in the new currency leaves it at once, so no rouble price flashes up.
  const data = products.data && {
    ...products.data,
    items: products.data.items.filter((product) => soldIn(product.price, currency)),
  };
  const ids = { search: useId(), sort: useId() };
  // The dearest product sets the right end of the price slider (a cached public read).
  const dearest = useQuery(
    productsQueryOptions(inCurrency({ ...DEFAULT_SHOP_PARAMS, sort: 'price_desc', limit: 1 }, currency)),
  );
  const priceBound = Math.max(params.maxPrice ?? 0, dearest.data?.items[0]?.price.rub ?? 10_000);

  const [searchText, setSearchText] = useState(params.search ?? '');
  useEffect(() => setSearchText(params.search ?? ''), [params.search]);

  // From the address bar, not from this render: React Router renders navigations in a transition,
  // so a quick second change (search right after a chip, the slider's delayed commit) would
  // otherwise start from a stale copy and drop the filter set just before.
  const change = (update: Change, replace = false) =>
    setSearchParams(updateShopSearch(new URLSearchParams(window.location.search), update), { replace });

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    change({ search: searchText.trim() || null });
  };

  const totalPages = data ? Math.max(1, Math.ceil(data.meta.total / data.meta.limit)) : 1;
  const initial = data?.items.find((item) => item.id === productId);
  const filtersActive =
    params.category !== undefined ||
    params.subcategory !== undefined ||
    params.search !== undefined ||
    params.minPrice !== undefined ||
    params.maxPrice !== undefined;

  const filters = (
    <div className="flex flex-col gap-8">
      <ChipGroup
        legend={t('shop.category')}
        legendClassName={FILTER_LEGEND}
        listClassName={FILTER_CHIPS}
        options={CATEGORY_OPTIONS}
        value={params.category ?? 'all'}
        onChange={(value) => change({ category: value === 'all' ? null : value })}
        label={(value) => t(`shop.categories.${value}`)}
      />
      {!params.category || params.category === 'collection' ? (
        <ChipGroup
          legend={t('shop.subcategory')}
          legendClassName={FILTER_LEGEND}
          listClassName={FILTER_CHIPS}
          options={SUBCATEGORY_OPTIONS}
          value={params.subcategory ?? 'all'}
          onChange={(value) => change({ subcategory: value === 'all' ? null : value })}
          label={(value) => t(`shop.subcategories.${value}`)}
        />
      ) : null}
      <PriceRange
        minRub={params.minPrice}
        maxRub={params.maxPrice}
        boundRub={priceBound}
        legendClassName={FILTER_LEGEND}
        onCommit={(range) => change(range, true)}
      />
      {filtersActive ? (
        <button
          type="button"
          className="link self-start text-sm"
          onClick={() => setSearchParams(productId ? { product: productId } : {})}
        >
          {t('shop.resetFilters')}
        </button>
      ) : null}
    </div>
  );

  return (
    <>
      <PageTitle title={t('shop.title')} eyebrow={t('shop.eyebrow')}>
        {t('shop.lead')}
      </PageTitle>
      <div className="container-page grid grid-cols-1 gap-10 pb-10 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside aria-label={t('shop.filters')} className="lg:pt-2">
          <details className="group card p-5 lg:hidden">
            <summary className="cursor-pointer list-none font-semibold text-ink">
              {t('shop.filters')}
              <span aria-hidden="true" className="float-right text-rose-700 group-open:rotate-45">
                +
              </span>
            </summary>
            <div className="mt-5">{filters}</div>
          </details>
          <div className="hidden lg:block">{filters}</div>
        </aside>
        <div>
          <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end">
            <search className="flex-1">
              <form onSubmit={submitSearch}>
                <label htmlFor={ids.search} className="sr-only">
                  {t('shop.search')}
                </label>
                <div className="relative">
                  <input
                    id={ids.search}
                    type="search"
                    value={searchText}
                    onChange={(event) => setSearchText(event.target.value)}
                    placeholder={t('shop.searchPlaceholder')}
                    maxLength={100}
                    className="input pr-14"
                  />
                  <button
                    type="submit"
                    aria-label={t('shop.search')}
                    className="absolute top-1/2 right-1.5 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-rose-600 text-white hover:bg-rose-700"
                  >
                    <SearchIcon width={18} height={18} />
                  </button>
                </div>
              </form>
            </search>
            <div className="sm:w-56">
              <label htmlFor={ids.sort} className="mb-1 block text-xs font-semibold text-muted">
                {t('shop.sort')}
              </label>
              <select
                id={ids.sort}
                value={params.sort}
                onChange={(event) => change({ sort: event.target.value })}
                className="input appearance-auto"
              >
                {SHOP_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`shop.sorts.${sort}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="mb-4 text-sm text-muted" aria-live="polite">
            {data ? t('shop.found', { count: data.meta.total }) : ''}
          </p>
          {isPending ? (
            <div aria-hidden="true" className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
              {[0, 1, 2, 3, 4, 5].map((index) => (
                <div key={index} className="aspect-[3/4] animate-pulse rounded-3xl bg-blush-100" />
              ))}
            </div>
          ) : isError || !data ? (
            <ErrorState onRetry={() => void refetch()} />
          ) : data.items.length === 0 ? (
            <EmptyState title={t('shop.empty')}>{t('shop.emptyHint')}</EmptyState>
          ) : (
            <ul
              className={`grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3 ${isFetching ? 'opacity-70' : ''}`}
              aria-busy={isFetching}
            >
              {data.items.map((product, index) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    priority={index < 3}
                    onOpen={() => change({ product: product.id }, false)}
                  />
                </li>
              ))}
            </ul>
          )}
          {data && totalPages > 1 ? (
            <nav aria-label={t('shop.pagination')} className="mt-10 flex flex-wrap items-center justify-center gap-2">
              <button
                type="button"
                className="chip gap-1"
                disabled={params.page <= 1}
                onClick={() => change({ page: params.page - 1 })}
              >
                <ChevronLeftIcon width={16} height={16} />
                {t('shop.previous')}
              </button>
              {pageList(params.page, totalPages).map((page, index) =>
                page === 'gap' ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
                  <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
                    …
                  </span>
                ) : (
                  <button
                    key={page}
                    type="button"
                    className="chip min-w-10 justify-center"
                    aria-current={page === params.page ? 'page' : undefined}
                    aria-label={t('shop.page', { page })}
                    onClick={() => change({ page })}
                  >
                    {page}
                  </button>
                ),
              )}
              <button
                type="button"
                className="chip gap-1"
                disabled={params.page >= totalPages}
                onClick={() => change({ page: params.page + 1 })}
              >
                {t('shop.next')}
                <ChevronRightIcon width={16} height={16} />
              </button>
            </nav>
          ) : null}
        </div>
      </div>
      {productId ? (
        <Suspense fallback={null}>
          <ProductModal productId={productId} initial={initial} onClose={() => change({ product: null }, true)} />
        </Suspense>
      ) : null}
    </>
  );
}
