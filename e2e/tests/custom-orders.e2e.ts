/**
 * A custom piece from request to deposit, in a real browser with the sandbox card provider: at
 * 360 px (the admin too) a customer opens a portfolio piece, presses "request a custom piece" (a guest is sent to
 * sign in first and comes back to the form), sends the request with a reference photo; the admin
 * answers with a quote in the admin; the customer accepts it in the account and pays the deposit
 * on the sandbox page; the request then waits for work. axe on the form, the account page and the
 * admin page.
 */
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { appStarted, baseUrl, useBrowser, waitForPath } from '../src/browser';
import { pngFile } from '../src/content-admin';
import { newEmail } from '../src/mail';
import { E2E_ADMIN } from '../src/server';

const session = useBrowser();

const inDays = (days: number) => {
  const at = new Date();
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

describe('custom order requests', () => {
  it('sent from the portfolio modal at 360 px, quoted by the admin, accepted and its deposit paid in the account', async () => {
    // A guest fills the form in (photos come after signing in) and is taken to sign in on sending,
    // with the way back to the form and the reason in words; the text waits in the browser.
    const guest = await session.newPage({ mobile: true });
    await guest.goto('/custom-order?portfolio=00000000-0000-4000-8000-000000000001');
    await guest.getByRole('heading', { level: 1, name: 'Изделие на заказ' }).waitFor();
    await guest.getByText(/Фотографии-примеры можно будет приложить после входа/).waitFor();
    await guest.getByLabel('Повод').selectOption('wedding');
    await guest.getByLabel('Когда нужно').fill(inDays(45));
    await guest.getByLabel('Цвета').fill('Айвори');
    await guest.getByLabel('Опишите изделие').fill('Букет невесты из пионов.');
    await guest.getByRole('button', { name: 'Войти и отправить заявку' }).click();
    await waitForPath(guest, (p) => p === '/auth');
    expect(new URL(guest.url()).searchParams.get('next')).toBe(
      '/custom-order?portfolio=00000000-0000-4000-8000-000000000001',
    );
    await guest.getByText(/^Войдите, чтобы отправить заявку на индивидуальный заказ/).waitFor();
    await guest.goBack();
    await guest.getByRole('heading', { level: 1, name: 'Изделие на заказ' }).waitFor();
    await expect.poll(() => guest.getByLabel('Опишите изделие').inputValue()).toBe('Букет невесты из пионов.');

    const customer = await verifiedUser(baseUrl(), {
      name: 'Ирина Заказчица',
      email: newEmail('custom-order'),
      password: 'Silk-custom-2026',
    });
    const page = await session.newPage({ mobile: true });
    await useToken(page, customer.token);
    await page.goto('/');
    await appStarted(page);
    await page.locator('#portfolio ul > li button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // "Order similar" keeps going to the shop; the new button goes to the request form.
    expect(await dialog.getByRole('link', { name: /похож/i }).getAttribute('href')).toMatch(/^\/shop/);
    await dialog.getByRole('link', { name: 'Заказать индивидуально' }).click();
    await waitForPath(page, (p) => p === '/custom-order');
    await page.getByRole('heading', { level: 1, name: 'Изделие на заказ' }).waitFor();
    await page.getByText(/^По мотивам работы: /).waitFor();

    // Sent with nothing filled: the form says what is missing and sends nothing.
    await page.getByRole('button', { name: 'Отправить заявку' }).click();
    await page.getByText('Выберите повод').waitFor();

    await page.getByLabel('Повод').selectOption('wedding');
    await page.getByLabel('Когда нужно').fill(inDays(45));
    await page.getByLabel('Цвета').fill('Айвори и пудрово-розовый');
    await page.getByLabel('Бюджет (необязательно)').fill('15 000');
    // The budget's currency is the one she browses in, already chosen.
    expect(await page.getByLabel('Валюта бюджета').inputValue()).toBe('RUB');
    // A phone is not told to drag photos: it chooses one.
    expect(await page.getByTestId('upload-drop-hint').isVisible()).toBe(false);
    expect(await page.getByTestId('upload-pick-hint').textContent()).toMatch(/^Выберите фото/);
    await page.getByLabel('Опишите изделие').fill('Букет невесты из пионов, как на фото, и бутоньерка жениху.');
    await page.locator('input[type="file"]').setInputFiles(pngFile('reference.png'));
    await page.getByRole('img', { name: /reference\.png|Изображение 1/ }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Отправить заявку' }).click();
    await waitForPath(page, (p) => p.startsWith('/account/custom-orders/'));
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByText('Новая', { exact: true }).waitFor();
    await page.getByRole('img', { name: 'Фото-пример 1' }).waitFor();

    // The admin answers with a quote.
    const adminToken = await login(baseUrl(), E2E_ADMIN);
    const [request] = await apiData<{ id: string; number: number }[]>(baseUrl(), '/custom-orders/mine', {
      token: customer.token,
    });
    expect(request!.id).toBe(id);
    const admin = await session.newPage({ mobile: true });
    await useToken(admin, adminToken);
    await admin.goto('/admin/custom-orders');
    const row = admin.getByRole('link', { name: `Заявка № ${request!.number}` });
    await row.waitFor();
    await expectNoAxeViolations(admin);
    await row.click();
    await waitForPath(admin, (p) => p === `/admin/custom-orders/${id}`);
    await admin.getByRole('heading', { name: 'Предложение клиенту' }).waitFor();
    await admin.getByLabel('Стоимость').fill('12000');
    await admin.getByLabel('Предоплата, %').fill('30');
    await admin.getByLabel('Сообщение клиенту').fill('Сделаем к сроку, пионы будут.');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(admin);
    await admin.getByRole('button', { name: 'Отправить предложение' }).click();
    await admin.getByText('Есть предложение', { exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Отправить новое предложение' }).waitFor();

    // The customer accepts and pays the deposit (30 % of 12 000 ₽) on the sandbox page.
    await page.goto(`/account/custom-orders/${id}`);
    await page.getByText('Сделаем к сроку, пионы будут.').waitFor();
    await page.getByRole('button', { name: 'Принять предложение' }).click();
    const pay = page.getByRole('button', { name: /^Оплатить предоплату 3\s600\s₽$/ });
    await pay.waitFor();
    await expectNoAxeViolations(page);
    await pay.click();
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await waitForPath(page, (p) => p === '/payment/success');

    await page.goto(`/account/custom-orders/${id}`);
    await page.getByText('Ждёт начала работы', { exact: true }).waitFor();
    await page.getByText(/оплачено/).waitFor();
    await expectNoAxeViolations(page);
  });
});
