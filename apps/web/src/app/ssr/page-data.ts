/**
 * What each server-rendered page shows before any script runs: the queries its first render
 * reads, filled from the server's `PageDataSource` under the same query keys the browser uses, so
 * the hydrated page finds them in its cache and asks the API for nothing it already has.
 * The pages listed here are the ones the server renders; every other page stays client-rendered.
 */
import {
  type Currency,
  isLegalKind,
  LANGUAGES,
  type Language,
  type LegalKind,
  type PageDataSource,
  type PageId,
  PORTFOLIO_HOME_LIMIT,
} from '@atelier/shared';
import type { QueryClient } from '@tanstack/react-query';
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
  RELATED_PARAMS,
  relatedQueryOptions,
} from '../../features/shop/api/get-products';
import { parseShopParams } from '../../features/shop/shop-url';
import { lessonWorksQueryOptions, recentWorksQueryOptions } from '../../features/student-works/api/student-works';
import { legalDocumentQueryOptions } from '../../shared/legal/legal-api';

export interface PageContext {
  client: QueryClient;
  data: PageDataSource;
  lang: Language;
  currency: Currency;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

type Prefetch = (context: PageContext) => Promise<unknown>[];

/** Fills the cache under `options`' key with `load()`; a `null` (not found) is left out. */
function fill<T>(client: QueryClient, options: { queryKey: readonly unknown[] }, load: () => Promise<T | null>) {
  return load().then((value) => {
    if (value !== null) client.setQueryData(options.queryKey, value);
  });
}

const lesson: Prefetch = ({ client, data, params, search }) => {
  const id = params.id ?? search.get('id');
  return id
    ? [
        fill(client, lessonQueryOptions(id), () => data.lesson(id)),
        fill(client, lessonWorksQueryOptions(id), () => data.lessonWorks(id)),
      ]
    : [];
};

/** A legal document's version in force in the page's language, or (`exact`) the version the address names. */
const legalDocument =
  (kind?: LegalKind): Prefetch =>
  ({ client, data, lang, params }) => {
    const shown = kind ?? params.kind;
    if (!isLegalKind(shown)) return [];
    if (params.version === undefined) {
      return [fill(client, legalDocumentQueryOptions(shown, lang), () => data.legalDocument(shown, lang))];
    }
    const language = params.language as Language;
    const version = Number(params.version);
    if (!LANGUAGES.includes(language) || !Number.isInteger(version) || version < 1) return [];
    return [
      fill(client, legalDocumentQueryOptions(shown, language, version), () =>
        data.legalDocument(shown, language, version),
      ),
    ];
  };

/** Page id → its queries. The header and footer read the site settings on every page. */
export const PAGE_DATA: Partial<Record<PageId, Prefetch>> = {
  home: ({ client, data, currency }) => {
    return [
      fill(client, featuredQueryOptions(currency), () => data.featuredProducts(currency)),
      fill(client, lessonsQueryOptions(), () => data.lessons()),
      fill(client, coursesQueryOptions(), () => data.courses()),
      fill(client, aboutQueryOptions(), () => data.about()),
      fill(client, portfolioQueryOptions('all'), () => data.portfolio('all', PORTFOLIO_HOME_LIMIT)),
      fill(client, reviewsQueryOptions(), () => data.reviews()),
      fill(client, recentWorksQueryOptions(), () => data.studentWorks()),
    ];
  },
  giftCertificates: ({ client, data }) => [fill(client, giftOfferQueryOptions(), () => data.giftOffer())],
  shop: ({ client, data, search, currency }) => {
    const params = inCurrency(parseShopParams(search), currency);
    const dearest = inCurrency({ ...DEFAULT_SHOP_PARAMS, sort: 'price_desc' as const, limit: 1 }, currency);
    const product = search.get('product');
    return [
      fill(client, productsQueryOptions(params), () => data.products(params)),
      fill(client, productsQueryOptions(dearest), () => data.products(dearest)),
      ...(product ? [fill(client, productQueryOptions(product), () => data.product(product))] : []),
    ];
  },
  // The product, then the others of its category ("you may also like").
  product: ({ client, data, params, currency }) => {
    const id = params.id;
    if (!id) return [];
    return [
      data.product(id).then(async (product) => {
        if (!product) return;
        client.setQueryData(productQueryOptions(id).queryKey, product);
        const related = RELATED_PARAMS(product.category, currency);
        await fill(client, relatedQueryOptions(product.category, currency), () => data.products(related));
      }),
    ];
  },
  lessons: ({ client, data }) => [
    fill(client, lessonsQueryOptions(), () => data.lessons()),
    fill(client, coursesQueryOptions(), () => data.courses()),
  ],
  lesson,
  lessonByQuery: lesson,
  course: ({ client, data, params }) => {
    const id = params.id;
    return id ? [fill(client, courseQueryOptions(id), () => data.course(id))] : [];
  },
  certificate: ({ client, data, params }) => {
    const code = params.code;
    return code ? [fill(client, certificateQueryOptions(code), () => data.certificate(code))] : [];
  },
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
  await Promise.all([fill(context.client, landingQueryOptions(), () => context.data.landing()), ...own]);
}
