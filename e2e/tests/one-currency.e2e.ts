/**
 * One currency end to end, on a 360 px phone in English with euros chosen: the shop grid lists
 * only what is sold in euros (a rouble-only piece opened by its link says so and cannot go in the
 * cart), the product dialog, the cart (its free-delivery line), the checkout (lines, delivery
 * prices, total), PayPal's (the sandbox's) page, the account's order list and the order page show euros only.
 * Not one "₽" in the visible text of any of them. The order keeps its euros after roubles are chosen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, verifiedUser } from '../src/api';
import { type PageOptions, useBrowser, waitForPath } from '../src/browser';
import { tickEveryBox } from '../src/consents';
import { newEmail } from '../src/mail';
import { useOwnServer } from '../src/own-server';
import { E2E_ADMIN } from '../src/server';
import { ACTION_TIMEOUT } from '../src/timeouts';

// Other journeys buy, edit and archive the demo products on the run's server: this one picks its
// products and follows them to the order on a server of its own.
const baseUrl = useOwnServer({ prefix: 'atelier-e2e-one-currency-', admin: E2E_ADMIN });
const browser = useBrowser();
const session = { newPage: (options: PageOptions = {}) => browser.newPage({ baseURL: baseUrl(), ...options }) };

interface ShopProduct {
  id: string;
  name: { ru: string; en?: string };
  category: string;
  availability: string;
  stock: number | null;
  price: { rub: number; eur: number | null };
}

interface OrderSummary {
  id: string;
  number: number;
  currency: string;
  totalInCurrency: number;
}

/** What the visitor reads: the page's rendered text (hidden parts and attributes left out). */
// biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (hidden nodes left out).
const visibleText = (page: Page) => page.evaluate(() => document.body.innerText);

async function expectOnlyEuros(page: Page, where: string) {
  await expect.poll(() => visibleText(page), { timeout: ACTION_TIMEOUT }).toContain('€');
  const text = await visibleText(page);
  expect(text.includes('₽'), `${where} shows a rouble figure:\n${text}`).toBe(false);
}

describe('one currency end to end', () => {
  it('a customer in euros sees only € from the shop grid through product, cart and checkout to the order in the account', async () => {
    const products = await apiData<ShopProduct[]>(baseUrl(), '/shop?limit=100');
    const roubleOnly = products.find((p) => p.price.eur === null);
    const euroProduct = products.find(
      (p) =>
        p.price.eur !== null &&
        p.price.eur < 50 &&
        p.category !== 'book' &&
        p.availability !== 'out_of_stock' &&
        (p.stock === null || p.stock > 5),
    );
    if (!roubleOnly || !euroProduct) throw new Error('the demo catalogue needs a rouble-only and a euro product');

    const email = newEmail('one-currency');
    const { token } = await verifiedUser(baseUrl(), { name: 'Emma Euro', email, password: 'Silk-euros-2026' });
    const page = await session.newPage({ mobile: true, locale: 'en-GB' });
    await page.context().addCookies([{ name: 'lang', value: 'en', url: baseUrl() }]);
    // Euros until the journey chooses otherwise (the script runs on every load).
    await page
      .context()
      .addInitScript(() => window.localStorage.getItem('currency') ?? window.localStorage.setItem('currency', 'EUR'));
    await useToken(page, token);

    // The grid: euro prices only; the rouble-only piece is not listed, even when searched for by name.
    const cardTitle = (product: ShopProduct) =>
      page.getByRole('heading', { level: 2, name: product.name.en ?? product.name.ru });
    await page.goto('/shop');
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await expectOnlyEuros(page, 'the shop grid');
    await page.goto(`/shop?search=${encodeURIComponent(euroProduct.name.en ?? euroProduct.name.ru)}`);
    await cardTitle(euroProduct).waitFor();
    await expectOnlyEuros(page, 'the shop grid searched');
    await page.goto(`/shop?search=${encodeURIComponent(roubleOnly.name.en ?? roubleOnly.name.ru)}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => visibleText(page)).not.toContain('₽');
    expect(await cardTitle(roubleOnly).count()).toBe(0);

    // Opened by its link, the rouble-only piece says it is sold in roubles only: no price, no cart button.
    await page.goto(`/shop?product=${roubleOnly.id}`);
    const other = page.getByRole('dialog', { name: roubleOnly.name.en ?? roubleOnly.name.ru });
    await other.getByText('This item is sold in roubles only.').waitFor();
    expect(await other.textContent()).not.toContain('₽');
    expect(await other.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);

    // The product dialog in euros; into the cart.
    await page.goto(`/shop?product=${euroProduct.id}`);
    const dialog = page.getByRole('dialog', { name: euroProduct.name.en ?? euroProduct.name.ru });
    await dialog.getByRole('button', { name: 'Add to cart' }).waitFor();
    await expectOnlyEuros(page, 'the product dialog');
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expect
      .poll(async () => (await apiData<{ items: { id: string }[] }>(baseUrl(), '/cart', { token })).items.length)
      .toBe(1);

    // The cart: the line, the total and the free-delivery threshold in euros.
    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    await page.getByText('Free delivery from €50.', { exact: false }).waitFor();
    await expectOnlyEuros(page, 'the cart');

    // The checkout: delivery prices, lines and the total in euros; PayPal is the way to pay.
    await page.getByRole('link', { name: 'Checkout' }).click();
    await waitForPath(page, (p) => p === '/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByRole('radio', { name: /^Standard delivery — €3 · 3–7 days$/ }).waitFor();
    await page.getByText('Delivery is free for orders of €50 or more.').waitFor();
    // Abroad a parcel goes by post (the courier and CDEK points are in Russia).
    await page.getByLabel('Country', { exact: true }).fill('Germany');
    await page.getByRole('radio', { name: /^Russian Post — €3 · 10–30 days$/ }).check();
    expect(await page.getByRole('radio', { name: /^Standard delivery/ }).count()).toBe(0);
    await page.getByLabel('First name').fill('Emma');
    await page.getByLabel('Last name').fill('Euro');
    await page.getByLabel('Phone').fill('+49 30 1234567');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Address').fill('Unter den Linden 1');
    await page.getByLabel('Postal code').fill('10117');
    await tickEveryBox(page);
    const summary = page.getByRole('complementary', { name: 'Your order' });
    const total = Math.round((euroProduct.price.eur! + 3) * 100) / 100;
    await expect
      .poll(async () => ((await summary.textContent()) ?? '').replace(/\s/g, ''))
      .toContain(`€${total.toFixed(Number.isInteger(total) ? 0 : 2)}`);
    await expectOnlyEuros(page, 'the checkout');
    await page.getByRole('button', { name: 'Place order' }).click();

    // PayPal's approval page (the sandbox's in the demo) asks for the euros, then the order in the account.
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    await page.getByRole('heading', { level: 1, name: /^PayPal/ }).waitFor();
    const [order] = await apiData<OrderSummary[]>(baseUrl(), '/orders/user', { token });
    expect(order).toMatchObject({ currency: 'EUR', totalInCurrency: total });
    expect(await page.locator('main').textContent()).toContain('€');
    expect(await page.locator('main').textContent()).not.toContain('₽');

    await page.goto('/account/orders');
    const row = page.getByRole('listitem').filter({ hasText: `Order No. ${order!.number}` });
    await row.waitFor();
    await expectOnlyEuros(page, 'the account’s orders');
    await row.getByRole('link', { name: `Order No. ${order!.number}` }).click();
    await waitForPath(page, (p) => p === `/account/orders/${order!.id}`);
    await page.getByText('Russian Post', { exact: false }).first().waitFor();
    await expectOnlyEuros(page, 'the order page');

    // Roubles chosen afterwards: the order still reads in its own euros.
    await page.evaluate(() => window.localStorage.setItem('currency', 'RUB'));
    await page.reload();
    await page.getByText('Russian Post', { exact: false }).first().waitFor();
    await expectOnlyEuros(page, 'the order page with roubles chosen');
  });

  it('a cart holding a rouble-only piece, seen in euros, shows no euro total until roubles are chosen', async () => {
    const products = await apiData<ShopProduct[]>(baseUrl(), '/shop?limit=100');
    const roubleOnly = products.find(
      (p) => p.price.eur === null && p.category !== 'book' && p.availability === 'in_stock' && (p.stock ?? 0) > 0,
    );
    if (!roubleOnly) throw new Error('the demo catalogue needs a rouble-only product in stock');
    const { token } = await verifiedUser(baseUrl(), {
      name: 'Ella Euro',
      email: newEmail('no-euro-total'),
      password: 'Silk-euros-2026',
    });
    // Put in the cart while roubles were chosen (on another device, say).
    await apiData(baseUrl(), '/cart', {
      token,
      method: 'PUT',
      body: { items: [{ type: 'product', id: roubleOnly.id, quantity: 2 }] },
    });
    const page = await session.newPage({ mobile: true, locale: 'en-GB' });
    await page.context().addCookies([{ name: 'lang', value: 'en', url: baseUrl() }]);
    await page.addInitScript(() => window.localStorage.setItem('currency', 'EUR'));
    await useToken(page, token);

    await page.goto('/cart');
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await summary.getByText('No total in euros').waitFor();
    await summary.getByText('Some items in the cart are not sold in euros', { exact: false }).waitFor();
    // Neither "free" nor "no delivery": the piece does travel, it just has no euro price.
    expect(await summary.getByText('Free', { exact: true }).count()).toBe(0);
    expect(await page.getByText('needs shipping', { exact: false }).count()).toBe(0);
    expect(await visibleText(page)).not.toMatch(/€\s?0\b/);

    // The checkout says the same and why it cannot go on.
    await page.goto('/checkout');
    const order = page.getByTestId('checkout-summary');
    await order.getByText('No total in euros').first().waitFor();
    await page.getByText('Some items in the cart are not sold in euros', { exact: false }).waitFor();
    expect(await visibleText(page)).not.toMatch(/€\s?0\b/);

    // Roubles chosen: the total and the delivery are there again.
    await page.goto('/cart');
    await summary.getByRole('button', { name: 'Switch to roubles' }).click();
    await summary.getByText(/₽/).first().waitFor();
    expect(await summary.getByText('No total in euros').count()).toBe(0);
    await page.getByRole('region', { name: 'Delivery' }).waitFor();
  });
});
