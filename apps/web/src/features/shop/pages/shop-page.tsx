import { PRODUCT_CATEGORIES, PRODUCT_SUBCATEGORIES, SHOP_SORTS, soldIn } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrency } from '../../../shared/currency/currency-store';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { ChevronLeftIcon, ChevronRightIcon, FiltersIcon, SearchIcon } from '../../../shared/ui/icons';
import { EmptyState, ErrorState, PageTitle } from '../../../shared/ui/states';
import { useDeclaredPageTitle } from '../../../shared/ui/use-page-title';
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
/** Typing pauses this long before the list follows (one request per pause, not per key). */
const SEARCH_DEBOUNCE_MS = 350;

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
  useDeclaredPageTitle('shop');
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
  // The phone's filters: a disclosure (works before the script loads), closed from its button.
  const panel = useRef<HTMLDetailsElement>(null);
  // The dearest product sets the right end of the price slider (a cached public read).
  const dearest = useQuery(
    productsQueryOptions(inCurrency({ ...DEFAULT_SHOP_PARAMS, sort: 'price_desc', limit: 1 }, currency)),
  );
  const priceBound = Math.max(params.maxPrice ?? 0, dearest.data?.items[0]?.price.rub ?? 10_000);

  const [searchText, setSearchText] = useState(params.search ?? '');
  // The search the box last put in the address: its echo must not rewrite what is being typed
  // ("пион " mid-word would lose its space); any other change (back, reset, a link) fills the box.
  const pushedSearch = useRef(params.search);
  useEffect(() => {
    if (params.search === pushedSearch.current) return;
    pushedSearch.current = params.search;
    setSearchText(params.search ?? '');
  }, [params.search]);

  // From the address bar, not from this render: React Router renders navigations in a transition,
  // so a quick second change (search right after a chip, the slider's delayed commit) would
  // otherwise start from a stale copy and drop the filter set just before.
  const change = (update: Change, replace = false) =>
    setSearchParams(updateShopSearch(new URLSearchParams(window.location.search), update), { replace });

  const applySearch = (text: string) => {
    const next = text.trim() || undefined;
    const current = new URLSearchParams(window.location.search).get('search')?.trim() || undefined;
    if (next === current) return;
    pushedSearch.current = next;
    // Starting a search is one history entry; refining or clearing it replaces that entry, so
    // typing a word does not pile up one entry per pause.
    change({ search: next ?? null }, current !== undefined);
  };

  // Search as you type: the list follows once typing pauses (Enter does not wait).
  const pause = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(pause.current), []);
  const typeSearch = (text: string) => {
    setSearchText(text);
    window.clearTimeout(pause.current);
    pause.current = window.setTimeout(() => applySearch(text), SEARCH_DEBOUNCE_MS);
  };

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    window.clearTimeout(pause.current);
    applySearch(searchText);
  };

  const totalPages = data ? Math.max(1, Math.ceil(data.meta.total / data.meta.limit)) : 1;
  const initial = data?.items.find((item) => item.id === productId);
  const filtersActive =
    params.category !== undefined ||
    params.subcategory !== undefined ||
    params.search !== undefined ||
    params.minPrice !== undefined ||
    params.maxPrice !== undefined;
  const filterCount = [
    params.category,
    params.subcategory,
    params.minPrice !== undefined || params.maxPrice !== undefined ? 'price' : undefined,
  ].filter((value) => value !== undefined).length;

  const closePanel = () => {
    const details = panel.current as HTMLDetailsElement;
    details.open = false;
    details.querySelector('summary')?.focus();
  };

  const searchForm = (
    <form onSubmit={submitSearch}>
      <label htmlFor={ids.search} className="sr-only">
        {t('shop.search')}
      </label>
      <div className="relative">
        <input
          id={ids.search}
          type="search"
          value={searchText}
          onChange={(event) => typeSearch(event.target.value)}
          placeholder={t('shop.searchPlaceholder')}
          maxLength={100}
          className="input pr-14"
        />
        <button type="submit" aria-label={t('shop.search')} className="shop-search-button">
          <SearchIcon width={18} height={18} />
        </button>
      </div>
    </form>
  );

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
      <PageTitle title={t('shop.title')} eyebrow={t('shop.eyebrow')} compact>
        {t('shop.lead')}
      </PageTitle>
      {/* Here, not after the list: a removed product's notice takes this place (a dialog goes over the page anyway). */}
      {productId ? (
        <Suspense fallback={null}>
          <ProductModal
            productId={productId}
            initial={initial}
            onClose={() => change({ product: null, variant: null }, true)}
          />
        </Suspense>
      ) : null}
      <div className="container-page grid grid-cols-1 gap-10 pb-10 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside aria-label={t('shop.filters')} className="hidden lg:block lg:pt-2">
          {filters}
        </aside>
        <div>
          {/* On a phone the search, then a bar under the header with the filters button and the sort,
              kept in view while scrolling (the filters open below it); from lg on, one row. The
              wrapper has no box on a phone, so the bar sticks along the whole list. */}
          <div className="contents lg:mb-6 lg:flex lg:items-end lg:gap-3">
            <search className="mb-2 block lg:mb-0 lg:flex-1">{searchForm}</search>
            <div className="shop-bar">
              <div className="flex items-end gap-3">
                <details ref={panel} className="lg:hidden">
                  <summary className="shop-filters-button chip">
                    <FiltersIcon width={18} height={18} />
                    {t('shop.filters')}
                    {filterCount > 0 ? (
                      <>
                        <span aria-hidden="true" className="rounded-full bg-rose-600 px-1.5 text-xs text-white">
                          {filterCount}
                        </span>
                        <span className="sr-only">{`, ${t('shop.filtersOn', { count: filterCount })}`}</span>
                      </>
                    ) : null}
                  </summary>
                  <section aria-label={t('shop.filters')} className="shop-panel">
                    {filters}
                    <button type="button" className="btn btn-primary mt-6 w-full" onClick={closePanel}>
                      {data ? t('shop.showFound', { count: data.meta.total }) : t('common.close')}
                    </button>
                  </section>
                </details>
                <div className="min-w-0 flex-1">
                  <label htmlFor={ids.sort} className="shop-sort-label">
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
            </div>
          </div>
          <p className="mb-4 text-sm text-muted" aria-live="polite">
            {data ? t('shop.found', { count: data.meta.total }) : ''}
          </p>
          {isPending ? (
            <div aria-hidden="true" className="shop-grid">
              {[0, 1, 2, 3, 4, 5].map((index) => (
                <div key={index} className="aspect-[3/4] animate-pulse rounded-3xl bg-blush-100" />
              ))}
            </div>
          ) : isError || !data ? (
            <ErrorState onRetry={() => void refetch()} />
          ) : data.items.length === 0 ? (
            <EmptyState title={t('shop.empty')}>{t('shop.emptyHint')}</EmptyState>
          ) : (
            <ul className={`shop-grid ${isFetching ? 'opacity-70' : ''}`} aria-busy={isFetching}>
              {data.items.map((product, index) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    priority={index < 4}
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
                    aria-label={t('shop.pageNumber', { page })}
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
    </>
  );
}
