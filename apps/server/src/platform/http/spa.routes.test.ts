import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { disallowedPrefixes, PAGE_LIST } from '@atelier/shared';
import fastifyCookie from '@fastify/cookie';
import fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { securityPlugin } from './security';
import { createSeoRegistry, type SeoRegistry } from './seo';
import { jsonForScript, pageLanguage, pickEncoding, spaRoutes } from './spa.routes';

const PRECOMPRESS = fileURLToPath(new URL('../../../scripts/precompress.mjs', import.meta.url));
const PUBLIC_URL = 'https://atelier.test';
const JS = `console.log(${JSON.stringify('цветы '.repeat(400))});\n`;
const INDEX = `<!doctype html>
<html lang="<!--app-lang-->">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-AbCdEf12.js"></script>
  </head>
  <body><div id="root"><!--app-html--></div><!--app-state--></body>
</html>
`;

let dist: string;

async function makeDist(dir: string) {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), INDEX);
  await writeFile(path.join(dir, 'assets', 'index-AbCdEf12.js'), JS);
  await writeFile(path.join(dir, 'assets', 'style-Zz99Yy88.css'), 'body{color:red}');
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dir, '.env'), 'SECRET=1');
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'atelier-dist-'));
  await makeDist(dist);
  await promisify(execFile)(process.execPath, [PRECOMPRESS, dist]);
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

async function build(options: { webDist?: string; seo?: SeoRegistry; logLines?: string[] } = {}) {
  const app = fastify({
    logger: options.logLines
      ? { level: 'info', stream: { write: (line: string) => options.logLines?.push(line) } }
      : false,
  });
  // Stands in for the app's not-found handler (the error envelope) that callNotFound reaches.
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ success: false, code: 'NOT_FOUND', message: 'Ресурс не найден' }),
  );
  app.get('/api/health', async () => ({ ok: true }));
  // As in app.ts: the plugin that parses the `lang` cookie.
  await app.register(fastifyCookie);
  await app.register(spaRoutes, {
    webDist: options.webDist ?? dist,
    publicUrl: `${PUBLIC_URL}/`,
    seo: options.seo ?? createSeoRegistry(),
    siteName: 'Atelier',
  });
  await app.ready();
  return app;
}

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
  vi.restoreAllMocks();
});

describe('precompress script', () => {
  it('writes .br and .gz beside large text assets only, never for index.html', async () => {
    const exists = (f: string) =>
      stat(path.join(dist, f)).then(
        () => true,
        () => false,
      );
    expect(await exists('assets/index-AbCdEf12.js.br')).toBe(true);
    expect(await exists('assets/index-AbCdEf12.js.gz')).toBe(true);
    expect(await exists('assets/style-Zz99Yy88.css.br')).toBe(false); // under 1 KB
    expect(await exists('index.html.br')).toBe(false);
    const br = await readFile(path.join(dist, 'assets/index-AbCdEf12.js.br'));
    expect(brotliDecompressSync(br).toString('utf8')).toBe(JS);
  });
});

describe('static files of the build', () => {
  it('serves hashed assets immutable, precompressed with brotli when accepted', async () => {
    app = await build();
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-AbCdEf12.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(JS);

    const gz = await app.inject({
      method: 'GET',
      url: '/assets/index-AbCdEf12.js',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(JS);

    const plain = await app.inject({ method: 'GET', url: '/assets/index-AbCdEf12.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
    expect(plain.headers.etag).not.toBe(res.headers.etag);
  });

  it('answers 304 for a matching ETag and HEAD without a body', async () => {
    app = await build();
    const first = await app.inject({ method: 'GET', url: '/assets/style-Zz99Yy88.css' });
    expect(first.headers['content-type']).toBe('text/css; charset=utf-8');
    const again = await app.inject({
      method: 'GET',
      url: '/assets/style-Zz99Yy88.css',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const head = await app.inject({ method: 'HEAD', url: '/assets/style-Zz99Yy88.css' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('15');
    expect(head.body).toBe('');
  });

  it('revalidates files without a content hash', async () => {
    app = await build();
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['/assets/missing-12345678.js', HTML],
    ['/.env', {}],
    ['/..%2F..%2Fetc%2Fpasswd.txt', {}],
    ['/assets%2F..%2F..%2Fpackage.json', {}],
    ['/missing.png', { accept: 'image/avif,image/webp,*/*' }],
    ['/api/nothing', HTML],
    ['/uploads/x.webp', HTML],
    ['/dev/mail', HTML],
  ])('%s falls through to the JSON 404', async (url, headers) => {
    app = await build();
    const res = await app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers 404, not 500, for a file a rebuild deleted under the running server, and serves the new build', async () => {
    const rebuilt = await mkdtemp(path.join(os.tmpdir(), 'atelier-rebuild-'));
    try {
      await makeDist(rebuilt);
      app = await build({ webDist: rebuilt });
      await rm(path.join(rebuilt, 'assets'), { recursive: true, force: true });
      await mkdir(path.join(rebuilt, 'assets'));
      await writeFile(path.join(rebuilt, 'assets', 'index-NewHash99.js'), JS);
      const gone = await app.inject({ method: 'GET', url: '/assets/index-AbCdEf12.js' });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      const fresh = await app.inject({ method: 'GET', url: '/assets/index-NewHash99.js' });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.body).toBe(JS);
    } finally {
      await rm(rebuilt, { recursive: true, force: true });
    }
  });

  it('leaves other routes alone', async () => {
    app = await build();
    expect((await app.inject({ method: 'GET', url: '/api/health', headers: HTML })).json()).toEqual({ ok: true });
  });
});

describe('SPA pages', () => {
  it('renders the home page with title, description, canonical, hreflang, OpenGraph and JSON-LD', async () => {
    app = await build();
    const res = await app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-language']).toBe('ru');
    const html = res.body;
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('<title>Atelier — цветы из шёлка ручной работы</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toMatch(/<meta name="description" content="Авторские цветы из шёлка[^"]*">/);
    expect(html).toContain('<link rel="canonical" href="https://atelier.test/">');
    expect(html).toContain('<link rel="alternate" hreflang="ru" href="https://atelier.test/">');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://atelier.test/?lang=en">');
    expect(html).toContain('<link rel="alternate" hreflang="es" href="https://atelier.test/?lang=es">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://atelier.test/">');
    expect(html).toContain('<meta property="og:title" content="Atelier — цветы из шёлка ручной работы">');
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toContain('<meta property="og:url" content="https://atelier.test/">');
    expect(html).toContain('<meta property="og:locale" content="ru_RU">');
    expect(html).toContain('<meta property="og:locale:alternate" content="en_US">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('name="robots"');
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1] ?? ''),
    );
    expect(ld).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: 'Atelier',
        url: 'https://atelier.test/',
        inLanguage: 'ru',
      },
    ]);
    // The template's own tags survive.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-AbCdEf12.js"></script>');
  });

  it.each([
    [{ cookie: 'theme=dark; lang=en' }, '/shop', 'en', '<title>Shop — Atelier</title>'],
    [{ 'accept-language': 'es-ES,es;q=0.9' }, '/shop?lang=es', 'es', '<title>Tienda — Atelier</title>'],
    // Without a choice (no ?lang, no cookie) the browser's languages decide; the web app takes <html lang>.
    [{ 'accept-language': 'es-ES,es;q=0.9' }, '/shop', 'es', '<title>Tienda — Atelier</title>'],
    [{ 'accept-language': 'de-DE,fr;q=0.9' }, '/shop', 'ru', '<title>Магазин — Atelier</title>'],
    [{ cookie: 'lang=ru', 'accept-language': 'en' }, '/shop', 'ru', '<title>Магазин — Atelier</title>'],
    [{ cookie: 'lang=es', 'accept-language': 'en' }, '/shop?lang=en', 'en', '<title>Shop — Atelier</title>'],
    [{ cookie: 'lang=de' }, '/shop', 'ru', '<title>Магазин — Atelier</title>'],
  ])(
    'picks the language from ?lang, then the cookie, then Accept-Language, then ru (%j %s)',
    async (headers, url, lang, title) => {
      app = await build();
      const res = await app.inject({ method: 'GET', url, headers: { ...HTML, ...headers } });
      expect(res.body).toContain(`<html lang="${lang}">`);
      expect(res.body).toContain(title);
      expect(res.headers.vary).toContain('Cookie');
    },
  );

  const ALTERNATES = [
    '<link rel="alternate" hreflang="ru" href="https://atelier.test/">',
    '<link rel="alternate" hreflang="en" href="https://atelier.test/?lang=en">',
    '<link rel="alternate" hreflang="es" href="https://atelier.test/?lang=es">',
    '<link rel="alternate" hreflang="x-default" href="https://atelier.test/">',
  ];

  it.each([
    [{ 'accept-language': 'en-US,en;q=0.9' }, 'en'],
    [{ cookie: 'lang=es', 'accept-language': 'ru' }, 'es'],
    [{ 'accept-language': 'en-US,en;q=0.9' }, 'en', '/?lang=de'],
  ])(
    'renders the bare URL in the language asked for (%j) as a copy of that language URL: canonical to it, no alternates',
    async (headers, lang, url = '/') => {
      app = await build();
      const res = await app.inject({ method: 'GET', url, headers: { ...HTML, ...headers } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-language']).toBe(lang);
      expect(res.headers.vary).toMatch(/Cookie/);
      expect(res.headers.vary).toMatch(/Accept-Language/);
      expect(res.body).toContain(`<html lang="${lang}">`);
      expect(res.body).toContain(`<link rel="canonical" href="https://atelier.test/?lang=${lang}">`);
      expect(res.body).toContain(`<meta property="og:url" content="https://atelier.test/?lang=${lang}">`);
      // The bare URL must not be declared the Russian version while it holds another language.
      expect(res.body).not.toContain('hreflang=');
    },
  );

  it.each([
    ['/?lang=en', { 'accept-language': 'ru' }, 'en'],
    ['/?lang=es', {}, 'es'],
    ['/?lang=en', { cookie: 'lang=es' }, 'en'],
    ['/', { cookie: 'lang=ru', 'accept-language': 'en' }, 'ru'],
    ['/', { 'accept-language': 'de' }, 'ru'],
  ])('renders %s (%j) at its own language URL with every alternate', async (url, headers, lang) => {
    app = await build();
    const res = await app.inject({ method: 'GET', url, headers: { ...HTML, ...headers } });
    expect(res.body).toContain(`<html lang="${lang}">`);
    const canonical = lang === 'ru' ? 'https://atelier.test/' : `https://atelier.test/?lang=${lang}`;
    expect(res.body).toContain(`<link rel="canonical" href="${canonical}">`);
    for (const alternate of ALTERNATES) expect(res.body).toContain(alternate);
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });

  it('uses the ?lang URL of the served language as canonical', async () => {
    app = await build();
    const res = await app.inject({ method: 'GET', url: '/training?lang=es&utm_source=x', headers: HTML });
    expect(res.body).toContain('<link rel="canonical" href="https://atelier.test/training?lang=es">');
    expect(res.body).toContain('<meta property="og:locale" content="es_ES">');
  });

  it.each([
    '/',
    '/training',
    '/training-detail',
    '/training-detail/3f1c',
    '/shop',
    '/shop/',
    '/cart',
    '/checkout',
    '/order/success',
    '/payment/success',
    '/payment/cancel',
    '/payment/processing',
    '/auth',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password/abc123',
    '/account',
    '/account/orders',
    '/account/security',
    '/account/orders/3f1c',
    '/auth/verify-link',
    '/profile/orders',
    '/admin',
    '/admin/reviews',
    '/privacy',
    '/terms',
    '/agreement',
    '/404',
  ])('serves the SPA with 200 for %s', async (url) => {
    app = await build();
    const res = await app.inject({ method: 'GET', url, headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it.each(['/nope', '/shop/extra/segments', '/index.html', '/training-detail/1/2'])(
    'serves the SPA with 404 and noindex for unknown %s',
    async (url) => {
      app = await build();
      const res = await app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<title>Страница не найдена — Atelier</title>');
      expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    },
  );

  it('treats an extension-less path as a page for curl-like clients', async () => {
    app = await build();
    const res = await app.inject({ method: 'GET', url: '/training', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it.each([
    '/account',
    '/profile/x',
    '/admin/shop',
    '/auth',
    '/checkout',
    '/cart',
    '/payment/cancel',
    '/order/success',
  ])('marks %s noindex without canonical or hreflang', async (url) => {
    app = await build();
    const res = await app.inject({ method: 'GET', url, headers: HTML });
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.body).not.toContain('rel="canonical"');
    expect(res.body).not.toContain('hreflang');
  });

  it('answers HEAD for a page without a body', async () => {
    app = await build();
    const res = await app.inject({ method: 'HEAD', url: '/shop', headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe('');
  });

  it('injects what features register, escaped, including product JSON-LD and image', async () => {
    const seo = createSeoRegistry();
    seo.register('/shop', (_params, query) =>
      query.product
        ? {
            title: 'Пион "Нежность" <b>&</b>',
            description: 'Описание </title><script>alert(1)</script>',
            image: '/uploads/products/peony-large.webp',
            ogType: 'product',
            canonical: `/shop?product=${query.product}`,
            jsonLd: [
              { '@context': 'https://schema.org', '@type': 'Product', name: '</script><script>alert(1)</script>' },
            ],
          }
        : null,
    );
    app = await build({ seo });
    const res = await app.inject({ method: 'GET', url: '/shop?product=p1&lang=en', headers: HTML });
    const html = res.body;
    expect(html).toContain('<title>Пион &quot;Нежность&quot; &lt;b&gt;&amp;&lt;/b&gt; — Atelier</title>');
    expect(html).toContain('content="Описание &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<link rel="canonical" href="https://atelier.test/shop?product=p1&amp;lang=en">');
    expect(html).toContain(
      '<meta property="og:image" content="https://atelier.test/uploads/products/peony-large.webp">',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta property="og:type" content="product">');
    const block = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(block).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(block).name).toBe('</script><script>alert(1)</script>');
  });

  it('still serves the page with defaults when a resolver throws, and logs it', async () => {
    const seo = createSeoRegistry();
    seo.register('/training', () => {
      throw new Error('db down');
    });
    const logLines: string[] = [];
    app = await build({ seo, logLines });
    const res = await app.inject({ method: 'GET', url: '/training', headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Видеоуроки — Atelier</title>');
    expect(logLines.some((l) => l.includes('SEO resolver failed'))).toBe(true);
  });
});

describe('when the web app is not built', () => {
  it('warns once and answers pages with a 503 explaining how to build; picks the build up later', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'atelier-nodist-'));
    try {
      const logLines: string[] = [];
      app = await build({ webDist: path.join(empty, 'dist'), logLines });
      expect(logLines.filter((l) => l.includes('web app is not built'))).toHaveLength(1);

      const res = await app.inject({ method: 'GET', url: '/shop?lang=en', headers: HTML });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('npm run build');
      expect(res.body).toContain('The web app is not built');
      const asset = await app.inject({ method: 'GET', url: '/assets/index-AbCdEf12.js' });
      expect(asset.statusCode).toBe(404);

      await makeDist(path.join(empty, 'dist'));
      const later = Date.now() + 5_000;
      vi.spyOn(Date, 'now').mockReturnValue(later);
      const built = await app.inject({ method: 'GET', url: '/shop', headers: HTML });
      expect(built.statusCode).toBe(200);
      expect(built.body).toContain('<title>Магазин — Atelier</title>');
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('disallows private areas and points at the sitemap', async () => {
    app = await build();
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    for (const p of ['/admin', '/account', '/profile', '/api/', '/dev/', '/checkout', '/cart']) {
      expect(res.body).toContain(`Disallow: ${p}\n`);
    }
    expect(res.body).toContain('Sitemap: https://atelier.test/sitemap.xml');
  });

  it('disallows exactly the pages declared `disallow` (and the API and dev pages), no public page', async () => {
    app = await build();
    const body = (await app.inject({ method: 'GET', url: '/robots.txt' })).body;
    const disallowed = [...body.matchAll(/^Disallow: (.+)$/gm)].map((match) => match[1]);
    expect(disallowed).toEqual([...disallowedPrefixes(), '/api/', '/dev/']);
    for (const page of PAGE_LIST.filter((p) => !p.disallow)) {
      expect(
        disallowed.filter((prefix) => page.path.startsWith(prefix!)),
        page.path,
      ).toEqual([]);
    }
    for (const page of PAGE_LIST.filter((p) => p.disallow)) {
      expect(
        disallowed.some((prefix) => page.path.startsWith(prefix!)),
        page.path,
      ).toBe(true);
    }
  });

  it('lists public pages and registered URLs in every language with hreflang alternates', async () => {
    const seo = createSeoRegistry();
    seo.addSitemapSource(async () => [
      { path: '/shop?product=p1', lastmod: new Date('2025-03-04T05:06:07Z') },
      { path: 'not-a-path' },
    ]);
    app = await build({ seo });
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.body;
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    for (const loc of [
      'https://atelier.test/',
      'https://atelier.test/?lang=en',
      'https://atelier.test/training?lang=es',
      'https://atelier.test/privacy',
      'https://atelier.test/shop?product=p1&amp;lang=en',
    ]) {
      expect(xml).toContain(`<loc>${loc}</loc>`);
    }
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://atelier.test/shop?product=p1"/>',
    );
    expect(xml).toContain('<lastmod>2025-03-04T05:06:07.000Z</lastmod>');
    expect(xml).not.toContain('/admin');
    expect(xml).not.toContain('not-a-path');
    // 7 static pages + 1 product, each in 3 languages.
    expect(xml.match(/<url>/g)).toHaveLength(24);
  });
});

describe('behind the security plugin', () => {
  it('does not compress a precompressed asset twice, compresses pages, and keeps the CSP', async () => {
    app = fastify();
    await app.register(fastifyCookie);
    await app.register(securityPlugin, { publicUrl: PUBLIC_URL });
    await app.register(spaRoutes, {
      webDist: dist,
      publicUrl: PUBLIC_URL,
      seo: createSeoRegistry(),
      siteName: 'Atelier',
    });
    const asset = await app.inject({
      method: 'GET',
      url: '/assets/index-AbCdEf12.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.rawPayload).toString('utf8')).toBe(JS);
    const page = await app.inject({ method: 'GET', url: '/', headers: { ...HTML, 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString('utf8')).toContain('<html lang="ru">');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('helpers', () => {
  it.each([
    ['gzip, deflate, br', { br: true, gzip: true }, 'br'],
    ['gzip', { br: true, gzip: true }, 'gzip'],
    ['br;q=0, gzip;q=0.5', { br: true, gzip: true }, 'gzip'],
    ['*', { br: true, gzip: false }, 'br'],
    ['identity', { br: true, gzip: true }, null],
    [undefined, { br: true, gzip: true }, null],
    ['br', { br: false, gzip: true }, null],
  ])('pickEncoding(%s, %j) = %s', (header, has, expected) => {
    const variant = { file: 'x', size: 1 };
    const file = { ...(has.br ? { br: variant } : {}), ...(has.gzip ? { gzip: variant } : {}) };
    expect(pickEncoding(header, file)).toBe(expected);
  });

  it('escapes what could end a script block in JSON-LD', () => {
    const out = jsonForScript({ a: '</script>&\u2028' });
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(out)).toEqual({ a: '</script>&\u2028' });
  });

  it('reads the language from query, then cookie, then defaults to ru', () => {
    const cookies = (header: string) => fastifyCookie.parse(header);
    expect(pageLanguage({ lang: 'es' }, cookies('lang=en'))).toBe('es');
    expect(pageLanguage({}, cookies('a=1; lang=en'))).toBe('en');
    expect(pageLanguage({ lang: 'xx' }, cookies(''))).toBe('ru');
    expect(pageLanguage({}, {})).toBe('ru');
  });
});
