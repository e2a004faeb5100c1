/**
 * A product sold in variants, on a 360 px phone in Russian: the demo's garden peony opens with a
 * variant on sale chosen; choosing the colour (a tap) and the height (the arrow keys) changes the
 * price to the variant's, puts its own photo first and keeps `variant=` in the address (replaced,
 * not a new history entry); a colour sold out at that height says so in its name and, chosen, says
 * so aloud and offers no button; the chosen variant goes in the cart and the cart line names it;
 * `/shop/<id>?variant=` and the SPEC's `/shop?product=<id>&variant=` open with it chosen; axe
 * finds nothing.
 */
import { formatMoney, type ProductDetail } from '@atelier/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { appStarted, baseUrl, useBrowser } from '../src/browser';
import { ACTION_TIMEOUT } from '../src/timeouts';

const session = useBrowser();

/** The demo's bouquet sold by colour × height. */
async function demoPeony(): Promise<ProductDetail> {
  const bouquets = await apiData<{ id: string }[]>(
    baseUrl(),
    '/shop?category=collection&subcategory=bouquets&limit=100',
  );
  for (const { id } of bouquets) {
    const product = await apiData<ProductDetail>(baseUrl(), `/shop/${id}`);
    if (product.options.length === 2) return product;
  }
  throw new Error('the demo catalogue has no bouquet with options');
}

const variantBy = (product: ProductDetail, values: string[]) => {
  const variant = product.variants.find((v) => v.optionValues.join() === values.join());
  if (!variant) throw new Error(`the demo peony has no ${values.join(' ')} variant`);
  return variant;
};

const rub = (amount: number) => formatMoney(amount, 'RUB', 'ru');
const radio = (page: Page, name: string | RegExp) => page.getByRole('radio', { name });
const chip = (page: Page, name: string) => page.locator('label', { has: radio(page, name) });
const firstPhoto = (page: Page) =>
  page
    .getByRole('list', { name: /фото товара/i })
    .getByRole('img')
    .first();
const variantParam = (page: Page) => new URL(page.url()).searchParams.get('variant');

describe('a product sold in variants', () => {
  it('360 px, ru: colour and height change the price, the photos and the address; a sold-out one is said; the cart line names the variant', async () => {
    const peony = await demoPeony();
    const coral30 = variantBy(peony, ['coral', 's30']);
    const powder45 = variantBy(peony, ['powder', 's45']);
    const wine45 = variantBy(peony, ['wine', 's45']);
    const wine30 = variantBy(peony, ['wine', 's30']);
    expect(wine45.available).toBe(false);
    expect(powder45.price.RUB).not.toBe(coral30.price.RUB);
    expect(powder45.images.length).toBeGreaterThan(0);

    const { token } = await verifiedUser(baseUrl(), `variants-${Date.now()}@example.com`);
    const page = await session.newPage({ mobile: true });
    await useToken(page, token);
    await page.goto(`/shop/${peony.id}`);
    await appStarted(page);

    // It opens on the first variant on sale, at its price, with the product's own photo.
    const price = page.locator('main p.figures').first();
    expect(await radio(page, 'Коралловый').isChecked()).toBe(true);
    expect(await radio(page, '30 см').isChecked()).toBe(true);
    await expect.poll(() => price.textContent()).toBe(rub(coral30.price.RUB));
    expect(await firstPhoto(page).getAttribute('src')).toBe(peony.images[0]!.medium);
    const box = await chip(page, '45 см').boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    const entries = await page.evaluate(() => history.length);

    // A tap chooses the colour, the arrow keys the height.
    await chip(page, 'Пудровый').click();
    await expect.poll(() => radio(page, 'Пудровый').isChecked()).toBe(true);
    await radio(page, '30 см').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => radio(page, '45 см').isChecked()).toBe(true);

    await expect.poll(() => price.textContent(), { timeout: ACTION_TIMEOUT }).toBe(rub(powder45.price.RUB));
    await expect.poll(() => firstPhoto(page).getAttribute('src')).toBe(powder45.images[0]!.medium);
    await expect.poll(() => variantParam(page)).toBe(powder45.id);
    expect(await page.evaluate(() => history.length)).toBe(entries);
    expect(new URL(page.url()).pathname).toBe(`/shop/${peony.id}`);

    // At 45 cm the wine one is sold out: its chip says so, stays choosable, and chosen says so aloud.
    const wine = radio(page, 'Винный, нет в наличии');
    expect(await wine.count()).toBe(1);
    expect(await radio(page, 'Коралловый').count()).toBe(1);
    await chip(page, 'Винный, нет в наличии').click();
    await expect.poll(() => wine.isChecked()).toBe(true);
    await expect
      .poll(() =>
        page.locator('[aria-live="polite"]').filter({ hasText: 'Такого сочетания сейчас нет в наличии' }).count(),
      )
      .toBe(1);
    expect(await page.getByRole('button', { name: 'Добавить в корзину' }).count()).toBe(0);
    await expect.poll(() => variantParam(page)).toBe(wine45.id);
    await expectNoAxeViolations(page);

    // Back to powder pink, into the cart: the server's cart holds that variant and names it.
    await chip(page, 'Пудровый').click();
    await expect.poll(() => variantParam(page)).toBe(powder45.id);
    await page.getByRole('button', { name: 'Добавить в корзину' }).click();
    const serverCart = async () =>
      (
        await apiData<{ items: { id: string; variantId?: string; name: { ru: string } }[] }>(baseUrl(), '/cart', {
          token,
        })
      ).items;
    const lineName = `${peony.name.ru} — Пудровый, 45 см`;
    await expect.poll(serverCart, { timeout: ACTION_TIMEOUT }).toEqual([
      expect.objectContaining({
        id: peony.id,
        variantId: powder45.id,
        name: expect.objectContaining({ ru: lineName }),
      }),
    ]);

    await page.goto('/cart');
    await appStarted(page);
    await page.getByText(lineName, { exact: true }).first().waitFor();
    await expectNoAxeViolations(page);

    // Both addresses of a variant open with it chosen.
    await page.goto(`/shop/${peony.id}?variant=${wine30.id}`);
    await appStarted(page);
    expect(await radio(page, 'Винный').isChecked()).toBe(true);
    expect(await radio(page, '30 см').isChecked()).toBe(true);
    await page.goto(`/shop?product=${peony.id}&variant=${powder45.id}`);
    const dialog = page.getByRole('dialog', { name: peony.name.ru });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('radio', { name: '45 см' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'Пудровый' }).isChecked()).toBe(true);
    await expect.poll(() => dialog.locator('p.figures').first().textContent()).toBe(rub(powder45.price.RUB));
  });
});
