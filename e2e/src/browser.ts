/**
 * Chromium for the journeys: Debian's /usr/bin/chromium driven by playwright-core (never a
 * downloaded browser). One browser for the whole run (launched by the global setup), one
 * connection to it per test file, a new context per test, closed when the test ends; a failing
 * test leaves a full-page screenshot in e2e/.artifacts/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';
import { connectChromium, DESKTOP, MOBILE } from './chromium';
import { REPO_ROOT } from './server';
import { ACTION_TIMEOUT, NAVIGATION_TIMEOUT } from './timeouts';

export { DESKTOP, MOBILE } from './chromium';

export function baseUrl(): string {
  return inject('baseUrl');
}

export interface PageOptions extends BrowserContextOptions {
  /** Store the cookie choice before the app runs so the banner never covers the page (default true). */
  consent?: boolean;
  mobile?: boolean;
}

export interface BrowserSession {
  readonly browser: Browser;
  /** A page in a fresh context; both are closed when the current test finishes. */
  newPage(options?: PageOptions): Promise<Page>;
}

const ARTIFACTS = join(REPO_ROOT, 'e2e/.artifacts');

/** Call at the top of a test file: connects to the run's Chromium once for the file. */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await connectChromium(inject('browserEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('browser not launched yet');
      return browser;
    },
    async newPage(options: PageOptions = {}) {
      if (!browser) throw new Error('browser not launched yet');
      const { consent = true, mobile = false, ...contextOptions } = options;
      const context: BrowserContext = await browser.newContext({
        baseURL: baseUrl(),
        viewport: mobile ? MOBILE : DESKTOP,
        locale: 'ru-RU',
        ...contextOptions,
      });
      context.setDefaultTimeout(ACTION_TIMEOUT);
      context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT);
      if (consent) {
        await context.addInitScript(() => {
          if (window.localStorage.getItem('cookieConsent') === null) {
            window.localStorage.setItem('cookieConsent', 'true');
          }
        });
      }
      const page = await context.newPage();
      if (contextOptions.javaScriptEnabled !== false) {
        // A journey acts on the page once `goto`/`reload` resolve: wait for the app, not just the load event.
        const goto = page.goto.bind(page);
        const reload = page.reload.bind(page);
        page.goto = async (url, options) => {
          const response = await goto(url, options);
          if (options?.waitUntil !== 'commit') await appStartedIfApp(page);
          return response;
        };
        page.reload = async (options) => {
          const response = await reload(options);
          if (options?.waitUntil !== 'commit') await appStartedIfApp(page);
          return response;
        };
      }
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      onTestFinished(async ({ task }) => {
        if (task.result?.state === 'fail') {
          mkdirSync(ARTIFACTS, { recursive: true });
          const name = task.name.replace(/[^\w-]+/g, '_').slice(0, 100);
          await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true }).catch(() => {});
          if (errors.length) console.error(`page errors in "${task.name}":\n${errors.join('\n')}`);
        }
        await context.close();
      });
      return page;
    },
  };
}

/**
 * Waits until the page's path satisfies `check`; client-side redirects are history replacements.
 * As long as a navigation may take (30 s): a lazy page on a machine busy with other journeys.
 */
export async function waitForPath(page: Page, check: (pathname: string) => boolean, timeout = NAVIGATION_TIMEOUT) {
  await page.waitForURL((url) => check(url.pathname), { timeout, waitUntil: 'commit' });
}

/**
 * Drags `handle` with the mouse onto the middle of `target`, in small steps as a hand does (the
 * admin's reorder lists start a drag after a few pixels and follow the pointer, not DragEvents).
 */
export async function dragWithMouse(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag: handle or target is not visible');
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x, start.y + (end.y >= start.y ? 8 : -8), { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 12 });
  await page.mouse.up();
}

/**
 * Resolves once the app runs the page: React has hydrated the server-rendered markup (or rendered
 * the shell) and its effects ran, so handlers are live. A server-rendered page shows its content
 * before that (its script starts after the load event), and React hydrates its Suspense
 * boundaries one by one after the root's effects ran (<html data-app="ready">): a control whose
 * boundary is still waiting has no React node yet and its click would be lost, so every control on
 * the page must have one.
 */
function pageIsLive(orNotTheApp: boolean): boolean {
  if (orNotTheApp && document.getElementById('root') === null) return true;
  if (document.documentElement.dataset.app !== 'ready') return false;
  const controls = document.querySelectorAll('#root button, #root a[href], #root input, #root select, #root textarea');
  for (const control of controls) {
    if (!Object.keys(control).some((key) => key.startsWith('__reactFiber'))) return false;
  }
  return true;
}

export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(pageIsLive, false);
}

/** As appStarted, for a page that may not be the app at all (a payment provider's page, a file). */
async function appStartedIfApp(page: Page): Promise<void> {
  await page.waitForFunction(pageIsLive, true);
}

/** The bytes of a finished download (read through the connection: the browser is the run's, not this process's). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
