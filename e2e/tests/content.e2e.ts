/** Seeded demo content reaches the pages: about, portfolio, reviews, shop. */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../src/browser';

const session = useBrowser();

describe('seeded content', () => {
  it('the home page shows the about section, at least one portfolio card and approved reviews', async () => {
    const page = await session.newPage();
    await page.goto('/');
    const about = page.locator('#about');
    // The title comes from the landing content; 'Обо мне' is only the placeholder while it loads.
    await page.waitForFunction(() => {
      const title = document.querySelector('#about-title')?.textContent?.trim() ?? '';
      return title.length > 0 && title !== 'Обо мне';
    });
    expect((await about.locator('p').allInnerTexts()).join(' ').length).toBeGreaterThan(40);

    const cards = page.locator('#portfolio ul > li');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(1);
    expect(await cards.count()).toBeLessThanOrEqual(12);
    expect((await cards.first().textContent())?.trim().length).toBeGreaterThan(0);

    const reviews = page.locator('#reviews article');
    await reviews.first().waitFor();
    expect(await reviews.count()).toBeGreaterThanOrEqual(1);
    expect((await reviews.first().textContent())?.length).toBeGreaterThan(10);
  });

  it('a portfolio card opens its detail modal with an "order similar" link to the shop', async () => {
    const page = await session.newPage();
    await page.goto('/');
    const card = page.locator('#portfolio ul > li button').first();
    await card.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const order = dialog.getByRole('link', { name: /похож/i });
    expect(await order.getAttribute('href')).toMatch(/^\/shop(\?product=[\w-]+)?$/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('the shop lists the seeded products with names and prices', async () => {
    const page = await session.newPage();
    await page.goto('/shop');
    const products = page.getByRole('main').locator('article');
    await products.first().waitFor();
    expect(await products.count()).toBeGreaterThanOrEqual(3);
    const first = (await products.first().textContent()) ?? '';
    expect(first).toMatch(/\d/);
    expect(first).toContain('₽');
  });
});
