/**
 * PayPal paid in one go in the demo (PAYPAL_MODE=sandbox, the built-in page standing in for
 * PayPal's approval page), on a 360 px phone in English with euros: the cart → the checkout with
 * PayPal → "Place order" asks for no address and goes straight to the approval page, in euros →
 * Pay → back in the shop: the payment's success window, then the thank-you page, which says the
 * order is paid. Nothing was mailed to pay with. axe on the checkout, the approval page and the
 * thank-you page.
 */
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, useBrowser, waitForPath } from '../src/browser';
import { holdWallClock, letCountdownsEnd } from '../src/clock';
import { tickEveryBox } from '../src/consents';
import { listMail, mailFiles, newEmail } from '../src/mail';

const session = useBrowser();

interface ShopProduct {
  id: string;
  bookFormats?: string[];
  price: { eur: number | null };
}

describe('PayPal in the demo: the approval page and back, paid in one flow', () => {
  it('cart → checkout → PayPal → the sandbox approval page → Pay → back → the thank-you page says paid (360 px, en, EUR)', async () => {
    const books = await apiData<ShopProduct[]>(baseUrl(), '/shop?category=book&limit=100');
    const book = books.find((b) => b.bookFormats?.includes('digital') && b.price.eur !== null);
    if (!book) throw new Error('the demo catalogue has no digital book sold in euros');
    const email = newEmail('paypal-redirect');
    const { token } = await verifiedUser(baseUrl(), { name: 'Emma Payer', email, password: 'Silk-paypal-2026' });
    await apiData(baseUrl(), '/cart', {
      token,
      method: 'PUT',
      body: { items: [{ type: 'product', id: book.id, quantity: 1, bookFormat: 'digital' }] },
    });

    const page = await session.newPage({ mobile: true, locale: 'en-GB' });
    await page.context().addCookies([{ name: 'lang', value: 'en', url: baseUrl() }]);
    await useToken(page, token);
    await page.context().addInitScript(() => window.localStorage.setItem('currency', 'EUR'));

    // The cart, then the checkout with PayPal.
    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    await page.getByRole('link', { name: 'Checkout' }).click();
    await waitForPath(page, (p) => p === '/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByLabel('First name').fill('Emma');
    await page.getByLabel('Last name').fill('Payer');
    await page.getByLabel('Phone').fill('+49 30 1234567');
    await page.getByRole('radio', { name: 'PayPal (euro / dollars)' }).check();
    // Said before ordering: PayPal's page, not an invoice by mail.
    await page.getByText("Pay on PayPal's page, then you come back to the shop.").waitFor();
    await tickEveryBox(page);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const before = await mailFiles();
    await page.getByRole('button', { name: 'Place order' }).click();

    // No address asked: the approval page at once, for the order's euros.
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    await page.getByRole('heading', { level: 1, name: 'PayPal — Sandbox payment' }).waitFor();
    const [order] = await apiData<{ id: string; number: number; status: string; totalInCurrency: number }[]>(
      baseUrl(),
      '/orders/user',
      { token },
    );
    expect(order).toMatchObject({ status: 'pending', totalInCurrency: book.price.eur });
    await page.getByText(/^Amount to pay: €\d/).waitFor();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The success window closes itself after 10 s: its clock stands until the journey has looked.
    await holdWallClock(page);
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back in the shop: the success window for this order, closing into the thank-you page.
    await waitForPath(page, (p) => p === '/payment/success');
    expect(new URL(page.url()).searchParams.get('order')).toBe(String(order!.number));
    await page.getByRole('heading', { level: 1, name: 'Payment successful' }).waitFor();
    await letCountdownsEnd(page);
    await waitForPath(page, (p) => p === `/account/orders/thanks/${order!.number}`);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Payment received\./ })
      .waitFor();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const paid = await apiData<{ id: string; status: string; paymentState: string }[]>(baseUrl(), '/orders/user', {
      token,
    });
    expect(paid.find((o) => o.id === order!.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
    // Nothing to open in a mailbox: no payment link was mailed.
    const payLinks = (await listMail()).filter(
      (m) => !before.has(m.file) && m.links.some((l) => l.includes('/api/payments/sandbox/')),
    );
    expect(payLinks).toEqual([]);
  });
});
