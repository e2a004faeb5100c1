/**
 * Every page of the site, declared once. The web router routes exactly these paths
 * (apps/web/src/app/router.tsx); the server's head renderer (platform/http/seo.ts) answers them
 * with 200 and their texts, and any other path with 404; robots.txt disallows the pages marked
 * `disallow`; /sitemap.xml lists the pages marked `sitemap` (plus the URLs features add: products,
 * lessons, courses). Tests on both sides check that they agree. A new page is one line here, its
 * title in its feature's `messages/<feature>.ts` and its route in the router.
 */
import type { PageTextKey } from './messages';

export interface PageDeclaration {
  /** `:name` is one path segment; a trailing `*` is the rest, none included (`/admin/*` is also `/admin`). */
  path: string;
  /** Its title and description in PAGE_TEXTS. */
  text: PageTextKey;
  /** Listed in /sitemap.xml. */
  sitemap: boolean;
  /** `<meta name="robots" content="noindex">`; no resolver of a feature can lift it. */
  noindex: boolean;
  /** `Disallow` in robots.txt: private areas and flows a crawler has no business in. */
  disallow: boolean;
}

// Every route, in the order the sitemap lists the static pages.
export const PAGES = {
  home: { path: '/', text: 'home', sitemap: true, noindex: false, disallow: false },
  lessons: { path: '/training', text: 'lessons', sitemap: true, noindex: false, disallow: false },
  lessonByQuery: { path: '/training-detail', text: 'lesson', sitemap: false, noindex: false, disallow: false },
  lesson: { path: '/training-detail/:id', text: 'lesson', sitemap: false, noindex: false, disallow: false },
  course: { path: '/training-course/:id', text: 'course', sitemap: false, noindex: false, disallow: false },
  shop: { path: '/shop', text: 'shop', sitemap: true, noindex: false, disallow: false },
  // One product's own address (the sitemap lists every product's); `/shop?product=<id>` opens the
  // same product over the shop and names this one as its canonical URL.
  product: { path: '/shop/:id', text: 'product', sitemap: false, noindex: false, disallow: false },
  giftCertificates: {
    path: '/gift-certificates',
    text: 'giftCertificates',
    sitemap: true,
    noindex: false,
    disallow: false,
  },
  customOrder: { path: '/custom-order', text: 'customOrder', sitemap: false, noindex: true, disallow: true },
  cart: { path: '/cart', text: 'cart', sitemap: false, noindex: true, disallow: true },
  checkout: { path: '/checkout', text: 'checkout', sitemap: false, noindex: true, disallow: true },
  orderSuccess: { path: '/order/success', text: 'orderSuccess', sitemap: false, noindex: true, disallow: true },
  paymentSuccess: { path: '/payment/success', text: 'paymentSuccess', sitemap: false, noindex: true, disallow: true },
  paymentCancel: { path: '/payment/cancel', text: 'paymentCancel', sitemap: false, noindex: true, disallow: true },
  paymentProcessing: {
    path: '/payment/processing',
    text: 'paymentProcessing',
    sitemap: false,
    noindex: true,
    disallow: true,
  },
  payLink: { path: '/pay/:token', text: 'payLink', sitemap: false, noindex: true, disallow: true },
  auth: { path: '/auth', text: 'auth', sitemap: false, noindex: true, disallow: true },
  verifyLink: { path: '/auth/verify-link', text: 'verifyLink', sitemap: false, noindex: true, disallow: true },
  login: { path: '/login', text: 'login', sitemap: false, noindex: true, disallow: true },
  register: { path: '/register', text: 'register', sitemap: false, noindex: true, disallow: true },
  forgotPassword: { path: '/forgot-password', text: 'forgotPassword', sitemap: false, noindex: true, disallow: true },
  resetPassword: {
    path: '/reset-password/:token',
    text: 'resetPassword',
    sitemap: false,
    noindex: true,
    disallow: true,
  },
  stockAlertConfirm: {
    path: '/stock-alerts/confirm',
    text: 'stockAlertConfirm',
    sitemap: false,
    noindex: true,
    disallow: true,
  },
  stockAlertUnsubscribe: {
    path: '/stock-alerts/unsubscribe',
    text: 'stockAlertUnsubscribe',
    sitemap: false,
    noindex: true,
    disallow: true,
  },
  orderThanks: {
    path: '/account/orders/thanks/:number',
    text: 'orderThanks',
    sitemap: false,
    noindex: true,
    disallow: true,
  },
  accountOrder: { path: '/account/orders/:id', text: 'account', sitemap: false, noindex: true, disallow: true },
  account: { path: '/account/*', text: 'account', sitemap: false, noindex: true, disallow: true },
  profile: { path: '/profile/*', text: 'account', sitemap: false, noindex: true, disallow: true },
  admin: { path: '/admin/*', text: 'admin', sitemap: false, noindex: true, disallow: true },
  privacy: { path: '/privacy', text: 'privacy', sitemap: true, noindex: false, disallow: false },
  terms: { path: '/terms', text: 'terms', sitemap: true, noindex: false, disallow: false },
  agreement: { path: '/agreement', text: 'agreement', sitemap: true, noindex: false, disallow: false },
  // A learner's name: kept out of search results, but crawlable so a crawler that follows a
  // shared link reads the noindex.
  certificate: { path: '/certificate/:code', text: 'certificate', sitemap: false, noindex: true, disallow: false },
  // Every document's version in force (the three above also have their short address), and one
  // exact version in one language, which consents and old links point at.
  legalDocument: { path: '/legal/:kind', text: 'legalDocument', sitemap: false, noindex: false, disallow: false },
  legalVersion: {
    path: '/legal/:kind/:language/:version',
    text: 'legalVersion',
    sitemap: false,
    noindex: true,
    disallow: false,
  },
  // Crawlable, so a crawler that follows a dead link reads its noindex.
  notFound: { path: '/404', text: 'notFound', sitemap: false, noindex: true, disallow: false },
} as const satisfies Record<string, PageDeclaration>;

export type PageId = keyof typeof PAGES;

/** The declarations as a list, in the order above. */
export const PAGE_LIST: readonly PageDeclaration[] = Object.values(PAGES);

/**
 * The robots.txt prefix of a page: its path up to the first parameter or wildcard
 * (`/reset-password/:token` → `/reset-password/`, `/admin/*` → `/admin`).
 */
export function disallowPrefix(path: string): string {
  const cut = path.search(/\/(:|\*)/);
  if (cut < 0) return path;
  return path[cut + 1] === ':' ? path.slice(0, cut + 1) : path.slice(0, cut);
}

/** The robots.txt prefixes of the pages marked `disallow`, without one another prefix already covers. */
export function disallowedPrefixes(): string[] {
  const prefixes = PAGE_LIST.filter((page) => page.disallow).map((page) => disallowPrefix(page.path));
  return [...new Set(prefixes)].filter(
    (prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(other)),
  );
}
