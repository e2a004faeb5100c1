/** Stored visitor choices: cookie consent, interface language, display currency. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appStarted, useBrowser } from '../src/browser';
import { ACTION_TIMEOUT } from '../src/timeouts';

const session = useBrowser();
const DAY_S = 24 * 60 * 60;

function banner(page: Page) {
  return page.getByRole('region', { name: 'Согласие на использование cookie' });
}

describe('cookie banner', () => {
  it('appears about 1 s after load when no choice is stored; accept hides it for good', async () => {
    const page = await session.newPage({ consent: false });
    await page.goto('/');
    // The page is server-rendered: the delay counts from when the app runs, not from the first paint.
    await appStarted(page);
    const shellAt = await page.evaluate(() => performance.now());
    expect(await banner(page).count()).toBe(0);
    await banner(page).waitFor({ state: 'visible', timeout: ACTION_TIMEOUT });
    const bannerAt = await page.evaluate(() => performance.now());
    // Not at once with the shell, but within a couple of seconds of it.
    expect(bannerAt).toBeGreaterThanOrEqual(1_000);
    expect(bannerAt - shellAt).toBeGreaterThan(200);
    expect(bannerAt - shellAt).toBeLessThan(4_000);

    await banner(page).getByRole('button', { name: 'Принять' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('true');

    // The page's clock is ours from the reload on: past the banner's one-second delay, it stays away.
    await page.clock.install();
    await page.reload();
    await page.getByRole('navigation', { name: 'Основная навигация' }).waitFor();
    await page.clock.runFor(1_500);
    expect(await banner(page).count()).toBe(0);
  });

  it('declining is remembered too: the banner stays hidden after a reload', async () => {
    const page = await session.newPage({ consent: false });
    await page.goto('/shop');
    await banner(page).waitFor({ state: 'visible', timeout: ACTION_TIMEOUT });
    await banner(page).getByRole('button', { name: 'Отклонить' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('declined');

    // The page's clock is ours from the reload on: past the banner's one-second delay, it stays away.
    await page.clock.install();
    await page.reload();
    await page.getByRole('navigation', { name: 'Основная навигация' }).waitFor();
    await page.clock.runFor(1_500);
    expect(await banner(page).count()).toBe(0);
  });
});

async function mainNavTexts(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: /Основная навигация|Main navigation|Navegación principal/ });
  return nav.first().getByRole('link').allInnerTexts();
}

describe('language', () => {
  it('switching to EN changes the visible texts and <html lang>, kept 365 days in the lang cookie', async () => {
    const page = await session.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Магазин', exact: true }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');

    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Shop' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await mainNavTexts(page)).toEqual(expect.arrayContaining(['About', 'Portfolio', 'Shop']));
    await expect(page.getByRole('button', { name: 'EN', exact: true }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );

    const cookie = (await page.context().cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('en');
    const daysLeft = ((cookie?.expires ?? 0) - Date.now() / 1000) / DAY_S;
    expect(daysLeft).toBeGreaterThan(364);
    expect(daysLeft).toBeLessThan(366);

    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Shop' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // The server renders the head in the stored language as well.
    expect(await page.title()).not.toMatch(/[а-яё]/i);
  });

  it('switching to ES changes the texts and <html lang> and survives a reload', async () => {
    const page = await session.newPage();
    await page.goto('/shop');
    await page.getByRole('button', { name: 'ES', exact: true }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    const texts = await mainNavTexts(page);
    expect(texts.join(' ')).not.toMatch(/Магазин|Shop\b/);
    expect(texts).toEqual(expect.arrayContaining(['Tienda']));
    expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('es');

    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    expect(await mainNavTexts(page)).toEqual(texts);
  });

  it('an hreflang URL (?lang=en) shows the page in that language, agreeing with the server-rendered head', async () => {
    const page = await session.newPage();
    const response = await page.goto('/shop?lang=en');
    expect(await response?.text()).toContain('<html lang="en">');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Shop' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).not.toMatch(/[а-яё]/i);
    // Following the link is a choice: the next visit without ?lang stays in English.
    expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
  });
});

/** Price texts of the product cards on /shop. */
async function shopPrices(page: Page): Promise<string[]> {
  const cards = page.getByRole('main').locator('article');
  await cards.first().waitFor();
  // The price is the card's last paragraph (category, name, price).
  return cards.evaluateAll((articles) =>
    articles.map((article) => {
      const paragraphs = [...article.querySelectorAll('p')].filter((p) => /\d/.test(p.textContent ?? ''));
      return paragraphs.at(-1)?.textContent?.trim() ?? '';
    }),
  );
}

describe('currency', () => {
  it('prices on /shop are in rubles (₽) by default', async () => {
    const page = await session.newPage();
    await page.goto('/shop');
    const prices = await shopPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toContain('₽');
    await expect(page.getByRole('button', { name: 'RUB', exact: true }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
  });

  it('switching to EUR shows € prices on /shop and survives a reload (localStorage currency)', async () => {
    const page = await session.newPage();
    await page.goto('/shop');
    await shopPrices(page);
    await page.getByRole('button', { name: 'EUR', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('main article')?.textContent?.includes('€'));
    // The euro list (only what is sold in euros) replaces the rouble one once it has loaded.
    await page.waitForFunction(() => document.querySelector('main ul[aria-busy="true"]') === null);
    const prices = await shopPrices(page);
    expect(prices.filter((p) => p.includes('€')).length).toBeGreaterThan(0);
    expect(prices.join(' ')).not.toContain('₽');
    expect(await page.evaluate(() => localStorage.getItem('currency'))).toBe('EUR');

    await page.reload();
    const reloaded = await shopPrices(page);
    expect(reloaded).toEqual(prices);
    expect(reloaded.filter((p) => p.includes('€')).length).toBeGreaterThan(0);
  });

  it('switching to USD shows $ prices on /shop', async () => {
    const page = await session.newPage();
    await page.goto('/shop');
    await shopPrices(page);
    await page.getByRole('button', { name: 'USD', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('main article')?.textContent?.includes('$'));
    const prices = await shopPrices(page);
    expect(prices.filter((p) => p.includes('$')).length).toBeGreaterThan(0);
    expect(prices.join(' ')).not.toContain('€');
    expect(await page.evaluate(() => localStorage.getItem('currency'))).toBe('USD');
  });
});
