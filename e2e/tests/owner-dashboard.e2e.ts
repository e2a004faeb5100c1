/**
 * The owner's dashboard on a server of its own (so its lists hold only this journey's orders):
 * a paid order mails the owner and shows in the chart total and in "needs action" (to ship, linking
 * to the order page); the orders page downloads a CSV with its filter applied (BOM, `;`, the
 * formula in a comment neutralised); a notification kind switched off in the settings stays off
 * after a reload. The admin texts arrive with the admin area, in every language switched to. axe
 * clean; the dashboard fits a 360 px phone.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { downloadedBytes, useBrowser } from '../src/browser';
import { newEmail, waitForMail } from '../src/mail';
import { useOwnServer } from '../src/own-server';
import { budget } from '../src/timeouts';

const session = useBrowser();
const ADMIN = { email: 'owner@dashboard.test', password: 'dashboard-owner-2026' };
const base = useOwnServer({ prefix: 'atelier-e2e-dashboard-', admin: ADMIN });

let buyerEmail = '';

let adminToken = '';
let paid: { id: string; number: number };
let unpaid: { id: string; number: number };

beforeAll(async () => {
  buyerEmail = newEmail('dashboard');
  const { token } = await verifiedUser(base(), {
    name: 'Вера Покупатель',
    email: buyerEmail,
    password: 'Silk-dashboard-2026',
  });
  const products = await apiData<{ id: string; stock: number | null; category: string }[]>(base(), '/shop?limit=50');
  const product = products.find((p) => p.category !== 'book' && (p.stock === null || p.stock > 2));
  if (!product) throw new Error('the demo catalogue has no product in stock');
  const place = (comment: string) =>
    apiData<{ order: { id: string; number: number } }>(base(), '/orders', {
      token,
      body: {
        items: [{ type: 'product', id: product.id, quantity: 1 }],
        customer: { firstName: 'Вера', lastName: 'Соколова', email: buyerEmail, phone: '+7 912 345-67-89' },
        delivery: { method: 'courier_pickup', pickupPoint: 'СДЭК, ул. Ленина, 1' },
        paymentMethod: 'card',
        currency: 'RUB',
        comment,
        acceptTerms: true,
        consents: [{ kind: 'personal-data', language: 'ru', version: 1 }],
      },
    });
  paid = (await place('=HYPERLINK("http://evil.test")')).order;
  unpaid = (await place('позже')).order;
  adminToken = await login(base(), ADMIN);
  await apiData(base(), `/orders/${paid.id}/status`, {
    token: adminToken,
    method: 'PATCH',
    body: { status: 'confirmed' },
  });
}, budget(20_000));

async function adminPage(options: { mobile?: boolean } = {}): Promise<Page> {
  const page = await session.newPage({ baseURL: base(), ...options });
  await useToken(page, adminToken);
  return page;
}

describe('the owner hears what needs her and sees how the shop does', () => {
  it('a paid order is mailed to the owner (NOTIFY_EMAIL defaults to ADMIN_EMAIL)', async () => {
    const mail = await waitForMail(ADMIN.email, (m) => m.subject === `Оплачен заказ №${paid.number}`, {
      base: base(),
    });
    expect(mail.links.some((link) => link.endsWith(`/admin/orders/${paid.id}`))).toBe(true);
  });

  it('dashboard: the chart and totals of paid orders, the needs-action list linking to the order; axe clean', async () => {
    const page = await adminPage();
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Обзор' }).waitFor();
    const chart = page.getByRole('img', { name: /^График выручки/ });
    await chart.waitFor();
    expect(await page.locator('canvas[role="img"]').count()).toBe(1);
    await expect.poll(() => page.getByTestId('sales-total').textContent()).toMatch(/заказов: 1$/);

    const toShip = page.getByRole('region', { name: /Заказы к отправке/ });
    const link = toShip.getByRole('link', { name: `Заказ №${paid.number}` });
    await link.waitFor();
    expect(await toShip.getByRole('link', { name: `Заказ №${unpaid.number}` }).count()).toBe(0);
    // Week and month views of the same orders.
    await page.getByRole('button', { name: 'По месяцам' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'По месяцам' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByText('Показать таблицей').click();
    await page.getByRole('table', { name: 'Продажи' }).waitFor();
    await expectNoAxeViolations(page);

    await link.click();
    await page.getByRole('heading', { level: 1, name: new RegExp(`${paid.number}`) }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/orders/${paid.id}`);
  });

  it('the admin texts come with the admin area and follow a language switch made in it', async () => {
    const page = await adminPage();
    await page.goto('/admin/settings');
    await page.getByRole('heading', { level: 1, name: 'Настройки' }).waitFor();
    await page.getByRole('region', { name: 'Оповещения для владельца' }).waitFor();

    await page.getByRole('button', { name: 'EN', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('region', { name: 'Owner alerts' }).waitFor();

    await page.getByRole('button', { name: 'ES', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Ajustes' }).waitFor();
    await page.getByRole('region', { name: 'Avisos para la dueña' }).waitFor();
    // A feature's own admin texts too, on a page opened after the switch.
    await page.goto('/admin/orders');
    await page.getByRole('button', { name: 'Descargar CSV' }).waitFor();

    // Back to a language whose texts were already loaded before the admin area opened.
    await page.getByRole('button', { name: 'RU', exact: true }).first().click();
    await page.getByRole('button', { name: 'Скачать CSV' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
  });

  it('a notification kind switched off stays off after a reload', async () => {
    const page = await adminPage();
    await page.goto('/admin/settings');
    const panel = page.getByRole('region', { name: 'Оповещения для владельца' });
    const box = panel.getByRole('checkbox', { name: 'Оплаченный заказ', exact: true });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    // By keyboard: Space toggles the box, Enter on the focused button saves.
    await box.focus();
    await page.keyboard.press('Space');
    // The time zone in plain words, not its identifier.
    await panel.getByLabel('Час сводки (по московскому времени)', { exact: true }).selectOption('8');
    await panel.getByRole('button', { name: 'Сохранить' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('region', { name: /Уведомления|Notifications|Notificaciones/ })
      .getByText('Настройки уведомлений сохранены')
      .first()
      .waitFor();
    const saved = await apiData<{ paidOrder: boolean; digestHour: number }>(base(), '/admin/notifications', {
      token: adminToken,
    });
    expect(saved).toMatchObject({ paidOrder: false, digestHour: 8 });
    await page.reload();
    await panel.getByRole('checkbox', { name: 'Оплаченный заказ', exact: true }).waitFor();
    expect(await panel.getByRole('checkbox', { name: 'Оплаченный заказ', exact: true }).isChecked()).toBe(false);
    expect(await panel.getByRole('checkbox', { name: 'Ежедневная сводка' }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);
  });

  it('orders page: the CSV download carries the status filter, a BOM, `;` and a neutralised formula', async () => {
    const page = await adminPage();
    await page.goto('/admin/orders');
    await page.getByRole('heading', { level: 1, name: 'Заказы' }).waitFor();
    await page.getByRole('button', { name: 'Оплачен', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('confirmed');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Скачать CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await downloadedBytes(download);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^Номер;Дата \(UTC\);Статус;/);
    expect(lines.slice(1).map((line) => Number(line.split(';')[0]))).toEqual([paid.number]);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(lines[1]).toContain("'+7 912 345-67-89");
    // The toast arrives with its lazily loaded toaster: judge the page once it is shown, not mid-fade-in.
    await page.getByText(/^CSV скачан: orders-/).waitFor();
    await expectNoAxeViolations(page);
  });

  it('the dashboard fits a 360 px phone (no sideways scrolling) and stays axe clean', async () => {
    const page = await adminPage({ mobile: true });
    await page.goto('/admin');
    await page.getByRole('img', { name: /^График выручки/ }).waitFor();
    await page.getByRole('region', { name: /Заказы к отправке/ }).waitFor();
    await page.getByTestId('dashboard-counters').getByRole('listitem').first().waitFor();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await expectNoAxeViolations(page);
  });
});
