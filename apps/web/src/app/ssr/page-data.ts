/**
 * What each server-rendered page shows before any script runs: the queries its first render
 * reads, run on the server with the browser's own query options (key and query function; the API
 * client answers them in-process there, shared/ssr/server-api.ts), so the hydrated page finds them
 * in its cache and asks the API for nothing it already has.
 * The pages listed here are the ones the server renders; every other page stays client-rendered.
 */
import { type Currency, isLegalKind, LANGUAGES, type Language, type LegalKind, type PageId } from '@atelier/shared';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { certificateQueryOptions } from '../../features/certificates/api/certificates';
import { courseQueryOptions, coursesQueryOptions } from '../../features/courses/api/courses';
import { giftOfferQueryOptions } from '../../features/gift-certificates/api/gift-certificates';
import { aboutQueryOptions } from '../../features/landing/api/get-about';
import { landingQueryOptions } from '../../features/landing/api/get-landing';
import { lessonQueryOptions } from '../../features/lessons/api/get-lesson';
import { lessonsQueryOptions } from '../../features/lessons/api/get-lessons';
import { portfolioQueryOptions } from '../../features/portfolio/api/get-portfolio';
import { reviewsQueryOptions } from '../../features/reviews/api/get-reviews';
import { featuredQueryOptions } from '../../features/shop/api/get-featured';
import { productQueryOptions } from '../../features/shop/api/get-product';
import {
  DEFAULT_SHOP_PARAMS,
  inCurrency,
  productsQueryOptions,
  relatedQueryOptions,
} from '../../features/shop/api/get-products';
import { parseShopParams } from '../../features/shop/shop-url';
import { lessonWorksQueryOptions, recentWorksQueryOptions } from '../../features/student-works/api/student-works';
import { ApiError } from '../../shared/api/api-error';
import { legalDocumentQueryOptions } from '../../shared/legal/legal-api';

export interface PageContext {
  client: QueryClient;
  lang: Language;
  currency: Currency;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

type Prefetch = (context: PageContext) => Promise<unknown>[];

/**
 * Runs a query into the cache; a read the API answers 404 or 400 (an address that names nothing)
 * is left out, to show the page's not-found state; any other failure fails the render.
 */
function load<T, K extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<T | null> {
  return client.fetchQuery(options).catch((error: unknown) => {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  });
}

const lesson: Prefetch = ({ client, params, search }) => {
  const id = params.id ?? search.get('id');
  return id ? [load(client, lessonQueryOptions(id)), load(client, lessonWorksQueryOptions(id))] : [];
};

/** A legal document's version in force in the page's language, or (`exact`) the version the address names. */
const legalDocument =
  (kind?: LegalKind): Prefetch =>
  ({ client, lang, params }) => {
    const shown = kind ?? params.kind;
    if (!isLegalKind(shown)) return [];
    if (params.version === undefined) return [load(client, legalDocumentQueryOptions(shown, lang))];
    const language = params.language as Language;
    const version = Number(params.version);
    if (!LANGUAGES.includes(language) || !Number.isInteger(version) || version < 1) return [];
    return [load(client, legalDocumentQueryOptions(shown, language, version))];
  };

/** Page id → its queries. The header and footer read the site settings on every page. */
export const PAGE_DATA: Partial<Record<PageId, Prefetch>> = {
  home: ({ client, currency }) => [
    load(client, featuredQueryOptions(currency)),
    load(client, lessonsQueryOptions()),
    load(client, coursesQueryOptions()),
    load(client, aboutQueryOptions()),
    load(client, portfolioQueryOptions('all')),
    load(client, reviewsQueryOptions()),
    load(client, recentWorksQueryOptions()),
  ],
  giftCertificates: ({ client }) => [load(client, giftOfferQueryOptions())],
  shop: ({ client, search, currency }) => {
    const dearest = inCurrency({ ...DEFAULT_SHOP_PARAMS, sort: 'price_desc' as const, limit: 1 }, currency);
    const product = search.get('product');
    return [
      load(client, productsQueryOptions(inCurrency(parseShopParams(search), currency))),
      load(client, productsQueryOptions(dearest)),
      ...(product ? [load(client, productQueryOptions(product))] : []),
    ];
  },
  // The product, then the others of its category ("you may also like").
  product: ({ client, params, currency }) => {
    const id = params.id;
    if (!id) return [];
    return [
      load(client, productQueryOptions(id)).then(
        (product) => product && load(client, relatedQueryOptions(product.category, currency)),
      ),
    ];
  },
  lessons: ({ client }) => [load(client, lessonsQueryOptions()), load(client, coursesQueryOptions())],
  lesson,
  lessonByQuery: lesson,
  course: ({ client, params }) => (params.id ? [load(client, courseQueryOptions(params.id))] : []),
  certificate: ({ client, params }) => (params.code ? [load(client, certificateQueryOptions(params.code))] : []),
  privacy: legalDocument('privacy'),
  terms: legalDocument('terms'),
  agreement: legalDocument('agreement'),
  legalDocument: legalDocument(),
  legalVersion: legalDocument(),
  notFound: () => [],
};

/** Runs the page's queries and the site settings every page shows. */
export async function prefetchPage(page: PageId, context: PageContext): Promise<void> {
  const own = PAGE_DATA[page]?.(context) ?? [];
  await Promise.all([load(context.client, landingQueryOptions()), ...own]);
}
