/**
 * Admin tools: a portfolio work created with several photos (main photo chosen, order
 * changed by keyboard, product picked) reaches the home grid and its "order similar" link; the
 * delete asks first (Escape keeps it). The upload field refuses an SVG. The editor and the delete
 * question are axe clean (the admin sections themselves: admin-shell.e2e.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, useBrowser } from '../src/browser';
import { pngFile } from '../src/content-admin';
import { E2E_ADMIN } from '../src/server';

const session = useBrowser();

const toastWith = (page: Page, text: string) =>
  page.getByRole('region', { name: /Уведомления|Notifications|Notificaciones/ }).getByText(text);

async function adminPage(options: { mobile?: boolean } = {}) {
  const page = await session.newPage(options);
  await useToken(page, await login(baseUrl(), E2E_ADMIN));
  return page;
}

interface Item {
  id: string;
  title: { ru: string };
  images: { url: string; thumb: string }[];
  mainImageIndex: number;
  linkedProductId: string | null;
}

describe('portfolio admin', () => {
  it('creates a work with two photos (main photo, keyboard reorder, linked product); it shows on `/`; delete asks first', async () => {
    const products = await apiData<{ id: string; name: { ru: string } }[]>(baseUrl(), '/shop?limit=5&sort=name');
    const product = products[0]!;
    const page = await adminPage();
    await page.goto('/admin/portfolio');
    await page.getByRole('heading', { level: 1, name: 'Портфолио' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    await page.getByRole('button', { name: 'Добавить работу' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новая работа' });
    await dialog.waitFor();
    // axe finds nothing with the editor open over the list.
    await dialog.getByLabel('Название (RU)').waitFor();
    await expectNoAxeViolations(page);

    const title = `Букет для теста ${Date.now()}`;
    await dialog.getByLabel('Название (RU)').fill(title);
    await dialog.getByLabel('Описание (RU)').fill('Пионы и ранункулюсы из шёлка.');
    await dialog.getByLabel('Категория').selectOption('personal');
    await dialog.locator('#portfolio-images').setInputFiles([pngFile('first.png'), pngFile('second.png')]);
    await dialog.getByRole('img', { name: 'Изображение 2' }).waitFor();

    // An SVG is refused by the field itself (the server would refuse it too).
    await dialog.locator('#portfolio-images').setInputFiles({
      name: 'flower.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await dialog.getByText('flower.svg: Можно загружать только изображения').waitFor();
    expect(await dialog.getByRole('img', { name: 'Изображение 3' }).count()).toBe(0);

    // Second photo becomes the main one, then moves first by keyboard: main follows it.
    await dialog.getByRole('button', { name: 'Сделать главным: Изображение 2' }).click();
    const earlier = dialog.getByRole('button', { name: 'Передвинуть раньше: Изображение 2' });
    await earlier.focus();
    await page.keyboard.press('Enter');
    expect(
      await dialog.getByRole('button', { name: 'Сделать главным: Изображение 1' }).getAttribute('aria-pressed'),
    ).toBe('true');

    await dialog.getByLabel('Найти товар в магазине').fill(product.name.ru.slice(0, 5));
    await dialog.getByLabel('Связанный товар').selectOption(product.id);
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    // Written in Russian only: the editor warns once that the en and es pages will show Russian.
    await dialog.getByRole('button', { name: 'Сохранить всё равно' }).click();
    await toastWith(page, 'Работа сохранена').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByLabel('Поиск по названию и описанию').fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    const saved = (await apiData<Item[]>(baseUrl(), `/portfolio?category=personal&limit=100`)).find(
      (i) => i.title.ru === title,
    )!;
    expect(saved.images).toHaveLength(2);
    expect(saved.mainImageIndex).toBe(0);
    expect(saved.linkedProductId).toBe(product.id);

    // The home grid (personal works) shows it; its modal's "order similar" goes to the product.
    const home = await session.newPage();
    await home.goto('/');
    const section = home.locator('#portfolio');
    await section.getByRole('button', { name: 'Личные', exact: true }).click();
    const card = section.locator('ul > li button', { hasText: title });
    await card.waitFor();
    expect(await card.locator('img').getAttribute('src')).toMatch(/^\/uploads\/portfolio\//);
    await card.click();
    const detail = home.getByRole('dialog', { name: title });
    expect(await detail.getByRole('link', { name: 'Заказать похожее' }).getAttribute('href')).toBe(
      `/shop?product=${product.id}`,
    );

    // Delete: the question first; Escape keeps the work, confirming removes it.
    const remove = row.getByRole('button', { name: `Удалить — ${title}` });
    await remove.click();
    const confirm = page.getByRole('alertdialog', { name: `Удалить работу «${title}»?` });
    await confirm.waitFor();
    expect(await confirm.getByRole('button', { name: 'Отмена' }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    // Nor with the delete question open.
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => remove.evaluate((el) => el === document.activeElement)).toBe(true);
    await remove.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click();
    await toastWith(page, 'Работа удалена').waitFor();
    await row.waitFor({ state: 'detached' });
    const gone = await fetch(new URL(`/api/portfolio/${saved.id}`, page.url()));
    expect(gone.status).toBe(404);
  });
});

// Every admin section is checked by axe at 1280 px and for sideways scrolling at 360 px, with the
// shell's other checks, in admin-shell.e2e.ts (one walk per width); the editor and the delete
// question above are checked by axe in the journey that opens them.
