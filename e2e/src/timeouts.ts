/**
 * Every time limit of the journeys comes from one setting, E2E_TIME_FACTOR (default 3): each limit
 * below is what the step takes at worst on the 2-core machine the suite was measured on, times the
 * factor, so a machine three times slower still passes. Nothing here is a product timer: a journey
 * waits on a state (a response, the DOM, a mail, a row) and these only bound how long.
 *
 *   E2E_TIME_FACTOR=6 npm run test:e2e     # on a machine you know to be much slower
 */
const raw = Number(process.env.E2E_TIME_FACTOR ?? 3);
export const TIME_FACTOR = Number.isFinite(raw) && raw >= 1 ? raw : 3;

/** A limit for a step that takes up to `ms` on the reference machine. */
export function budget(ms: number): number {
  return Math.round(ms * TIME_FACTOR);
}

/** One journeys' test (the longest takes ~35 s on the reference machine under the suite's load). */
export const TEST_TIMEOUT = budget(50_000);
/** beforeAll/afterAll: a server of the journey's own, a browser, fixtures. */
export const HOOK_TIMEOUT = budget(40_000);
/** One Playwright action or wait for an element (click, fill, waitFor). */
export const ACTION_TIMEOUT = budget(8_000);
/** A navigation, or a wait for the page's address to change. */
export const NAVIGATION_TIMEOUT = budget(10_000);
/** A mail to appear in the outbox (the outbox delivers every ~2 s). */
export const MAIL_TIMEOUT = budget(8_000);
/** One HTTP request of a journey's own (API call, file download). */
export const REQUEST_TIMEOUT = budget(10_000);
/** The built server's start: create and seed the embedded database. */
export const SERVER_START_TIMEOUT = budget(40_000);
