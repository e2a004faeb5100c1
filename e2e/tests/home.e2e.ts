/**
 * The home page sells: right after the hero, the featured products with their prices in the
 * visitor's currency are in the HTML the server sends (no script needed), with the free lesson and
 * the gift certificate after them; on a 360 px phone the first product is within two screens; the
 * reviews are one row that scrolls by keyboard and by its buttons; axe finds nothing on the phone.
 */
import { type Currency, formatMoney, type Language, type Product } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { apiData } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { appStarted, MOBILE, type PageOptions, useBrowser } from '../src/browser';
import { useOwnServer } from '../src/own-server';
import { E2E_ADMIN } from '../src/server';

// Other journeys edit and archive products on the run's server: the featured list is read here
// from a server of this file's own, so the page and the API answer the same list.
const baseUrl = useOwnServer({ prefix: 'atelier-e2e-home-', admin: E2E_ADMIN });
const browser = useBrowser();
const session = { newPage: (options: PageOptions = {}) => browser.newPage({ baseURL: baseUrl(), ...options }) };

/** Text as it appears in HTML (the few characters React escapes). */
const inHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One section of the page as the server sent it, by its id. */
function sectionOf(body: string, id: string): string {
  const start = body.indexOf(`<section id="${id}"`);
  expect(start, `#${id} in the server's HTML`).toBeGreaterThan(0);
  return body.slice(start, body.indexOf('</section>', start));
}

describe('the home page', () => {
  it.each([
    ['ru', 'RUB'],
    ['en', 'EUR'],
  ] as [Language, Currency][])(
    'is sent with the featured products priced in the visitor’s currency (%s, %s)',
    async (lang, currency) => {
      const featured = await apiData<Product[]>(baseUrl(), `/shop/featured?currency=${currency}`);
      expect(featured.length).toBeGreaterThan(0);
      const res = await fetch(new URL('/', baseUrl()), {
        headers: { accept: 'text/html', cookie: `lang=${lang}; currency=${currency}` },
      });
      expect(res.status).toBe(200);
      const body = await res.text();
      const products = sectionOf(body, 'featured');
      for (const product of featured) {
        expect(products).toContain(`href="/shop?product=${product.id}"`);
        expect(products).toContain(inHtml(product.name[lang] ?? product.name.ru));
        const amount = product.price[currency === 'RUB' ? 'rub' : currency === 'EUR' ? 'eur' : 'usd'];
        expect(amount).not.toBeNull();
        expect(products).toContain(formatMoney(amount as number, currency, lang));
      }
      // Nothing in another currency among them.
      const others = { RUB: ['€', '$'], EUR: ['₽', '$'], USD: ['₽', '€'] }[currency];
      for (const symbol of others) expect(products).not.toContain(symbol);

      // The free first lesson and the gift certificate come after the products, before the portfolio.
      const lessons = await apiData<{ id: string; price: { rub: number } }[]>(baseUrl(), '/training/lessons');
      const free = lessons.find((lesson) => lesson.price.rub === 0);
      expect(free).toBeDefined();
      expect(sectionOf(body, 'learn')).toContain(`href="/training-detail/${free?.id}"`);
      expect(sectionOf(body, 'gift')).toContain('href="/gift-certificates"');
      const order = ['featured', 'learn', 'gift', 'portfolio', 'reviews'].map((id) =>
        body.indexOf(`<section id="${id}"`),
      );
      expect(order).toEqual([...order].sort((a, b) => a - b));
    },
  );

  it('on a 360 px phone the first product is within the first two screens', async () => {
    const page = await session.newPage({ mobile: true });
    await page.goto('/');
    await appStarted(page);
    const first = page.locator('#featured li').first();
    await first.waitFor();
    const top = await first.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    expect(top).toBeLessThan(2 * MOBILE.height);
    // Every image on the way there keeps its box before it loads (no layout shift).
    const unsized = await page.evaluate(() =>
      [...document.querySelectorAll('main img')]
        .filter((img) => !(img.getAttribute('width') && img.getAttribute('height')))
        .map((img) => img.outerHTML.slice(0, 120)),
    );
    expect(unsized).toEqual([]);
  });

  it('the reviews are one row: it scrolls by the arrow keys and by its next/previous buttons', async () => {
    const page = await session.newPage({ mobile: true });
    await page.goto('/');
    await appStarted(page);
    const row = page.getByRole('list', { name: 'Отзывы покупателей' });
    await row.locator('li').nth(1).waitFor();
    const scrolled = () => row.evaluate((element) => element.scrollLeft);
    // Cards side by side, not stacked.
    const [a, b] = await row
      .locator('li')
      .evaluateAll((items) => items.slice(0, 2).map((item) => item.getBoundingClientRect().top));
    expect(a).toBe(b);

    const start = await scrolled();
    await row.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(scrolled).toBeGreaterThan(start);
    const afterKey = await scrolled();

    await page.getByRole('button', { name: 'Следующий отзыв' }).click();
    await expect.poll(scrolled).toBeGreaterThan(afterKey);
    const afterNext = await scrolled();
    await page.getByRole('button', { name: 'Предыдущий отзыв' }).click();
    await expect.poll(scrolled).toBeLessThan(afterNext);
  });

  it('the footer opens a legal text in a dialog by keyboard (its code loaded on the first press); Escape closes it', async () => {
    const page = await session.newPage({ mobile: true });
    await page.goto('/');
    await appStarted(page);
    const legalScripts: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/legal-(modal|document)-/.test(request.url())) legalScripts.push(request.url());
    });
    const privacy = page.getByRole('contentinfo').getByRole('button', { name: 'Политика конфиденциальности' });
    await privacy.focus();
    // Nothing of the dialog is fetched before someone asks for it.
    expect(legalScripts).toEqual([]);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { level: 3 }).first().waitFor();
    await dialog.getByRole('link', { name: /Открыть/ }).waitFor();
    expect(legalScripts.length).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => privacy.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('axe finds no WCAG 2 A/AA violations on / at 360 px', async () => {
    const page = await session.newPage({ mobile: true });
    await page.goto('/');
    await appStarted(page);
    await page.locator('#reviews li').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });
});
