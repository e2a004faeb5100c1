/**
 * A gift certificate from one customer to another, in a real browser with the sandbox card
 * provider: the buyer fills the gift certificate page (a preset amount, the recipient, a message,
 * today) and pays on the sandbox page; the recipient's mail carries the code and the printable
 * PDF; the recipient, on another account, types the code at checkout, sees what it pays and what
 * is left to pay, and the order is paid by the certificate alone; the account's balance check shows
 * what is left. axe on the gift certificate page, the checkout with the code and the account.
 */
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { appStarted, baseUrl, useBrowser, waitForPath } from '../src/browser';
import { tickEveryBox } from '../src/consents';
import { readMessage } from '../src/dev-mail';
import { mailFiles, newEmail, waitForMail } from '../src/mail';

const session = useBrowser();
const CODE = /[A-HJ-NP-Z2-9]{4}(?:-[A-HJ-NP-Z2-9]{4}){3}/;

interface ShopProduct {
  id: string;
  price: { rub: number };
  bookFormats?: string[];
}

describe('gift certificates', () => {
  it('bought by card on the gift page, mailed with its code and PDF, redeemed at checkout on the recipient’s account', async () => {
    const buyer = await verifiedUser(baseUrl(), {
      name: 'Вера Дарящая',
      email: newEmail('gift-buyer'),
      password: 'Silk-giver-2026',
    });
    const recipient = await verifiedUser(baseUrl(), {
      name: 'Ольга Получатель',
      email: newEmail('gift-recipient'),
      password: 'Silk-getter-2026',
    });

    // The buyer: 3 000 ₽ for Ольга, today, with a message.
    const page = await session.newPage();
    await useToken(page, buyer.token);
    await page.goto('/gift-certificates');
    // Server-rendered: the form shows before the app runs it; it is live once its first amount is chosen.
    await appStarted(page);
    await page.getByRole('heading', { level: 1, name: 'Подарочный сертификат' }).waitFor();
    await expect.poll(() => page.locator('input[name="choice"]:checked').getAttribute('value')).toBe('1000');
    await page.getByText('3 000 ₽', { exact: true }).click();
    await page.getByLabel('Имя получателя').fill('Ольга');
    await page.getByLabel('Email получателя').fill(recipient.email);
    await page.getByLabel('Поздравление (необязательно)').fill('С днём рождения!');
    await expect.poll(() => page.getByLabel('От кого').inputValue()).toBe('Вера Дарящая');
    await expectNoAxeViolations(page);
    const before = await mailFiles();
    await page.getByRole('button', { name: 'Перейти к оплате' }).click();
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await waitForPath(page, (p) => p === '/payment/success');

    // Ольга's mail: the code, and the certificate to print.
    const mail = await waitForMail(recipient.email, (m) => m.subject.includes('дарит вам подарочный сертификат'), {
      after: before,
    });
    const message = await readMessage(baseUrl(), mail.file);
    const code = CODE.exec(message.text)?.[0];
    expect(code).toBeDefined();
    expect(message.text).toContain('С днём рождения!');
    expect(message.attachments).toEqual(['подарочный-сертификат.pdf']);

    // The buyer's thank-you page says the certificate went to Ольга's address, not that a parcel is prepared.
    const number = new URL(page.url()).searchParams.get('order');
    await page.goto(`/account/orders/thanks/${number}`);
    await page.getByRole('heading', { level: 1, name: 'Спасибо за заказ!' }).waitFor();
    await page
      .getByTestId('thanks-gift')
      .getByText(`Сертификат отправлен получателю на почту ${recipient.email}.`)
      .waitFor();
    await page.getByText(/^Оплата получена\. Подарочный сертификат оформлен/).waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(/готовим|отслеживани/);

    // Ольга, on her own account: the e-book (2 400 ₽) paid with the code, lower-case as she typed it.
    const books = await apiData<ShopProduct[]>(baseUrl(), '/shop?category=book&limit=100');
    const book = books.find((b) => b.bookFormats?.includes('digital'))!;
    expect(book.price.rub).toBeLessThanOrEqual(3000);
    await apiData(baseUrl(), '/cart', {
      token: recipient.token,
      method: 'PUT',
      body: { items: [{ type: 'product', id: book.id, quantity: 1, bookFormat: 'digital' }] },
    });
    const checkout = await session.newPage();
    await useToken(checkout, recipient.token);
    await checkout.goto('/checkout');
    await checkout.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
    await checkout.getByLabel('Имя', { exact: true }).fill('Ольга');
    await checkout.getByLabel('Фамилия').fill('Соколова');
    await checkout.getByLabel('Телефон').fill('+7 (912) 345-67-89');
    await checkout.getByLabel('Код подарочного сертификата').fill(code!.toLowerCase());
    await checkout.getByText('На сертификате 3 000 ₽').waitFor();
    await expect.poll(() => checkout.getByTestId('amount-due').textContent()).toMatch(/^0\s₽$/);
    await tickEveryBox(checkout);
    await expectNoAxeViolations(checkout);
    await checkout.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await waitForPath(checkout, (p) => p === '/order/success');

    // What is left, in her account.
    await checkout.goto('/account/gift-certificates');
    const check = checkout.getByRole('region', { name: 'Проверить баланс сертификата' });
    await check.getByLabel('Код подарочного сертификата').fill(code!);
    await check.getByRole('button', { name: 'Проверить' }).click();
    await check.getByText(`Остаток: ${(3000 - book.price.rub).toLocaleString('ru-RU')} ₽ из 3 000 ₽`).waitFor();
    await expectNoAxeViolations(checkout);
  });
});
