/**
 * Server-rendered pages:
 * - the cached page: GET / (the page cache answers it, as a visitor's browser without compression
 *   would ask) against the constant-body floor serving the same bytes, 50 connections, interleaved
 *   rounds (shop.ts); target ≥ 0.7×;
 * - the JavaScript of `/` and `/shop` in Chromium under Lighthouse's mobile throttling: what started
 *   loading before the load event (all a rendered page loads for its first paint: its app starts
 *   after that event) and everything until the app runs the page (`<html data-app="ready">`:
 *   hydrated), each summed as gzip -9 of the bytes served.
 */
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../../e2e/src/chromium';
import { type Load, SHOP_MIN_RATIO, shopVersusConstant } from './shop';

export const FIRST_PAINT_MAX_KIB = 100;

export interface PageJs {
  path: string;
  /** Scripts whose fetch started before the load event. */
  firstPaintGzipBytes: number;
  firstPaintFiles: number;
  /** Scripts requested until the app ran the page (hydration done). */
  hydratedGzipBytes: number;
  hydratedFiles: number;
}

export interface PagesBench {
  cachedPage: Load;
  constant: Load;
  pageBytes: number;
  ratio: number;
  ratioTargetMet: boolean;
  js: PageJs[];
  firstPaintTargetMet: boolean;
}

async function gzipSize(url: string): Promise<number> {
  return gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
}

export async function pageJs(baseUrl: string, paths: string[]): Promise<PageJs[]> {
  const browser = await launchChromium();
  try {
    const results: PageJs[] = [];
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ru-RU' });
      const page = await context.newPage();
      // Lighthouse's mobile conditions: slow 4G (150 ms, 1.6 Mbit/s down) and a 4× slower CPU, so the
      // order of paint and loads is a phone's, not this machine's.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(new URL(path, baseUrl).href, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', undefined, {
        timeout: 60_000,
      });
      // From the page's own timeline: scripts whose fetch started before the load event (what the
      // page loaded for its first paint) and every script until the app ran.
      const timeline = await page.evaluate(() => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        const loadAt = navigation?.loadEventStart ?? Number.POSITIVE_INFINITY;
        const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
          /\.m?js(\?|$)/.test(new URL(entry.name).pathname),
        );
        return { loadAt, scripts: scripts.map((entry) => ({ url: entry.name, start: entry.startTime })) };
      });
      const before = new Set(timeline.scripts.filter((script) => script.start < timeline.loadAt).map((s) => s.url));
      const until = new Set(timeline.scripts.map((script) => script.url));
      const sizes = new Map<string, number>();
      for (const url of until) sizes.set(url, await gzipSize(url));
      const sum = (urls: Set<string>) => [...urls].reduce((total, url) => total + (sizes.get(url) ?? 0), 0);
      results.push({
        path,
        firstPaintGzipBytes: sum(before),
        firstPaintFiles: before.size,
        hydratedGzipBytes: sum(until),
        hydratedFiles: until.size,
      });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

export async function pagesBench(
  baseUrl: string,
  constantFor: (body: Buffer) => Promise<{ url: string; stop(): void }>,
  seconds: number,
): Promise<PagesBench> {
  const pageUrl = `${baseUrl}/`;
  const res = await fetch(pageUrl, { headers: { accept: 'text/html' } });
  if (res.status !== 200 || res.headers.get('x-cache') === null) throw new Error(`GET / answered ${res.status}`);
  const body = Buffer.from(await res.arrayBuffer());
  if (!body.includes('id="ssr-state"')) throw new Error('GET / is not server-rendered');
  const constant = await constantFor(body);
  let load: Awaited<ReturnType<typeof shopVersusConstant>>;
  try {
    load = await shopVersusConstant(pageUrl, constant.url, body.length, seconds);
  } finally {
    constant.stop();
  }
  const js = await pageJs(baseUrl, ['/', '/shop']);
  return {
    cachedPage: load.shop,
    constant: load.constant,
    pageBytes: body.length,
    ratio: load.ratio,
    ratioTargetMet: load.ratio >= SHOP_MIN_RATIO && load.shop.non2xx === 0 && load.shop.errors === 0,
    js,
    firstPaintTargetMet: js.every((page) => page.firstPaintGzipBytes <= FIRST_PAINT_MAX_KIB * 1024),
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function pagesRows(bench: PagesBench): [string, string][] {
  return [
    [
      `GET / (cached page, ${bench.pageBytes} bytes)`,
      `${bench.cachedPage.requestsPerSecond} req/s, p99 ${bench.cachedPage.latencyP99Ms} ms`,
    ],
    ['constant body, same size', `${bench.constant.requestsPerSecond} req/s, p99 ${bench.constant.latencyP99Ms} ms`],
    [`cached page / constant (≥ ${SHOP_MIN_RATIO}×)`, `${bench.ratio} — ${bench.ratioTargetMet ? 'met' : 'NOT met'}`],
    ...bench.js.map((page): [string, string] => [
      `JS of ${page.path}: first paint | hydrated`,
      `${kib(page.firstPaintGzipBytes)} in ${page.firstPaintFiles} files | ${kib(page.hydratedGzipBytes)} in ${page.hydratedFiles} files (gzip -9)`,
    ]),
    [`first-paint JS target (≤ ${FIRST_PAINT_MAX_KIB} KiB)`, bench.firstPaintTargetMet ? 'met' : 'NOT met'],
  ];
}
