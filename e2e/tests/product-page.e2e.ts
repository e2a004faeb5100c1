/**
 * A product's own page, `/shop/<id>`: the server sends it with its canonical URL and Product
 * JSON-LD and every photo; on a 360 px phone it shows every photo, both editions of a book with
 * their prices, and the add-to-cart button without scrolling; the gallery works by thumbnails,
 * keys and a larger view; `/shop?product=<id>` still opens the product over the shop; axe finds
 * nothing on the phone.
 */
import { formatMoney, type Product } from '@atelier/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiData } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { appStarted, baseUrl, MOBILE, useBrowser } from '../src/browser';

const session = useBrowser();

/** The demo's book sold in both editions, and a bouquet with more than one photo. */
async function demoProducts(): Promise<{ book: Product; bouquet: Product }> {
  const books = await apiData<Product[]>(baseUrl(), '/shop?category=book&limit=100');
  const book = books.find((product) => product.bookFormats?.length === 2 && product.images.length > 0);
  const bouquets = await apiData<Product[]>(baseUrl(), '/shop?category=collection&subcategory=bouquets&limit=100');
  const bouquet = bouquets.find((product) => product.images.length > 1);
  if (!book || !bouquet) throw new Error('the demo catalogue has no two-edition book or no bouquet with two photos');
  return { book, bouquet };
}

/** Text as it appears in HTML (the few characters React escapes). */
const inHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function jsonLd(body: string): Record<string, unknown>[] {
  return [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

const gallery = (page: Page) => page.getByRole('list', { name: /фото товара/i });

describe('the product page', () => {
  it('is sent by the server with its canonical URL, Product JSON-LD, every photo and both editions’ prices', async () => {
    const { book } = await demoProducts();
    const res = await fetch(new URL(`/shop/${book.id}`, baseUrl()), {
      headers: { accept: 'text/html', cookie: 'lang=ru; currency=RUB' },
    });
    expect(res.status).toBe(200);
    const body = await res.text();
    const canonical = body.match(/<link rel="canonical" href="([^"]+)">/)?.[1];
    expect(canonical).toBe(new URL(`/shop/${book.id}`, baseUrl()).href);
    const product = jsonLd(body).find((block) => block['@type'] === 'Product');
    expect(product).toMatchObject({ name: book.name.ru, url: canonical });
    expect(product?.offers).toEqual(
      expect.arrayContaining([expect.objectContaining({ priceCurrency: 'RUB', price: book.price.rub.toFixed(2) })]),
    );
    expect(body).toContain(`<h1 class="font-serif text-4xl`);
    expect(body).toContain(inHtml(book.name.ru));
    for (const image of book.images) expect(body).toContain(`src="${image.medium}"`);
    const price = inHtml(formatMoney(book.price.rub, 'RUB', 'ru'));
    for (const edition of ['physical', 'digital']) {
      expect(body).toMatch(new RegExp(`data-edition-price="${edition}"[^>]*>${price}<`));
    }
  });

  it('on a 360 px phone shows every photo, both editions with their prices and the button without scrolling, above the cookie banner', async () => {
    const { book } = await demoProducts();
    // No cookie choice stored: the banner comes up a second after load.
    const page = await session.newPage({ mobile: true, consent: false });
    await page.goto(`/shop/${book.id}`);
    await appStarted(page);
    const photos = gallery(page).getByRole('img');
    await expect.poll(() => photos.count()).toBe(book.images.length);
    for (const alt of await photos.evaluateAll((images) => images.map((image) => image.getAttribute('alt')))) {
      expect(alt).toMatch(/фото \d+$/);
    }
    const price = formatMoney(book.price.rub, 'RUB', 'ru');
    for (const edition of ['Печатная', 'Электронная']) {
      const radio = page.getByRole('radio', { name: edition });
      expect(await radio.isChecked()).toBe(false);
      expect(await page.locator('label', { has: radio }).textContent()).toContain(price);
    }
    const button = page.getByRole('button', { name: 'Добавить в корзину' });
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(MOBILE.height);
    // Nothing covers it: the button is what the browser finds at its own centre.
    const onTop = () =>
      button.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return hit === element || element.contains(hit);
      });
    expect(await onTop()).toBe(true);

    // The cookie banner, once up, sits under the buy bar: the bar rises above it, both in the window.
    const banner = page.getByRole('region', { name: 'Согласие на использование cookie' });
    await banner.waitFor();
    const bar = page.getByTestId('buy-bar');
    await expect
      .poll(async () => {
        const [barBox, bannerBox] = await Promise.all([bar.boundingBox(), banner.boundingBox()]);
        return barBox && bannerBox ? Math.round(barBox.y + barBox.height - bannerBox.y) : null;
      })
      .toBeLessThanOrEqual(0);
    const raised = await button.boundingBox();
    expect(raised!.y).toBeGreaterThanOrEqual(0);
    expect(await onTop()).toBe(true);
    // Once the choice is made the bar goes back to the bottom.
    await banner.getByRole('button', { name: 'Принять' }).click();
    await banner.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => {
        const barBox = await bar.boundingBox();
        return barBox ? Math.round(barBox.y + barBox.height) : null;
      })
      .toBe(MOBILE.height);
  });

  it('the gallery moves by thumbnails and by keys, and opens a larger view that Escape closes', async () => {
    const { bouquet } = await demoProducts();
    const page = await session.newPage({ mobile: true });
    await page.goto(`/shop/${bouquet.id}`);
    await appStarted(page);
    const strip = gallery(page);
    const scrolled = () => strip.evaluate((element) => element.scrollLeft);
    await page.getByRole('button', { name: 'Показать фото 2' }).click();
    await expect.poll(scrolled).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('button', { name: 'Показать фото 2' }).getAttribute('aria-current'))
      .toBe('true');
    await page.getByRole('button', { name: 'Показать фото 1' }).click();
    await expect.poll(scrolled).toBe(0);
    await strip.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(scrolled).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Увеличить фото 1' }).click();
    const large = page.getByRole('dialog').getByRole('img');
    await large.waitFor();
    expect(await large.getAttribute('src')).toBe(bouquet.images[0]!.large);
    await page.getByRole('dialog').getByRole('button', { name: 'Вперёд' }).click();
    await expect.poll(() => large.getAttribute('src')).toBe(bouquet.images[1]!.large);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('/shop?product=<id> still opens the product over the shop, with a link to its page', async () => {
    const { bouquet } = await demoProducts();
    const page = await session.newPage();
    await page.goto(`/shop?product=${bouquet.id}`);
    await appStarted(page);
    const dialog = page.getByRole('dialog', { name: bouquet.name.ru });
    await dialog.waitFor();
    await expect
      .poll(() =>
        dialog
          .getByRole('list', { name: /фото товара/i })
          .getByRole('img')
          .count(),
      )
      .toBe(bouquet.images.length);
    expect(await dialog.getByRole('link', { name: 'Открыть страницу товара' }).getAttribute('href')).toBe(
      `/shop/${bouquet.id}`,
    );
  });

  it('axe finds no WCAG 2 A/AA violations on a product page at 360 px', async () => {
    const { bouquet } = await demoProducts();
    const page = await session.newPage({ mobile: true });
    await page.goto(`/shop/${bouquet.id}`);
    await appStarted(page);
    await page.getByRole('heading', { name: 'Вам может понравиться' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });
});
