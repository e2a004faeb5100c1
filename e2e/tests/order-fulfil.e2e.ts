/**
 * Fulfilling an order in one step, as the owner does it in Chromium, on a server of its own (its
 * orders are shipped). At 1280 px: "Ship" on a paid order opens one dialog; without the tracking
 * number it says so, with it the order becomes "Shipped" and the customer has exactly one new mail,
 * with the Russian Post tracking link and the owner's note; then "Mark delivered". At 360 px, by
 * keyboard, a CDEK parcel the same way. Packing slips of two picked paid orders: one slip each with
 * the lines, address, phone and comment, at 1280 px and 360 px; axe clean throughout.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { useBrowser } from '../src/browser';
import { listMail, newEmail, waitForMail } from '../src/mail';
import { useOwnServer } from '../src/own-server';
import { budget } from '../src/timeouts';

const session = useBrowser();
const ADMIN = { email: 'owner@fulfil.test', password: 'fulfil-owner-2026' };
const base = useOwnServer({ prefix: 'atelier-e2e-fulfil-', admin: ADMIN });

interface Placed {
  id: string;
  number: number;
}

let buyerEmail = '';
let adminToken = '';
let productName = '';
const orders: Record<'desk' | 'phone' | 'slipA' | 'slipB', Placed> = {} as never;

beforeAll(async () => {
  buyerEmail = newEmail('fulfil');
  const { token } = await verifiedUser(base(), {
    name: 'Вера Покупатель',
    email: buyerEmail,
    password: 'Silk-fulfil-2026',
  });
  const products = await apiData<{ id: string; stock: number | null; category: string; name: { ru: string } }[]>(
    base(),
    '/shop?limit=50',
  );
  const product = products.find((p) => p.category !== 'book' && (p.stock === null || p.stock > 5));
  if (!product) throw new Error('the demo catalogue has no product in stock');
  productName = product.name.ru;
  adminToken = await login(base(), ADMIN);
  const place = async (comment: string, quantity: number): Promise<Placed> => {
    const { order } = await apiData<{ order: Placed }>(base(), '/orders', {
      token,
      body: {
        items: [{ type: 'product', id: product.id, quantity }],
        customer: { firstName: 'Вера', lastName: 'Соколова', email: buyerEmail, phone: '+7 912 345-67-89' },
        delivery: {
          method: 'post',
          country: 'Россия',
          city: 'Казань',
          address: 'ул. Баумана, 1',
          postalCode: '420111',
        },
        paymentMethod: 'card',
        currency: 'RUB',
        comment,
        acceptTerms: true,
        consents: [{ kind: 'personal-data', language: 'ru', version: 1 }],
      },
    });
    // Paid (the card provider's confirmation, made by the admin here).
    await apiData(base(), `/orders/${order.id}/status`, {
      token: adminToken,
      method: 'PATCH',
      body: { status: 'confirmed' },
    });
    return order;
  };
  orders.desk = await place('Позвоните перед доставкой', 1);
  orders.phone = await place('', 1);
  orders.slipA = await place('Упакуйте как подарок', 2);
  orders.slipB = await place('', 1);
}, budget(30_000));

async function adminPage(options: { mobile?: boolean } = {}): Promise<Page> {
  const page = await session.newPage({ baseURL: base(), ...options });
  await useToken(page, adminToken);
  return page;
}

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Уведомления|Notifications|Notificaciones/ }).getByText(text);

/** The mails to the buyer about `order` on this server's /dev/mail. */
async function mailsAbout(order: Placed) {
  return (await listMail(base())).filter(
    (mail) => mail.to.includes(buyerEmail) && mail.subject.includes(`№${order.number}`),
  );
}

describe('fulfil an order in one step', () => {
  it('1280 px: Ship opens one dialog; the customer gets exactly one mail with the tracking link; then Mark delivered', async () => {
    const order = orders.desk;
    // Wait for the "paid" mail first, so only what shipping sends is counted after it.
    await waitForMail(buyerEmail, (m) => m.subject === `Заказ №${order.number} оплачен`, { base: base() });
    const before = new Set((await mailsAbout(order)).map((mail) => mail.file));

    const page = await adminPage();
    await page.goto(`/admin/orders/${order.id}`);
    await page.getByRole('button', { name: 'Отправить заказ' }).click();
    const dialog = page.getByRole('dialog', { name: `Отправка заказа №${order.number}` });
    await dialog.waitFor();
    // Russian Post is suggested for a post delivery; its number is required.
    expect(await dialog.getByRole('radio', { name: 'Почта России' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Отправить и сообщить покупателю' }).click();
    await dialog.getByText('Укажите трек-номер: у этой службы доставки он есть').waitFor();
    await expectNoAxeViolations(page);

    await dialog.getByLabel('Трек-номер').fill(' ra123456789ru ');
    await dialog.getByLabel('Сообщение покупателю (необязательно)').fill('Положила образец ленты в подарок');
    await dialog.getByRole('button', { name: 'Отправить и сообщить покупателю' }).click();
    await toast(page, 'Заказ отправлен, покупатель получит письмо').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByText('Отправлен: Почта России', { exact: false }).waitFor();
    await page.getByRole('link', { name: /RA123456789RU/ }).waitFor();
    // The tracking panel (for corrections) shows the number the dialog saved.
    await expect.poll(() => page.locator('#tracking-number').inputValue()).toBe('RA123456789RU');

    const mail = await waitForMail(buyerEmail, (m) => m.subject === `Заказ №${order.number} отправлен`, {
      after: before,
      base: base(),
    });
    expect(mail.links).toContain('https://www.pochta.ru/tracking?barcode=RA123456789RU');
    // Exactly one new mail about the order: no "in progress" one, no separate tracking one.
    const fresh = (await mailsAbout(order)).filter((m) => !before.has(m.file));
    expect(fresh.map((m) => m.subject)).toEqual([`Заказ №${order.number} отправлен`]);

    // Delivered, after a question.
    await page.getByRole('button', { name: 'Отметить «Доставлен»' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Заказ №${order.number} доставлен?` });
    await confirm.getByRole('button', { name: 'Отметить «Доставлен»' }).click();
    await toast(page, 'Заказ отмечен как доставленный').waitFor();
    await page.getByText('Статус окончательный').waitFor();
    await expectNoAxeViolations(page);
  });

  it('360 px, by keyboard: a CDEK parcel shipped from the dialog, one mail with the CDEK link, nothing wider than the screen', async () => {
    const order = orders.phone;
    await waitForMail(buyerEmail, (m) => m.subject === `Заказ №${order.number} оплачен`, { base: base() });
    const before = new Set((await mailsAbout(order)).map((mail) => mail.file));

    const page = await adminPage({ mobile: true });
    await page.goto(`/admin/orders/${order.id}`);
    const ship = page.getByRole('button', { name: 'Отправить заказ' });
    await ship.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Отправка заказа №${order.number}` });
    await dialog.waitFor();
    // The carrier by arrow keys: from Russian Post to CDEK.
    await dialog.getByRole('radio', { name: 'Почта России' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => dialog.getByRole('radio', { name: 'СДЭК' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('tracking');
    await page.keyboard.type('1234567890');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');
    await toast(page, 'Заказ отправлен, покупатель получит письмо').waitFor();

    const mail = await waitForMail(buyerEmail, (m) => m.subject === `Заказ №${order.number} отправлен`, {
      after: before,
      base: base(),
    });
    expect(mail.links).toContain('https://www.cdek.ru/ru/tracking?order_id=1234567890');
    const fresh = (await mailsAbout(order)).filter((m) => !before.has(m.file));
    expect(fresh).toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('packing slips of two picked paid orders: one slip each, at 1280 px and 360 px, reachable by keyboard', async () => {
    const { slipA, slipB } = orders;
    const page = await adminPage();
    await page.goto('/admin/orders?status=confirmed');
    const open = page.getByRole('button', { name: /Упаковочные листы/ });
    expect(await open.isDisabled()).toBe(true);
    for (const order of [slipA, slipB]) {
      const box = page.getByRole('checkbox', { name: `Упаковочный лист для заказа №${order.number}` });
      await box.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Упаковочные листы (2)' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Упаковочные листы', level: 1 }).waitFor();
    const slips = page.getByRole('article');
    await expect.poll(() => slips.count()).toBe(2);
    const first = page.getByRole('article', { name: `Заказ № ${slipA.number}` });
    await first.getByText('+7 912 345-67-89').waitFor();
    await first.getByText('420111, Россия, Казань, ул. Баумана, 1').waitFor();
    await first.getByText('Упакуйте как подарок').waitFor();
    const line = first.getByRole('row', { name: new RegExp(productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    expect(await line.getByRole('cell').last().textContent()).toBe('2');
    await page.getByRole('article', { name: `Заказ № ${slipB.number}` }).waitFor();
    await page.getByRole('button', { name: 'Печать' }).waitFor();
    // Printed: one slip per page (the break after each but the last).
    await page.emulateMedia({ media: 'print' });
    const breaks = await page.$$eval('.packing-slip', (nodes) =>
      nodes.map((node) => getComputedStyle(node).breakAfter),
    );
    expect(breaks).toEqual(['page', 'auto']);
    expect(await page.getByRole('button', { name: 'Печать' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await expectNoAxeViolations(page);

    const phone = await adminPage({ mobile: true });
    await phone.goto(new URL(page.url()).pathname + new URL(page.url()).search);
    await phone.getByRole('article', { name: `Заказ № ${slipB.number}` }).waitFor();
    expect(await phone.getByRole('article').count()).toBe(2);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(phone);
  });
});
