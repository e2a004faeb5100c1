/**
 * The data of the server-rendered pages, straight from the services (the renderer never calls the
 * API over HTTP): each read answers what the matching public API read's `data` holds for an
 * anonymous visitor, as JSON would carry it, so the browser's cache starts from exactly what its
 * own request would have fetched.
 */
import {
  CourseListQuerySchema,
  IdParamSchema,
  type PageDataSource,
  PaginationQuerySchema,
  PortfolioQuerySchema,
  ShopQuerySchema,
  StudentWorksQuerySchema,
} from '@atelier/shared';
import { NotFound } from './platform/errors';
import type { Services } from './services';

/** What the public API's JSON carries: dates as ISO strings, no undefined fields. */
function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * One item by id: `null` where the API answers 404 (or 400: an id that is no UUID, which the
 * address of a page can hold); any other failure fails the render.
 */
async function orNull<T>(id: string, read: (id: string) => Promise<T>): Promise<T | null> {
  if (!IdParamSchema.safeParse({ id }).success) return null;
  try {
    return asJson(await read(id));
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

export function pageDataSource(
  services: Pick<
    Services,
    | 'landing'
    | 'portfolio'
    | 'reviews'
    | 'shop'
    | 'lessons'
    | 'courses'
    | 'certificates'
    | 'legal'
    | 'giftCertificates'
    | 'studentWorks'
  >,
): PageDataSource {
  const { landing, portfolio, reviews, shop, lessons, courses, certificates, legal, giftCertificates, studentWorks } =
    services;
  return {
    landing: async () => asJson(await landing.settings()),
    about: async () => asJson(await landing.about()),
    portfolio: async (category, limit) =>
      asJson((await portfolio.list(PortfolioQuerySchema.parse({ category, limit }))).items),
    reviews: async () => asJson((await reviews.listApproved(PaginationQuerySchema.parse({}))).items),
    products: async (params) => {
      const query = ShopQuerySchema.safeParse(params);
      // The web builds the query from the address it has already cleaned; anything else is an empty page.
      if (!query.success) return { items: [], meta: { total: 0, page: 1, limit: params.limit } };
      return asJson(await shop.list(query.data));
    },
    featuredProducts: async (currency) => asJson(await shop.featured(currency)),
    product: (id) => orNull(id, (productId) => shop.get(productId)),
    lessons: async () => asJson((await lessons.list(PaginationQuerySchema.parse({}))).items),
    lesson: (id) => orNull(id, (lessonId) => lessons.get(lessonId)),
    lessonWorks: async (id) =>
      IdParamSchema.safeParse({ id }).success ? asJson(await studentWorks.listOfLesson(id)) : [],
    studentWorks: async () => asJson(await studentWorks.listRecent(StudentWorksQuerySchema.parse({}).limit)),
    courses: async () => asJson(await courses.list(CourseListQuerySchema.parse({}))),
    course: (id) => orNull(id, (courseId) => courses.get(courseId)),
    certificate: async (code) => asJson(await certificates.forPage(code)),
    legalDocument: async (kind, language, version) => asJson(await legal.readOrNull(kind, language, version)),
    giftOffer: async () => asJson(await giftCertificates.offer()),
  };
}
