/**
 * Journeys on `/`: a visitor filters the portfolio and opens a work; a user sends a review
 * with a photo, sees it pending, the admin approves and moves it, and `/` shows it in the admin's
 * order; the admin edits the about text in English and the EN home shows it. axe on `/`.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, dragWithMouse, useBrowser } from '../src/browser';
import { pngFile } from '../src/content-admin';
import { E2E_ADMIN } from '../src/server';

const session = useBrowser();

interface Item {
  id: string;
  title: { ru: string; en?: string };
  description: { ru: string };
  images: unknown[];
  category: string;
  linkedProductId: string | null;
}
interface Review {
  id: string;
  userName: string;
  reviewText: string;
  status: string;
}

const toastWith = (page: Page, text: string) =>
  page.getByRole('region', { name: /Уведомления|Notifications|Notificaciones/ }).getByText(text);
const cardTitles = (page: Page) => page.locator('#portfolio ul > li button span.font-serif').allInnerTexts();

describe('visitor: portfolio on the home page', () => {
  it('filters by category (the grid shows exactly that category, ≤ 12) and opens a work with thumbnails and "order similar"', async () => {
    const page = await session.newPage();
    await page.goto('/');
    const section = page.locator('#portfolio');
    await section.locator('ul > li').first().waitFor();
    const all = await apiData<Item[]>(baseUrl(), '/portfolio?limit=12');
    expect((await cardTitles(page)).map((t) => t.trim())).toEqual(all.map((item) => item.title.ru));

    await section.getByRole('button', { name: 'Свадьба', exact: true }).click();
    const wedding = await apiData<Item[]>(baseUrl(), '/portfolio?category=wedding&limit=12');
    await expect
      .poll(async () => (await cardTitles(page)).map((t) => t.trim()))
      .toEqual(wedding.map((item) => item.title.ru));
    expect(await section.getByRole('button', { name: 'Свадьба', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // Photos: WebP variants in srcset, width/height set (no layout shift), lazy below the fold.
    const img = section.locator('ul > li img').first();
    expect(await img.getAttribute('srcset')).toMatch(/320w.*800w.*1600w/);
    expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
    expect(Number(await img.getAttribute('height'))).toBeGreaterThan(0);
    expect(await img.getAttribute('loading')).toBe('lazy');

    const first = wedding[0]!;
    const card = section.locator('ul > li button').first();
    await card.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: first.title.ru });
    await dialog.waitFor();
    if (first.images.length > 1) await dialog.getByRole('button', { name: 'Показать фото 2' }).click();
    await dialog.getByText(first.description.ru.split('\n')[0]!.slice(0, 30)).first().waitFor();
    const order = dialog.getByRole('link', { name: 'Заказать похожее' });
    expect(await order.getAttribute('href')).toBe(
      first.linkedProductId ? `/shop?product=${first.linkedProductId}` : '/shop',
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the card once the dialog has unmounted (a frame later, not at once).
    await expect.poll(() => card.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('review cards are 266 px high; `/` carries LocalBusiness and AggregateRating JSON-LD; axe finds nothing', async () => {
    const html = await (await fetch(new URL('/', baseUrl()), { headers: { accept: 'text/html' } })).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    const types = blocks.map((b: { '@type': string }) => b['@type']);
    expect(types).toContain('LocalBusiness');
    expect(types).toContain('AggregateRating');

    const page = await session.newPage();
    await page.goto('/');
    const review = page.locator('#reviews article').first();
    await review.waitFor();
    expect((await review.boundingBox())?.height).toBeCloseTo(266, 0);
    await page.locator('#portfolio ul > li').first().waitFor();
    await expectNoAxeViolations(page);
  });
});

describe('review with a photo → moderation → home in the admin order', () => {
  it('a user sends a review (character counter and length limits), sees it pending; the admin approves, moves it by keyboard and by drag and drop; `/` follows', async () => {
    const stamp = Date.now();
    const account = {
      name: `Вера ${stamp % 10_000}`,
      email: `reviewer-${stamp}@e2e.test`,
      password: 'Silk-Review-2024',
    };
    const { token } = await verifiedUser(baseUrl(), account);
    const page = await session.newPage();
    await useToken(page, token);
    await page.goto('/#reviews');
    await page.getByRole('button', { name: 'Оставить отзыв' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ваш отзыв' });
    const text = dialog.getByLabel('Текст отзыва');
    await text.waitFor();
    const submit = dialog.getByRole('button', { name: 'Отправить отзыв' });
    await text.fill('  123456789  ');
    expect(await submit.isDisabled()).toBe(true); // 9 characters after trimming
    await dialog.getByText('9 / 1000').waitFor();
    const body = `Букет из шёлка к юбилею — ${stamp}. Спасибо!`;
    await text.fill(body);
    expect(await submit.isDisabled()).toBe(false);
    await dialog.getByRole('radio', { name: 'Оценка 4 из 5' }).check({ force: true });
    await dialog.locator('input[type="file"]').setInputFiles(pngFile('bouquet.png'));
    await dialog.getByText('bouquet.png').waitFor();
    await submit.click();
    await toastWith(page, 'Отзыв отправлен на модерацию').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The author sees the review marked as pending; a visitor does not see it.
    const own = page.locator('#reviews article').filter({ hasText: String(stamp) });
    await own.waitFor();
    await own.getByText('На модерации').waitFor();
    expect((await apiData<Review[]>(baseUrl(), '/reviews?limit=100')).some((r) => r.reviewText === body)).toBe(false);
    // Its photo is private until approved: the author's page loads it through a signed URL.
    const pendingPhoto = own.locator('img');
    expect(await pendingPhoto.getAttribute('src')).toMatch(/^\/api\/media\/private\/reviews\/.+\?e=\d+&s=/);
    await expect
      .poll(() =>
        pendingPhoto.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);

    // The admin approves it on /admin/reviews (pending filter is the default) …
    const admin = await session.newPage();
    await useToken(admin, await login(baseUrl(), E2E_ADMIN));
    await admin.goto('/admin/reviews');
    const row = admin.getByRole('row').filter({ hasText: String(stamp) });
    await row.waitFor();
    await row.getByRole('img', { name: `Автор фото: ${account.name}` }).waitFor();
    await row.getByRole('button', { name: `Одобрить — ${account.name}` }).click();
    await toastWith(admin, 'Отзыв одобрен').waitFor();

    // … it is first in the home order; moved one place down by keyboard.
    const orderList = admin.locator('#reviews-order-title + p + ol');
    await expect.poll(async () => (await orderList.locator('li').first().textContent()) ?? '').toContain(String(stamp));
    const down = admin.getByRole('button', { name: `Ниже: ${account.name}` });
    await down.focus();
    await admin.keyboard.press('Enter');
    await toastWith(admin, 'Порядок отзывов сохранён').waitFor();
    await expect.poll(async () => (await orderList.locator('li').nth(1).textContent()) ?? '').toContain(String(stamp));
    // … and dragged back to the top with the mouse, by its grip.
    const rows = orderList.locator('li');
    await dragWithMouse(admin, rows.nth(1).getByRole('button', { name: /^Перетащить/ }), rows.nth(0));
    await expect.poll(async () => (await orderList.locator('li').first().textContent()) ?? '').toContain(String(stamp));
    await expect.poll(async () => (await apiData<Review[]>(baseUrl(), '/reviews?limit=100'))[0]?.reviewText).toBe(body);
    const approved = await apiData<Review[]>(baseUrl(), '/reviews?limit=100');
    await expect
      .poll(() => orderList.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-review-id'))))
      .toEqual(approved.map((r) => r.id));

    // A visitor's home shows the approved reviews in exactly that order, the new one with its photo.
    const visitor = await session.newPage();
    await visitor.goto('/');
    const cards = visitor.locator('#reviews article');
    await cards.first().waitFor();
    const shown = await cards.evaluateAll((items) => items.map((a) => a.getAttribute('aria-label')));
    expect(shown).toEqual(approved.slice(0, shown.length).map((r) => `Отзыв: ${r.userName}`));
    const mine = cards.first();
    expect(await mine.textContent()).toContain(String(stamp));
    expect(await mine.locator('img').getAttribute('src')).toMatch(/^\/uploads\/reviews\//);
  });
});

describe('about text in English', () => {
  it('the admin edits the EN title and text; the EN home shows them, the RU home keeps Russian', async () => {
    const token = await login(baseUrl(), E2E_ADMIN);
    const before = await apiData<{ title: { ru: string } }>(baseUrl(), '/landing/about');
    const page = await session.newPage();
    await useToken(page, token);
    await page.goto('/admin/landing');
    const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Раздел «Обо мне»' }) });
    await form.getByRole('button', { name: 'EN', exact: true }).click();
    const stamp = Date.now();
    await form.getByLabel('Заголовок (EN)').fill(`About the studio ${stamp}`);
    // The text is replaced in the editor: bold by its shortcut, a new paragraph by Enter.
    await form.getByRole('textbox', { name: 'Текст (EN)' }).click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('I make ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('silk');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' flowers by hand.');
    await page.keyboard.press('Enter');
    await page.keyboard.type(`Every petal is cut and shaped ${stamp}.`);
    await form.getByRole('button', { name: 'Предпросмотр' }).click();
    await form.getByRole('region', { name: 'Предпросмотр' }).locator('strong', { hasText: 'silk' }).waitFor();
    await form.getByRole('button', { name: 'Сохранить раздел' }).click();
    await toastWith(page, 'Раздел «Обо мне» сохранён').waitFor();

    const en = await session.newPage();
    await en.goto('/?lang=en');
    await en.locator('#about-title', { hasText: `About the studio ${stamp}` }).waitFor();
    await en.locator('#about strong', { hasText: 'silk' }).waitFor();
    await en.locator('#about', { hasText: `shaped ${stamp}` }).waitFor();

    const ru = await session.newPage();
    await ru.goto('/?lang=ru');
    await ru.locator('#about-title', { hasText: before.title.ru }).waitFor();
  });
});
