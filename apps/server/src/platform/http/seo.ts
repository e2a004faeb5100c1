/**
 * Per-route SEO for the server-rendered SPA shell: the pages declared in
 * `@atelier/shared` pages.ts with their titles and descriptions (each feature's
 * `messages/<feature>.ts`), robots rules, canonical + hreflang URLs, and a registry through which
 * features add data (a product's name, image and Product JSON-LD for /shop?product=<id>; the
 * artisan's Person/LocalBusiness and AggregateRating on the home page) and sitemap URLs.
 *
 * Language URLs: ru, the default language, lives at the bare path; en and es at `?lang=en` /
 * `?lang=es`. x-default is the bare path. Every language version is its own canonical URL.
 */
import {
  type Currency,
  DEFAULT_LANGUAGE,
  type Language,
  PAGE_LIST,
  PAGE_TEXTS,
  PAGES,
  type PageDeclaration,
  type PageText,
  type Price,
  serverMessage,
  type Texts,
} from '@atelier/shared';
import { siteLinks } from './links';

export interface SeoResult {
  title?: string;
  description?: string;
  /** Absolute URL or a path on this site (e.g. `/uploads/products/x-large.webp`). */
  image?: string;
  /** JSON-LD objects, each rendered as its own `<script type="application/ld+json">` block. */
  jsonLd?: object[];
  /** e.g. 404 when /training-detail/<id> names no lesson. */
  status?: number;
  /** og:type; `website` by default, e.g. `product` or `article`. */
  ogType?: string;
  /**
   * Path plus the query parameters that select the content, when they matter for the canonical
   * URL, e.g. `/shop?product=<id>`; other query parameters are dropped from the canonical URL.
   */
  canonical?: string;
  noindex?: boolean;
}

export type SeoResolver = (
  params: Record<string, string>,
  query: Record<string, string>,
  lang: Language,
) => Promise<SeoResult | null | undefined> | SeoResult | null | undefined;

export interface SitemapEntry {
  /** Path with optional query, e.g. `/training-detail/<id>` or `/shop?product=<id>`. */
  path: string;
  lastmod?: string | Date;
}

export type SitemapSource = () => Promise<SitemapEntry[]>;

/** Plain text for a meta description: whitespace collapsed, cut at a word near 160 characters. */
export function metaDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

export interface SeoLog {
  error(obj: object, msg: string): void;
}

export interface ResolvedSeo {
  /** False for paths the SPA does not know: the page is served with 404 and the SPA shows /404. */
  known: boolean;
  status: number;
  /** The page title without the site name. */
  title: string;
  description: string;
  image?: string;
  jsonLd: object[];
  ogType: string;
  noindex: boolean;
  /** Path (and selecting query) of the canonical URL, without `lang`. */
  canonical: string;
  isHome: boolean;
}

export interface SeoRegistry {
  /** Adds a resolver for a declared page's path (`/shop`, `/training-detail/:id`); any other path throws. */
  register(pattern: string, resolver: SeoResolver): void;
  /** Adds URLs to /sitemap.xml (products, lessons, ...). */
  addSitemapSource(source: SitemapSource): void;
  resolve(path: string, query: Record<string, string>, lang: Language, log: SeoLog): Promise<ResolvedSeo>;
  sitemapEntries(log: SeoLog): Promise<SitemapEntry[]>;
}

/** Head texts of a declared page; a page without its own description uses the home page's. */
function pageText(page: PageDeclaration): { title: Texts; description: Texts } {
  const text: PageText = PAGE_TEXTS[page.text];
  return { title: text.title, description: text.description ?? PAGE_TEXTS.home.description };
}

type Matcher = (path: string) => Record<string, string> | null;

/**
 * `:name` matches one non-empty segment; a trailing `*` matches the rest (zero or more segments,
 * so `/profile/*` also matches `/profile`).
 */
export function compilePattern(pattern: string): Matcher {
  const parts = splitPath(pattern);
  const wildcard = parts.at(-1) === '*';
  const fixed = wildcard ? parts.slice(0, -1) : parts;
  return (path) => {
    const segments = splitPath(path);
    if (wildcard ? segments.length < fixed.length : segments.length !== fixed.length) return null;
    const params: Record<string, string> = {};
    for (let i = 0; i < fixed.length; i++) {
      const part = fixed[i]!;
      const segment = segments[i]!;
      if (part.startsWith(':')) params[part.slice(1)] = segment;
      else if (part !== segment) return null;
    }
    if (wildcard) params['*'] = segments.slice(fixed.length).join('/');
    return params;
  };
}

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/** `/a/b/` → `/a/b`; the root stays `/`. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** A path on this site as an absolute URL (`/uploads/x.webp` → `https://site/uploads/x.webp`); an http(s) URL stays. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return siteLinks(publicUrl).to(pathOrUrl);
}

/** schema.org Offers of an item: one per currency it is sold in (a null price is not sold in it). */
export function offersJsonLd(price: Price, offer: Record<string, unknown>): object[] {
  const amounts = [
    ['RUB', price.rub],
    ['EUR', price.eur],
    ['USD', price.usd],
  ] as const;
  return amounts
    .filter((entry): entry is readonly [Currency, number] => entry[1] !== null)
    .map(([currency, amount]) => ({ '@type': 'Offer', price: amount.toFixed(2), priceCurrency: currency, ...offer }));
}

/** The URL of `pathWithQuery` in `lang`: ru at the bare URL, en/es with `lang=xx` appended. */
export function languageUrl(publicUrl: string, pathWithQuery: string, lang: Language | 'x-default'): string {
  const base = siteLinks(publicUrl).base;
  if (lang === DEFAULT_LANGUAGE || lang === 'x-default') return `${base}${pathWithQuery}`;
  return `${base}${pathWithQuery}${pathWithQuery.includes('?') ? '&' : '?'}lang=${lang}`;
}

/**
 * schema.org BreadcrumbList from the home page down to the last step of `trail`, each step's URL
 * in the page's language (as its canonical URL is).
 */
export function breadcrumbJsonLd(publicUrl: string, lang: Language, trail: { name: string; path: string }[]): object {
  const steps = [{ name: serverMessage('breadcrumbHome', lang), path: '/' }, ...trail];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: languageUrl(publicUrl, step.path, lang),
    })),
  };
}

export interface SeoRegistryOptions {
  /** Resolvers slower than this are abandoned so a slow query cannot hold the page back. */
  resolverTimeoutMs?: number;
}

export function createSeoRegistry(options: SeoRegistryOptions = {}): SeoRegistry {
  const timeoutMs = options.resolverTimeoutMs ?? 2_000;
  const pages = PAGE_LIST.map((page) => ({ page, match: compilePattern(page.path) }));
  const resolvers: { pattern: string; match: Matcher; resolver: SeoResolver }[] = [];
  const sources: SitemapSource[] = [];

  async function runResolver(
    entry: (typeof resolvers)[number],
    params: Record<string, string>,
    query: Record<string, string>,
    lang: Language,
    log: SeoLog,
  ): Promise<SeoResult | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`SEO resolver timed out after ${timeoutMs} ms`)), timeoutMs);
      });
      return (await Promise.race([Promise.resolve(entry.resolver(params, query, lang)), timeout])) ?? null;
    } catch (error) {
      // A broken resolver costs the page its extra metadata, never the page itself.
      log.error({ err: error, pattern: entry.pattern }, 'SEO resolver failed; using defaults');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    register(pattern, resolver) {
      if (!PAGE_LIST.some((page) => page.path === pattern)) {
        throw new Error(`SEO resolver for ${pattern}: not a page declared in @atelier/shared pages.ts`);
      }
      resolvers.push({ pattern, match: compilePattern(pattern), resolver });
    },

    addSitemapSource(source) {
      sources.push(source);
    },

    async resolve(rawPath, query, lang, log) {
      const path = normalizePath(rawPath);
      const known = pages.find(({ match }) => match(path) !== null)?.page;
      const page: PageDeclaration = known ?? PAGES.notFound;
      const text = pageText(page);
      const result: ResolvedSeo = {
        known: known !== undefined,
        status: known ? 200 : 404,
        title: text.title[lang],
        description: text.description[lang],
        jsonLd: [],
        ogType: 'website',
        noindex: page.noindex || !known,
        canonical: path,
        isHome: path === '/',
      };
      if (!known) return result;
      // Resolvers run in registration order; later ones override fields, JSON-LD accumulates.
      for (const entry of resolvers) {
        const params = entry.match(path);
        if (!params) continue;
        const extra = await runResolver(entry, params, query, lang, log);
        if (!extra) continue;
        if (extra.title) {
          result.title = extra.title;
          result.isHome = false;
        }
        if (extra.description) result.description = extra.description;
        if (extra.image) result.image = extra.image;
        if (extra.ogType) result.ogType = extra.ogType;
        if (extra.canonical) result.canonical = extra.canonical;
        if (extra.noindex !== undefined) result.noindex = extra.noindex || page.noindex;
        if (extra.status && extra.status >= 200 && extra.status < 600) result.status = extra.status;
        if (extra.jsonLd) result.jsonLd.push(...extra.jsonLd);
      }
      if (result.status >= 400) result.noindex = true;
      return result;
    },

    async sitemapEntries(log) {
      const staticEntries: SitemapEntry[] = PAGE_LIST.filter((p) => p.sitemap).map((p) => ({ path: p.path }));
      const extra = await Promise.all(
        sources.map(async (source) => {
          try {
            return await source();
          } catch (error) {
            log.error({ err: error }, 'sitemap source failed; its URLs are left out');
            return [];
          }
        }),
      );
      const seen = new Set<string>();
      return [...staticEntries, ...extra.flat()].filter((entry) => {
        if (seen.has(entry.path)) return false;
        seen.add(entry.path);
        return true;
      });
    },
  };
}
