/**
 * Interaction to Next Paint of the shop's category filter and of add to cart on a product's page, on
 * a 360 px phone with the CPU slowed 4× (Lighthouse's mobile profile), measured by the page's own
 * Event Timing observer (e2e/src/interactions.ts, the journeys the e2e asserts without timing).
 * Each interaction runs RUNS times in a fresh context; the median is judged against ≤ 200 ms, with
 * the machine's load average beside it (other work on the machine slows the throttled CPU too).
 */
import { loadavg } from 'node:os';
import { availableNow, type Product } from '@atelier/shared';
import { apiData, verifiedUser } from '../../e2e/src/api';
import { launchChromium, MOBILE } from '../../e2e/src/chromium';
import {
  addToCart,
  filterShop,
  INP_TARGET_MS,
  MOBILE_CPU_SLOWDOWN,
  pageLive,
  recordInteractions,
  throttleCpu,
} from '../../e2e/src/interactions';

const RUNS = 3;
const STEP_TIMEOUT_MS = 60_000;

export interface InpFigure {
  interaction: string;
  runsMs: number[];
  medianMs: number;
  loadAverage: number;
  targetMet: boolean;
}

export interface InpBench {
  cpuSlowdown: number;
  targetMs: number;
  interactions: InpFigure[];
  targetsMet: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function inpBench(baseUrl: string): Promise<InpBench> {
  const books = (await apiData<Product[]>(baseUrl, '/shop?category=book&limit=12')).map((product) => product.name.ru);
  const bouquets = await apiData<Product[]>(baseUrl, '/shop?category=collection&limit=100');
  const product = bouquets.find((item) => availableNow(item));
  if (!product || books.length === 0) throw new Error('bench: the demo catalogue has no books or no bouquet in stock');

  const browser = await launchChromium();
  try {
    const measure = async (name: string, run: (index: number) => Promise<number>): Promise<InpFigure> => {
      const loadAverage = Math.round((loadavg()[0] ?? 0) * 100) / 100;
      const runsMs: number[] = [];
      for (let index = 0; index < RUNS; index += 1) runsMs.push(await run(index));
      const medianMs = median(runsMs);
      return { interaction: name, runsMs, medianMs, loadAverage, targetMet: medianMs <= INP_TARGET_MS };
    };
    const page = async (token?: string) => {
      const context = await browser.newContext({ viewport: MOBILE, locale: 'ru-RU', baseURL: baseUrl });
      // The cookie choice made, as a returning visitor's: the banner never covers the page.
      await context.addInitScript((value) => {
        if (window.localStorage.getItem('cookieConsent') === null) window.localStorage.setItem('cookieConsent', 'true');
        if (value) window.localStorage.setItem('token', value);
      }, token ?? '');
      const opened = await context.newPage();
      await recordInteractions(opened);
      await throttleCpu(opened, MOBILE_CPU_SLOWDOWN);
      return opened;
    };
    const ready = (opened: Awaited<ReturnType<typeof page>>) => pageLive(opened, STEP_TIMEOUT_MS);

    const filter = await measure('shop filter (a category chip)', async () => {
      const opened = await page();
      try {
        await opened.goto('/shop');
        await ready(opened);
        return (await filterShop(opened, books, STEP_TIMEOUT_MS)).inpMs;
      } finally {
        await opened.context().close();
      }
    });
    const { token } = await verifiedUser(baseUrl, `bench-inp-${Date.now()}@bench.test`);
    const cart = await measure('add to cart (product page)', async () => {
      // Each run starts from an empty cart: the header then counts the one item added.
      await apiData(baseUrl, '/cart', { token, method: 'PUT', body: { items: [] } });
      const opened = await page(token);
      try {
        await opened.goto(`/shop/${product.id}`);
        await ready(opened);
        return (await addToCart(opened, STEP_TIMEOUT_MS)).inpMs;
      } finally {
        await opened.context().close();
      }
    });
    const interactions = [filter, cart];
    return {
      cpuSlowdown: MOBILE_CPU_SLOWDOWN,
      targetMs: INP_TARGET_MS,
      interactions,
      targetsMet: interactions.every((figure) => figure.targetMet),
    };
  } finally {
    await browser.close();
  }
}

export function inpRows(bench: InpBench): [string, string][] {
  return bench.interactions.map((figure): [string, string] => [
    `INP, ${figure.interaction}, CPU ${bench.cpuSlowdown}× (≤ ${bench.targetMs} ms)`,
    `median ${figure.medianMs} ms of ${figure.runsMs.join(' / ')} ms (load ${figure.loadAverage}) — ${figure.targetMet ? 'met' : 'NOT met'}`,
  ]);
}
