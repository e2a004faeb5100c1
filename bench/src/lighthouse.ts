/**
 * Lighthouse (npm `lighthouse`, Debian's Chromium via CHROME_PATH or /usr/bin/chromium) on the
 * public pages a customer lands on from a link: `/`, `/shop`, `/training`, a lesson page and a
 * product page. Mobile
 * profile with simulated throttling (Lighthouse's default), the four categories, best of three runs
 * per page (by performance score; the others are stable), each in a fresh Chromium.
 */
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../../e2e/src/chromium';

export const LIGHTHOUSE_TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  cls: 0.05,
} as const;
const RUNS = 3;

export interface PageScores {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The machine's 1-minute load average when the best run started (the machine may be shared). */
  loadAverage: number;
  targetsMet: boolean;
}

interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
  };
}

async function once(url: string): Promise<Omit<PageScores, 'path' | 'targetsMet'>> {
  const loadAverage = Math.round((loadavg()[0] ?? 0) * 100) / 100;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    // The machine's Chromium flags, minus --headless (chrome-launcher passes its own).
    chromeFlags: [...CHROMIUM_ARGS.filter((flag) => !flag.startsWith('--headless')), '--headless=new'],
  });
  try {
    const result = (await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // Lighthouse's own Accept-Language (the browser's, English here): the bare URL is then the
      // English copy of `?lang=en`, which must pass the SEO audits too (decision 0073).
    })) as LighthouseResult | undefined;
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const score = (key: string) => Math.round((result.lhr.categories[key]?.score ?? 0) * 100);
    const audit = (key: string) => result.lhr.audits[key]?.numericValue ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      loadAverage,
    };
  } finally {
    chrome.kill();
  }
}

/** The pages, each the best of RUNS runs. */
export async function lighthouseBench(baseUrl: string): Promise<PageScores[]> {
  const lessons = (await (await fetch(`${baseUrl}/api/training/lessons?limit=1`)).json()) as { data: { id: string }[] };
  const lesson = lessons.data[0];
  const products = (await (await fetch(`${baseUrl}/api/shop?limit=1`)).json()) as { data: { id: string }[] };
  const product = products.data[0];
  const paths = [
    '/',
    '/shop',
    '/training',
    ...(lesson ? [`/training-detail/${lesson.id}`] : []),
    ...(product ? [`/shop/${product.id}`] : []),
  ];
  const pages: PageScores[] = [];
  for (const path of paths) {
    let best: Omit<PageScores, 'path' | 'targetsMet'> | undefined;
    for (let run = 0; run < RUNS; run += 1) {
      const scores = await once(`${baseUrl}${path}`);
      if (!best || scores.performance > best.performance) best = scores;
    }
    if (!best) continue;
    pages.push({
      path,
      ...best,
      targetsMet:
        best.performance >= LIGHTHOUSE_TARGETS.performance &&
        best.accessibility >= LIGHTHOUSE_TARGETS.accessibility &&
        best.bestPractices >= LIGHTHOUSE_TARGETS.bestPractices &&
        best.seo >= LIGHTHOUSE_TARGETS.seo &&
        best.cls <= LIGHTHOUSE_TARGETS.cls,
    });
  }
  return pages;
}

export function lighthouseRows(pages: PageScores[]): [string, string][] {
  const t = LIGHTHOUSE_TARGETS;
  return [
    [
      'Lighthouse mobile, best of 3 (targets)',
      `perf ≥ ${t.performance}, a11y ${t.accessibility}, best practices ${t.bestPractices}, SEO ${t.seo}, CLS ≤ ${t.cls}`,
    ],
    ...pages.map((page): [string, string] => [
      `  ${page.path.length > 30 ? `${page.path.slice(0, 27)}…` : page.path}`,
      `perf ${page.performance}, a11y ${page.accessibility}, bp ${page.bestPractices}, SEO ${page.seo}; FCP ${page.fcpMs} ms, LCP ${page.lcpMs} ms, TBT ${page.tbtMs} ms, CLS ${page.cls} (load ${page.loadAverage}) — ${page.targetsMet ? 'met' : 'NOT met'}`,
    ]),
  ];
}
