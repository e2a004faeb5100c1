/**
 * Per-route SEO for the server-rendered SPA shell (DESIGN §2 "SEO"): titles and descriptions per
 * route in ru/en/es, robots rules, canonical + hreflang URLs, and a registry through which
 * features add data (a product's name, image and Product JSON-LD for /shop?product=<id>; the
 * artisan's Person/LocalBusiness and AggregateRating on the home page) and sitemap URLs.
 *
 * Language URLs: ru, the default language, lives at the bare path; en and es at `?lang=en` /
 * `?lang=es`. x-default is the bare path. Every language version is its own canonical URL.
 */
import { DEFAULT_LANGUAGE, type Language } from '@atelier/shared';

type Texts = Record<Language, string>;

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
  /** Adds a resolver for a route pattern (`/shop`, `/training-detail/:id`, `/profile/*`). */
  register(pattern: string, resolver: SeoResolver): void;
  /** Adds URLs to /sitemap.xml (products, lessons, ...). */
  addSitemapSource(source: SitemapSource): void;
  resolve(path: string, query: Record<string, string>, lang: Language, log: SeoLog): Promise<ResolvedSeo>;
  sitemapEntries(log: SeoLog): Promise<SitemapEntry[]>;
}

interface PageDefaults {
  pattern: string;
  title: Texts;
  description?: Texts;
  noindex?: boolean;
  /** Listed in /sitemap.xml. */
  sitemap?: boolean;
}

const SITE_DESCRIPTION: Texts = {
  ru: 'Авторские цветы из шёлка ручной работы: портфолио, магазин букетов, книг, инструментов и материалов, видеоуроки по флористике из ткани.',
  en: 'Handmade silk flowers by an independent artisan: portfolio, a shop of bouquets, books, tools and materials, and video lessons in fabric floristry.',
  es: 'Flores de seda hechas a mano por una artesana: portafolio, tienda de ramos, libros, herramientas y materiales, y videolecciones de floristería en tela.',
};

const ACCOUNT_TITLE: Texts = { ru: 'Личный кабинет', en: 'My account', es: 'Mi cuenta' };
const ADMIN_TITLE: Texts = { ru: 'Панель администратора', en: 'Admin panel', es: 'Panel de administración' };
const LESSON: Pick<PageDefaults, 'title' | 'description'> = {
  title: { ru: 'Видеоурок', en: 'Video lesson', es: 'Videolección' },
  description: {
    ru: 'Видеоурок по созданию цветов из шёлка с методическими материалами на русском, английском и испанском.',
    en: 'A video lesson on making silk flowers, with methodology sheets in Russian, English and Spanish.',
    es: 'Una videolección sobre cómo hacer flores de seda, con material metodológico en ruso, inglés y español.',
  },
};
export const NOT_FOUND_TITLE: Texts = { ru: 'Страница не найдена', en: 'Page not found', es: 'Página no encontrada' };

/** Every route of the SPA (SPEC §2, DESIGN §7); anything else is served as a 404. */
export const SPA_PAGES: PageDefaults[] = [
  {
    pattern: '/',
    title: {
      ru: 'цветы из шёлка ручной работы',
      en: 'handmade silk flowers',
      es: 'flores de seda hechas a mano',
    },
    description: SITE_DESCRIPTION,
    sitemap: true,
  },
  {
    pattern: '/training',
    title: { ru: 'Видеоуроки', en: 'Video lessons', es: 'Videolecciones' },
    description: {
      ru: 'Видеоуроки по созданию цветов из шёлка — от основ до продвинутых техник, с методическими материалами.',
      en: 'Video lessons on making silk flowers, from the basics to advanced techniques, with methodology sheets.',
      es: 'Videolecciones para crear flores de seda, desde lo básico hasta técnicas avanzadas, con material metodológico.',
    },
    sitemap: true,
  },
  { pattern: '/training-detail', ...LESSON },
  { pattern: '/training-detail/:id', ...LESSON },
  {
    pattern: '/training-course/:id',
    title: { ru: 'Курс', en: 'Course', es: 'Curso' },
    description: {
      ru: 'Курс или мастер-класс по созданию цветов из шёлка: уроки по порядку, уровень, длительность и цена.',
      en: 'A course or master class on making silk flowers: its lessons in order, level, duration and price.',
      es: 'Un curso o clase magistral de flores de seda: sus lecciones en orden, nivel, duración y precio.',
    },
  },
  {
    pattern: '/shop',
    title: { ru: 'Магазин', en: 'Shop', es: 'Tienda' },
    description: {
      ru: 'Букеты и цветы из шёлка, книги, инструменты и материалы для флористики из ткани. Доставка курьером, в пункт выдачи и почтой.',
      en: 'Silk flower bouquets, books, tools and materials for fabric floristry. Delivery by courier, to a pickup point or by post.',
      es: 'Ramos y flores de seda, libros, herramientas y materiales para floristería en tela. Envío por mensajero, a punto de recogida o por correo.',
    },
    sitemap: true,
  },
  { pattern: '/cart', title: { ru: 'Корзина', en: 'Cart', es: 'Carrito' }, noindex: true },
  { pattern: '/checkout', title: { ru: 'Оформление заказа', en: 'Checkout', es: 'Finalizar compra' }, noindex: true },
  {
    pattern: '/order/success',
    title: { ru: 'Заказ оформлен', en: 'Order placed', es: 'Pedido realizado' },
    noindex: true,
  },
  {
    pattern: '/payment/success',
    title: { ru: 'Оплата прошла успешно', en: 'Payment successful', es: 'Pago realizado' },
    noindex: true,
  },
  {
    pattern: '/payment/cancel',
    title: { ru: 'Оплата отменена', en: 'Payment cancelled', es: 'Pago cancelado' },
    noindex: true,
  },
  {
    pattern: '/payment/processing',
    title: { ru: 'Обработка оплаты', en: 'Processing payment', es: 'Procesando el pago' },
    noindex: true,
  },
  {
    pattern: '/auth',
    title: { ru: 'Вход и регистрация', en: 'Sign in or register', es: 'Iniciar sesión o registrarse' },
    noindex: true,
  },
  {
    pattern: '/auth/verify-link',
    title: { ru: 'Подтверждение email', en: 'Confirm your email', es: 'Confirmar el correo' },
    noindex: true,
  },
  { pattern: '/login', title: { ru: 'Вход', en: 'Sign in', es: 'Iniciar sesión' }, noindex: true },
  { pattern: '/register', title: { ru: 'Регистрация', en: 'Register', es: 'Registro' }, noindex: true },
  {
    pattern: '/forgot-password',
    title: { ru: 'Восстановление пароля', en: 'Reset your password', es: 'Restablecer la contraseña' },
    noindex: true,
  },
  {
    pattern: '/reset-password/:token',
    title: { ru: 'Новый пароль', en: 'Set a new password', es: 'Nueva contraseña' },
    noindex: true,
  },
  { pattern: '/account', title: ACCOUNT_TITLE, noindex: true },
  { pattern: '/account/orders/:id', title: ACCOUNT_TITLE, noindex: true },
  { pattern: '/profile/*', title: ACCOUNT_TITLE, noindex: true },
  { pattern: '/admin', title: ADMIN_TITLE, noindex: true },
  { pattern: '/admin/*', title: ADMIN_TITLE, noindex: true },
  {
    pattern: '/privacy',
    title: { ru: 'Политика конфиденциальности', en: 'Privacy policy', es: 'Política de privacidad' },
    sitemap: true,
  },
  {
    pattern: '/terms',
    title: { ru: 'Публичная оферта', en: 'Terms of sale', es: 'Condiciones de venta' },
    sitemap: true,
  },
  {
    pattern: '/agreement',
    title: { ru: 'Пользовательское соглашение', en: 'User agreement', es: 'Acuerdo de usuario' },
    sitemap: true,
  },
  { pattern: '/404', title: NOT_FOUND_TITLE, noindex: true },
];

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

/** The URL of `pathWithQuery` in `lang`: ru at the bare URL, en/es with `lang=xx` appended. */
export function languageUrl(publicUrl: string, pathWithQuery: string, lang: Language | 'x-default'): string {
  const base = publicUrl.replace(/\/+$/, '');
  if (lang === DEFAULT_LANGUAGE || lang === 'x-default') return `${base}${pathWithQuery}`;
  return `${base}${pathWithQuery}${pathWithQuery.includes('?') ? '&' : '?'}lang=${lang}`;
}

export interface SeoRegistryOptions {
  /** Resolvers slower than this are abandoned so a slow query cannot hold the page back. */
  resolverTimeoutMs?: number;
}

export function createSeoRegistry(options: SeoRegistryOptions = {}): SeoRegistry {
  const timeoutMs = options.resolverTimeoutMs ?? 2_000;
  const pages = SPA_PAGES.map((page) => ({ page, match: compilePattern(page.pattern) }));
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
      resolvers.push({ pattern, match: compilePattern(pattern), resolver });
    },

    addSitemapSource(source) {
      sources.push(source);
    },

    async resolve(rawPath, query, lang, log) {
      const path = normalizePath(rawPath);
      const known = pages.find(({ match }) => match(path) !== null)?.page;
      const page = known ?? { pattern: '', title: NOT_FOUND_TITLE, noindex: true };
      const result: ResolvedSeo = {
        known: known !== undefined,
        status: known ? 200 : 404,
        title: page.title[lang],
        description: (page.description ?? SITE_DESCRIPTION)[lang],
        jsonLd: [],
        ogType: 'website',
        noindex: page.noindex === true || !known,
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
        if (extra.noindex !== undefined) result.noindex = extra.noindex || page.noindex === true;
        if (extra.status && extra.status >= 200 && extra.status < 600) result.status = extra.status;
        if (extra.jsonLd) result.jsonLd.push(...extra.jsonLd);
      }
      if (result.status >= 400) result.noindex = true;
      return result;
    },

    async sitemapEntries(log) {
      const staticEntries: SitemapEntry[] = SPA_PAGES.filter((p) => p.sitemap).map((p) => ({ path: p.pattern }));
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
