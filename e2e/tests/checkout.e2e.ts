/**
 * Cart → checkout → orders (issues 5 and 6): a customer adds a product from the shop, changes the
 * quantity (the cart follows them to the server), checks out with courier pickup (live delivery
 * price) paying in cash: the thank-you page shows the instructions and the same instructions are
 * mailed; the account history has the order. The admin marks it paid with a reference (confirm
 * dialog, payment history), the customer sees it confirmed, then the admin ships it and the
 * customer gets the mail. axe on the cart, the checkout, the instructions and both order pages.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, useBrowser, waitForPath } from '../src/browser';
import { tickEveryBox } from '../src/consents';
import { listMail, mailFiles, newEmail, waitForMail } from '../src/mail';
import { E2E_ADMIN } from '../src/server';
import { ACTION_TIMEOUT } from '../src/timeouts';

const session = useBrowser();

interface ShopProduct {
  id: string;
  name: { ru: string };
  price: { rub: number };
  availability: string;
  stock: number | null;
  category: string;
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: /Уведомления|Notifications|Notificaciones/ }).getByText(text);
}

/** A counted, in-stock product under 2500 ₽, so two of them stay below free delivery. */
async function pickProduct(): Promise<ShopProduct> {
  const products = await apiData<ShopProduct[]>(baseUrl(), '/shop?limit=100&sort=price_asc');
  const product = products.find(
    (p) => p.availability === 'in_stock' && (p.stock ?? 0) >= 3 && p.category !== 'book' && p.price.rub < 2500,
  );
  if (!product) throw new Error('the demo catalogue has no suitable product');
  return product;
}

describe('cart, checkout and orders', () => {
  it('add to cart → change quantity → cash checkout shows and mails the instructions → admin marks it paid with a reference → the customer sees it confirmed; admin ships it and the customer is emailed', async () => {
    const product = await pickProduct();
    const email = newEmail('checkout');
    const { token } = await verifiedUser(baseUrl(), { name: 'Ольга Покупатель', email, password: 'Peony-garden-2026' });
    const page = await session.newPage();
    await useToken(page, token);

    // Shop → product → add to cart.
    await page.goto(`/shop?product=${product.id}`);
    const dialog = page.getByRole('dialog', { name: product.name.ru });
    await dialog.getByRole('button', { name: 'Добавить в корзину' }).click();
    await toast(page, 'Товар добавлен в корзину').waitFor();

    // Cart: one more; the server copy follows (another device would see 2).
    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Корзина' }).waitFor();
    await page.getByRole('button', { name: `Увеличить количество: ${product.name.ru}` }).click();
    await expect
      .poll(
        async () => (await apiData<{ items: { id: string; quantity: number }[] }>(baseUrl(), '/cart', { token })).items,
        {
          timeout: ACTION_TIMEOUT,
        },
      )
      .toEqual([expect.objectContaining({ id: product.id, quantity: 2 })]);
    expect(await page.getByRole('spinbutton', { name: `Количество: ${product.name.ru}` }).inputValue()).toBe('2');
    await expectNoAxeViolations(page);

    // Checkout: courier pickup needs a pickup point; the delivery price is shown live.
    await page.getByRole('link', { name: 'Оформить заказ' }).click();
    await waitForPath(page, (p) => p === '/checkout');
    await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
    await page.getByLabel('Имя', { exact: true }).fill('Ольга');
    await page.getByLabel('Фамилия').fill('Смирнова');
    await page.getByLabel('Телефон').fill('+7 (912) 345-67-89');
    await page.getByRole('radio', { name: /Пункт выдачи СДЭК — 300/ }).check();
    await page.getByRole('radio', { name: 'Наличными при получении' }).check();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await page.getByText('Укажите адрес пункта выдачи').waitFor();
    await page.getByText('Необходимо принять условия оферты').waitFor();
    await page.getByLabel('Адрес пункта выдачи').fill('СДЭК, Москва, ул. Тверская, 7');
    await tickEveryBox(page);
    const subtotal = product.price.rub * 2;
    const summary = page.getByRole('complementary', { name: 'Ваш заказ' });
    await expect
      .poll(async () => ((await summary.textContent()) ?? '').replace(/\s/g, ''))
      .toContain(`Доставка300₽К оплате`.replace(/\s/g, ''));
    expect(((await summary.textContent()) ?? '').replace(/\s/g, '')).toContain(`${subtotal + 300}₽`);
    await expectNoAxeViolations(page);
    const placedAt = await mailFiles();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

    // Cash: the payment is created at once (the instructions come in the order's one mail) and the thank-you page shows them.
    await waitForPath(page, (p) => p.startsWith('/account/orders/thanks/'));
    const number = new URL(page.url()).pathname.split('/').pop();
    expect(number).toMatch(/^\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Спасибо за заказ!' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Что дальше' }).waitFor();
    await page.getByText('Как оплатить заказ', { exact: true }).waitFor();
    await page.getByText(`Оплата наличными при получении заказа №${number}:`).waitFor();
    await page.getByText('Мы продублировали эти инструкции на ваш email').waitFor();
    await expectNoAxeViolations(page);
    const instructions = await waitForMail(email, (m) => m.subject === `Заказ №${number} ждёт оплаты`, {
      after: placedAt,
    });
    expect(instructions.to).toContain(email);
    await page.goto('/account/orders');

    // Account history: number, status, payment method, item count; it opens the detail.
    const row = page.getByRole('listitem').filter({ hasText: `Заказ № ${number}` });
    await row.getByText('Ожидает оплаты').waitFor();
    await row.getByText(/Наличными при получении · 2 /).waitFor();
    await row.getByRole('link', { name: `Заказ № ${number}` }).click();
    await waitForPath(page, (p) => p.startsWith('/account/orders/'));
    await page.getByText('Пункт выдачи: СДЭК, Москва, ул. Тверская, 7').waitFor();
    // Until when the unpaid order holds its goods (cash: PENDING_TRANSFER_DAYS, 5 days by default).
    await page.getByText(/^Заказ ждёт оплаты до .+\. Если он не будет оплачен к этому времени/).waitFor();
    // A cash order has no "Pay" button (it is paid on delivery), only the way back to the instructions.
    await page.getByRole('link', { name: 'Как оплатить' }).waitFor();
    expect(await page.getByRole('button', { name: 'Оплатить' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    const [order] = await apiData<{ id: string; total: number; deliveryCost: number }[]>(baseUrl(), '/orders/user', {
      token,
    });
    expect(order).toMatchObject({ total: subtotal + 300, deliveryCost: 300 });
    expect((await apiData<ShopProduct>(baseUrl(), `/shop/${product.id}`)).stock).toBe((product.stock ?? 0) - 2);
    const cart = await apiData<{ items: unknown[] }>(baseUrl(), '/cart', { token });
    expect(cart.items).toEqual([]);
    // Only one mail with the instructions, although the instructions page was shown (and could be reloaded).
    await page.goto(`/payment/processing?order=${number}&id=${order?.id}`);
    await page.getByRole('heading', { level: 1, name: 'Как оплатить заказ' }).waitFor();
    const instructionMails = (await listMail()).filter(
      (m) => m.to.includes(email) && m.subject === `Заказ №${number} ждёт оплаты`,
    );
    expect(instructionMails).toHaveLength(1);

    // Admin: marks the cash order paid with a reference (required; confirmed in a dialog).
    const adminToken = await login(baseUrl(), E2E_ADMIN);
    const adminPage = await session.newPage();
    await useToken(adminPage, adminToken);
    await adminPage.goto(`/admin/orders?search=${number}`);
    await adminPage.getByRole('table').waitFor();
    await expectNoAxeViolations(adminPage);
    await adminPage.getByRole('link', { name: `Заказ № ${number}` }).click();
    await adminPage.getByRole('heading', { level: 1, name: `Заказ № ${number}` }).waitFor();
    const markPaid = adminPage.getByRole('region', { name: 'Отметить оплаченным' });
    // Confirmation goes through "Mark paid" (with a reference), not a bare status change.
    await adminPage.getByRole('button', { name: 'Перевести в «Отменён»' }).waitFor();
    expect(await adminPage.getByRole('button', { name: 'Перевести в «Оплачен»' }).count()).toBe(0);
    await markPaid.getByRole('button', { name: 'Отметить оплаченным' }).click();
    await markPaid.getByText('Укажите номер платежа', { exact: true }).waitFor();
    const payments = adminPage.getByRole('region', { name: 'Платежи' });
    await payments.getByText('Оплата вне сайта').or(payments.getByText('Платежей пока нет')).first().waitFor();
    await expectNoAxeViolations(adminPage);
    await markPaid.getByLabel('Номер платежа').fill('КАССА-0042');
    await markPaid.getByRole('button', { name: 'Отметить оплаченным' }).click();
    const confirm = adminPage.getByRole('alertdialog', { name: `Отметить заказ №${number} оплаченным?` });
    await confirm.getByText('Платёж «КАССА-0042» будет сохранён').waitFor();
    await expectNoAxeViolations(adminPage);
    await confirm.getByRole('button', { name: 'Отметить оплаченным' }).click();
    await toast(adminPage, 'Заказ отмечен как оплаченный').waitFor();
    await payments.getByText('Номер платежа: КАССА-0042').waitFor();
    await payments.getByText('Оплата вне сайта').waitFor();
    await payments.getByText(/^Вы отметили оплату .+\d{2}:\d{2}, /).waitFor();
    await expect.poll(() => markPaid.count()).toBe(0);
    await expectNoAxeViolations(adminPage);

    // The customer sees it confirmed (paid) with the admin's change in the history.
    await page.goto(`/account/orders/${order?.id}`);
    await page.getByText('История статусов').waitFor();
    const itemsCard = page.getByRole('region', { name: 'Состав заказа' });
    await itemsCard.getByText('Оплачен', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Как оплатить' }).count()).toBe(0);
    const orders = await apiData<{ number: number; status: string; paymentState: string }[]>(
      baseUrl(),
      '/orders/user',
      { token },
    );
    expect(orders.find((o) => String(o.number) === number)).toMatchObject({
      status: 'confirmed',
      paymentState: 'paid',
    });

    // The parcel's tracking number, typed in lower case with spaces around; stored upper-cased.
    await adminPage.getByLabel('Служба доставки').selectOption('russian_post');
    await adminPage.getByLabel('Трек-номер', { exact: true }).fill(' ra123456789ru ');
    await adminPage.getByRole('button', { name: 'Сохранить трек-номер' }).click();
    await toast(adminPage, 'Трек-номер сохранён').waitFor();
    await adminPage.getByText('Трек-номер (Почта России): RA123456789RU').waitFor();

    // Then processing → shipped on the admin orders page; the customer is emailed.
    const before = await mailFiles();
    for (const status of ['В работе', 'Отправлен']) {
      await adminPage.getByRole('button', { name: `Перевести в «${status}»` }).click();
      await toast(adminPage, `Статус заказа изменён: ${status}`).waitFor();
    }
    await adminPage
      .getByText('Статус окончательный')
      .or(adminPage.getByRole('button', { name: 'Отметить «Доставлен»' }))
      .waitFor();
    await expectNoAxeViolations(adminPage);
    const mail = await waitForMail(email, (m) => m.subject === `Заказ №${number}: отправлен`, { after: before });
    expect(mail.to).toContain(email);
    expect(mail.links).toContain('https://www.pochta.ru/tracking?barcode=RA123456789RU');

    // The customer's detail shows every change with its actor, in the customer's words: "you" placed
    // it, "the shop" moved it three times.
    await page.reload();
    await page.getByText('История статусов').waitFor();
    const track = page.getByRole('link', { name: /RA123456789RU/ });
    expect(await track.getAttribute('href')).toBe('https://www.pochta.ru/tracking?barcode=RA123456789RU');
    expect(await page.getByText('изменил магазин', { exact: true }).count()).toBe(3);
    expect(await page.getByText('это сделали вы', { exact: true }).count()).toBe(1);
  });
});
