/**
 * Payments and digital delivery in a real browser with the built-in sandbox provider:
 * a customer buys the demo digital book by card → the sandbox payment page → Pay → the success
 * page → the e-book mail in the outbox → its link downloads the PDF; the account lists the book.
 * A cancelled payment lands on the cancel page, whose "Try again" opens a new sandbox payment.
 * An abandoned card payment or PayPal payment (EUR, PayPal's page played by the sandbox: no
 * address asked, nothing mailed) keeps the order, whose account page offers "Pay", which returns
 * to the same, still open payment. Bank transfer: checkout creates the
 * payment, the thank-you page shows the instructions (also at 360 px) and they are mailed once;
 * its mailed payment link opens signed out at 360 px and pays the order by keyboard through the
 * sandbox, after which the same link says the order is paid.
 * A provider that cannot be reached (a server of its own with YooKassa on a closed port): the
 * 'Payment creation error' text, the order kept, Pay on its account page answering the same.
 */
import { describe, expect, it } from 'vitest';
import { onThisServer, useToken } from '../src/accounts';
import { apiData, login, orderBody, placeOrder, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, useBrowser, waitForPath } from '../src/browser';
import { holdWallClock, letCountdownsEnd } from '../src/clock';
import { tickEveryBox } from '../src/consents';
import { listMail, mailFiles, newEmail, waitForMail } from '../src/mail';
import { useOwnServer } from '../src/own-server';
import { ACTION_TIMEOUT, REQUEST_TIMEOUT } from '../src/timeouts';

const session = useBrowser();

interface ShopProduct {
  id: string;
  name: { ru: string };
  price: { rub: number };
  bookFormats?: string[];
}

async function digitalBook(): Promise<ShopProduct> {
  const books = await apiData<ShopProduct[]>(baseUrl(), '/shop?category=book&limit=100');
  const book = books.find((b) => b.bookFormats?.includes('digital'));
  if (!book) throw new Error('the demo catalogue has no digital book');
  return book;
}

/** A signed-in customer with the digital book in the cart, on the checkout page. */
async function toCheckout(tag: string, currency: 'RUB' | 'EUR' = 'RUB') {
  const book = await digitalBook();
  const email = newEmail(tag);
  const { token } = await verifiedUser(baseUrl(), { name: 'Вера Читатель', email, password: 'Silk-reader-2026' });
  await apiData(baseUrl(), '/cart', {
    token,
    method: 'PUT',
    body: { items: [{ type: 'product', id: book.id, quantity: 1, bookFormat: 'digital' }] },
  });
  const page = await session.newPage();
  await useToken(page, token);
  await page.context().addInitScript((value) => window.localStorage.setItem('currency', value), currency);
  await page.goto('/checkout');
  await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
  await page.getByLabel('Имя', { exact: true }).fill('Вера');
  await page.getByLabel('Фамилия').fill('Соколова');
  await page.getByLabel('Телефон').fill('+7 (912) 345-67-89');
  await page.getByRole('radio', { name: currency === 'RUB' ? 'Банковская карта' : 'PayPal (евро / доллары)' }).check();
  await tickEveryBox(page);
  return { page, email, book, token };
}

describe('payments with the sandbox provider', () => {
  it('digital book by card → sandbox Pay → success page → the mailed link downloads the PDF; the account lists it', async () => {
    const { page, email, book } = await toCheckout('ebook');
    const before = await mailFiles();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

    // The sandbox "provider" page: order, amount, Pay / Cancel / Fail.
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    await page.getByRole('heading', { level: 1, name: 'Тестовая оплата' }).waitFor();
    await expectNoAxeViolations(page);
    // The success window closes itself after 10 s: its clock stands until the journey has looked.
    await holdWallClock(page);
    await page.getByRole('button', { name: 'Оплатить' }).click();

    // Back in the shop: the success window with the order number, closing itself after 10 s.
    await waitForPath(page, (p) => p === '/payment/success');
    const number = new URL(page.url()).searchParams.get('order');
    expect(number).toMatch(/^\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Оплата прошла успешно' }).waitFor();
    await page.getByText('Переход в личный кабинет через 10 секунд').waitFor();
    await page.getByText(`Заказ № ${number}`).waitFor();
    await expectNoAxeViolations(page);
    const orders = await apiData<{ number: number; status: string }[]>(baseUrl(), '/orders/user', {
      token: (await page.evaluate(() => localStorage.getItem('token')))!,
    });
    expect(orders.find((o) => String(o.number) === number)?.status).toBe('confirmed');

    // The e-book mail: its link downloads the book with its file name.
    const mail = await waitForMail(email, (m) => m.links.some((l) => l.includes('/api/downloads/')), { after: before });
    const link = mail.links.find((l) => l.includes('/api/downloads/'))!;
    const response = await fetch(`${baseUrl()}${onThisServer(link)}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=("?)[^";]+\.pdf\1(;|$)/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The success window has closed into the thank-you page (in the account), which stays; the
    // account lists the book with 4 downloads left.
    await letCountdownsEnd(page);
    await waitForPath(page, (p) => p === `/account/orders/thanks/${number}`);
    await page.getByText('Ссылки на электронные книги мы отправили на вашу почту.').waitFor();
    await page.goto('/account/orders');
    const books = page.getByRole('region', { name: 'Мои электронные книги' });
    await books.getByText(book.name.ru).waitFor();
    await books.getByText(/осталось 4 скачивания/).waitFor();
    await expectNoAxeViolations(page);
  });

  it('Cancel on the sandbox page → cancel page with the cancel text → Try again opens a new payment', async () => {
    const { page } = await toCheckout('ebook-cancel');
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    const firstPayment = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Отменить' }).click();

    await waitForPath(page, (p) => p === '/payment/cancel');
    await page.getByRole('heading', { level: 1, name: 'Оплата отменена' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Попробовать снова' }).click();
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/') && p !== firstPayment);
    await page.getByRole('button', { name: 'Симулировать ошибку' }).click();
    await waitForPath(page, (p) => p === '/payment/cancel');
    expect(new URL(page.url()).searchParams.get('status')).toBe('failed');
    await page.getByRole('heading', { level: 1, name: 'Оплата не прошла' }).waitFor();
    await page.getByText('Ошибка при обработке платежа, попробуйте снова.').waitFor();
  });

  it('a card payment abandoned on the sandbox page: the account order page offers Pay, which returns to the same open payment (no second charge) and confirms the order', async () => {
    const { page, token } = await toCheckout('ebook-later');
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    const firstPayment = new URL(page.url()).pathname;
    const [order] = await apiData<{ id: string; number: number; status: string }[]>(baseUrl(), '/orders/user', {
      token,
    });
    expect(order?.status).toBe('pending');

    await page.goto(`/account/orders/${order?.id}`);
    const pay = page.getByRole('region', { name: 'Оплата заказа' });
    await pay.getByRole('button', { name: 'Оплатить' }).waitFor();
    await expectNoAxeViolations(page);
    await pay.getByRole('button', { name: 'Оплатить' }).click();
    // The first payment is still open: Pay returns to it instead of charging a second time.
    await waitForPath(page, (p) => p === firstPayment);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await waitForPath(page, (p) => p === '/payment/success');
    expect(new URL(page.url()).searchParams.get('order')).toBe(String(order?.number));
    const after = await apiData<{ id: string; status: string }[]>(baseUrl(), '/orders/user', { token });
    expect(after.find((o) => o.id === order?.id)?.status).toBe('confirmed');

    // Paid: no Pay any more.
    await page.goto(`/account/orders/${order?.id}`);
    await page.getByText('История статусов').waitFor();
    expect(await page.getByRole('region', { name: 'Оплата заказа' }).count()).toBe(0);
  });

  it("a PayPal order left on the sandbox's stand-in for PayPal's page: the account's Pay returns to that same page (no second payment), which pays it", async () => {
    const { page, token } = await toCheckout('paypal-later', 'EUR');
    const before = await mailFiles();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    // No address asked, nothing mailed: PayPal's page (the sandbox's here) is the way to pay.
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    const firstPayment = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: /^PayPal/ }).waitFor();
    await page.getByText(/Сумма к оплате: [\d\s,]+\s?€/).waitFor();
    const [order] = await apiData<{ id: string; number: number; status: string; paymentState: string }[]>(
      baseUrl(),
      '/orders/user',
      { token },
    );
    expect(order).toMatchObject({ status: 'pending', paymentState: 'awaiting' });

    await page.goto(`/account/orders/${order?.id}`);
    const pay = page.getByRole('region', { name: 'Оплата заказа' });
    await pay.getByText('Оплатите его через PayPal', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await pay.getByRole('button', { name: 'Оплатить' }).click();
    await waitForPath(page, (p) => p === firstPayment);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await waitForPath(page, (p) => p === '/payment/success');
    expect(new URL(page.url()).searchParams.get('order')).toBe(String(order?.number));
    const after = await apiData<{ id: string; status: string; paymentState: string }[]>(baseUrl(), '/orders/user', {
      token,
    });
    expect(after.find((o) => o.id === order?.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
    const payLinks = (await listMail()).filter(
      (m) => !before.has(m.file) && m.links.some((l) => l.includes('/api/payments/sandbox/')),
    );
    expect(payLinks).toEqual([]);
  });

  it('bank transfer: checkout creates the payment, the thank-you page shows the transfer instructions with the order number (fits 360 px) and mails them once', async () => {
    const { page, email, token } = await toCheckout('transfer');
    await page.getByRole('radio', { name: 'Банковский перевод' }).check();
    const before = await mailFiles();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await waitForPath(page, (p) => p.startsWith('/account/orders/thanks/'));
    const number = new URL(page.url()).pathname.split('/').pop();
    await page.getByText('Как оплатить заказ', { exact: true }).waitFor();
    await page.getByText(new RegExp(`^Переведите .+ В назначении платежа укажите «Заказ №${number}»`)).waitFor();
    await expectNoAxeViolations(page);
    const mail = await waitForMail(email, (m) => m.subject === `Заказ №${number} ждёт оплаты`, { after: before });
    expect(mail.to).toContain(email);

    // 360 px: nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await page.getByText('Как оплатить заказ', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The order waits for the shop; its account page leads back to the instructions, no Pay button.
    const [order] = await apiData<{ id: string; status: string }[]>(baseUrl(), '/orders/user', { token });
    expect(order?.status).toBe('pending');
    await page.goto(`/account/orders/${order?.id}`);
    await page.getByRole('link', { name: 'Как оплатить' }).click();
    await waitForPath(page, (p) => p === '/payment/processing');
    await page.getByRole('heading', { level: 1, name: 'Как оплатить заказ' }).waitFor();
    expect((await listMail()).filter((m) => m.subject === `Заказ №${number} ждёт оплаты`)).toHaveLength(1);
  });

  it("bank transfer's mailed payment link at 360 px, signed out: the order's line and amount, Tab reaches Pay and Enter presses it → sandbox Pay → paid; the link then says so", async () => {
    const book = await digitalBook();
    const email = newEmail('pay-link');
    const { token } = await verifiedUser(baseUrl(), { name: 'Вера Читатель', email, password: 'Silk-reader-2026' });
    const lines = [{ type: 'product' as const, id: book.id, quantity: 1, bookFormat: 'digital' }];
    const before = await mailFiles();
    const placed = await placeOrder(baseUrl(), token, { ...orderBody(lines, email), paymentMethod: 'bank_transfer' });
    expect(placed, placed.raw).toMatchObject({ status: 201 });
    const mail = await waitForMail(email, (m) => m.links.some((l) => new URL(l).pathname.startsWith('/pay/')), {
      after: before,
    });
    const path = onThisServer(mail.links.find((l) => new URL(l).pathname.startsWith('/pay/'))!);
    // The account's order shows the very same link ("Pay online").
    const status = await apiData<{ number: number; payLink: string | null }>(
      baseUrl(),
      `/payments/orders/${placed.id}`,
      { token },
    );
    expect(status.payLink).toBe(path);

    const page = await session.newPage({ mobile: true });
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'Оплата заказа' }).waitFor();
    await page.getByText(`Заказ № ${status.number}`).waitFor();
    const line = page.getByRole('listitem').filter({ hasText: book.name.ru });
    await line.getByText('× 1').waitFor();
    // The line's price: its unit price × its quantity, then its total, in roubles; the unit price
    // and its quantity, and the total, each keep on one line at 360 px.
    const linePrice = line.getByTestId('line-price');
    expect((await linePrice.textContent())?.replace(/\s/g, '')).toBe(`${book.price.rub}₽×1${book.price.rub}₽`);
    const lineBoxes = await linePrice.evaluate((price) =>
      // The lines each part spans: the distinct tops of its boxes (one box per text run).
      [...price.querySelectorAll(':scope > span')].map(
        (part) => new Set([...part.getClientRects()].map((box) => Math.round(box.top))).size,
      ),
    );
    expect(lineBoxes).toEqual([1, 1]);
    const total = (await page.getByTestId('pay-link-total').textContent())?.replace(/\s/g, '');
    expect(total).toBe(`${book.price.rub}₽`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    // A shopper who shows prices in euros is told the sum is charged in roubles, as it stands.
    const inRoubles = page.getByText('Заказ оформлен в рублях и оплачивается в рублях', { exact: false });
    expect(await inRoubles.count()).toBe(0);
    await page.evaluate(() => localStorage.setItem('currency', 'EUR'));
    await page.reload();
    await inRoubles.waitFor();
    expect((await page.getByTestId('pay-link-total').textContent())?.replace(/\s/g, '')).toBe(`${book.price.rub}₽`);
    expect((await linePrice.textContent())?.replace(/\s/g, '')).toBe(`${book.price.rub}₽×1${book.price.rub}₽`);

    // By keyboard: Tab walks from the top of the page to Pay, Enter presses it.
    const pay = page.getByRole('button', { name: /^Оплатить / });
    let tabs = 0;
    while (!(await pay.evaluate((button) => button === document.activeElement))) {
      expect(tabs++, 'Tab never reached Pay').toBeLessThan(40);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    await page.getByRole('button', { name: 'Оплатить' }).click();

    // The sandbox sends the buyer back to the link's page, which now says the order is paid.
    await waitForPath(page, (p) => p === path);
    await page.getByRole('heading', { level: 1, name: 'Заказ оплачен' }).waitFor();
    const orders = await apiData<{ id: string; status: string; paymentState: string }[]>(baseUrl(), '/orders/user', {
      token,
    });
    expect(orders.find((o) => o.id === placed.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' });

    // The same link opened again later (a fresh signed-out browser): already paid, with the number.
    const again = await session.newPage({ mobile: true });
    await again.goto(path);
    await again.getByRole('heading', { level: 1, name: 'Заказ оплачен' }).waitFor();
    await again.getByText(`Заказ № ${status.number}`).waitFor();
    await again.getByText('Спасибо! Оплата получена, повторно платить не нужно.').waitFor();
    await expectNoAxeViolations(again);
  });
});

describe('a payment provider that cannot be reached', () => {
  const admin = { email: 'admin@unreachable.test', password: 'unreachable-admin-password' };
  const base = useOwnServer({
    prefix: 'atelier-e2e-pay-down-',
    admin,
    env: {
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: 'shop-e2e',
      YOOKASSA_SECRET_KEY: 'secret-e2e',
      // Nothing listens on the discard port: every create fails at once.
      YOOKASSA_API_URL: 'http://127.0.0.1:9/v3',
    },
  });

  it("card checkout: 'Payment creation error' next to Pay on the kept (pending) order's account page; Pay tries again and reports the same error", async () => {
    const url = base();
    const token = await login(url, admin);
    const books = await apiData<ShopProduct[]>(url, '/shop?category=book&limit=100');
    const book = books.find((b) => b.bookFormats?.includes('digital'));
    if (!book) throw new Error('the demo catalogue has no digital book');
    await apiData(url, '/cart', {
      token,
      method: 'PUT',
      body: { items: [{ type: 'product', id: book.id, quantity: 1, bookFormat: 'digital' }] },
    });

    const page = await session.newPage({ baseURL: url });
    await useToken(page, token);
    await page.goto('/checkout');
    await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
    await page.getByLabel('Имя', { exact: true }).fill('Вера');
    await page.getByLabel('Фамилия').fill('Соколова');
    await page.getByLabel('Телефон').fill('+7 (912) 345-67-89');
    await page.getByRole('radio', { name: 'Банковская карта' }).check();
    await tickEveryBox(page);
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

    // The buyer is on the kept order's page, the error said next to its Pay button.
    await waitForPath(page, (p) => p.startsWith('/account/orders/'));
    const pay = page.getByRole('region', { name: 'Оплата заказа' });
    await pay.getByRole('alert').getByText('Ошибка создания платежа').waitFor();
    const [order] = await apiData<{ id: string; status: string; paymentState: string }[]>(url, '/orders/user', {
      token,
    });
    expect(order?.status).toBe('pending');
    expect(new URL(page.url()).pathname).toBe(`/account/orders/${order?.id}`);
    // The emptied cart reaches the server through the cart's debounced sync: wait for it.
    await expect
      .poll(async () => (await apiData<{ items: unknown[] }>(url, '/cart', { token })).items, {
        timeout: ACTION_TIMEOUT,
      })
      .toEqual([]);
    await expectNoAxeViolations(page);

    // Pay tries again: a second failed attempt, the same words, the order still pending.
    await pay.getByRole('button', { name: 'Оплатить' }).click();
    const attempts = () => apiData<{ status: string }[]>(url, `/admin/orders/${order?.id}/payments`, { token });
    await expect
      .poll(async () => (await attempts()).map((p) => p.status), { timeout: ACTION_TIMEOUT })
      .toEqual(['failed', 'failed']);
    await pay.getByRole('alert').getByText('Ошибка создания платежа').waitFor();
    await pay.getByRole('button', { name: 'Оплатить' }).and(page.locator(':enabled')).waitFor();
    const [still] = await apiData<{ id: string; status: string }[]>(url, '/orders/user', { token });
    expect(still).toMatchObject({ id: order?.id, status: 'pending' });
  });
});
