/**
 * Server-rendered pages:
 * - the cached page: GET / (the page cache answers it, as a visitor's browser without compression
 *   would ask) against the constant-body floor serving the same bytes, 50 connections, interleaved
 *   rounds (shop.ts); target ≥ 0.7×;
 * - the JavaScript of `/`, `/shop`, `/training` and a product page in Chromium under Lighthouse's
 *   mobile throttling: what started loading before the load event (all a rendered page loads for its
 *   first paint: its app starts after that event) and everything until the app runs the page
 *   (`<html data-app="ready">`: hydrated), each summed as gzip -9 of the bytes served; the hydrated
 *   figure is judged against the page's budget (scripts/js-budgets.json, which `npm test` checks on
 *   the build's own count).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../../e2e/src/chromium';
import { type Load, SHOP_MIN_RATIO, shopVersusConstant } from './shop';

export const FIRST_PAINT_MAX_KIB = 100;

interface Budget {
  path: string;
  targetKiB: number;
  ceilingKiB?: number;
}
const BUDGETS = JSON.parse(readFileSync(new URL('../../scripts/js-budgets.json', import.meta.url), 'utf8')) as {
  toleranceShare: number;
  pages: Record<string, Budget>;
};

/** The budget of a page's address (`/shop/<id>` is the product page's). */
function budgetOf(path: string): Budget | undefined {
  return Object.values(BUDGETS.pages).find((budget) =>
    new RegExp(`^${budget.path.replace(/:\w+/g, '[^/]+')}$`).test(path),
  );
}

export interface PageJs {
  path: string;
  /** Scripts whose fetch started before the load event. */
  firstPaintGzipBytes: number;
  firstPaintFiles: number;
  /** Scripts requested until the app ran the page (hydration done). */
  hydratedGzipBytes: number;
  hydratedFiles: number;
  /** The page's budget of JS until hydrated (KiB), and whether the figure is within it + the tolerance. */
  targetKiB?: number;
  withinBudget?: boolean;
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
        // The app marks when it ran the page; what it starts from there on (the later texts) is after hydration.
        const readyAt = performance.getEntriesByName('atelier:app-ready')[0]?.startTime ?? Number.POSITIVE_INFINITY;
        const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
          /\.m?js(\?|$)/.test(new URL(entry.name).pathname),
        );
        return { loadAt, readyAt, scripts: scripts.map((entry) => ({ url: entry.name, start: entry.startTime })) };
      });
      const before = new Set(timeline.scripts.filter((script) => script.start < timeline.loadAt).map((s) => s.url));
      const until = new Set(timeline.scripts.filter((script) => script.start <= timeline.readyAt).map((s) => s.url));
      const sizes = new Map<string, number>();
      for (const url of until) sizes.set(url, await gzipSize(url));
      const sum = (urls: Set<string>) => [...urls].reduce((total, url) => total + (sizes.get(url) ?? 0), 0);
      const budget = budgetOf(path);
      results.push({
        path,
        firstPaintGzipBytes: sum(before),
        firstPaintFiles: before.size,
        hydratedGzipBytes: sum(until),
        hydratedFiles: until.size,
        ...(budget
          ? {
              targetKiB: budget.targetKiB,
              withinBudget: sum(until) <= budget.targetKiB * 1024 * (1 + BUDGETS.toleranceShare),
            }
          : {}),
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
  const products = (await (await fetch(`${baseUrl}/api/shop?limit=1`)).json()) as { data: { id: string }[] };
  const product = products.data[0];
  const js = await pageJs(baseUrl, ['/', '/shop', '/training', ...(product ? [`/shop/${product.id}`] : [])]);
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
      `JS of ${page.path.length > 16 ? `${page.path.slice(0, 15)}…` : page.path}: first paint | hydrated`,
      `${kib(page.firstPaintGzipBytes)} in ${page.firstPaintFiles} files | ${kib(page.hydratedGzipBytes)} in ${page.hydratedFiles} files (gzip -9)${
        page.targetKiB === undefined
          ? ''
          : ` — target ${page.targetKiB} KiB: ${page.hydratedGzipBytes <= page.targetKiB * 1024 ? 'met' : page.withinBudget ? 'within 10 %' : 'NOT met'}`
      }`,
    ]),
    [`first-paint JS target (≤ ${FIRST_PAINT_MAX_KIB} KiB)`, bench.firstPaintTargetMet ? 'met' : 'NOT met'],
  ];
}
