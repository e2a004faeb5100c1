/**
 * What the server sends before any script runs (SEO and hardening): per-route head tags,
 * sitemap and robots, security headers, and cache headers for the shell and the hashed assets.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../src/browser';

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, baseUrl()), { headers: { accept: 'text/html', ...headers } });
  return { res, html: await res.text() };
}

function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

function meta(html: string, attr: 'name' | 'property', key: string): string | undefined {
  const tag = new RegExp(`<meta\\s+${attr}="${key.replace(/[:.]/g, '\\$&')}"\\s+content="([^"]*)"`, 'i').exec(html);
  return tag?.[1];
}

describe('server-rendered head', () => {
  it('GET / has a title, a meta description, OpenGraph tags and hreflang alternates', async () => {
    const { res, html } = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(titleOf(html)?.length).toBeGreaterThan(5);
    expect(meta(html, 'name', 'description')?.length).toBeGreaterThan(20);
    for (const key of ['og:title', 'og:description', 'og:url', 'og:type', 'og:locale']) {
      expect(meta(html, 'property', key), key).toBeTruthy();
    }
    const hreflangs = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => m[1]);
    expect(hreflangs.sort()).toEqual(['en', 'es', 'ru', 'x-default']);
    expect(html).toMatch(/<html lang="ru"/);
  });

  it('each route has its own title, and the head follows the language (?lang=en)', async () => {
    const titles = new Map<string, string | undefined>();
    for (const path of ['/', '/shop', '/training', '/privacy']) titles.set(path, titleOf((await page(path)).html));
    expect(new Set(titles.values()).size).toBe(4);
    expect(titles.get('/shop')).toContain('Магазин');

    const en = await page('/shop?lang=en');
    expect(titleOf(en.html)).toContain('Shop');
    expect(en.html).toMatch(/<html lang="en"/);
    expect(meta(en.html, 'property', 'og:locale')).toBe('en_US');
  });

  it('/sitemap.xml lists the public pages and /robots.txt points to it', async () => {
    const sitemap = await fetch(new URL('/sitemap.xml', baseUrl()));
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain('<urlset');
    for (const path of ['/', '/shop', '/training']) expect(xml).toContain(`<loc>${baseUrl()}${path}</loc>`);

    const robots = await fetch(new URL('/robots.txt', baseUrl()));
    expect(robots.status).toBe(200);
    const text = await robots.text();
    expect(text).toMatch(/User-agent:/i);
    expect(text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
  });
});

describe('security and cache headers', () => {
  it('pages carry a CSP without unsafe-inline scripts, nosniff and frame-ancestors', async () => {
    for (const path of ['/', '/shop', '/api/health']) {
      const { res } = await page(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1];
      expect(scriptSrc, `${path}: ${csp}`).toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('the HTML shell is revalidated (no-cache) and hashed assets are immutable for a year', async () => {
    const { res, html } = await page('/');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      const file = await fetch(new URL(asset, baseUrl()), { headers: { 'accept-encoding': 'br, gzip' } });
      expect(file.status, asset).toBe(200);
      const cache = file.headers.get('cache-control') ?? '';
      expect(cache, asset).toContain('immutable');
      expect(cache, asset).toMatch(/max-age=31536000/);
      await file.arrayBuffer();
    }
    const script = assets.find((a) => a.endsWith('.js'));
    const compressed = await fetch(new URL(script ?? '/', baseUrl()), { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    await compressed.arrayBuffer();
  });

  it('an unknown API path answers 404 with the JSON error envelope, not the app shell', async () => {
    const res = await fetch(new URL('/api/no-such-endpoint', baseUrl()), { headers: { accept: 'application/json' } });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { success: boolean; code: string; message: string };
    expect(body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(body.message.length).toBeGreaterThan(0);
  });
});
