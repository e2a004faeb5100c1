/**
 * Gift certificates and 54-FZ receipts, through the real YooKassa driver against the YooKassa fake
 * with receipts on (it checks every receipt as YooKassa documents, so a bad one fails here): a
 * certificate sold is an advance; an order it pays in full gets a receipt settled by that advance
 * (tied to the certificate's payment) once it is handed over; an order it pays in part has a card
 * receipt for the rest and, when its goods ship, the advance's receipt for the certificate's part.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCertificates, payments, receipts } from '../../db/schema';
import { localDate } from '../../platform/dates';
import type { Receipt, ReceiptRequest } from '../../platform/payments/receipt';
import {
  adminUser,
  orderBody,
  postOrder,
  productLine,
  productWithStock,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { startYookassaFake, type YookassaFake } from '../../test/fakes/yookassa-fake';
import { createTestContext, type TestContext } from '../../test/harness';
import { lessonWithFiles } from '../../test/lessons';

let yookassa: YookassaFake;
let t: TestContext;
let admin: TestUser;
let buyer: TestUser;
let friend: TestUser;

beforeAll(async () => {
  yookassa = await startYookassaFake({ receipts: '54fz' });
  t = await createTestContext({
    env: {
      RATE_LIMIT_PAYMENT_PER_ACCOUNT: '100000',
      RATE_LIMIT_PAYMENT_PER_IP: '100000',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: yookassa.shopId,
      YOOKASSA_SECRET_KEY: yookassa.secretKey,
      YOOKASSA_API_URL: yookassa.apiUrl,
      PAYMENT_HTTP_TIMEOUT_MS: '1000',
      RECEIPTS: 'yookassa',
    },
  });
  admin = await adminUser(t);
  buyer = await verifiedUser(t, { email: 'vera@example.test' });
  friend = await verifiedUser(t, { email: 'olga@example.test' });
});
afterAll(async () => {
  await t.close();
  await yookassa.close();
});

/** Pays an order at the fake and delivers YooKassa's notification; the provider's payment id. */
async function paid(orderId: string, user: TestUser): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/payments', headers: user.headers, payload: { orderId } });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  const id = row!.providerPaymentId!;
  yookassa.setStatus(id, 'succeeded');
  const note = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/yookassa',
    headers: { 'content-type': 'application/json' },
    payload: yookassa.notification(id, 'payment.succeeded'),
  });
  expect(note.json().data.outcome).toBe('applied');
  return id;
}

const receiptsOf = (orderId: string) => t.database.db.select().from(receipts).where(eq(receipts.orderId, orderId));
const sum = (items: Receipt['items']) =>
  items.reduce((total, item) => total + Math.round(Number(item.amount.value) * 100) * item.quantity, 0);

describe('a bought certificate is an advance, and what it pays is settled against it', () => {
  let code: string;
  let advancePayment: string;

  it('selling it: one item, subject `payment`, mode `advance`, the whole amount', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gift-certificates',
      headers: buyer.headers,
      payload: {
        amount: 5000,
        currency: 'RUB',
        recipientName: 'Ольга',
        recipientEmail: friend.email,
        // Today where the shop is (its time zone), not in UTC: late in the UTC evening they differ.
        deliveryDate: localDate(new Date(), t.config.notify.timeZone),
        senderName: 'Вера',
        language: 'ru',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    advancePayment = await paid(res.json().data.order.id, buyer);
    const receipt = yookassa.payments.get(advancePayment)!.receipt as Receipt;
    expect(receipt.items).toEqual([
      expect.objectContaining({
        quantity: 1,
        amount: { value: '5000.00', currency: 'RUB' },
        payment_subject: 'payment',
        payment_mode: 'advance',
      }),
    ]);
    const [row] = await t.database.db
      .select()
      .from(giftCertificates)
      .where(eq(giftCertificates.purchaseOrderId, res.json().data.order.id));
    code = row!.code;
  });

  it('a lesson paid in full by it: no card payment; the offset receipt, tied to the advance, goes when the order is confirmed', async () => {
    const lesson = await lessonWithFiles(t, { priceRub: 300_000 });
    const res = await postOrder(
      t,
      friend,
      orderBody([{ type: 'lesson', id: lesson, quantity: 1 }], { giftCertificateCode: code }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order;
    expect(order).toMatchObject({ status: 'confirmed', giftCertificate: 3000, amountDue: 0 });
    const [queued] = await receiptsOf(order.id);
    expect(queued).toMatchObject({ kind: 'offset', state: 'queued', amountMinor: 300_000 });

    expect(await t.app.services.receipts.sendDue()).toEqual({ sent: 1, failed: 0 });
    const [sent] = await receiptsOf(order.id);
    expect(sent).toMatchObject({ kind: 'offset', state: 'sent' });
    const atYookassa = yookassa.receipts.get(sent!.providerId!)!;
    expect(atYookassa).toMatchObject({ type: 'payment', payment_id: advancePayment });
    const request = sent!.payload as unknown as ReceiptRequest;
    expect(request.settlements).toEqual([{ type: 'prepayment', amount: { value: '3000.00', currency: 'RUB' } }]);
    expect(request.items.map((item) => item.payment_mode)).toEqual(['full_payment']);
  });

  it('goods paid in part: the card pays the rest with a receipt adding up to it; shipping sends the certificate part against the advance', async () => {
    const bouquet = await productWithStock(t, { priceRub: 150_000 });
    const res = await postOrder(
      t,
      friend,
      orderBody([productLine(bouquet, 2)], { delivery: { method: 'pickup' }, giftCertificateCode: code }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order;
    expect(order).toMatchObject({ status: 'pending', giftCertificate: 2000, amountDue: 1000 });
    const card = await paid(order.id, friend);
    const sentWithPayment = yookassa.payments.get(card)!;
    expect(sentWithPayment.amount).toEqual({ value: '1000.00', currency: 'RUB' });
    expect(sum((sentWithPayment.receipt as Receipt).items)).toBe(100_000);
    expect((await receiptsOf(order.id)).map((r) => r.kind)).toEqual(['payment']);

    for (const status of ['processing', 'shipped']) {
      const step = await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}/status`,
        headers: admin.headers,
        payload: { status },
      });
      expect(step.statusCode, step.body).toBe(200);
    }
    expect((await receiptsOf(order.id)).map((r) => r.kind).sort()).toEqual(['completion', 'offset', 'payment']);
    expect(await t.app.services.receipts.sendDue()).toEqual({ sent: 2, failed: 0 });
    const offset = (await receiptsOf(order.id)).find((r) => r.kind === 'offset')!;
    expect(offset).toMatchObject({ state: 'sent', amountMinor: 200_000 });
    expect(yookassa.receipts.get(offset.providerId!)).toMatchObject({ payment_id: advancePayment });
  });
});
