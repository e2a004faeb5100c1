/**
 * Windows that close themselves (the payment and order success windows, the PayPal form once the
 * link is sent) count their seconds on the page's wall clock. A journey that has to see one holds
 * that clock still before the window opens — Playwright's page clock with a fixed time: timers,
 * animations and requests go on as usual, only `Date.now()` stands — so the window waits for the
 * journey however slow the machine is, and the journey decides when the time has passed.
 */
import type { Page } from 'playwright-core';

/** Longer than any window of the app waits before it closes itself. */
const LONGER_THAN_ANY_COUNTDOWN_MS = 60_000;

const heldAt = new WeakMap<Page, number>();

/** From now on (this page and the next ones of its context) the wall clock stands still. */
export async function holdWallClock(page: Page): Promise<void> {
  const now = Date.now();
  await page.clock.setFixedTime(now);
  heldAt.set(page, now);
}

/** The wall clock runs again, from where it stood: a window still open keeps its seconds. */
export async function releaseWallClock(page: Page): Promise<void> {
  const at = heldAt.get(page);
  if (at === undefined) throw new Error('releaseWallClock: the clock of this page is not held');
  await page.clock.setSystemTime(at);
  heldAt.delete(page);
}

/** The wall clock jumps past every countdown and runs again: a window that closes itself does. */
export async function letCountdownsEnd(page: Page): Promise<void> {
  const at = heldAt.get(page);
  if (at === undefined) throw new Error('letCountdownsEnd: the clock of this page is not held');
  await page.clock.setSystemTime(at + LONGER_THAN_ANY_COUNTDOWN_MS);
  heldAt.delete(page);
}
