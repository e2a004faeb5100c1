/**
 * Every page of the site, declared once. The web router routes exactly these paths
 * (apps/web/src/app/route-table.tsx); the server's head renderer (platform/http/seo.ts) answers
 * them with 200 and their texts, and any other path with 404; robots.txt disallows the `private`
 * pages; /sitemap.xml lists the `listed` ones (plus the URLs features add: products, lessons,
 * courses). Tests on both sides check that they agree. A new page is one line here, its title in
 * page-titles/{ru,en,es}.ts and its route in the route table.
 */
import type { PageTextKey } from './messages';

/**
 * How a page meets crawlers: `listed` — indexed and in /sitemap.xml; `indexed` — indexed, reached by
 * links (its URLs listed by a feature, if any); `noindex` — crawlable, so a crawler reads its
 * `noindex`; `private` — `noindex` and `Disallow` in robots.txt (private areas and flows a crawler has
 * no business in). No resolver of a feature can lift a `noindex`.
 */
export type PageVisibility = 'listed' | 'indexed' | 'noindex' | 'private';

interface PageEntry {
  /** `:name` is one path segment; a trailing `*` is the rest, none included (`/admin/*` is also `/admin`). */
  path: string;
  visibility: PageVisibility;
  /** Its title and description in PAGE_TEXTS, when not under the page's own id. */
  text?: PageTextKey;
}

export interface PageDeclaration {
  path: string;
  /** Its title and description in PAGE_TEXTS. */
  text: PageTextKey;
  /** Listed in /sitemap.xml. */
  sitemap: boolean;
  /** `<meta name="robots" content="noindex">`. */
  noindex: boolean;
  /** `Disallow` in robots.txt. */
  disallow: boolean;
}

// Every route, in the order the sitemap lists the static pages.
const ENTRIES = {
  home: { path: '/', visibility: 'listed' },
  lessons: { path: '/training', visibility: 'listed' },
  lessonByQuery: { path: '/training-detail', visibility: 'indexed', text: 'lesson' },
  lesson: { path: '/training-detail/:id', visibility: 'indexed' },
  course: { path: '/training-course/:id', visibility: 'indexed' },
  shop: { path: '/shop', visibility: 'listed' },
  // One product's own address (the sitemap lists every product's); `/shop?product=<id>` opens the
  // same product over the shop and names this one as its canonical URL.
  product: { path: '/shop/:id', visibility: 'indexed' },
  giftCertificates: { path: '/gift-certificates', visibility: 'listed' },
  customOrder: { path: '/custom-order', visibility: 'private' },
  cart: { path: '/cart', visibility: 'private' },
  checkout: { path: '/checkout', visibility: 'private' },
  orderSuccess: { path: '/order/success', visibility: 'private' },
  paymentSuccess: { path: '/payment/success', visibility: 'private' },
  paymentCancel: { path: '/payment/cancel', visibility: 'private' },
  paymentProcessing: { path: '/payment/processing', visibility: 'private' },
  payLink: { path: '/pay/:token', visibility: 'private' },
  auth: { path: '/auth', visibility: 'private' },
  verifyLink: { path: '/auth/verify-link', visibility: 'private' },
  login: { path: '/login', visibility: 'private' },
  register: { path: '/register', visibility: 'private' },
  forgotPassword: { path: '/forgot-password', visibility: 'private' },
  resetPassword: { path: '/reset-password/:token', visibility: 'private' },
  stockAlertConfirm: { path: '/stock-alerts/confirm', visibility: 'private' },
  stockAlertUnsubscribe: { path: '/stock-alerts/unsubscribe', visibility: 'private' },
  orderThanks: { path: '/account/orders/thanks/:number', visibility: 'private' },
  accountOrder: { path: '/account/orders/:id', visibility: 'private', text: 'account' },
  account: { path: '/account/*', visibility: 'private' },
  profile: { path: '/profile/*', visibility: 'private', text: 'account' },
  admin: { path: '/admin/*', visibility: 'private' },
  privacy: { path: '/privacy', visibility: 'listed' },
  terms: { path: '/terms', visibility: 'listed' },
  agreement: { path: '/agreement', visibility: 'listed' },
  // A learner's name: kept out of search results, but crawlable so a crawler that follows a
  // shared link reads the noindex.
  certificate: { path: '/certificate/:code', visibility: 'noindex' },
  // Every document's version in force (the three above also have their short address), and one
  // exact version in one language, which consents and old links point at.
  legalDocument: { path: '/legal/:kind', visibility: 'indexed' },
  legalVersion: { path: '/legal/:kind/:language/:version', visibility: 'noindex' },
  // Crawlable, so a crawler that follows a dead link reads its noindex.
  notFound: { path: '/404', visibility: 'noindex' },
} as const satisfies Record<string, PageEntry>;

export type PageId = keyof typeof ENTRIES;

function declare(id: PageId, { path, visibility, text }: PageEntry): PageDeclaration {
  return {
    path,
    text: text ?? (id as PageTextKey),
    sitemap: visibility === 'listed',
    noindex: visibility === 'noindex' || visibility === 'private',
    disallow: visibility === 'private',
  };
}

/** Every page by its id. */
export const PAGES = Object.fromEntries(
  Object.entries(ENTRIES).map(([id, entry]) => [id, declare(id as PageId, entry)]),
) as { [Id in PageId]: PageDeclaration & { path: (typeof ENTRIES)[Id]['path'] } };

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

/**
 * A page's `<title>`: its title, then the site's name; the home page names the site first. The
 * server writes it in the head, the browser after a client-side navigation.
 */
export function documentTitle(siteName: string, title: string, home = false): string {
  return home ? `${siteName} — ${title}` : `${title} — ${siteName}`;
}
