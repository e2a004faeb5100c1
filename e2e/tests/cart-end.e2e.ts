/**
 * The cart ends with the order, on the server, and the thank-you page stays — on a 360 px phone:
 * a customer with goods and a lesson in the cart (a second device of theirs has the same cart
 * open) pays by sandbox card → the success window closes into the thank-you page (number, items
 * with pictures, amounts, delivery with its expected time, the lesson's "start" button) → the
 * badge says 0 and `/cart` is empty after a reload, on the second device too; a stale third tab
 * changing a quantity after the order does not bring the paid lines back.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, useBrowser, waitForPath } from '../src/browser';
import { holdWallClock, letCountdownsEnd } from '../src/clock';
import { tickEveryBox } from '../src/consents';
import { newEmail } from '../src/mail';
import { budget } from '../src/timeouts';

const session = useBrowser();

interface ShopProduct {
  id: string;
  name: { ru: string };
  price: { rub: number };
  availability: string;
  stock: number | null;
  category: string;
}
interface LessonSummary {
  id: string;
  title: { ru: string };
  price: { rub: number };
  purchased: boolean;
}
interface ServerCart {
  items: { type: string; id: string; quantity: number }[];
}

/** A counted product in stock under 2000 ₽ (three of them stay below free delivery) and a paid lesson. */
async function pickGoods(): Promise<{ product: ShopProduct; lesson: LessonSummary }> {
  const products = await apiData<ShopProduct[]>(baseUrl(), '/shop?limit=100&sort=price_asc');
  const product = products.find(
    (p) => p.availability === 'in_stock' && (p.stock ?? 0) >= 5 && p.category !== 'book' && p.price.rub < 1500,
  );
  const lessons = await apiData<LessonSummary[]>(baseUrl(), '/training/lessons');
  const lesson = lessons.find((l) => l.price.rub > 0);
  if (!product || !lesson) throw new Error('the demo catalogue has no suitable product or lesson');
  return { product, lesson };
}

const cartBadge = (page: Page, count: number) =>
  page.getByRole('link', { name: new RegExp(`^Корзина, ${count} (товар|товара|товаров)$`) });

describe('the cart ends with the order; the thank-you page stays', () => {
  it(
    '360 px: pays by sandbox card → thank-you page with the items → /cart empty after a reload, on a second device too',
    async () => {
      const { product, lesson } = await pickGoods();
      const email = newEmail('cart-end');
      const { token } = await verifiedUser(baseUrl(), { name: 'Нина Садовая', email, password: 'Silk-tulip-2026' });
      await apiData(baseUrl(), '/cart', {
        token,
        method: 'PUT',
        body: {
          items: [
            { type: 'product', id: product.id, quantity: 2 },
            { type: 'lesson', id: lesson.id, quantity: 1 },
          ],
        },
      });

      // The second device, and a third tab: the same customer with the cart open.
      const [other, stale] = [await session.newPage({ mobile: true }), await session.newPage({ mobile: true })];
      for (const device of [other, stale]) {
        await useToken(device, token);
        await device.goto('/cart');
        await device.getByText(product.name.ru, { exact: true }).waitFor();
        await cartBadge(device, 3).waitFor();
      }

      const page = await session.newPage({ mobile: true });
      await useToken(page, token);
      await page.goto('/cart');
      await page.getByText(lesson.title.ru, { exact: true }).waitFor();
      await cartBadge(page, 3).waitFor();
      await page.getByRole('link', { name: 'Оформить заказ' }).click();
      await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
      await page.getByLabel('Имя', { exact: true }).fill('Нина');
      await page.getByLabel('Фамилия').fill('Садовая');
      await page.getByLabel('Телефон').fill('+7 (912) 345-67-89');
      await page.getByRole('radio', { name: /Стандартная доставка/ }).check();
      await page.getByLabel('Страна').fill('Россия');
      await page.getByLabel('Город').fill('Казань');
      await page.getByLabel('Адрес').fill('ул. Баумана, 12, кв. 3');
      await page.getByLabel('Индекс').fill('420111');
      await page.getByRole('radio', { name: 'Банковская карта' }).check();
      await tickEveryBox(page);
      await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

      // The sandbox provider's page; the success window closes itself, so its clock stands until looked at.
      await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
      await holdWallClock(page);
      await page.getByRole('button', { name: 'Оплатить' }).click();
      await waitForPath(page, (p) => p === '/payment/success');
      const number = new URL(page.url()).searchParams.get('order');
      expect(number).toMatch(/^\d+$/);
      await page.getByRole('heading', { level: 1, name: 'Оплата прошла успешно' }).waitFor();
      // The badge already follows the server's cart: the order ended it.
      await cartBadge(page, 0).waitFor();

      // The window closes into the thank-you page, which stays.
      await letCountdownsEnd(page);
      await waitForPath(page, (p) => p === `/account/orders/thanks/${number}`);
      await page.getByRole('heading', { level: 1, name: 'Спасибо за заказ!' }).waitFor();
      await page.getByText(`Заказ № ${number}`).waitFor();
      await page.getByText(/^Оплата получена/).waitFor();
      const items = page.getByRole('region', { name: 'Ваш заказ' });
      await items.getByText(product.name.ru, { exact: true }).waitFor();
      await items.getByText(lesson.title.ru, { exact: true }).waitFor();
      await items.getByText(/^2 × /).waitFor();
      expect(await items.locator('img').count()).toBeGreaterThan(0);
      const delivery = page.getByRole('region', { name: 'Доставка' });
      await delivery.getByText('Стандартная доставка').waitFor();
      await delivery.getByText('Россия, Казань, ул. Баумана, 12, кв. 3, 420111').waitFor();
      await delivery.getByText('Ожидаемый срок доставки: 3–7 дней после отправки.').waitFor();
      const next = page.getByRole('region', { name: 'Что дальше' });
      const start = next.getByRole('link', { name: `Начать: ${lesson.title.ru}` });
      expect(await start.getAttribute('href')).toBe(`/training-detail/${lesson.id}`);
      const orderLink = page.getByRole('link', { name: 'Страница заказа' });
      expect(await orderLink.getAttribute('href')).toMatch(/^\/account\/orders\/[0-9a-f-]{36}$/);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);

      // The page stays: a reload shows it again.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Спасибо за заказ!' }).waitFor();

      // /cart is empty after a reload, on this device…
      await page.goto('/cart');
      await page.reload();
      await page.getByText('Корзина пуста').waitFor();
      await cartBadge(page, 0).waitFor();

      // …and on the second device.
      await other.reload();
      await other.getByText('Корзина пуста').waitFor();
      await cartBadge(other, 0).waitFor();

      // A third tab that still showed the cart and changes it after the order (one more piece)
      // does not bring the paid lines back: only the piece added stays.
      const saved = stale.waitForResponse((r) => r.url().endsWith('/api/cart') && r.request().method() === 'PUT');
      await stale.getByRole('button', { name: `Увеличить количество: ${product.name.ru}` }).click();
      expect((await saved).status()).toBe(200);
      const server = await apiData<ServerCart>(baseUrl(), '/cart', { token });
      expect(server.items.map((line) => [line.type, line.id, line.quantity])).toEqual([['product', product.id, 1]]);
      await stale.reload();
      await cartBadge(stale, 1).waitFor();
      expect(await stale.getByText(lesson.title.ru, { exact: true }).count()).toBe(0);
    },
    budget(90_000),
  );
});
