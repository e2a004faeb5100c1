/**
 * The second purchase is easier than the first, on a 360 px phone: a customer whose first order
 * asked the shop to remember her details (name, phone, address) comes back for a bouquet. From the
 * product's page she is at the provider's payment page in two more screens, and types nothing:
 * checkout is filled from her profile and address book, the personal-data consent she gave at
 * sign-up shows as given. Screens and typed fields are counted from what the browser saw.
 */
import { productPath } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, payOnSandbox, verifiedUser } from '../src/api';
import { baseUrl, useBrowser, waitForPath } from '../src/browser';
import { holdWallClock, letCountdownsEnd } from '../src/clock';
import { tickEveryBox } from '../src/consents';
import { newEmail } from '../src/mail';
import { budget } from '../src/timeouts';

const session = useBrowser();

interface Product {
  id: string;
  name: { ru: string };
  availability: string;
  stock: number | null;
  category: string;
  subcategory: string | null;
}

describe('the second purchase', () => {
  it(
    '360 px: a returning customer pays a bouquet in 4 screens, typing nothing; her address is the one remembered',
    async () => {
      const products = await apiData<Product[]>(baseUrl(), '/shop?limit=100');
      const bouquet = products.find(
        (p) => p.subcategory === 'bouquets' && p.availability === 'in_stock' && (p.stock ?? 5) >= 3,
      );
      if (!bouquet) throw new Error('the demo catalogue has no bouquet in stock');
      const email = newEmail('second-purchase');
      const { token } = await verifiedUser(baseUrl(), { name: 'Вера Повторная', email, password: 'Silk-again-2026' });

      // Her first order, paid: she asked the shop to remember her details.
      const first = await apiData<{ order: { id: string } }>(baseUrl(), '/orders', {
        token,
        body: {
          items: [{ type: 'product', id: bouquet.id, quantity: 1 }],
          customer: { firstName: 'Вера', lastName: 'Повторная', email, phone: '+7 912 345-67-89' },
          delivery: {
            method: 'standard',
            country: 'RU',
            city: 'Казань',
            address: 'ул. Баумана, 15',
            postalCode: '420111',
          },
          paymentMethod: 'card',
          currency: 'RUB',
          acceptTerms: true,
          consents: [],
          rememberDetails: true,
        },
      });
      await payOnSandbox(baseUrl(), token, first.order.id);

      const page = await session.newPage({ mobile: true });
      await useToken(page, token);
      // What the browser saw: each screen (a new path), and every field a person typed into.
      const screens: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame !== page.mainFrame()) return;
        const path = new URL(frame.url()).pathname;
        if (screens.at(-1) !== path) screens.push(path);
      });
      await page.addInitScript(() => {
        const typed = new Set<string>();
        (window as unknown as { typedFields: Set<string> }).typedFields = typed;
        document.addEventListener(
          'input',
          (event) => {
            const target = event.target as HTMLInputElement | null;
            if (event.isTrusted && target && target.type !== 'checkbox' && target.type !== 'radio') {
              typed.add(target.name || target.id);
            }
          },
          true,
        );
      });
      const typedFields = () =>
        page.evaluate(() => [...((window as unknown as { typedFields?: Set<string> }).typedFields ?? [])]);

      // Screen 1: the bouquet's page; into the cart, and straight on to paying.
      await page.goto(productPath(bouquet.id));
      await page.getByRole('heading', { level: 1, name: bouquet.name.ru }).waitFor();
      await page.getByRole('button', { name: 'Добавить в корзину' }).click();
      await page.getByRole('status').getByRole('link', { name: 'Оформить заказ' }).click();

      // Screen 2: checkout, filled from what she asked to be remembered.
      await waitForPath(page, (p) => p === '/checkout');
      await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
      await expect.poll(() => page.getByLabel('Адрес', { exact: true }).inputValue()).toBe('ул. Баумана, 15');
      expect(await page.getByLabel('Город').inputValue()).toBe('Казань');
      expect(await page.getByLabel('Индекс').inputValue()).toBe('420111');
      expect(await page.getByLabel('Фамилия').inputValue()).toBe('Повторная');
      expect(await page.getByLabel('Телефон').inputValue()).toBe('+7 912 345-67-89');
      expect(await page.getByLabel('Куда доставить').inputValue()).not.toBe('new');
      await page.getByText(/Вы дали его \d+/).waitFor();
      expect(await page.getByRole('checkbox', { name: /Запомнить мои данные/ }).isChecked()).toBe(true);
      await page.getByRole('radio', { name: 'Банковская карта' }).check();
      await tickEveryBox(page);
      await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

      // Screen 3: the provider's payment page; screen 4: the result, which closes into the thank-you page.
      await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
      await holdWallClock(page);
      await page.getByRole('button', { name: 'Оплатить' }).click();
      await waitForPath(page, (p) => p === '/payment/success');
      await letCountdownsEnd(page);
      await waitForPath(page, (p) => p.startsWith('/account/orders/thanks/'));
      await page.getByRole('heading', { level: 1, name: 'Спасибо за заказ!' }).waitFor();
      expect(await page.locator('main').textContent()).toContain('ул. Баумана, 15');

      const shown = screens.filter((path) => path !== '/payment/success');
      expect(shown).toEqual([
        productPath(bouquet.id),
        '/checkout',
        expect.stringMatching(/^\/api\/payments\/sandbox\//),
        expect.stringMatching(/^\/account\/orders\/thanks\/\d+$/),
      ]);
      expect(await typedFields()).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    },
    budget(90_000),
  );
});
