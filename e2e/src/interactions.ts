/**
 * Interaction to Next Paint as the page itself measures it (Event Timing): a PerformanceObserver
 * added before the page's own scripts keeps every event entry of an interaction (and the first
 * input, which is always reported), and `pageInp` reads the slowest interaction — INP as browsers
 * define it for a page with fewer than 50 interactions. `throttleCpu` slows the page's CPU through
 * CDP, as Lighthouse's mobile profile does (4×).
 *
 * The e2e journeys assert only that an interaction was recorded and did what it should; the figure
 * against its target is the bench's (`npm run bench -- inp`).
 */
import type { Page } from 'playwright-core';

export const INP_TARGET_MS = 200;
/** Lighthouse's mobile CPU slowdown. */
export const MOBILE_CPU_SLOWDOWN = 4;

export interface Inp {
  /** The slowest interaction's duration (input delay + processing + until the next paint), in ms. */
  inpMs: number;
  /** Interactions recorded. */
  interactions: number;
  /** Shorter than Event Timing reports: `inpMs` is that threshold, an upper bound. */
  belowReported?: boolean;
}

interface Recorded {
  id: number;
  name: string;
  duration: number;
}

declare global {
  interface Window {
    __interactions?: Recorded[];
    /** Moves the entries the observers hold but have not delivered yet into `__interactions`. */
    __takeInteractions?: () => void;
  }
}

/** Event Timing reports no interaction shorter than this (the lowest threshold it allows). */
export const REPORTED_FROM_MS = 16;

/**
 * The recorder, as the page runs it. Plain JavaScript in a string, not a function handed to
 * Playwright: a runner that keeps function names (tsx, which the bench runs on) would wrap each
 * named function in a helper the page does not have, and the recorder would stop halfway.
 */
const RECORDER = `(() => {
  const recorded = [];
  window.__interactions = recorded;
  // The first input carries its interaction's id too; the entries of one interaction are merged by id.
  const keep = (entries) => {
    for (const entry of entries) {
      if (entry.interactionId) recorded.push({ id: entry.interactionId, name: entry.name, duration: entry.duration });
    }
  };
  // 16 ms is the lowest threshold the browser allows: shorter events are reported only as the first input.
  const events = new PerformanceObserver((list) => keep(list.getEntries()));
  events.observe({ type: 'event', buffered: true, durationThreshold: 16 });
  const firstInput = new PerformanceObserver((list) => keep(list.getEntries()));
  firstInput.observe({ type: 'first-input', buffered: true });
  window.__takeInteractions = () => {
    keep(events.takeRecords());
    keep(firstInput.takeRecords());
  };
})();`;

/** Starts recording on every document the page loads from now on. */
export async function recordInteractions(page: Page): Promise<void> {
  await page.addInitScript({ content: RECORDER });
}

/** The page's INP so far, or null when no interaction has been recorded. */
export async function pageInp(page: Page): Promise<Inp | null> {
  const recorded = await page.evaluate(() => window.__interactions ?? []);
  if (recorded.length === 0) return null;
  const byInteraction = new Map<number, number>();
  for (const entry of recorded) byInteraction.set(entry.id, Math.max(byInteraction.get(entry.id) ?? 0, entry.duration));
  return { inpMs: Math.max(...byInteraction.values()), interactions: byInteraction.size };
}

/**
 * The interaction just done, once its effect is on the page: after the next paint its entry is
 * queued (then taken from the observers at once, not when they next deliver). No entry means the
 * interaction was shorter than Event Timing reports: it counts as `REPORTED_FROM_MS`, an upper bound.
 */
export async function recordedInp(page: Page): Promise<Inp> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
  const recording = await page.evaluate(() => {
    window.__takeInteractions?.();
    return typeof window.__takeInteractions === 'function';
  });
  if (!recording)
    throw new Error('the page records no interactions: recordInteractions was not called or its script failed');
  return (await pageInp(page)) ?? { inpMs: REPORTED_FROM_MS, interactions: 1, belowReported: true };
}

/**
 * Waits until the page is live: the app ran it and every control is React's (hydrated), so a tap
 * is handled when it happens, not replayed after a part finishes hydrating.
 */
export async function pageLive(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(
    () => {
      if (document.documentElement.dataset.app !== 'ready') return false;
      const controls = document.querySelectorAll('#root button, #root a[href], #root input, #root select');
      return [...controls].every((control) => Object.keys(control).some((key) => key.startsWith('__reactFiber')));
    },
    undefined,
    { timeout },
  );
}

/** Forgets what was recorded so far (to measure the next interaction alone). */
export async function forgetInteractions(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (window.__interactions) window.__interactions.length = 0;
  });
}

/**
 * The shop's filter on a phone: the filters open from the bar, then the "Книги" chip is tapped (the
 * interaction measured) and the list shows the books. Expects the signed-out shop at 360 px, in ru.
 */
export async function filterShop(page: Page, books: string[], timeout: number): Promise<Inp> {
  await page.getByText('Фильтры', { exact: true }).click();
  const chip = page.getByRole('button', { name: 'Книги', exact: true });
  await chip.waitFor();
  await forgetInteractions(page);
  await chip.click();
  await page.waitForFunction(
    (names) => {
      const shown = [...document.querySelectorAll('main ul > li article h2')].map((h) => h.textContent?.trim());
      return new URL(location.href).searchParams.get('category') === 'book' && shown[0] === names[0];
    },
    books,
    { timeout },
  );
  return recordedInp(page);
}

/**
 * Add to cart on a product's page, signed in (ru): the button is tapped (the interaction measured)
 * and the header's cart counts the item.
 */
export async function addToCart(page: Page, timeout: number): Promise<Inp> {
  const button = page.getByRole('button', { name: 'Добавить в корзину', exact: true });
  await button.waitFor();
  await forgetInteractions(page);
  await button.click();
  await page.getByRole('link', { name: 'Корзина, 1 товар' }).first().waitFor({ timeout });
  return recordedInp(page);
}

/** Slows the page's CPU `rate` times (CDP Emulation.setCPUThrottlingRate). */
export async function throttleCpu(page: Page, rate = MOBILE_CPU_SLOWDOWN): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
