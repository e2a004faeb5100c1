/**
 * The contract between the server and the web app's server renderer: the server hands the
 * renderer a `PageDataSource` built from its services (no HTTP to itself); the renderer asks it
 * for what the page shows, renders the page and returns the HTML plus the data it used, which the
 * browser's query cache starts from so hydration fetches nothing again.
 * Every method answers exactly what the matching public API read's `data` holds, as JSON
 * (dates as ISO strings), for an anonymous visitor; `null` where that read answers 404.
 */
import type { ListMeta } from './api';
import type { CertificateVerification } from './certificates';
import type { GiftCertificateOffer } from './gift-certificates';
import type { Language } from './i18n';
import type { About, LandingSettings } from './landing';
import type { LegalDocument } from './legal';
import type { LegalKind } from './legal.constants';
import type { Currency } from './money';
import type { PortfolioItem } from './portfolio';
import type { Review } from './reviews';
import type { Product } from './shop';
import type { StudentWork, StudentWorkTeaser } from './student-works';
import type { Course, Lesson } from './training';

/** The shop list's query as the web sends it to `GET /api/shop`. */
export interface ShopListParams {
  category?: string;
  subcategory?: string;
  search?: string;
  minPrice?: number;
  maxPrice?: number;
  sort: string;
  page: number;
  limit: number;
}

export interface PageDataSource {
  /** `GET /api/landing` */
  landing(): Promise<LandingSettings>;
  /** `GET /api/landing/about` */
  about(): Promise<About>;
  /** `GET /api/portfolio?category=&limit=` */
  portfolio(category: string, limit: number): Promise<PortfolioItem[]>;
  /** `GET /api/reviews` */
  reviews(): Promise<Review[]>;
  /** `GET /api/shop?…`: the page of products and the list's meta. */
  products(params: ShopListParams): Promise<{ items: Product[]; meta: ListMeta }>;
  /** `GET /api/shop/featured?currency=`: the home page's products. */
  featuredProducts(currency: Currency): Promise<Product[]>;
  /** `GET /api/shop/:id` */
  product(id: string): Promise<Product | null>;
  /** `GET /api/training/lessons` */
  lessons(): Promise<Lesson[]>;
  /** `GET /api/training/lessons/:id` */
  lesson(id: string): Promise<Lesson | null>;
  /** `GET /api/student-works/lessons/:id`: a lesson's approved works. */
  lessonWorks(lessonId: string): Promise<StudentWork[]>;
  /** `GET /api/student-works`: the newest approved works for the home page. */
  studentWorks(): Promise<StudentWorkTeaser[]>;
  /** `GET /api/training/courses` */
  courses(): Promise<Course[]>;
  /** `GET /api/training/courses/:id` */
  course(id: string): Promise<Course | null>;
  /** `GET /api/certificates/:code` */
  certificate(code: string): Promise<CertificateVerification | null>;
  /** `GET /api/legal/:kind/:language` (the version in force) or `…/:version` */
  legalDocument(kind: LegalKind, language: Language, version?: number): Promise<LegalDocument | null>;
  /** `GET /api/gift-certificates/offer` */
  giftOffer(): Promise<GiftCertificateOffer>;
}

export interface RenderRequest {
  /** Path and query, e.g. `/shop?category=flowers`. */
  url: string;
  lang: Language;
  currency: Currency;
  data: PageDataSource;
}

export interface RenderResult {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** JSON for `<script type="application/json" id="ssr-state">`: language, currency, query cache. */
  state: unknown;
  /**
   * Source modules the page's first render used beyond the entry (its lazy page chunk and its
   * language's texts), as the client build's manifest names them, so the HTML can preload them.
   */
  modules: string[];
}

/** What the server renderer module (`dist-ssr/entry-server.js`) exports. */
export interface PageRenderer {
  /** The page ids (`PAGES` keys) this renderer renders; any other page is served as the plain shell. */
  readonly pages: readonly string[];
  render(request: RenderRequest): Promise<RenderResult | null>;
}
