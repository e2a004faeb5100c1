/**
 * "Change the order" on a 360 px phone, in Russian (docs/decisions/0104): a customer puts two of a
 * counted product in the cart, checks out by card, cancels on the sandbox payment page, and on the
 * cancel page chooses "Изменить заказ" → the cart opens with the two pieces back and says the order
 * is cancelled; the order is cancelled and its two pieces are free again in the shop at once. The
 * unpaid order's thank-you page meanwhile says it awaits payment and offers "Оплатить сейчас".
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, useBrowser, waitForPath } from '../src/browser';
import { tickEveryBox } from '../src/consents';
import { newEmail } from '../src/mail';
import { budget } from '../src/timeouts';

const session = useBrowser();

interface ShopProduct {
  id: string;
  name: { ru: string };
  availability: string;
  stock: number | null;
  category: string;
}
interface ServerCart {
  items: { type: string; id: string; quantity: number }[];
}

/**
 * A counted product in stock that is not a book, the dearest first (the cart-end journey takes
 * the cheapest: the two files may run at once and each checks its product's stock figure).
 */
async function countedProduct(): Promise<ShopProduct> {
  const products = await apiData<ShopProduct[]>(baseUrl(), '/shop?limit=100&sort=price_desc');
  const product = products.find((p) => p.availability === 'in_stock' && (p.stock ?? 0) >= 3 && p.category !== 'book');
  if (!product) throw new Error('the demo catalogue has no counted product in stock');
  return product;
}
const stockOf = async (id: string) => (await apiData<{ stock: number | null }>(baseUrl(), `/shop/${id}`)).stock;

const cartBadge = (page: Page, count: number) =>
  page.getByRole('link', { name: new RegExp(`^Корзина, ${count} (товар|товара|товаров)$`) });

describe('change the order after a cancelled payment', () => {
  it(
    '360 px: card checkout → Cancel on the sandbox → "Изменить заказ" → the cart has the lines back, the stock is free',
    async () => {
      const product = await countedProduct();
      const email = newEmail('change-order');
      const { token } = await verifiedUser(baseUrl(), { name: 'Ольга Полевая', email, password: 'Silk-aster-2026' });
      await apiData(baseUrl(), '/cart', {
        token,
        method: 'PUT',
        body: { items: [{ type: 'product', id: product.id, quantity: 2 }] },
      });

      const page = await session.newPage({ mobile: true });
      await useToken(page, token);
      await page.goto('/cart');
      await page.getByText(product.name.ru, { exact: true }).waitFor();
      await cartBadge(page, 2).waitFor();
      await page.getByRole('link', { name: 'Оформить заказ' }).click();
      await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
      await page.getByLabel('Имя', { exact: true }).fill('Ольга');
      await page.getByLabel('Фамилия').fill('Полевая');
      await page.getByLabel('Телефон').fill('+7 (912) 345-67-89');
      await page.getByRole('radio', { name: /Стандартная доставка/ }).check();
      await page.getByLabel('Страна').fill('Россия');
      await page.getByLabel('Город').fill('Казань');
      await page.getByLabel('Адрес').fill('ул. Баумана, 12, кв. 3');
      await page.getByLabel('Индекс').fill('420111');
      await page.getByRole('radio', { name: 'Банковская карта' }).check();
      await tickEveryBox(page);
      const free = await stockOf(product.id);
      await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

      // The sandbox provider's page: the order holds its two pieces meanwhile.
      await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
      expect(await stockOf(product.id)).toBe(free! - 2);
      await page.getByRole('button', { name: 'Отменить' }).click();

      // The cancel page: pay again, or change the order.
      await waitForPath(page, (p) => p === '/payment/cancel');
      await page.getByRole('heading', { level: 1, name: 'Оплата отменена' }).waitFor();
      const number = new URL(page.url()).searchParams.get('order');
      expect(number).toMatch(/^\d+$/);
      await page.getByRole('button', { name: 'Попробовать снова' }).waitFor();
      const change = page.getByRole('button', { name: 'Изменить заказ' });
      await change.waitFor();
      await page.getByText('Заказ будет отменён, а его товары вернутся в корзину').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);
      await cartBadge(page, 0).waitFor();

      // The thank-you page of the unpaid order says it awaits payment, with "Pay now" and the same change.
      const cancelUrl = page.url();
      await page.goto(`/account/orders/thanks/${number}`);
      await page.getByText('Заказ оформлен и ждёт оплаты.', { exact: false }).waitFor();
      const pay = page.getByRole('region', { name: 'Оплата заказа' });
      await pay.getByRole('button', { name: 'Оплатить сейчас' }).waitFor();
      await pay.getByRole('button', { name: 'Изменить заказ' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);
      await page.goto(cancelUrl);
      await change.click();

      // The cart, with the lines back and a word on what happened.
      await waitForPath(page, (p) => p === '/cart');
      await page.getByText(`Заказ № ${number} отменён, его товары снова в корзине`).waitFor();
      await page.getByText(product.name.ru, { exact: true }).waitFor();
      await cartBadge(page, 2).waitFor();
      expect(await page.getByText('Не вернулись в корзину:').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);

      // The server agrees: the cart holds the two pieces, the order is cancelled, the stock is free at once.
      const cart = await apiData<ServerCart>(baseUrl(), '/cart', { token });
      expect(cart.items.map((line) => [line.type, line.id, line.quantity])).toEqual([['product', product.id, 2]]);
      const orders = await apiData<{ number: number; status: string }[]>(baseUrl(), '/orders/user', { token });
      expect(orders.find((order) => String(order.number) === number)?.status).toBe('cancelled');
      expect(await stockOf(product.id)).toBe(free);

      // The cart can be ordered again: its checkout opens with the form, not with an empty cart.
      await page.getByRole('link', { name: 'Оформить заказ' }).click();
      await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
      await page.getByRole('button', { name: 'Подтвердить заказ' }).waitFor();
      expect(await page.getByText('Корзина пуста').count()).toBe(0);
    },
    budget(90_000),
  );
});
