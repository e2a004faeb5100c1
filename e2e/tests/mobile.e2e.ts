/** A 360 px phone: the slide-in menu and no horizontal scrolling. */
import { describe, expect, it } from 'vitest';
import { MOBILE, useBrowser } from '../src/browser';

const session = useBrowser();

describe('mobile at 360 px', () => {
  it('the menu opens by its button, shows the navigation links and closes with Escape', async () => {
    const page = await session.newPage({ mobile: true });
    await page.goto('/');
    // The desktop navigation is hidden at this width.
    expect(await page.getByRole('navigation', { name: 'Основная навигация' }).count()).toBe(0);
    const trigger = page.getByRole('button', { name: 'Открыть меню' });
    await trigger.click();
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await menu.waitFor();
    const links = menu.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link');
    expect(await links.allInnerTexts()).toEqual(
      expect.arrayContaining(['Обо мне', 'Портфолио', 'Обучение', 'Магазин']),
    );
    for (const link of await links.all()) expect(await link.isVisible()).toBe(true);
    // Currency and language switchers are in the menu too.
    await menu.getByRole('button', { name: 'EUR', exact: true }).waitFor();
    await menu.getByRole('button', { name: 'EN', exact: true }).waitFor();

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened it.
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('a menu link navigates and closes the menu', async () => {
    const page = await session.newPage({ mobile: true });
    await page.goto('/');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await menu.getByRole('link', { name: 'Магазин' }).click();
    await page.waitForURL((url) => url.pathname === '/shop');
    await menu.waitFor({ state: 'detached' });
  });

  for (const path of ['/', '/shop', '/training']) {
    it(`${path} has no horizontal scroll at 360 px`, async () => {
      const page = await session.newPage({ mobile: true });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.getByRole('main').waitFor();
      const widths = await page.evaluate(() => ({
        document: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(widths.viewport).toBe(MOBILE.width);
      expect(widths.document).toBeLessThanOrEqual(MOBILE.width);
      expect(widths.body).toBeLessThanOrEqual(MOBILE.width);
    });
  }
});
