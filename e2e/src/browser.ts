/**
 * Chromium for the journeys: Debian's /usr/bin/chromium driven by playwright-core (never a
 * downloaded browser). One browser for the whole run (launched by the global setup), one
 * connection to it per test file; a failing test leaves a full-page screenshot in e2e/.artifacts/.
 *
 * Each `newPage` of a test gets a browser context of its own: two pages of one test never share
 * cookies or storage. When the test ends its context is emptied — pages closed, cookies, local
 * storage and init scripts gone — and handed to a later test of the file that asks for the same
 * options, like a customer's browser after "clear site data": what stays is the HTTP cache, so the
 * app's scripts are not fetched and compiled again for every test (about a third of the CPU of a
 * page load on a 2-core machine). A context whose clock was touched, or that the test closed, is
 * not reused. A file that counts requests or bytes asks for new contexts: `useBrowser({ fresh: true })`.
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
  /** A page in a context of its own; the page is closed and the context emptied when the current test finishes. */
  newPage(options?: PageOptions): Promise<Page>;
}

const ARTIFACTS = join(REPO_ROOT, 'e2e/.artifacts');

/** Storage a test may leave behind on a site (the HTTP cache is kept on purpose). */
const SITE_DATA = 'cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems,websql';

interface Pooled {
  context: BrowserContext;
  key: string;
  busy: boolean;
  /** Closed by its test, or its clock was installed: never handed out again. */
  spent: boolean;
  /** Origins its pages visited: their site data is cleared before the next test. */
  origins: Set<string>;
  /** Init scripts the test added (a sign-in token, a currency): removed before the next test. */
  scripts: { [Symbol.asyncDispose](): Promise<void> }[];
}

async function createContext(browser: Browser, key: string, options: PageOptions): Promise<Pooled> {
  const { consent = true, mobile = false, ...contextOptions } = options;
  const context = await browser.newContext({
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
  const entry: Pooled = { context, key, busy: true, spent: false, origins: new Set(), scripts: [] };
  // What the test adds is taken back when it ends (the consent script above stays).
  const addInitScript = context.addInitScript.bind(context);
  context.addInitScript = (async (...args: Parameters<BrowserContext['addInitScript']>) => {
    const script = await addInitScript(...args);
    entry.scripts.push(script);
    return script;
  }) as BrowserContext['addInitScript'];
  context.on('close', () => {
    entry.spent = true;
  });
  return entry;
}

/**
 * Empties a context after its test: true if it can serve another one. The test's pages are closed
 * first: a page still open could put back what is cleared (the app restores its session cookie from
 * local storage, for one), and the next test would start signed in.
 */
async function emptyContext(entry: Pooled): Promise<boolean> {
  if (entry.spent) return false;
  const { context } = entry;
  for (const open of context.pages()) await open.close();
  for (const script of entry.scripts.splice(0)) await script[Symbol.asyncDispose]();
  await context.clearCookies();
  await context.clearPermissions();
  if (entry.origins.size > 0) {
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    for (const origin of entry.origins) {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: SITE_DATA });
    }
    await cdp.detach();
    await blank.close();
    entry.origins.clear();
  }
  // Nothing of the test may reach the next one; if a cookie survived, this context is not reused.
  if ((await context.cookies()).length > 0) return false;
  return !entry.spent;
}

/** A page's clock belongs to its context: once installed, that context keeps it. */
function spendOnClock(page: Page, entry: Pooled): void {
  const clock = page.clock;
  for (const method of ['install', 'setFixedTime', 'setSystemTime', 'runFor', 'fastForward', 'pauseAt'] as const) {
    const original = clock[method].bind(clock) as (...args: unknown[]) => Promise<void>;
    (clock as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      entry.spent = true;
      return original(...args);
    };
  }
}

/**
 * Call at the top of a test file: connects to the run's Chromium once for the file. `fresh`: every
 * page gets a new context with an empty HTTP cache (a file that counts requests or bytes).
 */
export function useBrowser(options: { fresh?: boolean } = {}): BrowserSession {
  let browser: Browser | undefined;
  const pool: Pooled[] = [];
  beforeAll(async () => {
    browser = await connectChromium(inject('browserEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function take(pageOptions: PageOptions): Promise<Pooled> {
    if (!browser) throw new Error('browser not launched yet');
    const key = JSON.stringify(pageOptions);
    const idle = options.fresh ? undefined : pool.find((entry) => !entry.busy && entry.key === key);
    if (idle) {
      idle.busy = true;
      return idle;
    }
    const entry = await createContext(browser, key, pageOptions);
    if (!options.fresh) pool.push(entry);
    return entry;
  }

  async function release(entry: Pooled): Promise<void> {
    let reusable = false;
    if (!options.fresh) {
      try {
        reusable = await emptyContext(entry);
      } catch {
        reusable = false;
      }
    }
    if (reusable) {
      entry.busy = false;
      return;
    }
    const index = pool.indexOf(entry);
    if (index >= 0) pool.splice(index, 1);
    await entry.context.close().catch(() => {});
  }

  return {
    get browser() {
      if (!browser) throw new Error('browser not launched yet');
      return browser;
    },
    async newPage(pageOptions: PageOptions = {}) {
      const entry = await take(pageOptions);
      const page = await entry.context.newPage();
      spendOnClock(page, entry);
      page.on('framenavigated', (frame) => {
        const { origin } = new URL(frame.url());
        if (origin.startsWith('http')) entry.origins.add(origin);
      });
      if (pageOptions.javaScriptEnabled !== false) {
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
        await release(entry);
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
