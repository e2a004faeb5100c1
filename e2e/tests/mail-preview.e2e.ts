/**
 * The owner's mail preview: from the admin panel she opens "Письма", sees the paid-order mail as a
 * customer gets it (the shop's name, the items, free delivery, a button to the order), switches it
 * to English and to another kind, and reads the plain-text version. On a 360 px phone the kinds are
 * one select. A customer's account cannot read a preview (403 from the API).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { login, verifiedUser } from '../src/api';
import { baseUrl, useBrowser } from '../src/browser';
import { newEmail } from '../src/mail';
import { E2E_ADMIN } from '../src/server';
import { budget } from '../src/timeouts';

const session = useBrowser();

async function adminPage(options: { mobile?: boolean } = {}): Promise<Page> {
  const page = await session.newPage(options);
  await useToken(page, await login(baseUrl(), E2E_ADMIN));
  return page;
}

describe('the owner previews the customer mails', () => {
  it(
    'opens the paid-order mail, rendered, then in English, then another kind; the text version is beside it',
    async () => {
      const page = await adminPage();
      await page.goto('/admin');
      await page.getByRole('link', { name: 'Письма', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Письма' }).waitFor();
      const kinds = page.getByRole('navigation', { name: 'Виды писем' });
      expect(await kinds.getByRole('button', { name: 'Заказ оплачен' }).getAttribute('aria-current')).toBe('true');

      const frame = page.frameLocator('iframe[title="Письмо «Заказ оплачен»"]');
      await frame.getByRole('heading', { name: 'Здравствуйте, Анна!' }).waitFor();
      await frame.getByText('Atelier', { exact: true }).waitFor();
      await frame.getByText('Букет «Пионы в росе»').waitFor();
      await frame.getByText('бесплатно', { exact: true }).waitFor();
      const button = frame.getByRole('link', { name: 'Открыть заказ' });
      expect(await button.getAttribute('href')).toMatch(/\/account\/orders\/[0-9a-f-]{36}$/);
      // The frame runs nothing and opens nothing: sandboxed without exceptions.
      expect(await page.locator('iframe').first().getAttribute('sandbox')).toBe('');
      const text = page.locator('pre');
      expect(await text.textContent()).toContain('Доставка: бесплатно');

      await page.getByRole('group', { name: 'Язык письма' }).getByRole('button', { name: 'English' }).click();
      await frame.getByRole('heading', { name: 'Hello, Anna!' }).waitFor();
      await frame.getByText('free', { exact: true }).waitFor();
      await frame.getByRole('link', { name: 'View your order' }).waitFor();
      await page.getByText('Delivery: free').waitFor();

      await kinds.getByRole('button', { name: 'Код подтверждения почты' }).click();
      const code = page.frameLocator('iframe[title="Письмо «Код подтверждения почты»"]');
      await code.getByText('482913').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Письма');
    },
    budget(30_000),
  );

  it('on a 360 px phone the kinds are a select and the mail fits the frame', async () => {
    const page = await adminPage({ mobile: true });
    await page.goto('/admin/mails');
    await page.getByRole('heading', { level: 1, name: 'Письма' }).waitFor();
    await page.getByRole('combobox', { name: 'Письмо' }).selectOption({ label: 'Заказ отправлен' });
    await page.getByRole('group', { name: 'Ширина экрана' }).getByRole('button', { name: 'Телефон' }).click();
    const frame = page.frameLocator('iframe[title="Письмо «Заказ отправлен»"]');
    await frame.getByText('RA123456789RU', { exact: false }).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('is the admin’s only: a customer gets 403 from the preview API', async () => {
    const { token } = await verifiedUser(baseUrl(), {
      name: 'Вера',
      email: newEmail('mail-preview'),
      password: 'Silk-preview-2026',
    });
    const url = `${baseUrl()}/api/admin/mail-previews/order_paid`;
    expect((await fetch(url, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(403);
    expect((await fetch(url)).status).toBe(401);
  });
});
