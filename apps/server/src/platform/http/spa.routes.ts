/**
 * Serves the built web app (apps/web/dist) from the API server — register LAST, after every other
 * route, because it owns the catch-all:
 * - files of the build through @fastify/static (hashed `/assets/*` immutable for a year, others
 *   revalidated), with precompressed .br/.gz siblings when the client accepts them;
 * - every other GET/HEAD outside /api, /uploads and /dev that accepts HTML gets index.html with its
 *   placeholders filled (`TEMPLATE_SLOTS`): the language, the head (per-route <title>, description,
 *   canonical, hreflang, OpenGraph, robots and JSON-LD from seo.ts), and for a server-rendered page
 *   its markup and state; status 200 for routes the SPA knows and 404 for the rest;
 * - /sitemap.xml and /robots.txt (the pages declared in `@atelier/shared` pages.ts; robots.txt also
 *   allows and names the product feeds it is given).
 * Anything else falls through to the app's not-found handler (the JSON error envelope).
 */
import { access, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type ApiRead,
  CURRENCIES,
  type Currency,
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  disallowedPrefixes,
  documentTitle,
  LANGUAGES,
  type Language,
  type PageRenderer,
  resolveLanguage,
} from '@atelier/shared';
import type {} from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from './html';
import { siteLinks } from './links';
import { withoutTracking, withoutTrackingParameters } from './page-url';
import type { PublicCache } from './public-cache';
import { absoluteUrl, languageUrl, normalizePath, type ResolvedSeo, type SeoRegistry } from './seo';

export interface SpaRoutesOptions {
  /** The web build output: index.html plus assets/. */
  webDist: string;
  /** PUBLIC_URL, e.g. `https://atelier.example`; used for canonical, hreflang, og:url, sitemap. */
  publicUrl: string;
  seo: SeoRegistry;
  siteName: string;
  /** og:image for pages whose resolver gives none (absolute URL or a path on this site). */
  defaultImage?: string;
  /**
   * Renders the public pages with their content (the web build's server renderer, dist-ssr/ beside
   * `webDist`), its loaders reading the public API through this (`inProcessApi`); without it, or
   * without that build, every page is the plain shell.
   */
  api?: ApiRead;
  /** Keeps rendered pages (PAGES_TAG), dropped by the content writes like the API's public reads. */
  cache?: PublicCache;
  /**
   * Paths of the machine-read documents about the shop (the product feeds): robots.txt allows each
   * one by name and names its URL in a comment. `Sitemap:` is only for sitemaps, and robots.txt has
   * no line for anything else, so a comment is where a reader finds them.
   */
  feeds?: readonly string[];
}

/** Path prefixes that never get the SPA shell: their own routes or the JSON 404 answer them. */
const NOT_SPA = ['/api', '/uploads', '/dev'];

/** robots.txt: besides the pages declared `disallow`, the API and the development pages. */
const SERVER_ONLY_DISALLOW = ['/api/', '/dev/'];

const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
};

const OG_LOCALES: Record<Language, string> = { ru: 'ru_RU', en: 'en_US', es: 'es_ES' };

interface Variant {
  file: string;
  size: number;
}

interface StaticFile extends Variant {
  type: string;
  immutable: boolean;
  br?: Variant;
  gzip?: Variant;
}

/**
 * JSON inside <script type="application/ld+json">: `<` (so `</script>` cannot close the block),
 * `>`, `&` and the JS line separators are written as \u escapes, which JSON parsers read back.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Vite puts content-hashed files under /assets/ (`index-BxYz12_a.js`); they never change. */
function isHashed(urlPath: string): boolean {
  return urlPath.startsWith('/assets/') || /[.-][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(urlPath);
}

/**
 * Indexes every servable file once, so a request can only ever reach a file that was in the build
 * (no path is joined from the URL: traversal is impossible by construction).
 */
async function indexDist(root: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  const compressed = new Map<string, Variant>();
  async function walk(dir: string, prefix: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      const urlPath = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        await walk(full, urlPath);
        continue;
      }
      if (!entry.isFile()) continue;
      const info = await stat(full);
      if (/\.(br|gz)$/.test(entry.name)) {
        compressed.set(urlPath, { file: full, size: info.size });
        continue;
      }
      // index.html is a template; it is only ever sent with the head filled in.
      if (urlPath === '/index.html') continue;
      files.set(urlPath, {
        file: full,
        size: info.size,
        type: TYPES[path.extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
        immutable: isHashed(urlPath),
      });
    }
  }
  await walk(root, '');
  for (const [urlPath, file] of files) {
    const br = compressed.get(`${urlPath}.br`);
    const gzip = compressed.get(`${urlPath}.gz`);
    if (br) file.br = br;
    if (gzip) file.gzip = gzip;
  }
  return files;
}

/** The best precompressed encoding the client accepts (q > 0), br before gzip. */
export function pickEncoding(header: string | undefined, file: { br?: Variant; gzip?: Variant }): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (file.br && ok('br')) return 'br';
  if (file.gzip && ok('gzip')) return 'gzip';
  return null;
}

function acceptsHtml(request: FastifyRequest, urlPath: string): boolean {
  const accept = request.headers.accept;
  if (accept?.includes('text/html') || accept?.includes('application/xhtml+xml')) return true;
  // curl and simple clients send */* or nothing: a path without an extension is a page.
  const wildcard = !accept || accept.split(',').some((part) => part.trim().startsWith('*/*'));
  return wildcard && !/\.[A-Za-z0-9]+$/.test(urlPath);
}

/**
 * `?lang=` (what crawlers follow from hreflang) wins, then the `lang` cookie, then the browser's
 * Accept-Language, then ru (the default language).
 */
export function pageLanguage(
  query: Record<string, string>,
  cookies: FastifyRequest['cookies'],
  acceptLanguage?: string,
): Language {
  return resolveLanguage({ query: query.lang, cookie: cookies.lang, accept: acceptLanguage });
}

/**
 * The language the URL itself names: its `?lang=`, else ru (the bare URL). When the page is rendered
 * in another language (chosen by the cookie or Accept-Language), the response is a copy of that
 * language's URL: see `headTags`.
 */
export function urlLanguage(query: Record<string, string>): Language {
  const named = query.lang ?? '';
  return (LANGUAGES as readonly string[]).includes(named) ? (named as Language) : DEFAULT_LANGUAGE;
}

/** The display currency the visitor chose (the `currency` cookie the web app keeps), else RUB. */
export function pageCurrency(cookies: FastifyRequest['cookies']): Currency {
  const value = cookies.currency;
  return (CURRENCIES as readonly string[]).includes(value ?? '') ? (value as Currency) : DEFAULT_CURRENCY;
}

function flatQuery(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string') out[key] = first;
    }
  }
  return out;
}

export interface RenderContext {
  siteName: string;
  publicUrl: string;
  defaultImage?: string;
  lang: Language;
  /** The language the request's URL names (`urlLanguage`); the page's own `lang` when absent. */
  urlLang?: Language;
  path: string;
}

/**
 * The placeholders of the web build's index.html (apps/web/index.html), each exactly once: the
 * page's language, its head (title, description, canonical, hreflang, OpenGraph, JSON-LD, font
 * preloads, React's resource hints), the rendered markup inside `#root`, and its state after it.
 */
export const TEMPLATE_SLOTS = {
  lang: '<!--app-lang-->',
  head: '<!--app-head-->',
  html: '<!--app-html-->',
  state: '<!--app-state-->',
} as const;

export type TemplateValues = Record<keyof typeof TEMPLATE_SLOTS, string>;

/**
 * Cuts the template at its placeholders once; filling it joins the pieces with the values (plain
 * string substitution: a filled value is never searched again, so a placeholder inside one stays text).
 */
export function compileTemplate(html: string): (values: TemplateValues) => string {
  const slots = (Object.keys(TEMPLATE_SLOTS) as (keyof typeof TEMPLATE_SLOTS)[]).map((name) => {
    const marker = TEMPLATE_SLOTS[name];
    const at = html.indexOf(marker);
    if (at < 0 || html.indexOf(marker, at + 1) >= 0) {
      throw new Error(`index.html must hold ${marker} exactly once (apps/web/index.html)`);
    }
    return { name, at, end: at + marker.length };
  });
  slots.sort((a, b) => a.at - b.at);
  const pieces: string[] = [];
  let from = 0;
  for (const slot of slots) {
    pieces.push(html.slice(from, slot.at));
    from = slot.end;
  }
  pieces.push(html.slice(from));
  return (values) => {
    let out = pieces[0] ?? '';
    slots.forEach((slot, i) => {
      out += values[slot.name] + (pieces[i + 1] ?? '');
    });
    return out;
  };
}

/** The page's `<title>` and head tags, every value escaped. */
export function headTags(seo: ResolvedSeo, ctx: RenderContext): string[] {
  const { siteName, publicUrl, lang } = ctx;
  const title = documentTitle(siteName, seo.title, seo.isHome);
  const url = languageUrl(publicUrl, seo.canonical, lang);
  const imagePath = seo.image ?? ctx.defaultImage;
  const image = imagePath ? absoluteUrl(publicUrl, imagePath) : undefined;
  const attr = escapeHtml;
  const tags: string[] = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${attr(seo.description)}">`,
  ];
  if (seo.noindex) {
    tags.push('<meta name="robots" content="noindex, nofollow">');
  } else {
    tags.push(`<link rel="canonical" href="${attr(url)}">`);
    // A page rendered in a language its URL does not name (the bare URL in English for a browser
    // that asks for English) is a copy of that language's URL: the canonical names that URL, and
    // the language alternates are left to the canonical pages (and the sitemap). Listing them here
    // would declare this very URL the Russian version while it holds English.
    const copy = (ctx.urlLang ?? lang) !== lang;
    for (const alt of copy ? [] : [...LANGUAGES, 'x-default' as const]) {
      tags.push(`<link rel="alternate" hreflang="${alt}" href="${attr(languageUrl(publicUrl, seo.canonical, alt))}">`);
    }
  }
  tags.push(
    `<meta property="og:site_name" content="${attr(siteName)}">`,
    `<meta property="og:title" content="${attr(title)}">`,
    `<meta property="og:description" content="${attr(seo.description)}">`,
    `<meta property="og:type" content="${attr(seo.ogType)}">`,
    `<meta property="og:url" content="${attr(url)}">`,
    `<meta property="og:locale" content="${OG_LOCALES[lang]}">`,
    ...LANGUAGES.filter((l) => l !== lang).map(
      (l) => `<meta property="og:locale:alternate" content="${OG_LOCALES[l]}">`,
    ),
  );
  if (image) tags.push(`<meta property="og:image" content="${attr(image)}">`);
  tags.push(
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${attr(title)}">`,
    `<meta name="twitter:description" content="${attr(seo.description)}">`,
  );
  if (image) tags.push(`<meta name="twitter:image" content="${attr(image)}">`);
  const jsonLd = [...seo.jsonLd];
  if (ctx.path === '/') {
    jsonLd.unshift({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: siteName,
      url: languageUrl(publicUrl, '/', lang),
      inLanguage: lang,
    });
  }
  for (const block of jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(block)}</script>`);
  return tags;
}

const NOT_BUILT: Record<Language, { title: string; text: string }> = {
  ru: {
    title: 'Веб-приложение не собрано',
    text: 'Сервер работает, но сборки веб-приложения нет. Выполните <code>npm run build</code> (или <code>npm start</code>) и обновите страницу.',
  },
  en: {
    title: 'The web app is not built',
    text: 'The server is running, but the web app has not been built. Run <code>npm run build</code> (or <code>npm start</code>) and reload this page.',
  },
  es: {
    title: 'La aplicación web no está compilada',
    text: 'El servidor funciona, pero la aplicación web no está compilada. Ejecute <code>npm run build</code> (o <code>npm start</code>) y recargue la página.',
  },
};

function notBuiltPage(lang: Language): string {
  const t = NOT_BUILT[lang];
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${t.title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#2b2b2b}</style>
</head><body><h1>${t.title}</h1><p>${t.text}</p></body></html>`;
}

function lastmodText(value: string | Date | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The files a rendered page's app needs: the chunks of the given source modules (the app, the page's
 * lazy chunk, its language's texts) and every chunk they import, less the entry's own (loaded already).
 */
export function preloadFiles(manifest: Manifest, modules: readonly string[]): string[] {
  const closure = (keys: readonly string[]) => {
    const seen = new Set<string>();
    const queue = [...keys];
    for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) continue;
      seen.add(key);
      queue.push(...(chunk.imports ?? []));
    }
    return seen;
  };
  const entry = closure(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  const files: string[] = [];
  for (const key of closure(modules)) {
    const file = manifest[key]?.file;
    if (!entry.has(key) && file?.endsWith('.js')) files.push(`/${file}`);
  }
  return files;
}

/** The app's module, which the entry starts once a rendered page has loaded. */
const APP_MODULE = 'src/main.tsx';

/** The web fonts the entry's CSS uses: every page preloads them (the first paint sets its text in them). */
export function fontPreloads(manifest: Manifest): string[] {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  return (entry?.assets ?? [])
    .filter((file) => file.endsWith('.woff2'))
    .map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${escapeHtml(file)}">`);
}

/** React's own resource hints at the start of the markup (the LCP image's preload): they belong in the head. */
const LEADING_HINTS = /^(?:<link [^>]*\/?>)+/;

export interface RenderedPage {
  markup: string;
  state: unknown;
  modules: string[];
}

/**
 * The template's values for one page: its head (with the fonts and, for a rendered page, React's
 * resource hints), the rendered markup for `#root`, and after it its state and the list of modules
 * the app needs (`#ssr-modules`: the entry preloads them when it starts the app).
 */
export function pageValues(lang: Language, head: string[], rendered?: RenderedPage): TemplateValues {
  if (!rendered) return { lang, head: head.join('\n    '), html: '', state: '' };
  const hints = LEADING_HINTS.exec(rendered.markup)?.[0] ?? '';
  const state = `<script type="application/json" id="ssr-state">${jsonForScript(rendered.state)}</script>`;
  const modules = `<script type="application/json" id="ssr-modules">${jsonForScript(rendered.modules)}</script>`;
  return {
    lang,
    head: [...head, ...(hints ? [hints] : [])].join('\n    '),
    html: rendered.markup.slice(hints.length),
    state: `${state}${modules}`,
  };
}

/**
 * The public API's GET reads answered in-process (Fastify's inject: the same routes, checks, public
 * cache and JSON as over HTTP, without a socket), as an anonymous visitor: what the server renderer's
 * loaders read, so the browser's cache starts from exactly what its own request would fetch.
 */
export function inProcessApi(app: Pick<FastifyInstance, 'inject'>): ApiRead {
  return async (url) => {
    if (!url.startsWith('/api/')) return { status: 404, body: '{}' };
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return { status: res.statusCode, body: res.body };
  };
}

export const spaRoutes: FastifyPluginAsync<SpaRoutesOptions> = async (app, options) => {
  const { seo, siteName, defaultImage } = options;
  const publicUrl = siteLinks(options.publicUrl).base;
  const root = path.resolve(options.webDist);
  const indexFile = path.join(root, 'index.html');
  const rendererFile = path.join(root, '..', 'dist-ssr', 'entry-server.js');
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const { api, cache } = options;

  // reply.sendFile only: which files exist is this plugin's index, not a wildcard route.
  await app.register(fastifyStatic, { serve: false });

  let template: ((values: TemplateValues) => string) | null = null;
  let files = new Map<string, StaticFile>();
  let lastAttempt = 0;
  let renderer: PageRenderer | null = null;
  let manifest: Manifest = {};
  let fonts: string[] = [];

  /** The build's server renderer and manifest; without them pages are the plain shell. */
  async function loadRenderer(): Promise<void> {
    renderer = null;
    try {
      manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
    } catch {
      manifest = {};
    }
    fonts = fontPreloads(manifest);
    if (!api || !cache) return;
    try {
      const version = (await stat(rendererFile)).mtimeMs;
      const module = (await import(`${pathToFileURL(rendererFile).href}?v=${version}`)) as { default: PageRenderer };
      renderer = module.default;
    } catch (error) {
      app.log.warn(
        { err: error, rendererFile },
        'no server renderer in the web build: pages are rendered in the browser',
      );
    }
  }

  async function load(): Promise<boolean> {
    lastAttempt = Date.now();
    try {
      const html = await readFile(indexFile, 'utf8');
      files = await indexDist(root);
      template = compileTemplate(html);
      await loadRenderer();
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      return false;
    }
  }

  if (!(await load())) {
    app.log.warn(
      { webDist: root },
      `web app is not built (${indexFile} is missing): pages answer 503 until you run \`npm run build\``,
    );
  }

  /** While the build is missing, look again at most every 2 s so a later build is picked up. */
  async function ensureLoaded(): Promise<boolean> {
    if (template !== null) return true;
    if (Date.now() - lastAttempt < 2_000) return false;
    const loaded = await load();
    if (loaded) app.log.info({ webDist: root }, 'web app build found; serving it');
    return loaded;
  }

  /**
   * A file of the build through @fastify/static (ETag, Last-Modified, 304, HEAD, ranges,
   * streaming); which file and its headers are decided here: only files of the index, our types,
   * the precompressed sibling the client accepts.
   */
  async function sendFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
    const encoding = pickEncoding(request.headers['accept-encoding'], file);
    const variant = (encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : undefined) ?? file;
    // A rebuild under a running server deletes old files: a vanished one re-reads the build and
    // is a plain 404, never a 500 after the headers went out.
    try {
      await access(variant.file);
    } catch {
      await load();
      return reply.callNotFound();
    }
    reply
      .header('content-type', file.type)
      .header('cache-control', file.immutable ? IMMUTABLE : 'no-cache')
      .header('x-content-type-options', 'nosniff');
    if (file.br || file.gzip) reply.header('vary', 'Accept-Encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.sendFile(path.relative(root, variant.file), root, { contentType: false, cacheControl: false });
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply, urlPath: string) {
    // Tracking parameters (utm_*, fbclid, …) are not part of the page: not of its cache key, its
    // rendering, its head nor its canonical URL.
    const pageUrl = withoutTracking(request.url);
    const query = withoutTrackingParameters(flatQuery(request.query));
    const lang = pageLanguage(query, request.cookies, request.headers['accept-language']);
    const currency = pageCurrency(request.cookies);
    reply
      .header('vary', 'Cookie, Accept-Language')
      .header('content-language', lang)
      .header('x-content-type-options', 'nosniff');
    if (!(await ensureLoaded()) || template === null) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(notBuiltPage(lang));
    }
    const fill = template;
    const resolveHead = async () => {
      const resolved = await seo.resolve(urlPath, query, lang, request.log);
      const tags = headTags(resolved, {
        siteName,
        publicUrl,
        lang,
        urlLang: urlLanguage(query),
        path: normalizePath(urlPath),
        ...(defaultImage ? { defaultImage } : {}),
      });
      return { status: resolved.status, tags: [...tags, ...fonts] };
    };
    const shell = async () => {
      const { status, tags } = await resolveHead();
      return { status, html: fill(pageValues(lang, tags)) };
    };
    const page = async () => {
      const [head, rendered] = await Promise.all([
        resolveHead(),
        renderer && api ? renderer.render({ url: pageUrl, lang, currency, api }) : null,
      ]);
      if (!rendered) return { status: head.status, html: fill(pageValues(lang, head.tags)) };
      const modules = preloadFiles(manifest, [APP_MODULE, ...rendered.modules]);
      return {
        status: head.status,
        html: fill(pageValues(lang, head.tags, { markup: rendered.html, state: rendered.state, modules })),
      };
    };
    if (!cache) {
      const { status, html } = await shell();
      // no-cache: the shell is small and names the current asset hashes, so it is always revalidated.
      return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    try {
      return await cache.replyPage(request, reply, `${lang} ${currency} ${pageUrl}`, page);
    } catch (error) {
      // A page that fails to render is still served: as the shell, rendered in the browser (not kept).
      request.log.error({ err: error, url: request.url }, 'server rendering failed; sending the shell');
      const { status, html } = await shell();
      return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const rawPath = request.url.split('?')[0] ?? '/';
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(rawPath);
    } catch {
      return reply.callNotFound();
    }
    if (NOT_SPA.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`))) {
      return reply.callNotFound();
    }
    if (urlPath.includes('\0')) return reply.callNotFound();
    await ensureLoaded();
    const file = files.get(urlPath);
    if (file) return sendFile(request, reply, file);
    // A missing hashed asset (an old tab after a deploy) is a plain 404, not an HTML page the
    // browser would try to run as a script.
    if (urlPath.startsWith('/assets/')) return reply.callNotFound();
    if (!acceptsHtml(request, urlPath)) return reply.callNotFound();
    return sendPage(request, reply, urlPath);
  };

  // HEAD is declared rather than derived: Fastify's derived HEAD routes report Content-Length 0
  // when the GET handler sends no body.
  app.route({ method: ['GET', 'HEAD'], url: '/', handler });
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler });

  app.get('/robots.txt', async (_request, reply) => {
    const feeds = options.feeds ?? [];
    const lines = [
      'User-agent: *',
      ...[...disallowedPrefixes(), ...SERVER_ONLY_DISALLOW].map((p) => `Disallow: ${p}`),
      'Allow: /',
      ...feeds.map((p) => `Allow: ${p}`),
      '',
      ...(feeds.length > 0 ? ['# Product feeds:', ...feeds.map((p) => `# ${publicUrl}${p}`), ''] : []),
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const entries = (await seo.sitemapEntries(request.log)).filter((e) => e.path.startsWith('/'));
    const urls: string[] = [];
    for (const entry of entries) {
      const lastmod = lastmodText(entry.lastmod);
      const alternates = [...LANGUAGES, 'x-default' as const]
        .map(
          (alt) =>
            `    <xhtml:link rel="alternate" hreflang="${alt}" href="${escapeHtml(languageUrl(publicUrl, entry.path, alt))}"/>`,
        )
        .join('\n');
      for (const lang of LANGUAGES) {
        urls.push(
          [
            '  <url>',
            `    <loc>${escapeHtml(languageUrl(publicUrl, entry.path, lang))}</loc>`,
            ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
            alternates,
            '  </url>',
          ].join('\n'),
        );
      }
    }
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });
};
