/**
 * CDEK delivery in a real browser, on a server of its own pointed at the CDEK fake (it speaks
 * CDEK's API v2). On a phone the cart prices CDEK to the customer's city before the checkout
 * (POST /api/cdek/estimate), and follows another city. A customer picks "CDEK pickup point", types her city, chooses it, narrows the
 * list of points by street and picks one by its radio button: the page shows the server's CDEK
 * price (the one POST /api/cdek/quote gives), in the point's line and in the summary, and the
 * order is placed with it. The owner registers the paid order with CDEK from the order page, sees
 * CDEK's number and prints the label; CDEK's webhook (the fake, to the shop's URL) then moves the
 * parcel on. axe on the checkout with the list open and on the admin order page.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startCdekFake } from '../../apps/server/src/test/fakes/cdek-fake';
import { useToken } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { useBrowser, waitForPath } from '../src/browser';
import { tickEveryBox } from '../src/consents';
import { newEmail } from '../src/mail';
import { useOwnServer } from '../src/own-server';

const session = useBrowser();
const admin = { email: 'owner-cdek@e2e.test', password: 'cdek-owner-password' };
const cdek = await startCdekFake();
afterAll(() => cdek.close());
const base = useOwnServer({
  prefix: 'atelier-e2e-cdek-',
  admin,
  env: {
    CDEK_CLIENT_ID: cdek.clientId,
    CDEK_CLIENT_SECRET: cdek.clientSecret,
    CDEK_API_URL: cdek.apiUrl,
  },
});

interface ShopProduct {
  id: string;
  name: { ru: string };
  price: { rub: number };
  availability: string;
  stock: number | null;
  category: string;
}

describe('CDEK delivery', () => {
  it('on a 360 px phone the cart shows CDEK’s price and days to her city, before the checkout', async () => {
    const url = base();
    const products = await apiData<ShopProduct[]>(url, '/shop?category=collection&limit=100&sort=price_asc');
    const bouquet = products.find((p) => p.availability === 'in_stock' && (p.stock ?? 0) > 0 && p.price.rub < 5000);
    if (!bouquet) throw new Error('the demo catalogue has no bouquet under 5 000 ₽ in stock');
    const { token } = await verifiedUser(url, {
      name: 'Вера Покупатель',
      email: newEmail('cdek-cart'),
      password: 'Silk-lily-2026',
    });
    const items = [{ type: 'product', id: bouquet.id, quantity: 1 }];
    await apiData(url, '/cart', { token, method: 'PUT', body: { items } });
    const expected = await apiData<{ carrierCost: number; periodMin: number; periodMax: number }>(
      url,
      '/cdek/estimate',
      { token, body: { items, cityCode: 424 } },
    );
    expect(expected.carrierCost).toBeGreaterThan(0);

    const page = await session.newPage({ baseURL: url, mobile: true });
    await useToken(page, token);
    await page.goto('/cart');
    const delivery = page.getByRole('region', { name: 'Доставка' });
    const pickup = delivery.getByRole('listitem').filter({ hasText: 'Пункт выдачи СДЭК' });
    await pickup.getByText('по тарифу СДЭК, цена — после выбора пункта').waitFor();

    await delivery.getByRole('textbox', { name: 'Город' }).fill('Казан');
    await delivery.getByRole('button', { name: 'Казань, Республика Татарстан' }).click();
    await delivery.getByText('Цена СДЭК — до пункта выдачи в городе Казань.').waitFor();
    const squeezed = async () => ((await pickup.textContent()) ?? '').replace(/\s/g, '');
    await expect.poll(squeezed).toContain(`${expected.carrierCost}₽`);
    expect(await squeezed()).toContain(`${expected.periodMin}–${expected.periodMax}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    // Another city asks CDEK again.
    await delivery.getByRole('button', { name: 'Выбрать другой город' }).click();
    await delivery.getByRole('textbox', { name: 'Город' }).fill('Новосиб');
    await delivery.getByRole('button', { name: 'Новосибирск, Новосибирская область' }).click();
    const farther = await apiData<{ carrierCost: number }>(url, '/cdek/estimate', {
      token,
      body: { items, cityCode: 270 },
    });
    expect(farther.carrierCost).not.toBe(expected.carrierCost);
    await expect.poll(squeezed).toContain(`${farther.carrierCost}₽`);

    // The checkout starts from the city she gave the cart: its pickup points, nothing typed again.
    await page.getByRole('link', { name: 'Оформить заказ' }).click();
    await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
    await page.getByRole('radio', { name: /^Пункт выдачи СДЭК — по тарифу СДЭК · / }).check();
    const picker = page.getByRole('group', { name: 'Пункт выдачи или постамат СДЭК' });
    await picker.getByText('Новосибирск, Новосибирская область', { exact: true }).waitFor();
    expect(await picker.getByLabel('Город').count()).toBe(0);
    await picker.getByText(/^Пунктов: [1-9]\d*$/).waitFor();
  });

  it('the customer picks a CDEK point from the list and sees CDEK’s price; the owner registers the order with CDEK', async () => {
    const url = base();
    const products = await apiData<ShopProduct[]>(url, '/shop?category=collection&limit=100&sort=price_asc');
    const bouquet = products.find((p) => p.availability === 'in_stock' && (p.stock ?? 0) > 0 && p.price.rub < 5000);
    if (!bouquet) throw new Error('the demo catalogue has no bouquet under 5 000 ₽ in stock');
    const { token } = await verifiedUser(url, {
      name: 'Дина Покупатель',
      email: newEmail('cdek'),
      password: 'Silk-lily-2026',
    });
    await apiData(url, '/cart', {
      token,
      method: 'PUT',
      body: { items: [{ type: 'product', id: bouquet.id, quantity: 1 }] },
    });
    const expected = await apiData<{ deliveryCost: number }>(url, '/cdek/quote', {
      token,
      body: { items: [{ type: 'product', id: bouquet.id, quantity: 1 }], pointCode: 'KZN3' },
    });
    expect(expected.deliveryCost).toBeGreaterThan(0);

    const page = await session.newPage({ baseURL: url });
    await useToken(page, token);
    await page.goto('/checkout');
    await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
    await page.getByLabel('Имя', { exact: true }).fill('Дина');
    await page.getByLabel('Фамилия').fill('Соколова');
    await page.getByLabel('Телефон').fill('+7 (912) 345-67-89');
    await page.getByRole('radio', { name: /^Пункт выдачи СДЭК — по тарифу СДЭК · / }).check();

    // City → CDEK's places → the points of the chosen one, narrowed by street.
    const picker = page.getByRole('group', { name: 'Пункт выдачи или постамат СДЭК' });
    await picker.getByLabel('Город').fill('Казан');
    await picker.getByRole('button', { name: 'Казань, Республика Татарстан' }).click();
    await picker.getByText('Пунктов: 3').waitFor();
    await picker.getByLabel('Поиск по адресу или названию').fill('баумана');
    await picker.getByText('Пунктов: 1').waitFor();
    const point = picker.getByRole('radio', { name: /На Баумана.*Пункт выдачи.*ул\. Баумана, 58.*Часы работы/ });
    await point.check();
    const line = picker.getByRole('status').filter({ hasText: 'Выбран: На Баумана' });
    await line.getByText(/^Доставка СДЭК: /).waitFor();
    const priced = ((await line.getByText(/^Доставка СДЭК: /).textContent()) ?? '').replace(/\s/g, '');
    expect(priced).toContain(`ДоставкаСДЭК:${expected.deliveryCost}₽`);
    const summary = page.getByRole('complementary', { name: 'Ваш заказ' });
    const squeezed = async () => ((await summary.textContent()) ?? '').replace(/\s/g, '');
    // The summary is priced by its own quote request after the point's line: wait for it.
    await expect.poll(squeezed).toContain(`Доставка${expected.deliveryCost}₽`);
    expect(await squeezed()).toContain(`Коплате${bouquet.price.rub + expected.deliveryCost}₽`);
    await page.getByRole('radio', { name: 'Наличными при получении' }).check();
    await tickEveryBox(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await waitForPath(page, (p) => p.startsWith('/account/orders/thanks/'));

    const [order] = await apiData<{ id: string; number: number; deliveryCost: number; total: number }[]>(
      url,
      '/orders/user',
      { token },
    );
    expect(order).toMatchObject({
      deliveryCost: expected.deliveryCost,
      total: bouquet.price.rub + expected.deliveryCost,
    });

    // The owner: paid in cash, then "Register with CDEK" on the order page.
    const ownerToken = await login(url, admin);
    await apiData(url, `/admin/orders/${order!.id}/mark-paid`, { token: ownerToken, body: { reference: 'наличные' } });
    const ownerPage = await session.newPage({ baseURL: url });
    await useToken(ownerPage, ownerToken);
    await ownerPage.goto(`/admin/orders/${order!.id}`);
    const panel = ownerPage.getByRole('region', { name: 'СДЭК' });
    await panel.getByText('Пункт: KZN3, Россия, Казань, ул. Баумана, 58').waitFor();
    await panel.getByRole('button', { name: 'Зарегистрировать в СДЭК' }).click();
    await panel.getByText('Номер СДЭК').waitFor();
    const sent = [...cdek.orders.values()].find((o) => o.number.startsWith(`${order!.number}-`));
    expect(sent?.deliveryPoint).toBe('KZN3');
    await panel.getByRole('link', { name: new RegExp(sent!.cdekNumber) }).waitFor();
    await panel.getByText('Сдать посылку в офис СДЭК MSK71').waitFor();
    const [label] = await Promise.all([
      ownerPage.waitForEvent('download'),
      panel.getByRole('button', { name: 'Этикетка (PDF)' }).click(),
    ]);
    expect(label.suggestedFilename()).toBe(`cdek-${sent!.cdekNumber}.pdf`);
    await expectNoAxeViolations(ownerPage);

    // CDEK's webhook reaches the shop: the parcel waits at the point.
    const delivery = await cdek.setStatus(sent!.uuid, 'ACCEPTED_AT_PICK_UP_POINT');
    expect(delivery?.status).toBe(200);
    await ownerPage.reload();
    await ownerPage.getByRole('region', { name: 'СДЭК' }).getByText('Ждёт в пункте выдачи').waitFor();
    await ownerPage.getByText('Отправлен', { exact: true }).first().waitFor();
  });
});
