/**
 * The shop on a 360 px phone: two product cards a row (measured), the owner's first product first
 * under the default "recommended" sort, the filters behind the sticky bar's disclosure, and a
 * search that follows the typing without Enter (one history entry for the whole word, the count
 * announced in the live region).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData, call, login } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, MOBILE, useBrowser } from '../src/browser';
import { E2E_ADMIN } from '../src/server';
import { ACTION_TIMEOUT } from '../src/timeouts';

const session = useBrowser();

const PLACED = { ru: 'Ранункулюсы «Первые на витрине»', en: 'Ranunculus “First in the shop”' };
let adminToken: string;
let placedId: string;

beforeAll(async () => {
  adminToken = await login(baseUrl(), E2E_ADMIN);
  // Place 1, like the demo's signature bouquet; the newest of equal places comes first.
  placedId = (
    await apiData<{ id: string }>(baseUrl(), '/shop', {
      token: adminToken,
      body: {
        name: PLACED,
        description: { ru: 'Шёлковые ранункулюсы, собранные вручную.' },
        price: { rub: 3100, eur: 33, usd: 36 },
        category: 'collection',
        availability: 'on_order',
        stock: null,
        position: 1,
      },
    })
  ).id;
});

afterAll(async () => {
  if (placedId) await apiData(baseUrl(), `/shop/${placedId}`, { token: adminToken, method: 'DELETE' });
});

const cards = (page: Page) => page.locator('main ul > li article');

async function shownNames(page: Page): Promise<string[]> {
  return (await page.locator('main ul > li article h2').allTextContents()).map((text) => text.trim());
}

describe('the shop on a 360 px phone', () => {
  it('shows two cards a row in the first screen, the owner’s first product first, with the filters behind the bar', async () => {
    const page = await session.newPage({ mobile: true });
    await page.goto('/shop');
    await cards(page).nth(3).waitFor();

    const boxes = await cards(page).evaluateAll((elements) =>
      elements.slice(0, 4).map((element) => {
        const box = element.getBoundingClientRect();
        return { x: box.x, y: box.y, width: box.width, right: box.right };
      }),
    );
    const [first, second, third] = boxes as [(typeof boxes)[0], (typeof boxes)[0], (typeof boxes)[0]];
    // Side by side in one row, each about half the screen, inside it.
    expect(second.y).toBe(first.y);
    expect(second.x).toBeGreaterThan(first.right);
    expect(third.y).toBeGreaterThan(first.y);
    expect(third.x).toBe(first.x);
    for (const box of [first, second]) {
      expect(box.width).toBeGreaterThan(MOBILE.width * 0.35);
      expect(box.width).toBeLessThan(MOBILE.width / 2);
      expect(box.right).toBeLessThanOrEqual(MOBILE.width);
    }
    // The first row starts within the first screen, well above its bottom.
    expect(first.y).toBeLessThan(MOBILE.height / 2);

    // The default sort is the recommended one, and the owner's place 1 (the newest) leads.
    expect(await page.getByLabel('Сортировка').inputValue()).toBe('recommended');
    expect((await shownNames(page))[0]).toBe(PLACED.ru);
    const { data } = await call<{ name: { ru: string } }[]>(baseUrl(), '/shop?limit=12');
    expect(await shownNames(page)).toEqual(data.map((product) => product.name.ru));

    // The heart on a card is a 44 px target of its own.
    const heart = await cards(page)
      .first()
      .getByRole('button', { name: /избранное/i })
      .boundingBox();
    expect(heart?.width).toBeGreaterThanOrEqual(44);
    expect(heart?.height).toBeGreaterThanOrEqual(44);

    // The bar stays under the header while the list scrolls, and the filters open from it there.
    await page.mouse.wheel(0, 1200);
    await expect
      .poll(() => page.getByLabel('Сортировка').evaluate((select) => select.getBoundingClientRect().top))
      .toBeLessThan(160);
    expect(await page.getByLabel('Сортировка').isVisible()).toBe(true);

    // The filters open from the bar; a category chip filters; the button shows the list.
    const chip = page.getByRole('button', { name: 'Книги', exact: true });
    expect(await chip.isVisible()).toBe(false);
    await page.getByText('Фильтры', { exact: true }).click();
    await expectNoAxeViolations(page);
    await chip.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('book');
    await page.getByRole('button', { name: /^Показать \d+ товар/ }).click();
    await chip.waitFor({ state: 'hidden' });
    const books = await call<{ name: { ru: string } }[]>(baseUrl(), '/shop?category=book&limit=12');
    await expect
      .poll(() => shownNames(page), { timeout: ACTION_TIMEOUT })
      .toEqual(books.data.map((product) => product.name.ru));
  });

  it('follows the typing without Enter: the list, the address (one history entry) and the announced count', async () => {
    const page = await session.newPage({ mobile: true });
    await page.goto('/shop');
    await cards(page).first().waitFor();
    const historyBefore = await page.evaluate(() => history.length);

    const box = page.getByRole('searchbox', { name: 'Поиск по магазину' });
    await box.pressSequentially('пеон', { delay: 40 });
    await expect.poll(() => new URL(page.url()).searchParams.get('search'), { timeout: ACTION_TIMEOUT }).toBe('пеон');
    const { data, meta } = await call<{ name: { ru: string } }[]>(
      baseUrl(),
      `/shop?search=${encodeURIComponent('пеон')}`,
    );
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((product) => /пион/i.test(product.name.ru))).toBe(true);
    await expect
      .poll(() => shownNames(page), { timeout: ACTION_TIMEOUT })
      .toEqual(data.map((product) => product.name.ru));
    await expect.poll(() => page.locator('main [aria-live="polite"]').textContent()).toContain(String(meta?.total));
    // Refining the word replaces the entry the search started.
    await box.pressSequentially('ы', { delay: 40 });
    await expect.poll(() => new URL(page.url()).searchParams.get('search'), { timeout: ACTION_TIMEOUT }).toBe('пеоны');
    expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);
    expect(await box.inputValue()).toBe('пеоны');

    // Back returns to the shop before the search, and the box follows.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBeNull();
    await expect.poll(() => box.inputValue()).toBe('');
  });
});
