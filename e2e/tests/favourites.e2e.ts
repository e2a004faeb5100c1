/**
 * Back in stock and favourites at 360 px: a guest asks to be told when a sold-out product is back
 * (address, then the emailed confirmation page); a signed-in customer asks in one click, keeps the
 * product and a lesson as favourites with the heart and finds them in the account; the admin puts
 * the product back in stock and both get their notice. axe on the dialog with the form, the
 * confirmation page, the account's favourites and the mail opt-in.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { onThisServer, useToken } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, MOBILE, useBrowser } from '../src/browser';
import { newEmail, waitForMail } from '../src/mail';
import { E2E_ADMIN } from '../src/server';

const session = useBrowser();
const PRODUCT_NAME = 'Ранункулюсы из шёлка (ждём поставку)';
let productId: string;
let adminToken: string;

function productBody(availability: string, stock: number | null) {
  return {
    name: { ru: PRODUCT_NAME, en: 'Silk ranunculus (awaiting stock)' },
    description: { ru: 'Нежные ранункулюсы из натурального шёлка.' },
    price: { rub: 2400, eur: 26, usd: 28 },
    category: 'collection',
    availability,
    stock,
  };
}

beforeAll(async () => {
  adminToken = await login(baseUrl(), E2E_ADMIN);
  productId = (
    await apiData<{ id: string }>(baseUrl(), '/shop', { token: adminToken, body: productBody('in_stock', 0) })
  ).id;
});

async function expectFitsPhone(page: Page) {
  const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  expect(width).toBeLessThanOrEqual(MOBILE.width);
}

describe('back in stock and favourites on a 360 px phone', () => {
  it('a guest gives an address, confirms it from the mail, and hears once the product is back', async () => {
    const email = newEmail('notify-guest');
    const page = await session.newPage({ mobile: true });
    await page.goto(`/shop?product=${productId}`);
    const dialog = page.getByRole('dialog', { name: PRODUCT_NAME });
    await dialog.getByRole('button', { name: 'Сообщить о поступлении' }).click();
    const field = dialog.getByLabel('Email для уведомления');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    // A wrong address is caught before anything is sent.
    await field.fill('not-an-address');
    await dialog.getByRole('button', { name: 'Сообщить о поступлении' }).click();
    await dialog.getByRole('alert').first().waitFor();
    await field.fill(email);
    await dialog.getByRole('button', { name: 'Сообщить о поступлении' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Проверьте почту' }).waitFor();
    await expectFitsPhone(page);
    await expectNoAxeViolations(page);

    const confirmation = await waitForMail(email, (mail) => mail.subject.includes('Подтвердите уведомление'));
    const link = confirmation.links.find((href) => href.includes('/stock-alerts/confirm#token='));
    expect(link).toBeDefined();
    await page.goto(onThisServer(link!));
    await page.getByRole('heading', { name: 'Уведомление о поступлении' }).waitFor();
    // The token left the address bar; nothing happened until the button.
    expect(new URL(page.url()).hash).toBe('');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await page.getByRole('status').filter({ hasText: 'Адрес подтверждён' }).waitFor();
    await page.getByRole('link', { name: 'Перейти к товару' }).waitFor();
    await expectFitsPhone(page);

    await apiData(baseUrl(), `/shop/${productId}`, {
      token: adminToken,
      method: 'PUT',
      body: productBody('in_stock', 4),
    });
    const notice = await waitForMail(email, (mail) => mail.subject === `«${PRODUCT_NAME}» снова в наличии`);
    expect(notice.links.some((href) => href.endsWith(`/shop?product=${productId}`))).toBe(true);
    expect(notice.links.some((href) => href.includes('/stock-alerts/unsubscribe#token='))).toBe(true);
    // Sold out again for the next journey.
    await apiData(baseUrl(), `/shop/${productId}`, {
      token: adminToken,
      method: 'PUT',
      body: productBody('in_stock', 0),
    });
  });

  it('a signed-in customer asks in one click, keeps the product and a lesson as favourites and finds them in the account', async () => {
    const email = newEmail('notify-customer');
    const { token } = await verifiedUser(baseUrl(), { name: 'Мария Садовая', email, password: 'Silk-garden-2026' });
    const lessons = await apiData<{ id: string; title: { ru: string } }[]>(baseUrl(), '/training/lessons');
    const lesson = lessons[0]!;
    const page = await session.newPage({ mobile: true });
    await useToken(page, token);

    await page.goto(`/shop?product=${productId}`);
    const dialog = page.getByRole('dialog', { name: PRODUCT_NAME });
    const heart = dialog.getByRole('button', { name: `Избранное: ${PRODUCT_NAME}` });
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await dialog.getByRole('button', { name: 'Сообщить о поступлении' }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: `Мы напишем на ${email}` })
      .waitFor();
    // The subscription is also confirmed by a toast.
    await page.locator('[data-sonner-toast]').first().waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The lesson, from its page, by keyboard.
    await page.goto(`/training-detail/${lesson.id}`);
    const lessonHeart = page.getByRole('button', { name: `Избранное: ${lesson.title.ru}` });
    await expect.poll(() => lessonHeart.getAttribute('aria-pressed')).toBe('false');
    await lessonHeart.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => lessonHeart.getAttribute('aria-pressed')).toBe('true');

    await page.goto('/account/favourites');
    const list = page.getByTestId('favourites');
    await list.getByRole('link', { name: PRODUCT_NAME }).waitFor();
    await list.getByRole('link', { name: lesson.title.ru }).waitFor();
    await expectFitsPhone(page);
    await expectNoAxeViolations(page);
    // Favourites are the account's own: another customer's list is empty.
    const other = await verifiedUser(baseUrl(), newEmail('notify-other'));
    expect(await apiData<unknown[]>(baseUrl(), '/favourites', { token: other.token })).toEqual([]);

    // The opt-in to reminders is off until ticked.
    await page.goto('/account');
    const consent = page.getByRole('checkbox', { name: 'Присылать напоминания и новости по почте' });
    expect(await consent.isChecked()).toBe(false);
    await consent.check();
    await expect.poll(() => consent.isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    expect(
      (await apiData<{ user: { marketingConsent: boolean } }>(baseUrl(), '/user/profile', { token })).user,
    ).toMatchObject({ marketingConsent: true });

    await apiData(baseUrl(), `/shop/${productId}`, {
      token: adminToken,
      method: 'PUT',
      body: productBody('in_stock', 2),
    });
    await waitForMail(email, (mail) => mail.subject === `«${PRODUCT_NAME}» снова в наличии`);
  });
});
