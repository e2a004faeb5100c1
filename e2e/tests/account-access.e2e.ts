/**
 * The account page and the role guards with real sessions: profile, data download and
 * account deletion; a customer on /admin; the admin's header link and dashboard; axe on /auth (each
 * tab) and on /account logged in.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fieldError, input, TEXTS, useToken } from '../src/accounts';
import { login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, downloadedBytes, useBrowser, waitForPath } from '../src/browser';
import { newEmail } from '../src/mail';
import { E2E_ADMIN } from '../src/server';

const session = useBrowser();

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: /Уведомления|Notifications|Notificaciones/ }).getByText(text);
}

/** The customer of these journeys (a new address each time); they type the password again. */
const VERA = { name: 'Вера Покупатель', password: 'Lilac-garden-2026' };

describe('the account page', () => {
  it('saves the profile (phone checked), downloads the data as JSON and deletes the account', async () => {
    const user = await verifiedUser(baseUrl(), { ...VERA, email: newEmail('account-page') });
    const page = await session.newPage();
    await useToken(page, user.token);
    await page.goto('/account');
    await page.getByRole('heading', { level: 1, name: TEXTS.ru.accountTitle }).waitFor();
    await page.getByText('Покупатель').waitFor();
    expect(await input(page, 'Email').isEditable()).toBe(false);

    // Empty order and lesson lists are quiet empty states, not error toasts.
    await page.getByRole('link', { name: 'Мои заказы' }).click();
    await page.getByText('У вас пока нет заказов').waitFor();
    await page.getByRole('link', { name: 'Мои уроки' }).click();
    await page.getByText('Вы ещё не купили ни одного урока').waitFor();
    expect(await toast(page, /Ресурс не найден|Ошибка/).count()).toBe(0);

    await page.getByRole('link', { name: 'Профиль' }).click();
    await input(page, 'Имя').fill('Вера');
    await input(page, 'Фамилия').fill('Цветкова');
    await input(page, 'Телефон').fill('12-34');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await fieldError(page, 'Некорректный формат телефона').waitFor();
    await input(page, 'Телефон').fill('+7 (912) 345-67-89');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await toast(page, 'Профиль обновлён').waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: TEXTS.ru.accountTitle }).waitFor();
    await page.waitForFunction(() => (document.querySelector('input[type=tel]') as HTMLInputElement)?.value !== '');
    expect(await input(page, 'Фамилия').inputValue()).toBe('Цветкова');
    expect(await input(page, 'Телефон').inputValue()).toBe('+7 (912) 345-67-89');

    // "Download my data": a JSON file through the API with the bearer token.
    await page.getByRole('link', { name: 'Пароль и данные' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Скачать мои данные' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const exported = JSON.parse((await downloadedBytes(download)).toString('utf8'));
    expect(JSON.stringify(exported)).toContain(user.email);
    expect(JSON.stringify(exported)).toContain('Цветкова');
    expect(JSON.stringify(exported)).not.toMatch(/passwordHash|password_hash|tokenHash/);

    // Delete: the password confirms it; a wrong one is refused.
    await page.getByRole('button', { name: 'Удалить аккаунт' }).click();
    const dialog = page.getByRole('dialog', { name: 'Удаление аккаунта' });
    await input(page, 'Ваш пароль').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Удалить навсегда' }).click();
    await dialog.getByRole('alert').waitFor();
    await input(page, 'Ваш пароль').fill(user.password);
    await dialog.getByRole('button', { name: 'Удалить навсегда' }).click();
    await waitForPath(page, (p) => p === '/');
    await toast(page, /аккаунт удалён/i).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Войти' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${user.token}` } });
    expect(me.status()).toBe(401);
  });
});

describe('roles', () => {
  it('a logged-in customer on /admin sees "Доступ запрещён" and its explanation, and no admin link', async () => {
    const user = await verifiedUser(baseUrl(), { ...VERA, email: newEmail('not-admin') });
    const page = await session.newPage();
    await useToken(page, user.token);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Доступ запрещён' }).waitFor();
    await page.getByText('У вас нет прав для доступа к данной странице.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Личный кабинет' }).waitFor();
    expect(await header.getByRole('link', { name: 'Панель администратора' }).count()).toBe(0);
  });

  it('the admin logs in, sees the admin-panel link instead of the account link, and opens the dashboard', async () => {
    const page = await session.newPage();
    await page.goto('/auth');
    const form = page.getByRole('tabpanel');
    await form.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email);
    await form.getByLabel('Пароль', { exact: true }).fill(E2E_ADMIN.password);
    await form.getByRole('button', { name: 'Войти', exact: true }).click();
    await waitForPath(page, (p) => p === '/account');
    await page.getByText('Администратор', { exact: true }).waitFor();

    const header = page.getByRole('banner');
    const adminLink = header.getByRole('link', { name: 'Панель администратора' });
    await adminLink.waitFor();
    expect(await header.getByRole('link', { name: 'Личный кабинет' }).count()).toBe(0);
    await adminLink.click();
    await waitForPath(page, (p) => p === '/admin');
    await page.getByRole('heading', { level: 1, name: 'Обзор' }).waitFor();
    expect(await page.getByText('Доступ запрещён').count()).toBe(0);
  });

  it('on a phone the menu offers the admin panel to the admin', async () => {
    const token = await login(baseUrl(), E2E_ADMIN);
    const page = await session.newPage({ mobile: true });
    await useToken(page, token);
    await page.goto('/');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await menu.getByRole('link', { name: 'Панель администратора' }).click();
    await waitForPath(page, (p) => p === '/admin');
    await page.getByRole('heading', { level: 1, name: 'Обзор' }).waitFor();
  });
});

describe('accessibility of the account screens', () => {
  for (const tab of ['login', 'register', 'verify'] as const) {
    it(`axe finds no WCAG 2 A/AA violations on /auth (${tab} tab, with its validation messages)`, async () => {
      const page = await session.newPage();
      await page.goto(`/auth?tab=${tab}`);
      const panel = page.getByRole('tabpanel');
      await panel.locator('form').waitFor();
      if (tab === 'register') await panel.getByText(/\d+\s*[+−-]\s*\d+\s*=/).waitFor();
      await expectNoAxeViolations(page);
      // The same page with every message of an empty submit on screen.
      await panel.getByRole('button', { name: /Войти|Зарегистрироваться|Подтвердить/ }).click();
      await panel.getByRole('alert').first().waitFor();
      await expectNoAxeViolations(page);
    });
  }

  it('axe finds no WCAG 2 A/AA violations on /account (each section, logged in) and in the delete dialog', async () => {
    const user = await verifiedUser(baseUrl(), { ...VERA, email: newEmail('axe-account') });
    const page = await session.newPage();
    await useToken(page, user.token);
    await page.goto('/account');
    await input(page, 'Email').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Пароль и данные' }).click();
    await page.getByRole('button', { name: 'Скачать мои данные' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Удалить аккаунт' }).click();
    await page.getByRole('dialog').waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Мои заказы' }).click();
    await page.getByText('У вас пока нет заказов').waitFor();
    await expectNoAxeViolations(page);
  });
});
