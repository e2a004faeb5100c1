/**
 * Paying by SBP with the built-in sandbox provider, as a customer does.
 * On a computer (1280 px): the checkout offers each way to pay on its own with a short hint; SBP
 * shows its QR code on our page; the phone that scans it opens the sandbox's SBP page (its own QR
 * code and Pay / Cancel / Fail) and pays there, and the computer's page, which keeps asking, moves
 * on to the success page by itself.
 * On a phone (360 px): SBP goes straight to the bank's page (the sandbox's SBP page), Pay → success.
 */
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, useBrowser, waitForPath } from '../src/browser';
import { holdWallClock } from '../src/clock';
import { tickEveryBox } from '../src/consents';
import { newEmail } from '../src/mail';

const session = useBrowser();

const SBP = 'СБП — оплата через приложение банка';

async function digitalBookId(): Promise<string> {
  const books = await apiData<{ id: string; bookFormats?: string[] }[]>(baseUrl(), '/shop?category=book&limit=100');
  const book = books.find((b) => b.bookFormats?.includes('digital'));
  if (!book) throw new Error('the demo catalogue has no digital book');
  return book.id;
}

/** A signed-in customer with the digital book in the cart, on the filled checkout page. */
async function toCheckout(tag: string, mobile: boolean) {
  const bookId = await digitalBookId();
  const { token } = await verifiedUser(baseUrl(), {
    name: 'Сергей Быстров',
    email: newEmail(tag),
    password: 'Silk-sbp-2026',
  });
  await apiData(baseUrl(), '/cart', {
    token,
    method: 'PUT',
    body: { items: [{ type: 'product', id: bookId, quantity: 1, bookFormat: 'digital' }] },
  });
  const page = await session.newPage({ mobile });
  await useToken(page, token);
  await page.goto('/checkout');
  await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
  await page.getByLabel('Имя', { exact: true }).fill('Сергей');
  await page.getByLabel('Фамилия').fill('Быстров');
  await page.getByLabel('Телефон').fill('+7 (912) 345-67-89');
  return { page, token };
}

describe('paying by SBP (sandbox)', () => {
  it('on a computer: each way to pay is its own choice; SBP shows a QR code; paid on the phone, the page moves on', async () => {
    const { page, token } = await toCheckout('sbp-desktop', false);
    // The demo sandbox offers every way to pay, each with its hint.
    const choice = page.getByTestId('payment-choice');
    for (const name of ['Банковская карта', SBP, 'SberPay', 'T-Pay']) {
      await choice.getByRole('radio', { name }).waitFor();
    }
    await choice.getByText('На компьютере покажем QR-код').waitFor();
    await choice.getByRole('radio', { name: SBP }).check();
    await tickEveryBox(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

    // Our page: the QR code for the phone's camera, until when it works, and the wait.
    await waitForPath(page, (p) => p === '/payment/processing');
    await page.getByRole('heading', { level: 1, name: 'Оплата через СБП' }).waitFor();
    const qr = page.getByRole('img', { name: 'QR-код для оплаты заказа через СБП' });
    await qr.waitFor();
    await page.getByText(/Код действует до \d\d:\d\d/).waitFor();
    await expectNoAxeViolations(page);
    const link = await qr.getAttribute('data-qr-text');
    expect(link).toContain('/api/payments/sandbox/');
    const number = new URL(page.url()).searchParams.get('order');

    // The phone that scanned it: the sandbox's SBP page with its own QR code and the buttons.
    const phone = await session.newPage({ mobile: true });
    await phone.goto(link!);
    await phone.getByRole('heading', { level: 1, name: /^СБП — Тестовая оплата/ }).waitFor();
    await phone.getByRole('img', { name: 'QR-код этой страницы оплаты' }).waitFor();
    await expectNoAxeViolations(phone);
    await holdWallClock(page);
    await phone.getByRole('button', { name: 'Оплатить' }).click();
    await waitForPath(phone, (p) => p === '/payment/success');

    // The computer's page asked until the bank said yes.
    await waitForPath(page, (p) => p === '/payment/success');
    await page.getByRole('heading', { level: 1, name: 'Оплата прошла успешно' }).waitFor();
    const orders = await apiData<{ number: number; status: string }[]>(baseUrl(), '/orders/user', { token });
    expect(orders.find((o) => String(o.number) === number)?.status).toBe('confirmed');
  });

  it('on a phone (360 px): SBP goes straight to the bank’s page; Pay → success', async () => {
    const { page, token } = await toCheckout('sbp-phone', true);
    await page.getByRole('radio', { name: SBP }).check();
    await tickEveryBox(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    await page.getByRole('heading', { level: 1, name: /^СБП — Тестовая оплата/ }).waitFor();
    await expectNoAxeViolations(page);
    await holdWallClock(page);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await waitForPath(page, (p) => p === '/payment/success');
    await page.getByRole('heading', { level: 1, name: 'Оплата прошла успешно' }).waitFor();
    const [latest] = await apiData<{ status: string }[]>(baseUrl(), '/orders/user', { token });
    expect(latest?.status).toBe('confirmed');
  });
});
