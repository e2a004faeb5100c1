import { LANGUAGES, PAGE_LIST, PAGE_TEXTS } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { compilePattern, createSeoRegistry, languageUrl, normalizePath, type SeoLog } from './seo';

function recordingLog() {
  const errors: { obj: object; msg: string }[] = [];
  const log: SeoLog = { error: (obj, msg) => errors.push({ obj, msg }) };
  return { log, errors };
}

describe('route patterns', () => {
  it.each([
    ['/', '/', {}],
    ['/shop', '/shop', {}],
    ['/shop', '/shop/x', null],
    ['/training-detail/:id', '/training-detail/abc', { id: 'abc' }],
    ['/training-detail/:id', '/training-detail', null],
    ['/training-detail/:id', '/training-detail/a/b', null],
    ['/profile/*', '/profile', { '*': '' }],
    ['/profile/*', '/profile/orders/12', { '*': 'orders/12' }],
    ['/admin/*', '/administrator', null],
  ])('%s matches %s → %j', (pattern, path, expected) => {
    expect(compilePattern(pattern)(path)).toEqual(expected);
  });

  it.each([
    ['/', '/'],
    ['/shop/', '/shop'],
    ['/a/b//', '/a/b'],
  ])('normalizePath(%s) = %s', (input, output) => {
    expect(normalizePath(input)).toBe(output);
  });

  it.each([
    ['/shop', 'ru', 'https://a.test/shop'],
    ['/shop', 'x-default', 'https://a.test/shop'],
    ['/shop', 'en', 'https://a.test/shop?lang=en'],
    ['/shop?product=7', 'es', 'https://a.test/shop?product=7&lang=es'],
  ] as const)('languageUrl(%s, %s)', (path, lang, url) => {
    expect(languageUrl('https://a.test/', path, lang)).toBe(url);
  });
});

/** A concrete URL of a declared path: `:id` → `x1`, a trailing `*` → `a/b`. */
const sampleUrl = (path: string) => path.replace(/:\w+/g, 'x1').replace(/\*$/, 'a/b');

describe('the pages declared in @atelier/shared are the pages the server knows', () => {
  it.each(PAGE_LIST.map((page) => [page.path, page] as const))(
    '%s answers 200 with its title in ru, en and es and its noindex',
    async (_path, page) => {
      const seo = createSeoRegistry();
      for (const lang of LANGUAGES) {
        const resolved = await seo.resolve(sampleUrl(page.path), {}, lang, recordingLog().log);
        expect(resolved).toMatchObject({ known: true, status: 200, noindex: page.noindex });
        expect(resolved.title).toBe(PAGE_TEXTS[page.text].title[lang]);
        expect(resolved.title.trim()).not.toBe('');
      }
    },
  );

  it('the static sitemap entries are exactly the pages declared for it', async () => {
    const entries = await createSeoRegistry().sitemapEntries(recordingLog().log);
    expect(entries.map((entry) => entry.path)).toEqual(PAGE_LIST.filter((p) => p.sitemap).map((p) => p.path));
  });

  it('refuses a resolver for a path that is not a declared page', () => {
    expect(() => createSeoRegistry().register('/shop/:id/reviews', () => null)).toThrow(/not a page declared/);
  });
});

describe('SEO registry', () => {
  it('gives route defaults in the requested language', async () => {
    const seo = createSeoRegistry();
    const { log } = recordingLog();
    const shop = await seo.resolve('/shop', {}, 'en', log);
    expect(shop).toMatchObject({ known: true, status: 200, title: 'Shop', noindex: false, canonical: '/shop' });
    expect(shop.description).toContain('bouquets');
    const cart = await seo.resolve('/cart/', {}, 'es', log);
    expect(cart).toMatchObject({ known: true, status: 200, title: 'Carrito', noindex: true });
  });

  it.each([
    '/account',
    '/profile',
    '/profile/orders',
    '/admin',
    '/admin/shop',
    '/auth',
    '/checkout',
    '/cart',
    '/payment/success',
    '/order/success',
  ])('marks %s noindex', async (path) => {
    const seo = createSeoRegistry();
    expect((await seo.resolve(path, {}, 'ru', recordingLog().log)).noindex).toBe(true);
  });

  it('answers unknown paths as not found and noindex', async () => {
    const seo = createSeoRegistry();
    const page = await seo.resolve('/no/such/page', {}, 'ru', recordingLog().log);
    expect(page).toMatchObject({ known: false, status: 404, title: 'Страница не найдена', noindex: true });
  });

  it('merges registered resolvers: later fields win, JSON-LD accumulates', async () => {
    const seo = createSeoRegistry();
    const calls: unknown[] = [];
    seo.register('/shop', (_params, query, lang) => {
      calls.push({ query, lang });
      if (!query.product) return null;
      return {
        title: 'Пион',
        description: 'Пион из шёлка',
        image: '/uploads/p.webp',
        ogType: 'product',
        canonical: `/shop?product=${query.product}`,
        jsonLd: [{ '@type': 'Product', name: 'Пион' }],
      };
    });
    seo.register('/shop', async () => ({ jsonLd: [{ '@type': 'BreadcrumbList' }] }));
    const page = await seo.resolve('/shop', { product: '42', utm_source: 'x' }, 'ru', recordingLog().log);
    expect(page).toMatchObject({
      title: 'Пион',
      description: 'Пион из шёлка',
      image: '/uploads/p.webp',
      ogType: 'product',
      canonical: '/shop?product=42',
      isHome: false,
      jsonLd: [{ '@type': 'Product', name: 'Пион' }, { '@type': 'BreadcrumbList' }],
    });
    expect(calls).toEqual([{ query: { product: '42', utm_source: 'x' }, lang: 'ru' }]);
  });

  it('passes route params and lets a resolver set the status (unknown lesson → 404, noindex)', async () => {
    const seo = createSeoRegistry();
    seo.register('/training-detail/:id', ({ id }) => (id === 'known' ? { title: 'Роза' } : { status: 404 }));
    const { log } = recordingLog();
    expect(await seo.resolve('/training-detail/known', {}, 'ru', log)).toMatchObject({ status: 200, title: 'Роза' });
    expect(await seo.resolve('/training-detail/gone', {}, 'ru', log)).toMatchObject({ status: 404, noindex: true });
  });

  it('cannot make a private page indexable', async () => {
    const seo = createSeoRegistry();
    seo.register('/admin/*', () => ({ noindex: false }));
    expect((await seo.resolve('/admin/x', {}, 'ru', recordingLog().log)).noindex).toBe(true);
  });

  it('falls back to the defaults and logs when a resolver throws or hangs', async () => {
    const seo = createSeoRegistry({ resolverTimeoutMs: 50 });
    seo.register('/shop', () => {
      throw new Error('db down');
    });
    seo.register('/shop', () => new Promise(() => {}));
    seo.register('/shop', async () => ({ description: 'still here' }));
    const { log, errors } = recordingLog();
    const page = await seo.resolve('/shop', {}, 'ru', log);
    expect(page).toMatchObject({ status: 200, title: 'Магазин', description: 'still here' });
    expect(errors.map((e) => e.msg)).toEqual([
      'SEO resolver failed; using defaults',
      'SEO resolver failed; using defaults',
    ]);
  });

  it('lists static public pages and source URLs in the sitemap, skipping a failing source', async () => {
    const seo = createSeoRegistry();
    seo.addSitemapSource(async () => [{ path: '/training-detail/1', lastmod: '2025-01-02' }, { path: '/shop' }]);
    seo.addSitemapSource(async () => {
      throw new Error('db down');
    });
    const { log, errors } = recordingLog();
    const entries = await seo.sitemapEntries(log);
    const paths = entries.map((e) => e.path);
    expect(paths).toEqual([
      '/',
      '/training',
      '/shop',
      '/gift-certificates',
      '/privacy',
      '/terms',
      '/agreement',
      '/training-detail/1',
    ]);
    expect(errors).toHaveLength(1);
  });
});
