/**
 * One price from the cart to the receipt, on a 360 px phone: a customer who already owns a lesson
 * of a course has that course (credited with the lesson) and a tool in her cart. The cart, the
 * checkout, the payment page and the thank-you page all show the sum the payment takes — the
 * course after its credit, the goods alone judged against free delivery. Sending it to Germany,
 * the checkout offers Russian Post only (no studio pickup, no cash on receipt), and the days it
 * promises are the ones the thank-you page and the order page repeat.
 */
import { formatMoney } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, payOnSandbox, verifiedUser } from '../src/api';
import { baseUrl, useBrowser, waitForPath } from '../src/browser';
import { holdWallClock, letCountdownsEnd } from '../src/clock';
import { tickEveryBox } from '../src/consents';
import { newEmail } from '../src/mail';
import { budget } from '../src/timeouts';

const session = useBrowser();

interface Course {
  id: string;
  title: { ru: string };
  price: { rub: number };
  lessons: { id: string; price?: { rub: number } }[];
}
interface Product {
  id: string;
  name: { ru: string };
  price: { rub: number };
  availability: string;
  stock: number | null;
  category: string;
}
interface Quote {
  itemsTotal: number;
  discount: number;
  deliveryCost: number | null;
  total: number;
}

/** Figures as the page prints them, without the spaces a locale puts in them. */
const squeeze = (text: string | null) => (text ?? '').replace(/\s/g, '');
const rub = (amount: number) => squeeze(formatMoney(amount, 'RUB', 'ru'));

describe('one price from the cart to the thank-you page', () => {
  it(
    '360 px: a credited course and a tool to Germany — the same total on every screen, post only, no cash, the same days',
    async () => {
      // A course of several lessons, and a tool under free delivery.
      const courses = await apiData<Course[]>(baseUrl(), '/training/courses');
      const course = courses.find((c) => c.lessons.length >= 2 && c.price.rub > 0);
      const products = await apiData<Product[]>(baseUrl(), '/shop?limit=100&sort=price_asc');
      const tool = products.find(
        (p) => p.availability === 'in_stock' && (p.stock ?? 0) >= 3 && p.category === 'tools' && p.price.rub < 3000,
      );
      if (!course || !tool) throw new Error('the demo catalogue has no course of lessons or no tool');

      // She bought the course's first lesson on its own: the course is credited with it.
      const { token } = await verifiedUser(baseUrl(), {
        name: 'Вера Лесная',
        email: newEmail('one-price'),
        password: 'Silk-aster-2026',
      });
      const bought = await apiData<{ order: { id: string } }>(
        baseUrl(),
        `/training/lessons/${course.lessons[0]!.id}/purchase`,
        { token, body: { currency: 'RUB', consents: [] } },
      );
      await payOnSandbox(baseUrl(), token, bought.order.id);
      await expect
        .poll(
          async () =>
            (await apiData<{ credit: number }>(baseUrl(), `/training/courses/${course.id}`, { token })).credit,
        )
        .toBeGreaterThan(0);
      const items = [
        { type: 'course', id: course.id, quantity: 1 },
        { type: 'product', id: tool.id, quantity: 1 },
      ];
      await apiData(baseUrl(), '/cart', { token, method: 'PUT', body: { items } });
      // What the server charges for it, with delivery to Germany by post.
      const expected = await apiData<Quote>(baseUrl(), '/orders/quote', {
        token,
        body: { items, currency: 'RUB', delivery: { method: 'post', country: 'DE' } },
      });
      expect(expected.discount).toBeGreaterThan(0);
      // The goods alone are under free delivery, whatever the course costs.
      expect(expected.deliveryCost).toBe(300);
      expect(expected.total).toBe(expected.itemsTotal + 300);

      const page = await session.newPage({ mobile: true });
      await useToken(page, token);

      // The cart: the goods after the credit, the credit itself.
      await page.goto('/cart');
      await page.getByRole('heading', { level: 1, name: 'Корзина' }).waitFor();
      await expect
        .poll(async () => squeeze(await page.getByTestId('cart-total').textContent()))
        .toBe(rub(expected.itemsTotal));
      const estimate = page.getByTestId('delivery-estimate');
      await page.getByLabel('Страна доставки').fill('Германия');
      await expect.poll(async () => squeeze(await estimate.textContent())).toContain('ПочтаРоссии10–30дней300₽');

      // The checkout: Germany by post only, no cash on receipt; the same total.
      await page.getByRole('link', { name: 'Оформить заказ' }).click();
      await waitForPath(page, (p) => p === '/checkout');
      await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
      await page.getByRole('radio', { name: /^Почта России — 300 ₽ · 10–30 дней$/ }).waitFor();
      expect(await page.getByRole('radio', { name: /Самовывоз/ }).count()).toBe(0);
      expect(await page.getByRole('radio', { name: /Стандартная доставка/ }).count()).toBe(0);
      await page.getByRole('radio', { name: 'Банковская карта' }).waitFor();
      expect(await page.getByRole('radio', { name: /при получении/i }).count()).toBe(0);
      const summary = page.getByTestId('checkout-summary');
      await expect
        .poll(async () => squeeze(await summary.getByTestId('summary-total').textContent()))
        .toBe(rub(expected.total));
      expect(squeeze(await summary.getByTestId('summary-discount').textContent())).toBe(`−${rub(expected.discount)}`);
      await page.getByLabel('Имя', { exact: true }).fill('Вера');
      await page.getByLabel('Фамилия').fill('Лесная');
      await page.getByLabel('Телефон').fill('+49 30 1234567');
      await page.getByLabel('Город').fill('Берлин');
      await page.getByLabel('Адрес').fill('Unter den Linden 1');
      await page.getByLabel('Индекс').fill('10117');
      await page.getByRole('radio', { name: 'Банковская карта' }).check();
      await tickEveryBox(page);
      await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

      // The payment page asks for exactly that.
      await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
      await holdWallClock(page);
      // The provider's page writes the kopecks too ("2 800,00 ₽").
      expect(squeeze(await page.locator('body').textContent())).toContain(
        `Суммакоплате:${squeeze(
          new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', minimumFractionDigits: 2 }).format(
            expected.total,
          ),
        )}`,
      );
      await page.getByRole('button', { name: 'Оплатить' }).click();
      await waitForPath(page, (p) => p === '/payment/success');
      const number = new URL(page.url()).searchParams.get('order');
      await letCountdownsEnd(page);

      // The thank-you page: the same total, the same days.
      await waitForPath(page, (p) => p === `/account/orders/thanks/${number}`);
      await page.getByRole('heading', { level: 1, name: 'Спасибо за заказ!' }).waitFor();
      expect(squeeze(await page.locator('main').textContent())).toContain(rub(expected.total));
      const delivery = page.getByRole('region', { name: 'Доставка' });
      await delivery.getByText('Ожидаемый срок доставки: 10–30 дней после отправки.').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // The order's own page says the same.
      await page.getByRole('link', { name: 'Страница заказа' }).click();
      await waitForPath(page, (p) => /^\/account\/orders\/[0-9a-f-]{36}$/.test(p));
      await page
        .getByText(/10–30 дней/)
        .first()
        .waitFor();
      await expect.poll(async () => squeeze(await page.locator('body').textContent())).toContain(rub(expected.total));
    },
    budget(90_000),
  );
});
