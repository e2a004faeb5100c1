/**
 * `npm run screenshots`: starts the built app on a fresh demo data dir and writes full-page
 * screenshots of the home page to docs/screenshots/: in Russian with roubles (the defaults),
 * home-ru-1280.png (desktop) and home-ru-360.png (phone), and in English with euros,
 * home-en-eur-1280.png and home-en-eur-360.png. The cookie choice is stored first so the banner
 * does not cover the page. Then the product page of a bouquet and of a book in both editions, as a
 * visitor first sees it (the viewport, not the whole page): product-bouquet-<variant>-<width>.png
 * and product-book-<variant>-<width>.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, launchChromium, MOBILE } from '../src/chromium';
import { makeDataDir, REPO_ROOT, removeDir, snapshotBuild, startServer } from '../src/server';

const OUT = join(REPO_ROOT, 'docs/screenshots');

/** Lazy images load as they scroll into view: walk down the page, then wait for every image. */
async function loadEverything(page: Page): Promise<void> {
  await page.locator('#featured li').first().waitFor();
  await page.locator('#portfolio ul > li').first().waitFor();
  await page.locator('#reviews article').first().waitFor();
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  // Images in hidden parts (another breakpoint's layout) never load lazily; only rendered ones count.
  await page
    .waitForFunction(
      () => [...document.images].every((img) => img.complete || img.getBoundingClientRect().width === 0),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => console.warn('some images were still loading; taking the screenshot anyway'));
  await page.evaluate(() => document.fonts.ready);
}

/** The demo's first bouquet with more than one photo and its book sold in both editions. */
async function productPages(base: string): Promise<{ name: string; path: string }[]> {
  const list = async (query: string) =>
    (
      (await (await fetch(new URL(`/api/shop?${query}&limit=100`, base))).json()) as {
        data: { id: string; images: unknown[]; bookFormats?: string[]; size?: unknown }[];
      }
    ).data;
  const bouquet = (await list('category=collection&subcategory=bouquets')).find((p) => p.images.length > 1 && p.size);
  const book = (await list('category=book')).find((p) => p.bookFormats?.length === 2);
  if (!bouquet || !book) throw new Error('the demo catalogue has no bouquet with photos or no two-edition book');
  return [
    { name: 'product-bouquet', path: `/shop/${bouquet.id}` },
    { name: 'product-book', path: `/shop/${book.id}` },
  ];
}

async function main(): Promise<void> {
  const buildDir = makeDataDir('atelier-shots-build-');
  const dataDir = makeDataDir('atelier-shots-');
  const server = await startServer({ main: snapshotBuild(buildDir), dataDir, logLevel: 'warn' });
  const browser = await launchChromium();
  try {
    mkdirSync(OUT, { recursive: true });
    const variants = [
      { name: 'ru', locale: 'ru-RU', cookies: [] },
      {
        name: 'en-eur',
        locale: 'en-GB',
        cookies: [
          { name: 'lang', value: 'en', url: server.url },
          { name: 'currency', value: 'EUR', url: server.url },
        ],
      },
    ];
    for (const variant of variants) {
      for (const viewport of [DESKTOP, MOBILE]) {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport,
          locale: variant.locale,
          deviceScaleFactor: 1,
          reducedMotion: 'reduce',
        });
        await context.addCookies(variant.cookies);
        await context.addInitScript(() => window.localStorage.setItem('cookieConsent', 'true'));
        const page = await context.newPage();
        await page.goto('/');
        await loadEverything(page);
        const file = join(OUT, `home-${variant.name}-${viewport.width}.png`);
        await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
        console.log(`wrote ${file}`);
        for (const product of await productPages(server.url)) {
          await page.goto(product.path);
          await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
          await page.waitForLoadState('networkidle');
          await page.evaluate(() => document.fonts.ready);
          const shot = join(OUT, `${product.name}-${variant.name}-${viewport.width}.png`);
          await page.screenshot({ path: shot, animations: 'disabled' });
          console.log(`wrote ${shot}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop('SIGTERM');
    removeDir(dataDir);
    removeDir(buildDir);
  }
}

await main();
