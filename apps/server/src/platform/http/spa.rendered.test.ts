/**
 * Server-rendered pages through the SPA plugin, with a stand-in renderer module in dist-ssr/ (the
 * real one is the web build's, exercised in Chromium): the markup goes into #root with its state and
 * preloads, pages are cached per URL, language and currency with an ETag, every content write drops
 * them, and a page that fails to render is the plain shell, never a 500 and never kept.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPublicCache, type PublicCache } from './public-cache';
import { createSeoRegistry } from './seo';
import { inProcessApi, preloadFiles, spaRoutes } from './spa.routes';

const INDEX = `<!doctype html>
<html lang="<!--app-lang-->">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-AbCdEf12.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/helper-Qq77Rr88.js">
  </head>
  <body><div id="root"><!--app-html--></div><!--app-state--></body>
</html>
`;

const MANIFEST = {
  'index.html': {
    file: 'assets/index-AbCdEf12.js',
    isEntry: true,
    imports: ['_helper-Qq77Rr88.js'],
    css: ['assets/index-Ii99Jj00.css'],
    assets: ['assets/manrope-Kk11Ll22.woff2', 'assets/flower-Mm33Nn44.svg'],
  },
  '_helper-Qq77Rr88.js': { file: 'assets/helper-Qq77Rr88.js' },
  'src/main.tsx': { file: 'assets/main-Oo55Pp66.js', imports: ['_react-Aa11Bb22.js', '_helper-Qq77Rr88.js'] },
  '_react-Aa11Bb22.js': { file: 'assets/react-Aa11Bb22.js' },
  '_query-Cc33Dd44.js': { file: 'assets/query-Cc33Dd44.js', imports: ['_react-Aa11Bb22.js'] },
  'src/locales/en/index.ts': { file: 'assets/en-Ee55Ff66.js' },
  'src/shop-page.tsx': { file: 'assets/shop-page-Gg77Hh88.js', imports: ['_query-Cc33Dd44.js'], css: ['x.css'] },
};

/**
 * Renders `/` and `/shop` from the API read in-process (the about title), records each call in
 * globalThis, fails on `?boom`, declines `/other`.
 */
const RENDERER = `
export default {
  pages: ['home', 'shop'],
  async render({ url, lang, currency, api }) {
    globalThis.renderCalls = (globalThis.renderCalls ?? 0) + 1;
    if (url.includes('boom')) throw new Error('renderer failed');
    if (url.startsWith('/other')) return null;
    const about = await api('/api/landing/about');
    const title = JSON.parse(about.body).data.title.ru;
    return {
      html: '<link rel="preload" as="image" imageSrcSet="/uploads/a-thumb.webp 320w" fetchPriority="high"/>' +
        '<main><h1>' + title.replace(/</g, '&lt;') + '</h1><p>' + lang + ' ' + currency + '</p></main>',
      state: { lang, currency, queries: { title } },
      modules: ['src/locales/' + lang + '/index.ts', ...(url.startsWith('/shop') ? ['src/shop-page.tsx'] : [])],
    };
  },
};
`;

let webRoot: string;
let title = 'Цветы из шёлка';

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'atelier-web-'));
  await mkdir(path.join(webRoot, 'dist', 'assets'), { recursive: true });
  await mkdir(path.join(webRoot, 'dist', '.vite'), { recursive: true });
  await mkdir(path.join(webRoot, 'dist-ssr'), { recursive: true });
  await writeFile(path.join(webRoot, 'dist', 'index.html'), INDEX);
  await writeFile(path.join(webRoot, 'dist', '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(path.join(webRoot, 'dist-ssr', 'entry-server.js'), RENDERER);
});
afterAll(async () => {
  await rm(webRoot, { recursive: true, force: true });
});

let app: FastifyInstance;
let cache: PublicCache;
afterEach(async () => {
  await app?.close();
  title = 'Цветы из шёлка';
});

const calls = () => (globalThis as { renderCalls?: number }).renderCalls ?? 0;

async function build(options: { withData?: boolean } = {}) {
  app = fastify({ logger: false });
  cache = createPublicCache();
  await app.register(fastifyCookie);
  // The public read the renderer's loader asks for, answered in-process.
  app.get('/api/landing/about', async () => ({
    success: true,
    data: { title: { ru: title }, content: { ru: '' }, image: null },
  }));
  await app.register(spaRoutes, {
    webDist: path.join(webRoot, 'dist'),
    publicUrl: 'https://atelier.test',
    seo: createSeoRegistry(),
    siteName: 'Atelier',
    ...(options.withData === false ? {} : { api: inProcessApi(app), cache }),
  });
  await app.ready();
  return app;
}

const HTML = { accept: 'text/html' };

describe('server-rendered pages', () => {
  it('puts the markup in #root, its state after it and the page chunks in the head', async () => {
    await build();
    title = 'Розы </script><script>alert(1)</script>';
    const res = await app.inject({ url: '/shop?lang=en', headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<div id="root"><main><h1>Розы &lt;/script>&lt;script>alert(1)&lt;/script></h1><p>en RUB</p></main></div>',
    );
    const state = /<script type="application\/json" id="ssr-state">([^<]*)<\/script>/.exec(res.body);
    expect(JSON.parse(state?.[1] ?? 'null')).toEqual({ lang: 'en', currency: 'RUB', queries: { title } });
    // The app, the page's chunk, their imports and the language's texts, for the entry to preload
    // when it starts the app; never what the entry loads itself, and nothing preloaded up front.
    const modules = /<script type="application\/json" id="ssr-modules">([^<]*)<\/script>/.exec(res.body);
    expect((JSON.parse(modules?.[1] ?? '[]') as string[]).sort()).toEqual(
      [
        '/assets/en-Ee55Ff66.js',
        '/assets/main-Oo55Pp66.js',
        '/assets/query-Cc33Dd44.js',
        '/assets/react-Aa11Bb22.js',
        '/assets/shop-page-Gg77Hh88.js',
      ].sort(),
    );
    expect([...res.body.matchAll(/rel="modulepreload"/g)]).toHaveLength(1);
    expect(res.body).toContain('<html lang="en">');
    // React's hint for the LCP image and the web fonts are in the head, before any markup.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="preload" as="image" imageSrcSet="/uploads/a-thumb.webp 320w" fetchPriority="high"/>',
    );
    expect(head).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/manrope-Kk11Ll22.woff2">',
    );
    expect(head).not.toContain('flower-Mm33Nn44.svg');
  });

  it('renders in the language of Accept-Language and the currency of the cookie', async () => {
    await build();
    const res = await app.inject({
      url: '/',
      headers: { ...HTML, 'accept-language': 'es-ES,es;q=0.9', cookie: 'currency=USD' },
    });
    expect(res.body).toContain('<p>es USD</p>');
    expect(res.headers['content-language']).toBe('es');
    expect(res.headers.vary).toContain('Cookie');
    expect(res.headers.vary).toContain('Accept-Language');
    const junk = await app.inject({ url: '/', headers: { ...HTML, cookie: 'currency=XXX; lang=zz' } });
    expect(junk.body).toContain('<p>ru RUB</p>');
  });

  it('keeps a rendered page per URL, language and currency, with an ETag and 304', async () => {
    await build();
    const before = calls();
    const first = await app.inject({ url: '/', headers: HTML });
    const again = await app.inject({ url: '/', headers: HTML });
    expect(first.headers['x-cache']).toBe('MISS');
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toBe(first.body);
    // Revalidated on every visit, and never stored by a shared cache (the page depends on cookies).
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(calls() - before).toBe(1);
    const etag = String(first.headers.etag);
    const revalidated = await app.inject({ url: '/', headers: { ...HTML, 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const euro = await app.inject({ url: '/', headers: { ...HTML, cookie: 'currency=EUR' } });
    expect(euro.headers['x-cache']).toBe('MISS');
    expect(euro.body).toContain('<p>ru EUR</p>');
    expect(euro.headers.etag).not.toBe(etag);
  });

  it('drops rendered pages with any content write, so the next one shows the change', async () => {
    await build();
    const first = await app.inject({ url: '/', headers: HTML });
    expect(first.body).toContain('Цветы из шёлка');
    title = 'Пионы';
    expect((await app.inject({ url: '/', headers: HTML })).body).toContain('Цветы из шёлка');
    cache.invalidate('landing');
    const after = await app.inject({ url: '/', headers: HTML });
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body).toContain('<h1>Пионы</h1>');
  });

  it('sends the plain shell when rendering fails, and keeps nothing', async () => {
    await build();
    const before = calls();
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ url: '/?boom=1', headers: HTML });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('ssr-state');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect(calls() - before).toBe(2);
  });

  it('sends the shell for pages the renderer does not render, and without page data', async () => {
    await build();
    const other = await app.inject({ url: '/other', headers: HTML });
    expect(other.body).toContain('<div id="root"></div>');
    // The shell preloads the fonts too.
    expect(other.body).toContain('href="/assets/manrope-Kk11Ll22.woff2"');
    await app.close();
    await build({ withData: false });
    const plain = await app.inject({ url: '/', headers: HTML });
    expect(plain.body).toContain('<div id="root"></div>');
    expect(plain.headers['cache-control']).toBe('no-cache');
  });
});

describe('inProcessApi', () => {
  it('answers the public API in-process as an anonymous visitor, and nothing outside /api', async () => {
    app = fastify({ logger: false });
    app.get('/api/who', async (request) => ({ data: { authorization: request.headers.authorization ?? null } }));
    app.get('/private', async () => ({ data: 'no' }));
    const api = inProcessApi(app);
    expect(await api('/api/who?x=1')).toEqual({ status: 200, body: '{"data":{"authorization":null}}' });
    expect((await api('/api/missing')).status).toBe(404);
    expect((await api('/private')).status).toBe(404);
  });
});

describe('preloadFiles', () => {
  it('follows imports, skips the entry’s own chunks, unknown modules and CSS', () => {
    expect(preloadFiles(MANIFEST, ['src/shop-page.tsx', 'src/missing.ts']).sort()).toEqual(
      ['/assets/shop-page-Gg77Hh88.js', '/assets/query-Cc33Dd44.js', '/assets/react-Aa11Bb22.js'].sort(),
    );
  });
});
