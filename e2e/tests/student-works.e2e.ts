/**
 * Students' works at 360 px, in Chromium: a buyer of a lesson shares a photo of their work on the
 * lesson page (axe clean with the form open), sees it marked as awaiting moderation while a guest
 * does not see it; the admin approves it in the admin; then it shows on the lesson page for
 * everyone (in the server-rendered HTML too) and in the home page's "made by students" (axe clean),
 * whose link leads to the lesson.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, MOBILE, useBrowser } from '../src/browser';
import { pngFile } from '../src/content-admin';
import { newEmail } from '../src/mail';
import { E2E_ADMIN } from '../src/server';
import { REQUEST_TIMEOUT } from '../src/timeouts';

const session = useBrowser();
const TITLE = { ru: 'Ландыш из шёлка', en: 'Silk lily of the valley', es: 'Muguete de seda' };
const CAPTION = `Мой первый ландыш ${Date.now().toString(36)}`;

let adminToken = '';
let lessonId = '';
let lessonFields: Record<string, unknown> = {};

beforeAll(async () => {
  adminToken = await login(baseUrl(), E2E_ADMIN);
  lessonFields = {
    number: 90_000 + Math.floor(Math.random() * 9_000),
    title: TITLE,
    description: { ru: 'Урок для работ учеников.' },
    level: 'basic',
    price: { rub: 0, eur: null, usd: null },
    published: true,
  };
  const form = new FormData();
  form.set('data', JSON.stringify(lessonFields));
  const res = await fetch(`${baseUrl()}/api/admin/lessons`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}` },
    body: form,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  lessonId = ((await res.json()) as { data: { id: string } }).data.id;
});

afterAll(async () => {
  // Bought lessons cannot be deleted: it leaves the catalogue unpublished.
  if (lessonId) {
    await apiData(baseUrl(), `/admin/lessons/${lessonId}`, {
      token: adminToken,
      method: 'PUT',
      body: { ...lessonFields, published: false },
    });
  }
});

async function expectFitsPhone(page: Page) {
  const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  expect(width).toBeLessThanOrEqual(MOBILE.width);
}

const worksSection = (page: Page) => page.getByRole('region', { name: 'Работы учеников' });

describe('students’ works', () => {
  it('a buyer shares a photo, the admin approves it, it shows on the lesson page and on the home page', async () => {
    const { token } = await verifiedUser(baseUrl(), {
      name: 'Лидия Травина',
      email: newEmail('student-work'),
      password: 'Silk-Lily-2026',
    });
    await apiData(baseUrl(), `/training/lessons/${lessonId}/purchase`, { token, method: 'POST', body: {} });

    // The buyer shares the photo, by keyboard where a person would.
    const page = await session.newPage({ mobile: true });
    await useToken(page, token);
    await page.goto(`/training-detail/${lessonId}`);
    const section = worksSection(page);
    await section.getByText('Работ пока нет').waitFor();
    const share = section.getByRole('button', { name: 'Поделиться своей работой' });
    await share.focus();
    await page.keyboard.press('Enter');
    const form = section.getByRole('form');
    await form.waitFor();
    // Sending without a photo says what is missing and nothing is sent.
    await form.getByRole('button', { name: 'Отправить на модерацию' }).click();
    await form.getByRole('alert').filter({ hasText: 'Добавьте фотографию работы' }).waitFor();
    await form.locator('input[type="file"]').setInputFiles(pngFile('lily.png'));
    await form.getByText('lily.png').waitFor();
    await form.getByLabel('Подпись (необязательно)').fill(CAPTION);
    await expectFitsPhone(page);
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Отправить на модерацию' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Работа отправлена на модерацию' }).waitFor();
    const own = section.getByRole('listitem').filter({ hasText: CAPTION });
    await own.getByText('На модерации').waitFor();
    await expect.poll(() => share.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);

    // Nobody else sees it yet.
    const guest = await session.newPage({ mobile: true });
    await guest.goto(`/training-detail/${lessonId}`);
    await worksSection(guest).getByText('Работ пока нет').waitFor();
    expect(await guest.getByText(CAPTION).count()).toBe(0);

    // The admin approves it in the admin.
    const admin = await session.newPage({ mobile: true });
    await useToken(admin, adminToken);
    await admin.goto('/admin/student-works');
    await admin.getByRole('heading', { level: 1, name: 'Работы учеников' }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: CAPTION });
    await row.getByRole('button', { name: 'Одобрить — Лидия' }).click();
    await admin.locator('[data-sonner-toast]').filter({ hasText: 'Работа одобрена' }).waitFor();
    await row.waitFor({ state: 'detached' });
    await expectFitsPhone(admin);
    await expectNoAxeViolations(admin);

    // Public on the lesson page, rendered by the server (no script needed to see it).
    const html = await (await fetch(`${baseUrl()}/training-detail/${lessonId}`)).text();
    expect(html).toContain(CAPTION);
    await guest.goto(`/training-detail/${lessonId}`);
    const shown = worksSection(guest).getByRole('listitem').filter({ hasText: CAPTION });
    await shown.getByText(/^Лидия · /).waitFor();
    await shown.getByRole('img', { name: 'Работа: Лидия' }).waitFor();
    expect(await shown.getByText('На модерации').count()).toBe(0);

    // And on the home page, "made by students", linking to the lesson.
    await guest.goto('/');
    const strip = guest.getByRole('region', { name: 'Сделано учениками' });
    const link = strip.getByRole('link', { name: /Лидия.*Урок: Ландыш из шёлка/ }).first();
    await link.scrollIntoViewIfNeeded();
    expect(await link.getAttribute('href')).toBe(`/training-detail/${lessonId}`);
    const image = link.locator('img');
    expect(await image.getAttribute('loading')).toBe('lazy');
    expect(await image.getAttribute('sizes')).toBeTruthy();
    await expectFitsPhone(guest);
    await expectNoAxeViolations(guest);
    await link.click();
    await guest.waitForURL(`**/training-detail/${lessonId}`);
    await guest.getByRole('heading', { level: 1, name: TITLE.ru }).waitFor();
  });
});
