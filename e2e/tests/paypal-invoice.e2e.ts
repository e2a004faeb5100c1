/**
 * PayPal without the PayPal API (PAYPAL_MODE=manual: the usual case for a shop in Russia, where
 * PayPal serves no merchants): a server of its own in that mode. The customer checks out in euros
 * and asks for a PayPal invoice → the owner is mailed a task → the admin order page's "Send PayPal
 * invoice" refuses a non-https link and mails a valid one to the customer's account address → the
 * customer's order page shows the invoice link → "Mark paid" with the PayPal reference confirms
 * the order. axe on the checkout modal, the admin order page and the customer's order page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { useBrowser } from '../src/browser';
import { tickEveryBox } from '../src/consents';
import { listMail, mailFiles, newEmail, waitForMail } from '../src/mail';
import { useOwnServer } from '../src/own-server';

const session = useBrowser();
const ADMIN = { email: 'owner@paypal-manual.test', password: 'paypal-manual-owner-2026' };
const base = useOwnServer({ prefix: 'atelier-e2e-paypal-manual-', admin: ADMIN, env: { PAYPAL_MODE: 'manual' } });

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Уведомления|Notifications|Notificaciones/ }).getByText(text);
}

describe('PayPal invoice sent by hand (PAYPAL_MODE=manual)', () => {
  it('customer asks for a PayPal invoice → owner task mail → admin sends an https link → mailed to the account address and shown on the order page → Mark paid confirms', async () => {
    const email = newEmail('paypal-manual');
    const { token } = await verifiedUser(base(), { name: 'Елена Покупатель', email, password: 'Silk-invoice-2026' });
    const books = await apiData<{ id: string; bookFormats?: string[] }[]>(base(), '/shop?category=book&limit=100');
    const book = books.find((b) => b.bookFormats?.includes('digital'));
    if (!book) throw new Error('the demo catalogue has no digital book');
    await apiData(base(), '/cart', {
      token,
      method: 'PUT',
      body: { items: [{ type: 'product', id: book.id, quantity: 1, bookFormat: 'digital' }] },
    });

    // Checkout in euros with PayPal; the modal asks for the PayPal address and files the request.
    const page = await session.newPage({ baseURL: base() });
    await useToken(page, token);
    await page.context().addInitScript(() => window.localStorage.setItem('currency', 'EUR'));
    await page.goto('/checkout');
    await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
    await page.getByLabel('Имя', { exact: true }).fill('Елена');
    await page.getByLabel('Фамилия').fill('Морозова');
    await page.getByLabel('Телефон').fill('+7 (912) 345-67-89');
    await page.getByRole('radio', { name: 'PayPal (евро / доллары)' }).check();
    await tickEveryBox(page);
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    const modal = page.getByRole('dialog', { name: 'Оплата через PayPal' });
    await modal.waitFor();
    // The address is checked before anything is asked of the shop.
    const address = modal.getByLabel('Email для счёта PayPal');
    await address.fill('');
    await modal.getByRole('button', { name: 'Отправить ссылку на оплату' }).click();
    await modal.getByText('Необходимо указать email').waitFor();
    await address.fill('payer-at-example');
    await modal.getByRole('button', { name: 'Отправить ссылку на оплату' }).click();
    await modal.getByText('Некорректный email адрес').waitFor();
    const payer = newEmail('paypal-payer');
    const beforeRequest = await mailFiles();
    await address.fill(payer);
    await modal.getByRole('button', { name: 'Отправить ссылку на оплату' }).click();
    await modal.getByText(/Запрос отправлен\. Мы выставим счёт PayPal/).waitFor();
    await expectNoAxeViolations(page);
    const [order] = await apiData<{ id: string; number: number; status: string }[]>(base(), '/orders/user', { token });
    expect(order?.status).toBe('pending');

    // The owner gets the task by mail, with the PayPal address and a link to the order.
    const task = await waitForMail(ADMIN.email, (m) => m.subject === `Нужен счёт PayPal: заказ №${order?.number}`, {
      after: beforeRequest,
      base: base(),
    });
    expect(task.links.some((l) => l.endsWith(`/admin/orders/${order?.id}`))).toBe(true);

    // The customer's order page: invoice requested.
    await page.goto(`/account/orders/${order?.id}`);
    const pay = page.getByRole('region', { name: 'Оплата заказа' });
    await pay.getByText('Счёт PayPal запрошен: магазин пришлёт ссылку на email вашего аккаунта.').waitFor();

    // Admin: the order page's "Send PayPal invoice" checks the link, then mails it.
    const adminToken = await login(base(), ADMIN);
    const adminPage = await session.newPage({ baseURL: base() });
    await useToken(adminPage, adminToken);
    await adminPage.goto(`/admin/orders/${order?.id}`);
    await adminPage.getByRole('heading', { level: 1, name: `Заказ № ${order?.number}` }).waitFor();
    const invoice = adminPage.getByRole('region', { name: 'Отправить счёт PayPal' });
    await invoice.getByText(`Покупатель просит счёт PayPal (адрес PayPal: ${payer})`, { exact: false }).waitFor();
    await expectNoAxeViolations(adminPage);
    const field = invoice.getByLabel('Ссылка на счёт PayPal');
    await field.fill('http://paypal.example/invoice/1');
    await invoice.getByRole('button', { name: 'Отправить покупателю' }).click();
    await invoice.getByText('Укажите ссылку на счёт, начинающуюся с https://').waitFor();
    await expectNoAxeViolations(adminPage);
    const link = `https://www.paypal.com/invoice/p/#INV2-E2E-${order?.number}`;
    const beforeSend = await mailFiles();
    await field.fill(link);
    await invoice.getByRole('button', { name: 'Отправить покупателю' }).click();
    await toast(adminPage, 'Ссылка на счёт PayPal отправлена покупателю').waitFor();
    await invoice.getByText(/Ссылка на счёт отправлена/).waitFor();
    await adminPage.getByRole('region', { name: 'Платежи' }).getByText('PayPal (счёт вручную)').waitFor();
    await expectNoAxeViolations(adminPage);

    // The invoice goes to the account's verified address, never to the typed PayPal one.
    const mail = await waitForMail(email, (m) => m.subject === `Счёт PayPal для заказа №${order?.number}`, {
      after: beforeSend,
      base: base(),
    });
    expect(mail.links).toContain(link);
    expect((await listMail(base())).filter((m) => m.to.includes(payer))).toEqual([]);

    // The customer sees the link on the order page.
    await page.reload();
    await pay.getByText('Счёт PayPal отправлен на email вашего аккаунта.').waitFor();
    expect(await pay.getByRole('link', { name: 'Открыть счёт PayPal' }).getAttribute('href')).toBe(link);
    await expectNoAxeViolations(page);

    // Paid in PayPal: the admin confirms with the PayPal reference ("Mark paid", as for transfers).
    const markPaid = adminPage.getByRole('region', { name: 'Отметить оплаченным' });
    await markPaid.getByLabel('Номер платежа').fill('PAYPAL-9XK2');
    await markPaid.getByRole('button', { name: 'Отметить оплаченным' }).click();
    await adminPage
      .getByRole('alertdialog', { name: `Отметить заказ №${order?.number} оплаченным?` })
      .getByRole('button', { name: 'Отметить оплаченным' })
      .click();
    await toast(adminPage, 'Заказ отмечен как оплаченный').waitFor();
    await expect.poll(() => invoice.count()).toBe(0);
    const [paid] = await apiData<{ id: string; status: string; paymentState: string }[]>(base(), '/orders/user', {
      token,
    });
    expect(paid).toMatchObject({ id: order?.id, status: 'confirmed', paymentState: 'paid' });
  });
});
