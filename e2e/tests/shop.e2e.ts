/**
 * Shop: a customer browses with filters (category, subcategory, search, sort, the price
 * slider by keyboard), everything lands in the URL, a product opens from the list and from a shared
 * `?category=…&product=…` link, and a digital book goes into the cart with its format. The admin
 * creates a product with an image on the admin shop page, finds it in the shop, and deletes it.
 * axe on /shop (filters open, product dialog) and the admin shop page with its editor.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { call, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, useBrowser } from '../src/browser';
import { newEmail } from '../src/mail';
import { E2E_ADMIN } from '../src/server';
import { ACTION_TIMEOUT } from '../src/timeouts';

const session = useBrowser();

interface ShopProduct {
  id: string;
  name: { ru: string };
  price: { rub: number };
  category: string;
  subcategory?: string;
  bookFormats?: string[];
  images: { url: string }[];
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: /Уведомления|Notifications|Notificaciones/ }).getByText(text);
}

/** Product names shown on the page, in order. */
async function shownNames(page: Page): Promise<string[]> {
  return (await page.locator('main ul > li article h2').allTextContents()).map((text) => text.trim());
}

async function expectListMatchesApi(page: Page, query: string) {
  const { data } = await call<ShopProduct[]>(baseUrl(), `/shop?${query}&limit=12`);
  await expect.poll(() => shownNames(page), { timeout: ACTION_TIMEOUT }).toEqual(data.map((p) => p.name.ru));
}

const search = (page: Page) => new URL(page.url()).searchParams;

describe('shop', () => {
  it('filters by category, subcategory, search, sort and the price slider, all kept in the URL; a product opens from the list and from a link', async () => {
    const page = await session.newPage();
    await page.goto('/shop');
    await page.getByRole('heading', { level: 1, name: 'Магазин' }).waitFor();
    const filters = page.getByRole('complementary', { name: 'Фильтры' });

    await filters.getByRole('button', { name: 'Цветы и украшения' }).last().click();
    await expect.poll(() => search(page).get('category')).toBe('collection');
    await filters.getByRole('button', { name: 'Букеты и композиции' }).last().click();
    await expect.poll(() => search(page).get('subcategory')).toBe('bouquets');
    await page.getByRole('searchbox', { name: 'Поиск по магазину' }).fill('букет');
    await page.getByRole('searchbox', { name: 'Поиск по магазину' }).press('Enter');
    await expect.poll(() => search(page).get('search')).toBe('букет');
    await page.getByLabel('Сортировка').selectOption('price_asc');
    await expect.poll(() => search(page).get('sort')).toBe('price_asc');
    await expectListMatchesApi(page, 'category=collection&subcategory=bouquets&search=букет&sort=price_asc');

    // The maximum-price slider by keyboard: each ArrowLeft is 100 ₽ less; the RUB bound lands in the URL.
    const bouquets = (
      await call<ShopProduct[]>(baseUrl(), '/shop?category=collection&subcategory=bouquets&search=букет&sort=price_asc')
    ).data;
    const cheapest = bouquets[0]!.price.rub;
    const max = page.getByRole('slider', { name: 'Максимальная цена' });
    const dearest = bouquets.at(-1)!.price.rub;
    const top = Number(await max.getAttribute('max'));
    const target = Math.max(cheapest, Math.floor((dearest - 1) / 100) * 100);
    await max.focus();
    await page.keyboard.press('End');
    for (let value = top; value > target; value -= 100) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => search(page).get('maxPrice'), { timeout: ACTION_TIMEOUT }).toBe(String(target));
    const maxPrice = target;
    expect(await max.getAttribute('aria-valuetext')).toMatch(/₽/);
    const query = `category=collection&subcategory=bouquets&search=букет&sort=price_asc&maxPrice=${maxPrice}`;
    await expectListMatchesApi(page, query);
    await expectNoAxeViolations(page);

    // Open the first result: the dialog shows it and the URL names it; Escape closes and keeps the filters.
    const first = bouquets[0]!;
    await page.locator('main ul > li article h2 button').first().click();
    const dialog = page.getByRole('dialog', { name: first.name.ru });
    await dialog.waitFor();
    expect(search(page).get('product')).toBe(first.id);
    await dialog
      .getByText('В наличии')
      .or(dialog.getByText('Под заказ'))
      .or(dialog.getByText('Нет в наличии'))
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(search(page).get('product')).toBeNull();
    expect(search(page).get('maxPrice')).toBe(String(maxPrice));

    // A shared link opens the product directly.
    await page.goto(`/shop?category=collection&product=${first.id}`);
    await page.getByRole('dialog', { name: first.name.ru }).waitFor();
  });

  it('a signed-in customer must choose the edition of a book (nothing pre-selected), then adds the digital one in the chosen currency', async () => {
    const { data: books } = await call<ShopProduct[]>(baseUrl(), '/shop?category=book&limit=100');
    const book = books.find((p) => p.bookFormats?.includes('digital'));
    if (!book) throw new Error('the demo catalogue has no digital book');
    const email = newEmail('shop');
    const { token } = await verifiedUser(baseUrl(), { name: 'Вера Читатель', email, password: 'Silk-reader-2026' });
    const page = await session.newPage();
    await useToken(page, token);
    await page.goto('/shop?category=book');
    await page.getByRole('button', { name: 'EUR', exact: true }).click();
    await page.getByRole('button', { name: book.name.ru, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: book.name.ru });
    await dialog.getByText('€').first().waitFor();
    // Both editions are offered and neither is chosen for the customer.
    await expect.poll(() => dialog.getByRole('radio', { name: 'Электронная' }).isChecked()).toBe(false);
    expect(await dialog.getByRole('radio', { name: 'Печатная' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Добавить в корзину' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Выберите формат: печатная или электронная книга.' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('physical');
    await dialog.getByRole('radio', { name: 'Электронная' }).check();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByText(/ссылкой на email/).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Добавить в корзину' }).click();
    await toast(page, 'Товар добавлен в корзину').waitFor();
    await expect
      .poll(
        async () =>
          (
            await call<{ items: { id: string; bookFormat?: string | null; quantity: number }[] }>(baseUrl(), '/cart', {
              token,
            })
          ).data.items,
        { timeout: ACTION_TIMEOUT },
      )
      .toEqual([expect.objectContaining({ id: book.id, bookFormat: 'digital', quantity: 1 })]);
  });

  it('the admin creates a product with an image, finds it in the shop, then deletes it', async () => {
    // Any product's photo will do; other journeys on this server add products without one.
    const { data: sample } = await call<ShopProduct[]>(baseUrl(), '/shop?limit=100');
    const imageUrl = sample.find((product) => product.images.length > 0)!.images[0]!.url;
    const image = Buffer.from(await (await fetch(`${baseUrl()}${imageUrl}`)).arrayBuffer());
    const name = `Тестовый пион ${Date.now()}`;
    const adminToken = await login(baseUrl(), E2E_ADMIN);
    const page = await session.newPage();
    await useToken(page, adminToken);
    await page.goto('/admin/shop');
    await page.getByRole('heading', { level: 1, name: 'Магазин' }).waitFor();
    await page.getByRole('button', { name: 'Добавить товар' }).click();
    const editor = page.getByRole('dialog', { name: 'Новый товар' });
    await editor.getByLabel('Название (RU)').fill(name);
    await editor.getByLabel('Описание (RU)').fill('Пион из натурального шёлка, тонировка вручную.');
    await editor.getByLabel('Цена, ₽').fill('4321.5');
    await editor.getByLabel('Цена, €').fill('45');
    await editor.getByLabel('Категория', { exact: true }).selectOption('collection');
    await editor.getByLabel('Подкатегория').selectOption('bouquets');
    await editor.getByLabel('Остаток, шт.').fill('3');
    await editor.locator('input[type="file"]').first().setInputFiles({
      name: 'peony.webp',
      mimeType: 'image/webp',
      buffer: image,
    });
    await editor.getByRole('img').first().waitFor();
    await expectNoAxeViolations(page);
    await editor.getByRole('button', { name: 'Сохранить' }).click();
    // Written in Russian only: the editor warns once that the en and es shop will show Russian.
    await editor.getByRole('button', { name: 'Сохранить всё равно' }).click();
    await toast(page, 'Товар сохранён').waitFor();
    await editor.waitFor({ state: 'hidden' });

    const { data: found } = await call<ShopProduct[]>(baseUrl(), `/shop?search=${encodeURIComponent(name)}`);
    expect(found).toEqual([
      expect.objectContaining({
        name: expect.objectContaining({ ru: name }),
        price: { rub: 4321.5, eur: 45, usd: null },
        category: 'collection',
        subcategory: 'bouquets',
        stock: 3,
      }),
    ]);
    expect(found[0]!.images).toHaveLength(1);
    const shop = await session.newPage();
    await shop.goto(`/shop?search=${encodeURIComponent(name)}`);
    await shop.getByRole('button', { name, exact: true }).waitFor();

    await page.getByRole('searchbox').first().fill(name);
    const remove = page.getByRole('button', { name: `Удалить — ${name}` });
    await remove.click();
    const confirm = page.getByRole('alertdialog', { name: `Удалить «${name}»?` });
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await toast(page, 'Товар удалён').waitFor();
    const after = await call<ShopProduct[]>(baseUrl(), `/shop?search=${encodeURIComponent(name)}`);
    expect(after.data).toEqual([]);
  });
});
