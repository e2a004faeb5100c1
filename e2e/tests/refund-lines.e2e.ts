/**
 * The owner gives back part of a paid order, alone, at 360 px and by keyboard: a customer's card
 * order of two units of one product, paid through the demo sandbox (set up through the API); on the
 * admin order page "Refund items…" opens a dialog, one unit is chosen, the amount the customer gets
 * back shows before she confirms and names the button; after it a toast, focus back on the button,
 * the line reads "1 of 2 refunded", the payment history has the refund with its own amount, the
 * totals read net and the shipping panel and its dialog offer only the unit left. The customer's
 * mail names the line; the API shows the line's refunded quantity. Axe clean.
 */
import { formatMoney } from '@atelier/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login, orderBody, payOnSandbox, placeOrder, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, useBrowser } from '../src/browser';
import { readMessage } from '../src/dev-mail';
import { newEmail, waitForMail } from '../src/mail';
import { E2E_ADMIN } from '../src/server';
import { budget } from '../src/timeouts';

const session = useBrowser();

interface OrderView {
  id: string;
  number: number;
  status: string;
  paymentState: string;
  items: { id: string; name: { ru: string }; quantity: number; unitPrice: number; refundedQuantity: number }[];
}

let email = '';
let adminToken = '';
let order: OrderView;

/** Spaces as the page and the mail may print them (narrow and non-breaking ones in sums). */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

beforeAll(async () => {
  const buyer = await verifiedUser(baseUrl(), newEmail('refund-lines'));
  email = buyer.email;
  const products = await apiData<{ id: string; category: string; availability: string; stock?: number | null }[]>(
    baseUrl(),
    '/shop?limit=100&sort=price_asc',
  );
  const product = products.find((p) => p.availability === 'in_stock' && (p.stock ?? 0) >= 3 && p.category !== 'book');
  if (!product) throw new Error('the demo catalogue has no product with three in stock');
  const placed = await placeOrder(
    baseUrl(),
    buyer.token,
    orderBody([{ type: 'product', id: product.id, quantity: 2 }], email),
  );
  expect(placed.status, placed.raw).toBe(201);
  // Paid by card through the sandbox, as a customer pays on the demo.
  await payOnSandbox(baseUrl(), buyer.token, placed.id!);
  adminToken = await login(baseUrl(), E2E_ADMIN);
  order = (await apiData<{ order: OrderView }>(baseUrl(), `/orders/${placed.id}`, { token: adminToken })).order;
  expect(order).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
}, budget(40_000));

describe('the owner refunds items of a paid order', () => {
  it('360 px, by keyboard: one of two units, the amount seen before confirming; the mail names the line; the API counts it', async () => {
    const [line] = order.items;
    const name = line!.name.ru;
    // No discount, no gift certificate: one unit brings back its price (delivery stays paid).
    const amount = formatMoney(line!.unitPrice, 'RUB', 'ru');

    const page = await session.newPage({ mobile: true });
    await useToken(page, adminToken);
    await page.goto(`/admin/orders/${order.id}`);
    const open = page.getByRole('button', { name: 'Вернуть за позиции…' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Возврат по заказу №${order.number}` });
    await dialog.waitFor();
    await dialog.getByText('Можно вернуть: 2 из 2').waitFor();
    await dialog.getByRole('status').getByText('Пока ничего не выбрано: нажмите «+» у позиции.').waitFor();
    const confirm = dialog.getByRole('button', { name: /^Вернуть/ });
    expect(await confirm.isDisabled()).toBe(true);

    // One more unit, by keyboard; the server works the amount out before anything is given back.
    await dialog.getByRole('button', { name: `На одну больше: «${name}»` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByLabel(name, { exact: true }).inputValue()).toBe('1');
    const status = dialog.getByRole('status');
    await expect.poll(async () => plain(await status.textContent())).toContain(plain(`Покупатель получит ${amount}`));
    await expect.poll(async () => plain(await confirm.textContent())).toBe(plain(`Вернуть ${amount}`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    await confirm.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('region', { name: /Уведомления|Notifications|Notificaciones/ })
      .getByText('Деньги за выбранные позиции возвращены покупателю')
      .waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    // Focus is back on the button that opened the dialog (one unit is still there to refund).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Вернуть за позиции…');
    // The line says what came back, and the payment history has the refund with its own amount.
    await page.getByText(plain(`Возвращено: 1 из 2, ${amount}`)).waitFor();
    await page
      .getByText(new RegExp(`^Деньги возвращены покупателю .*, ${plain(amount).replace(/ /g, '\\s')}$`))
      .waitFor();
    // The totals read net of the refund, and the shipping panel offers only the unit left.
    await page.getByText('Итого с учётом возвратов').waitFor();
    const parcel = page.getByTestId('ship-parcel');
    await expect.poll(async () => plain(await parcel.textContent())).toContain('возвращено 1 из 2');
    await expect.poll(async () => plain(await parcel.textContent())).toContain('1 шт.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Отправить заказ' }).click();
    const shipDialog = page.getByRole('dialog', { name: `Отправка заказа №${order.number}` });
    await shipDialog.waitFor();
    const inDialog = shipDialog.getByTestId('ship-parcel');
    await expect.poll(async () => plain(await inDialog.textContent())).toContain(`${name}возвращено 1 из 2`);
    expect(await inDialog.getByRole('listitem').count()).toBe(1);
    expect(plain(await inDialog.textContent())).toMatch(/1 шт\.$/);
    await page.keyboard.press('Escape');
    await expect.poll(() => shipDialog.count()).toBe(0);

    const mail = await waitForMail(
      email,
      (m) => m.subject === `Заказ №${order.number}: деньги за часть заказа возвращены`,
    );
    expect(plain((await readMessage(baseUrl(), mail.file)).text)).toContain(plain(`${name} — 1 шт., ${amount}`));

    const after = (await apiData<{ order: OrderView }>(baseUrl(), `/orders/${order.id}`, { token: adminToken })).order;
    expect(after.items[0]).toMatchObject({ id: line!.id, quantity: 2, refundedQuantity: 1 });
    expect(after).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
  });
});
