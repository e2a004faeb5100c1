/**
 * Signing in continues what the guest was doing, on a 360 px phone: a guest adds a bouquet to the
 * cart, is asked to sign in with the reason in words (and the registration's rules and errors
 * shown as such), registers, enters the mailed code (the sixth digit sends it; a reload on the way
 * loses nothing) and is back on the bouquet with it in the cart and one toast; in English with
 * euros, a guest fills the gift-certificate form, signs in and finds it filled as left. The
 * account's seven sections stay on one scrolling line. axe on the auth page and the account.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { authPanel, loginThroughUi, registerThroughUi, TEXTS, typeCode } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { appStarted, MOBILE, type PageOptions, useBrowser, waitForPath } from '../src/browser';
import { newEmail, verificationCode } from '../src/mail';
import { useOwnServer } from '../src/own-server';
import { E2E_ADMIN } from '../src/server';

// Other journeys buy, edit and archive products on the run's server: this one follows its own
// bouquet through sign-in on a server of its own.
const baseUrl = useOwnServer({ prefix: 'atelier-e2e-sign-in-intent-', admin: E2E_ADMIN });
const browser = useBrowser();
const session = { newPage: (options: PageOptions = {}) => browser.newPage({ baseURL: baseUrl(), ...options }) };
const BOUQUET = { ru: 'Пудровые розы', en: 'Powder roses', es: 'Rosas empolvadas' };
let bouquetId: string;

beforeAll(async () => {
  const adminToken = await login(baseUrl(), E2E_ADMIN);
  bouquetId = (
    await apiData<{ id: string }>(baseUrl(), '/shop', {
      token: adminToken,
      body: {
        name: BOUQUET,
        description: { ru: 'Букет из пудровых шёлковых роз.' },
        price: { rub: 6400, eur: 69, usd: 74 },
        category: 'collection',
        subcategory: 'bouquets',
        availability: 'in_stock',
        stock: 5,
      },
    })
  ).id;
});

/** The toasts on screen now (sonner's list items in its labelled region). */
function toasts(page: Page) {
  return page.getByRole('region', { name: /Уведомления|Notifications|Notificaciones/ }).locator('li');
}

async function expectFitsPhone(page: Page) {
  const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  expect(width).toBeLessThanOrEqual(MOBILE.width);
}

describe('signing in continues the guest’s intent (360 px)', () => {
  it('a guest adds a bouquet, registers with the mailed code and is back on it with the bouquet in the cart', async () => {
    const page = await session.newPage({ mobile: true });
    const t = TEXTS.ru;
    const productPath = `/shop?product=${bouquetId}`;
    await page.goto(productPath);
    const dialog = page.getByRole('dialog', { name: BOUQUET.ru });
    await dialog.getByRole('button', { name: 'Добавить в корзину' }).click();

    // The auth page says why, and keeps the way back (same site) in its address.
    await waitForPath(page, (p) => p === '/auth');
    expect(new URL(page.url()).searchParams.get('next')).toBe(productPath);
    const reason = page.getByText('Войдите, чтобы добавить «Пудровые розы» в корзину', { exact: true });
    await reason.waitFor();
    await expectFitsPhone(page);
    await expectNoAxeViolations(page);

    // Registration: the password rule is there before sending; errors are alerts tied to their fields.
    await page.getByRole('tab', { name: t.tabs.register }).click();
    await page.getByText('Зарегистрируйтесь, чтобы добавить «Пудровые розы» в корзину', { exact: true }).waitFor();
    const form = authPanel(page);
    const password = form.getByLabel(t.password, { exact: true });
    await form.getByText('Не короче 6 символов.').waitFor();
    await password.fill('abc');
    // The show-password toggle: a pressed/unpressed button that shows what was typed.
    const toggle = form.getByRole('button', { name: 'Показать пароль' }).first();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await password.getAttribute('type')).toBe('text');
    await toggle.click();
    expect(await password.getAttribute('type')).toBe('password');
    await form.getByRole('button', { name: t.registerSubmit }).click();
    const passwordError = form.getByRole('alert').filter({ hasText: 'Пароль должен содержать не менее 6 символов' });
    await passwordError.waitFor();
    const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
    expect(describedBy.split(' ')).toContain(await passwordError.getAttribute('id'));
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);

    const account = { name: 'Мария Гостья', email: newEmail('intent-cart'), password: 'Powder-rose-2026' };
    await registerThroughUi(page, 'ru', account);
    await page.getByRole('tab', { name: t.tabs.verify, selected: true }).waitFor();
    await page.getByText('Введите код из письма, чтобы добавить «Пудровые розы» в корзину', { exact: true }).waitFor();
    // A reload on the code step forgets nothing.
    await page.reload();
    await page.getByText('Введите код из письма, чтобы добавить «Пудровые розы» в корзину', { exact: true }).waitFor();

    // The sixth digit sends the code: back on the bouquet, with it in the cart and one toast.
    await typeCode(page, 'ru', await verificationCode(account.email, undefined, baseUrl()));
    await page.waitForURL((url) => url.pathname === '/shop' && url.search === `?product=${bouquetId}`, {
      waitUntil: 'commit',
    });
    await page.getByRole('dialog', { name: BOUQUET.ru }).waitFor();
    await toasts(page).filter({ hasText: '«Пудровые розы» в корзине' }).waitFor();
    expect(await toasts(page).count()).toBe(1);
    const token = (await page.evaluate(() => localStorage.getItem('token'))) as string;
    await expect
      .poll(async () =>
        (await apiData<{ items: { id: string }[] }>(baseUrl(), '/cart', { token })).items.map((i) => i.id),
      )
      .toEqual([bouquetId]);
    // Finished once: a reload does not add it again.
    await page.reload();
    await page.getByRole('dialog', { name: BOUQUET.ru }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('banner').getByRole('link', { name: 'Корзина, 1 товар' }).waitFor();
    expect((await apiData<{ items: { quantity: number }[] }>(baseUrl(), '/cart', { token })).items).toMatchObject([
      { quantity: 1 },
    ]);
  });

  it('in English with euros: the gift-certificate form filled as a guest is filled again after signing in', async () => {
    const buyer = await verifiedUser(baseUrl(), {
      name: 'Laura Giver',
      email: newEmail('intent-gift'),
      password: 'Gift-giver-2026',
    });
    const page = await session.newPage({ mobile: true, locale: 'en-GB' });
    await page.context().addInitScript(() => {
      window.localStorage.setItem('currency', 'EUR');
    });
    await page.goto('/gift-certificates?lang=en');
    await appStarted(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .locator('label')
      .filter({ has: page.locator('input[name="currency"][value="EUR"]') })
      .click();
    await expect.poll(() => page.locator('input[name="currency"]:checked').getAttribute('value')).toBe('EUR');
    const firstAmount = page.locator('input[name="choice"]').nth(1);
    const amount = (await firstAmount.getAttribute('value')) as string;
    await firstAmount.locator('xpath=..').click();
    await page.getByLabel('Recipient’s name').fill('Clara');
    await page.getByLabel('Recipient’s email').fill('clara@example.com');
    await page.getByLabel('Message (optional)').fill('Happy birthday, with love!');
    await page.getByLabel('From', { exact: true }).fill('Laura and Tom');
    await page.getByText('Sign in to buy the certificate: everything you filled in is kept.').waitFor();
    await page.getByRole('button', { name: 'Sign in to buy' }).click();

    await waitForPath(page, (p) => p === '/auth');
    await page
      .getByText('Sign in to pay for the gift certificate. Everything you filled in is kept.', { exact: true })
      .waitFor();
    await expectNoAxeViolations(page);
    await loginThroughUi(page, 'en', buyer.email, buyer.password);

    await waitForPath(page, (p) => p === '/gift-certificates');
    await toasts(page).filter({ hasText: 'The form is filled in as you left it' }).waitFor();
    expect(await toasts(page).count()).toBe(1);
    await expect.poll(() => page.getByLabel('Recipient’s name').inputValue()).toBe('Clara');
    expect(await page.getByLabel('Recipient’s email').inputValue()).toBe('clara@example.com');
    expect(await page.getByLabel('Message (optional)').inputValue()).toBe('Happy birthday, with love!');
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('Laura and Tom');
    expect(await page.locator('input[name="currency"]:checked').getAttribute('value')).toBe('EUR');
    expect(await page.locator('input[name="choice"]:checked').getAttribute('value')).toBe(amount);
    await page.getByRole('button', { name: 'Go to payment' }).waitFor();
    // The figures are euros, not roubles.
    expect(await page.locator('main form').first().textContent()).not.toContain('₽');
  });

  it('the account’s seven sections stay on one line that scrolls, reachable by keyboard', async () => {
    const customer = await verifiedUser(baseUrl(), newEmail('intent-tabs'));
    const page = await session.newPage({ mobile: true });
    await page.goto('/auth');
    await loginThroughUi(page, 'ru', customer.email, customer.password);
    await waitForPath(page, (p) => p === '/account');
    const nav = page.getByRole('navigation', { name: 'Разделы кабинета' });
    const links = nav.getByRole('link');
    await links.first().waitFor();
    expect(await links.count()).toBe(7);
    // One row: every link sits at the first one's height.
    const tops = await links.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await expectFitsPhone(page);
    await expectNoAxeViolations(page);

    // Tab to the last section: the row scrolls it into view, and Enter opens it.
    await links.first().focus();
    for (let i = 1; i < 7; i++) await page.keyboard.press('Tab');
    const last = links.last();
    expect(await last.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = await last.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
    await page.keyboard.press('Enter');
    await waitForPath(page, (p) => p === '/account/gift-certificates');
    await expect.poll(() => last.getAttribute('aria-current')).toBe('page');
  });
});
