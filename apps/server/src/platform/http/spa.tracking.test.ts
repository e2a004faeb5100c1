/**
 * Links shared on social sites and in mailings carry tracking parameters (`utm_*`, `fbclid`,
 * `yclid`, …) that no page reads: such a link is the page without them — the same cache entry (no
 * new render), the same markup, and a canonical URL without them. A stand-in renderer module in
 * dist-ssr/ records every URL it is asked to render.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withoutTracking } from './page-url';
import { createPublicCache, type PublicCache } from './public-cache';
import { createSeoRegistry } from './seo';
import { inProcessApi, spaRoutes } from './spa.routes';

const INDEX = `<!doctype html>
<html lang="<!--app-lang-->"><head><!--app-head--></head>
<body><div id="root"><!--app-html--></div><!--app-state--></body></html>
`;

const RENDERER = `
export default {
  pages: ['home', 'shop'],
  async render({ url, lang, currency }) {
    (globalThis.trackingTestUrls ??= []).push(url);
    return { html: '<main>' + url.replace(/&/g, '&amp;') + ' ' + lang + '</main>', state: {}, modules: [] };
  },
};
`;

let webRoot: string;
let app: FastifyInstance;
let cache: PublicCache;
let rendersBefore = 0;

const rendered = () => ((globalThis as { trackingTestUrls?: string[] }).trackingTestUrls ??= []);

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'atelier-web-tracking-'));
  await mkdir(path.join(webRoot, 'dist', '.vite'), { recursive: true });
  await mkdir(path.join(webRoot, 'dist-ssr'), { recursive: true });
  await writeFile(path.join(webRoot, 'dist', 'index.html'), INDEX);
  await writeFile(path.join(webRoot, 'dist', '.vite', 'manifest.json'), '{}');
  await writeFile(path.join(webRoot, 'dist-ssr', 'entry-server.js'), RENDERER);
  app = fastify({ logger: false });
  cache = createPublicCache();
  await app.register(fastifyCookie);
  await app.register(spaRoutes, {
    webDist: path.join(webRoot, 'dist'),
    publicUrl: 'https://atelier.test',
    seo: createSeoRegistry(),
    siteName: 'Atelier',
    api: inProcessApi(app),
    cache,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(webRoot, { recursive: true, force: true });
});
beforeEach(() => {
  cache.clear();
  rendered().length = 0;
  rendersBefore = cache.pageRenders;
});

const page = (url: string) => app.inject({ url, headers: { accept: 'text/html' } });
const canonical = (body: string) => /<link rel="canonical" href="([^"]*)">/.exec(body)?.[1];

describe('tracking parameters and the page cache', () => {
  it.each([
    '/?utm_source=vk&utm_medium=social&utm_campaign=spring',
    '/?fbclid=IwAR0abc',
    '/?yclid=123456&ysclid=lq1x2',
    '/?gclid=Cj0K&_openstat=ZGlyZWN0&msclkid=9f&igshid=x&mc_cid=1&mc_eid=2&_ga=2.1',
    '/?UTM_Source=newsletter',
  ])('%s after / is a cache hit: no new render, the same page', async (url) => {
    const first = await page('/');
    expect(first.headers['x-cache']).toBe('MISS');
    const tracked = await page(url);
    expect(tracked.statusCode).toBe(200);
    expect(tracked.headers['x-cache']).toBe('HIT');
    expect(tracked.body).toBe(first.body);
    expect(cache.pageRenders - rendersBefore).toBe(1);
    expect(rendered()).toEqual(['/']);
  });

  it('a page with a parameter it reads keeps it: /shop?category=book with utm_* is /shop?category=book', async () => {
    const first = await page('/shop?utm_source=tg&category=book&fbclid=z');
    expect(first.headers['x-cache']).toBe('MISS');
    expect(rendered()).toEqual(['/shop?category=book']);
    expect((await page('/shop?category=book')).headers['x-cache']).toBe('HIT');
    // A parameter a page reads is never dropped: another category is another page.
    expect((await page('/shop?category=tools&utm_source=tg')).headers['x-cache']).toBe('MISS');
    expect(rendered()).toEqual(['/shop?category=book', '/shop?category=tools']);
  });

  it('the canonical URL and og:url of a tracked link have no tracking parameters', async () => {
    const res = await page('/?lang=en&utm_source=vk&fbclid=abc&yclid=1');
    expect(canonical(res.body)).toBe('https://atelier.test/?lang=en');
    expect(res.body).not.toMatch(/utm_|fbclid|yclid/);
    expect(rendered()).toEqual(['/?lang=en']);
  });

  it.each([
    ['/?utm_source=x', '/'],
    ['/shop?category=book&utm_medium=cpc', '/shop?category=book'],
    ['/shop?utm_medium=cpc&category=book&sort=name', '/shop?category=book&sort=name'],
    ['/shop?utm%5Fsource=x&search=a%26b', '/shop?search=a%26b'],
    ['/shop?from=vk', '/shop?from=vk'],
    ['/shop?utm=1&fbclid2=x', '/shop?utm=1&fbclid2=x'],
    ['/shop?&&utm_source=x&', '/shop'],
    ['/shop', '/shop'],
  ])('withoutTracking(%s) → %s', (url, expected) => {
    expect(withoutTracking(url)).toBe(expected);
  });
});
