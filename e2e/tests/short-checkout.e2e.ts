/**
 * A shorter checkout, at 360 px and at 1280 px: the cart shows line totals and, by the customer's
 * country, each delivery method's price and time (abroad: post only; a country the shop sends no
 * parcels to: which lines cannot go, and that lessons and e-books work anywhere). The checkout
 * opens with the order summary at the top (folded on a phone, unfolded here), the country carried
 * over from the cart, pickup with the workshop's address, hours and map link from the admin's
 * settings; the customer pays by card on the sandbox and the order is confirmed. axe on the cart
 * and the checkout. The fields and screens from the cart to the paid order are counted and printed.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, call, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { type PageOptions, useBrowser, waitForPath } from '../src/browser';
import { newEmail } from '../src/mail';
import { useOwnServer } from '../src/own-server';
import { E2E_ADMIN } from '../src/server';
import { ACTION_TIMEOUT } from '../src/timeouts';

// The journey changes the shop's delivery settings: on a server of its own.
const baseUrl = useOwnServer({ prefix: 'atelier-e2e-short-checkout-', admin: E2E_ADMIN });
const browser = useBrowser();
const session = { newPage: (options: PageOptions = {}) => browser.newPage({ baseURL: baseUrl(), ...options }) };

interface ShopProduct {
  id: string;
  name: { ru: string };
  category: string;
  availability: string;
  stock: number | null;
  price: { rub: number };
}

const WORKSHOP = {
  address: { ru: 'Москва, ул. Шелковая, 5, мастерская 12' },
  hours: { ru: 'Пн–Пт 11:00–19:00' },
  mapUrl: 'https://yandex.ru/maps/-/CDabc123',
};

const squeeze = (text: string | null) => (text ?? '').replace(/\s/g, '');

/** Counts what the customer does: the fields she fills or ticks and the screens she passes. */
function meter(page: Page) {
  const screens: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const path = new URL(frame.url()).pathname;
    if (screens.at(-1) !== path) screens.push(path);
  });
  let fields = 0;
  return {
    screens,
    get fields() {
      return fields;
    },
    async fill(field: Locator, value: string) {
      fields += 1;
      await field.fill(value);
    },
    async check(field: Locator) {
      fields += 1;
      await field.check();
    },
  };
}

describe('a shorter checkout', () => {
  for (const mobile of [true, false]) {
    const width = mobile ? '360 px' : '1280 px';
    it(`at ${width}: delivery price and time on the cart, the summary at the top of the checkout, paid by card`, async () => {
      const base = baseUrl();
      const admin = await login(base, E2E_ADMIN);
      await call(base, '/admin/delivery', {
        method: 'PUT',
        token: admin,
        body: { shippingCountries: ['BY', 'KZ', 'RU'], pickup: WORKSHOP },
      });
      const products = await apiData<ShopProduct[]>(base, '/shop?limit=100&sort=price_asc');
      const product = products.find(
        (p) => p.availability === 'in_stock' && (p.stock ?? 0) >= 4 && p.category !== 'book' && p.price.rub < 2000,
      );
      if (!product) throw new Error('the demo catalogue has no suitable product');
      const { token } = await verifiedUser(base, {
        name: 'Ольга Смирнова',
        email: newEmail(`short-${mobile ? 'phone' : 'desk'}`),
        password: 'Peony-garden-2026',
      });
      await call(base, '/cart', {
        method: 'PUT',
        token,
        body: { items: [{ type: 'product', id: product.id, quantity: 2 }] },
      });
      const page = await session.newPage({ mobile });
      await useToken(page, token);
      const customer = meter(page);

      // The cart: the line's total, and delivery to Russia with price and days per method.
      await page.goto('/cart');
      await page.getByRole('heading', { level: 1, name: 'Корзина' }).waitFor();
      // The server's quote of the cart: it arrives just after the page.
      await expect
        .poll(async () => squeeze(await page.getByTestId('line-total').textContent()))
        .toBe(`${(product.price.rub * 2).toLocaleString('ru-RU').replace(/\s/g, '')}₽`);
      const estimate = page.getByTestId('delivery-estimate');
      await expect.poll(async () => squeeze(await estimate.textContent())).toContain('Стандартнаядоставка3–7дней300₽');
      expect(squeeze(await estimate.textContent())).toContain('Самовывозизмастерской1–2днябесплатно');
      await expectNoAxeViolations(page);

      // Abroad: by post only, longer; where no parcel goes, what cannot go and what works anywhere.
      const country = page.getByLabel('Страна доставки');
      await country.fill('Казахстан');
      await expect.poll(async () => squeeze(await estimate.textContent())).toContain('ПочтаРоссии10–30дней300₽');
      expect(squeeze(await estimate.textContent())).not.toContain('Стандартная');
      await country.fill('Германия');
      const notShipped = page.getByTestId('not-shipped');
      await notShipped.getByText('Германия: посылки туда мы пока не отправляем.').waitFor();
      await notShipped.getByText(`Не сможем отправить: ${product.name.ru}.`).waitFor();
      await notShipped.getByText('Уроки, курсы и электронные книги доступны в любой стране.').waitFor();
      await expectNoAxeViolations(page);
      await country.fill('Россия');
      await expect.poll(async () => squeeze(await estimate.textContent())).toContain('Стандартнаядоставка');

      // The checkout: the summary first; on a phone it is folded to its total and unfolds.
      await page.getByRole('link', { name: 'Оформить заказ' }).click();
      await waitForPath(page, (p) => p === '/checkout');
      await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
      const summary = page.getByRole('complementary', { name: 'Ваш заказ' });
      const contacts = page.getByRole('group', { name: 'Контактные данные' });
      // The new page opens at its top (the cart was scrolled); both boxes are read in one go, so
      // a scroll between two reads cannot shift one against the other.
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      const handles = [await summary.elementHandle(), await contacts.elementHandle()];
      const [summaryBox, contactsBox] = await page.evaluate(
        (elements) =>
          elements.map((element) => {
            const box = (element as Element).getBoundingClientRect();
            return { x: box.x, y: box.y, width: box.width };
          }),
        handles,
      );
      if (!summaryBox || !contactsBox) throw new Error('the summary or the contacts are missing');
      if (mobile) {
        expect(summaryBox.y).toBeLessThan(contactsBox.y);
        expect(await summary.getByText(`${product.name.ru} × 2`).isVisible()).toBe(false);
        await summary.getByRole('button', { name: /Показать состав заказа: 2 товара/ }).click();
      } else {
        // Wide: the summary stands in the right-hand column, level with the form's top.
        expect(summaryBox.x).toBeGreaterThan(contactsBox.x + contactsBox.width);
        expect(Math.abs(summaryBox.y - contactsBox.y)).toBeLessThan(8);
      }
      await summary.getByText(`${product.name.ru} × 2`).waitFor();
      expect(await summary.getByRole('button', { name: /Свернуть состав заказа/ }).count()).toBe(mobile ? 1 : 0);

      // The country came from the cart; each method says its price and time; pickup its workshop.
      expect(await page.getByLabel('Страна', { exact: true }).inputValue()).toBe('Россия');
      await page.getByRole('radio', { name: /^Самовывоз из мастерской — бесплатно · 1–2 дня$/ }).check();
      const pickup = page.getByTestId('pickup-place');
      await pickup.getByText(WORKSHOP.address.ru).waitFor();
      await pickup.getByText(WORKSHOP.hours.ru).waitFor();
      expect(await pickup.getByRole('link', { name: 'Открыть на карте' }).getAttribute('href')).toBe(WORKSHOP.mapUrl);
      const standard = page.getByRole('radio', { name: /^Стандартная доставка — 300 ₽ · 3–7 дней$/ });
      await standard.check();
      for (const [label, token] of [
        ['Страна', 'shipping country-name'],
        ['Город', 'shipping address-level2'],
        ['Индекс', 'shipping postal-code'],
        ['Адрес', 'shipping street-address'],
      ] as const) {
        expect(await page.getByLabel(label, { exact: true }).getAttribute('autocomplete')).toBe(token);
      }
      // The address in the order a Russian one is written: country, city, street and house, postal code.
      const order = await page
        .locator('input[autocomplete^="shipping"]')
        .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('autocomplete')));
      expect(order).toEqual([
        'shipping country-name',
        'shipping address-level2',
        'shipping street-address',
        'shipping postal-code',
      ]);

      // What the customer fills: the account gave her name and email, the cart her country.
      await customer.fill(page.getByLabel('Телефон'), '+7 (912) 345-67-89');
      await customer.fill(page.getByLabel('Город', { exact: true }), 'Тверь');
      await customer.fill(page.getByLabel('Адрес', { exact: true }), 'ул. Мира, д. 1, кв. 5');
      await customer.fill(page.getByLabel('Индекс', { exact: true }), '170000');
      for (const box of await page.getByRole('checkbox').all()) await customer.check(box);
      await expect
        .poll(async () => squeeze(await summary.textContent()), { timeout: ACTION_TIMEOUT })
        .toContain(`Доставка300₽Коплате${(product.price.rub * 2 + 300).toLocaleString('ru-RU').replace(/\s/g, '')}₽`);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

      // The card payment on the sandbox, then the paid order.
      await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
      await page.getByRole('button', { name: 'Оплатить' }).click();
      await waitForPath(page, (p) => p === '/payment/success');
      const [placed] = await apiData<{ status: string; deliveryCost: number; total: number }[]>(base, '/orders/user', {
        token,
      });
      expect(placed).toMatchObject({ status: 'confirmed', deliveryCost: 300, total: product.price.rub * 2 + 300 });

      const screens = customer.screens.map((path) => (path.startsWith('/api/payments/sandbox/') ? 'sandbox' : path));
      expect(screens).toEqual(['/cart', '/checkout', 'sandbox', '/payment/success']);
      console.log(
        `[bench] cart → paid order at ${width}: ${customer.fields} fields filled or ticked, ${screens.length} screens (${screens.join(' → ')})`,
      );
    });
  }
});
