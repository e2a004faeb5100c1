import type { PageId } from '@atelier/shared/pages';

/**
 * The pages the server renders, each with its route module, named by its file: `<name>.route.tsx`
 * in `src/app/routes/` (a page made of several features) or in its feature's `pages/`. A route
 * module exports `Component` (the page), `loader` (the queries its first render reads;
 * shared/ssr/page-loader.ts) and is one lazy chunk. The route table imports it
 * (route-table.tsx); the server renders exactly these pages and preloads the module's chunks with
 * the markup; the build weighs the JS each page needs until it is hydrated
 * (scripts/hydration-report.ts). Every other page is rendered in the browser.
 */
export const PAGE_ROUTES = {
  home: 'home',
  shop: 'shop',
  product: 'product',
  lessons: 'training',
  lesson: 'lesson',
  lessonByQuery: 'lesson',
  course: 'course',
  giftCertificates: 'gift-certificates',
  certificate: 'certificate',
  privacy: 'legal',
  terms: 'legal',
  agreement: 'legal',
  legalDocument: 'legal',
  legalVersion: 'legal',
  notFound: 'not-found',
} as const satisfies Partial<Record<PageId, string>>;

export type RenderedPageId = keyof typeof PAGE_ROUTES;

/** The pages the server renders. */
export const RENDERED_PAGES = Object.keys(PAGE_ROUTES) as RenderedPageId[];

export function isRendered(page: PageId): page is RenderedPageId {
  return page in PAGE_ROUTES;
}

/** A route module's name from its path (`…/pages/shop.route.tsx` → `shop`). */
export function routeModuleName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.route.tsx'.length);
}
