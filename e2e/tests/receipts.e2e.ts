/**
 * 54-FZ receipts on the admin order page, in a real browser: a server of its own on YooKassa (the
 * local fake of its API, receipts switched on there, so a bad receipt is refused as YooKassa
 * would) with RECEIPTS=yookassa. A paid card order shows its payment receipt with its lines;
 * marking it shipped queues the completion receipt, which YooKassa refuses once: the page shows
 * the error, "Send again" sends it, the page says it went to YooKassa. Axe-clean, also at 360 px.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startYookassaFake } from '../../apps/server/src/test/fakes/yookassa-fake';
import { useToken } from '../src/accounts';
import { apiData, login, orderBody } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { useBrowser } from '../src/browser';
import { useOwnServer } from '../src/own-server';
import { budget } from '../src/timeouts';

const session = useBrowser();
const admin = { email: 'owner-receipts@e2e.test', password: 'receipts-owner-password' };
const yookassa = await startYookassaFake({ receipts: '54fz' });
afterAll(() => yookassa.close());
const base = useOwnServer({
  prefix: 'atelier-e2e-receipts-',
  admin,
  env: {
    PAYMENT_PROVIDER: 'yookassa',
    YOOKASSA_SHOP_ID: yookassa.shopId,
    YOOKASSA_SECRET_KEY: yookassa.secretKey,
    YOOKASSA_API_URL: yookassa.apiUrl,
    RECEIPTS: 'yookassa',
  },
});

interface ShopProduct {
  id: string;
  name: { ru: string };
  price: { rub: number };
  stock: number | null;
  availability: string;
}

/** A paid card order of one in-stock bouquet, with courier-point delivery; its id and number. */
async function paidOrder(url: string, token: string) {
  const goods = await apiData<ShopProduct[]>(url, '/shop?category=collection&limit=100');
  const product = goods.find((p) => p.availability === 'in_stock' && p.price.rub < 5000);
  if (!product) throw new Error('the demo catalogue has no bouquet under 5 000 ₽ in stock');
  const { order } = await apiData<{ order: { id: string; number: number } }>(url, '/orders', {
    token,
    body: orderBody([{ type: 'product', id: product.id, quantity: 1 }], admin.email),
  });
  await apiData(url, '/payments', { token, body: { orderId: order.id } });
  const payment = [...yookassa.payments.values()].find((p) => p.metadata?.orderId === order.id);
  if (!payment) throw new Error('the payment did not reach YooKassa');
  yookassa.setStatus(payment.id, 'succeeded');
  const res = await fetch(`${url}/api/payments/webhook/yookassa`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: yookassa.notification(payment.id, 'payment.succeeded'),
  });
  expect(res.status).toBe(200);
  return { order, product };
}

describe('receipts on the admin order page', () => {
  it('the payment receipt with its lines; shipped → the completion receipt, refused once, sent again from the page', async () => {
    const url = base();
    const token = await login(url, admin);
    const { order, product } = await paidOrder(url, token);

    const page = await session.newPage({ baseURL: url });
    await useToken(page, token);
    await page.goto(`/admin/orders/${order.id}`);
    const panel = page.getByRole('region', { name: 'Кассовые чеки' });
    const payment = panel.getByRole('listitem', { name: 'Чек прихода (оплата)' });
    await payment.getByText('Отправлен в ЮKassa').waitFor();
    await payment.getByText(`Чек на email: ${admin.email}`).waitFor();
    await payment.getByText('Позиции чека (2)').click();
    await payment.getByText(product.name.ru).waitFor();
    await payment.getByText('Доставка до пункта выдачи').waitFor();
    await payment
      .getByText(/предоплата 100%/)
      .first()
      .waitFor();
    await expectNoAxeViolations(page);

    // YooKassa will refuse the completion receipt once.
    yookassa.failNext(
      {
        status: 400,
        body: { type: 'error', code: 'invalid_request', description: 'Receipt is illegal', parameter: 'items' },
      },
      { pathPart: '/v3/receipts' },
    );
    await page.getByRole('button', { name: 'Перевести в «В работе»' }).click();
    await page.getByRole('button', { name: 'Перевести в «Отправлен»' }).click();

    // Queued with the status change, sent by the server's worker; the page follows it.
    const completion = panel.getByRole('listitem', { name: 'Чек зачёта предоплаты (товар передан)' });
    await completion.getByText('Не отправлен').waitFor({ timeout: budget(10_000) });
    // The service's own words are folded away for whoever runs the server.
    await completion.getByText('ЮKassa не приняла этот чек', { exact: false }).waitFor();
    await completion.getByText('Подробности для того, кто обслуживает сервер').click();
    await completion.getByText(/Receipt is illegal/).waitFor();
    await expectNoAxeViolations(page);
    await completion.getByRole('button', { name: 'Отправить ещё раз' }).click();
    await completion.getByText('Отправлен в ЮKassa').waitFor();
    await expect.poll(() => completion.getByRole('button', { name: 'Отправить ещё раз' }).count()).toBe(0);
    expect([...yookassa.receipts.values()].filter((r) => r.type === 'payment')).toHaveLength(1);

    // The same page on a phone.
    const phone = await session.newPage({ baseURL: url, mobile: true });
    await useToken(phone, token);
    await phone.goto(`/admin/orders/${order.id}`);
    await phone
      .getByRole('region', { name: 'Кассовые чеки' })
      .getByText('Чек зачёта предоплаты (товар передан)')
      .waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(phone);
  });
});
