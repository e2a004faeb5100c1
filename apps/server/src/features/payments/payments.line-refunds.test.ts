/**
 * Refunds of chosen order lines (POST /api/admin/orders/{id}/refund-lines) through the real app
 * and the real YooKassa driver, against the YooKassa fake with 54-FZ receipts on (it checks that a
 * partial refund's receipt adds up to the refund): the amount after a promo discount, an SBP
 * payment partly refunded with the receipt of those lines, the refusals, two requests at once, a
 * timeout asked again, rights and downloads that end, stock that comes back; the preview that
 * answers the same amount and the same refusals, writing nothing.
 */
import {
  ErrorBodySchema,
  LineRefundPreviewSchema,
  LineRefundSchema,
  OrderReceiptsSchema,
  successEnvelope,
} from '@atelier/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadLinks, lineRefunds, orderItems, orders, payments, products, purchases } from '../../db/schema';
import { lastMail, mailCount } from '../../test/accounts';
import {
  adminUser,
  orderBody,
  placeOrder,
  productLine,
  productWithStock,
  storedOrder,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { startYookassaFake, type YookassaFake } from '../../test/fakes/yookassa-fake';
import { createTestContext, type TestContext } from '../../test/harness';
import { lessonWithFiles } from '../../test/lessons';
import { unitsRefund } from './payments.line-refunds';

let t: TestContext;
let yookassa: YookassaFake;
let admin: TestUser;
let buyer: TestUser;
let bouquet: string;
let book: string;

beforeAll(async () => {
  yookassa = await startYookassaFake({ receipts: '54fz' });
  t = await createTestContext({
    env: {
      RATE_LIMIT_PAYMENT_PER_ACCOUNT: '100000',
      RATE_LIMIT_PAYMENT_PER_IP: '100000',
      MAX_OPEN_UNPAID_ORDERS: '100000',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: yookassa.shopId,
      YOOKASSA_SECRET_KEY: yookassa.secretKey,
      YOOKASSA_API_URL: yookassa.apiUrl,
      YOOKASSA_METHODS: 'bank_card,sbp',
      PAYMENT_HTTP_TIMEOUT_MS: '1000',
      RECEIPTS: 'yookassa',
    },
  });
  admin = await adminUser(t);
  buyer = await verifiedUser(t, { email: 'lines-buyer@example.test' });
  bouquet = await productWithStock(t, { name: { ru: 'Букет «Пионы»', en: 'Peonies' }, priceRub: 120_050, stock: 10 });
  book = await productWithStock(t, {
    name: { ru: 'Пионы из шёлка', en: 'Silk peonies' },
    priceRub: 90_000,
    category: 'book',
    bookFormats: ['digital'],
    stock: null,
  });
});
afterAll(async () => {
  await t.close();
  await yookassa.close();
});

const db = () => t.database.db;

/** Pays the order by SBP at the fake and delivers YooKassa's notification; the provider's payment id. */
async function paySbp(orderId: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: buyer.headers,
    payload: { orderId, method: 'sbp', device: 'mobile' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
  const id = payment!.providerPaymentId!;
  expect(yookassa.payments.get(id)?.payment_method).toMatchObject({ type: 'sbp' });
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

const refundLines = (orderId: string, lines: unknown[], headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/refund-lines`, headers, payload: { lines } });

const preview = (orderId: string, lines: unknown[], headers: Record<string, string> = admin.headers) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund-lines/preview`,
    headers,
    payload: { lines },
  });

async function previewed(orderId: string, lines: { lineId: string; quantity: number }[]) {
  const res = await preview(orderId, lines);
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(LineRefundPreviewSchema).parse(res.json()).data;
}

async function refunded(orderId: string, lines: { lineId: string; quantity: number }[]) {
  const res = await refundLines(orderId, lines);
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(LineRefundSchema).parse(res.json()).data;
}

const codeOf = (res: { json(): unknown }) => ErrorBodySchema.parse(res.json()).code;
const itemsOf = (orderId: string) =>
  db().select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.unitPriceRub);
const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

/**
 * Two bouquets (2 × 1 200,50 ₽) and a lesson (2 000 ₽), 1 000 ₽ off by a promo code, 300 ₽ of
 * delivery: 3 701 ₽ paid by SBP.
 */
async function promoOrder() {
  const lesson = await lessonWithFiles(t, { priceRub: 200_000 });
  const order = await storedOrder(
    t,
    buyer.id,
    {
      subtotalRub: 440_100,
      discountRub: 100_000,
      deliveryCostRub: 30_000,
      totalRub: 370_100,
      delivery: { method: 'standard', country: 'Россия', city: 'Казань', address: 'ул. Баумана, 1' },
      customer: { firstName: 'Vera', lastName: 'Ivanova', email: buyer.email, phone: '+79123456789' },
    },
    [
      { type: 'product', productId: bouquet, name: { ru: 'Букет «Пионы»' }, unitPriceRub: 120_050, quantity: 2 },
      { type: 'lesson', lessonId: lesson, name: { ru: 'Урок' }, unitPriceRub: 200_000, quantity: 1 },
    ],
  );
  const providerId = await paySbp(order.id);
  const [bouquetLine, lessonLine] = await itemsOf(order.id);
  return { order, lesson, providerId, bouquetLine: bouquetLine!, lessonLine: lessonLine! };
}

describe('the amount of units', () => {
  it('adds up to what the line paid, whatever the order the units go back in', () => {
    expect(unitsRefund(185_544, 2, 0, 1)).toBe(92_772);
    expect(unitsRefund(100, 3, 0, 1) + unitsRefund(100, 3, 1, 1) + unitsRefund(100, 3, 2, 1)).toBe(100);
    expect(unitsRefund(100, 3, 0, 2) + unitsRefund(100, 3, 2, 1)).toBe(100);
    expect(unitsRefund(100, 3, 0, 3)).toBe(100);
  });
});

describe('POST /api/admin/orders/{id}/refund-lines', () => {
  it('an SBP payment with a promo discount: one bouquet back for what was paid for it, with its refund receipt; then the rest of the lines', async () => {
    const { order, lesson, providerId, bouquetLine, lessonLine } = await promoOrder();
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
    expect(yookassa.payments.get(providerId)!.amount.value).toBe('3701.00');

    // The 1 000 ₽ off is spread over the goods in proportion (2 401 : 2 000), to the kopeck:
    // the bouquets paid 1 855,44 ₽, one of them 927,72 ₽.
    const first = await refunded(order.id, [{ lineId: bouquetLine.id, quantity: 1 }]);
    expect(first).toMatchObject({
      amount: 927.72,
      currency: 'RUB',
      lines: [{ lineId: bouquetLine.id, quantity: 1, amount: 927.72 }],
      fullyRefunded: false,
    });
    const atFake = yookassa.refunds.get(first.refundId)!;
    expect(atFake).toMatchObject({ payment_id: providerId, amount: { value: '927.72', currency: 'RUB' } });
    const sent = JSON.parse(yookassa.requests.filter((r) => r.path === '/v3/refunds').at(-1)!.body);
    expect(sent.receipt.items).toEqual([
      {
        description: 'Букет «Пионы»',
        quantity: 1,
        amount: { value: '927.72', currency: 'RUB' },
        vat_code: 1,
        payment_subject: 'commodity',
        payment_mode: 'full_prepayment',
      },
    ]);
    expect(sent.receipt.customer).toEqual({ email: buyer.email });
    // The order stays; the line remembers what came back.
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' });
    expect((await itemsOf(order.id))[0]).toMatchObject({ refundedQuantity: 1, refundedMinor: 92_772 });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}/receipts`,
      headers: admin.headers,
    });
    const receipts = successEnvelope(OrderReceiptsSchema).parse(listed.json()).data.receipts;
    expect(receipts.find((r) => r.kind === 'line_refund')).toMatchObject({
      state: 'sent',
      amount: 927.72,
      providerId: first.refundId,
      lines: [{ description: 'Букет «Пионы»', quantity: 1, amount: 927.72 }],
    });
    const mail = await lastMail(t, buyer.email);
    expect(mail.subject).toBe(`Заказ №${order.number}: деньги за часть заказа возвращены`);
    expect(mail.text).toContain('Здравствуйте, Vera!');
    expect(mail.text).toContain('Букет «Пионы» — 1 шт.');
    expect(mail.text).toMatch(/927,72/);
    expect(mail.text).toContain(`/account/orders/${order.id}`);

    // The lesson is the customer's until its line is refunded.
    const owned = () =>
      db()
        .select()
        .from(purchases)
        .where(and(eq(purchases.userId, buyer.id), eq(purchases.lessonId, lesson)));
    expect(await owned()).toHaveLength(1);
    const rest = await refunded(order.id, [
      { lineId: bouquetLine.id, quantity: 1 },
      { lineId: lessonLine.id, quantity: 1 },
    ]);
    // The second bouquet 927,72 ₽ and the lesson 2 000 − 454,44 ₽; the delivery (300 ₽) stays paid.
    expect(rest).toMatchObject({ amount: 2_473.28, fullyRefunded: true });
    expect(yookassa.refunds.get(rest.refundId)!.amount.value).toBe('2473.28');
    expect(await owned()).toHaveLength(0);
    // Every line back: the order reads refunded like after a whole refund.
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentState: 'refunded' });
    const last = await lastMail(t, buyer.email);
    expect(last.text).toMatch(/2\s473,28/);
    // Everything refunded: the subject says so, not "part of the order".
    expect(last.subject).toBe(`Заказ №${order.number}: деньги возвращены`);
    expect(last.text).toContain('Урок — 1 шт.');
  });

  it('refuses what cannot be refunded, with its code and nothing sent', async () => {
    const { order, bouquetLine, lessonLine } = await promoOrder();
    const before = yookassa.refunds.size;
    expect(codeOf(await refundLines(order.id, []))).toBe('REFUND_LINES_EMPTY');
    const dup = await refundLines(order.id, [
      { lineId: bouquetLine.id, quantity: 1 },
      { lineId: bouquetLine.id, quantity: 1 },
    ]);
    expect(dup.statusCode).toBe(400);
    expect(codeOf(dup)).toBe('REFUND_LINE_DUPLICATE');
    const unknown = await refundLines(order.id, [{ lineId: crypto.randomUUID(), quantity: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(codeOf(unknown)).toBe('REFUND_LINE_UNKNOWN');
    const tooMany = await refundLines(order.id, [{ lineId: lessonLine.id, quantity: 2 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(codeOf(tooMany)).toBe('REFUND_QUANTITY_EXCEEDED');
    expect((await refundLines(order.id, [{ lineId: bouquetLine.id, quantity: 0 }])).statusCode).toBe(400);
    expect((await refundLines(order.id, [{ lineId: bouquetLine.id, quantity: 1 }], buyer.headers)).statusCode).toBe(
      403,
    );
    expect((await refundLines(crypto.randomUUID(), [{ lineId: bouquetLine.id, quantity: 1 }])).statusCode).toBe(404);

    // Not paid yet.
    const unpaid = await storedOrder(t, buyer.id, {}, [
      { type: 'product', productId: bouquet, name: { ru: 'Букет' }, unitPriceRub: 150_000, quantity: 1 },
    ]);
    const [unpaidLine] = await itemsOf(unpaid.id);
    const notPaid = await refundLines(unpaid.id, [{ lineId: unpaidLine!.id, quantity: 1 }]);
    expect(notPaid.statusCode).toBe(409);
    expect(codeOf(notPaid)).toBe('REFUND_NOT_ALLOWED');

    // Paid by hand (cash): no provider to give it back through.
    const cash = await storedOrder(t, buyer.id, { paymentMethod: 'cash' }, [
      { type: 'product', productId: bouquet, name: { ru: 'Букет' }, unitPriceRub: 150_000, quantity: 1 },
    ]);
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${cash.id}/mark-paid`,
      headers: admin.headers,
      payload: { reference: 'cash 1' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const [cashLine] = await itemsOf(cash.id);
    const noProvider = await refundLines(cash.id, [{ lineId: cashLine!.id, quantity: 1 }]);
    expect(noProvider.statusCode).toBe(409);
    expect(codeOf(noProvider)).toBe('REFUND_NOT_AVAILABLE');

    // YooKassa refuses: 502, the units are free again, and the next try goes with a new key.
    yookassa.failNext(
      { status: 400, body: { type: 'error', code: 'invalid_request', description: 'Refund rejected' } },
      { pathPart: '/v3/refunds' },
    );
    const refused = await refundLines(order.id, [{ lineId: bouquetLine.id, quantity: 1 }]);
    expect(refused.statusCode).toBe(502);
    expect((await itemsOf(order.id))[0]).toMatchObject({ refundedQuantity: 0, refundedMinor: 0 });
    expect(yookassa.refunds.size).toBe(before);
    await refunded(order.id, [{ lineId: bouquetLine.id, quantity: 1 }]);
    expect(yookassa.refunds.size).toBe(before + 1);
    const keys = yookassa.requests
      .filter((r) => r.path === '/v3/refunds')
      .slice(-2)
      .map((r) => r.headers['idempotence-key']);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('two requests at once for the last bouquet: one refund, the other refused', async () => {
    const { order, bouquetLine } = await promoOrder();
    await refunded(order.id, [{ lineId: bouquetLine.id, quantity: 1 }]);
    const before = yookassa.refunds.size;
    const answers = await Promise.all([
      refundLines(order.id, [{ lineId: bouquetLine.id, quantity: 1 }]),
      refundLines(order.id, [{ lineId: bouquetLine.id, quantity: 1 }]),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(['REFUND_QUANTITY_EXCEEDED', 'REFUND_IN_PROGRESS']).toContain(codeOf(loser));
    expect(yookassa.refunds.size).toBe(before + 1);
    expect((await itemsOf(order.id))[0]).toMatchObject({ refundedQuantity: 2, refundedMinor: 185_544 });
  });

  it('a timeout: the same lines asked again go with the same key (one refund); other lines wait', async () => {
    const { order, bouquetLine, lessonLine } = await promoOrder();
    const before = yookassa.refunds.size;
    yookassa.setDelay(1_500);
    let timedOut: Awaited<ReturnType<typeof refundLines>>;
    try {
      timedOut = await refundLines(order.id, [{ lineId: bouquetLine.id, quantity: 1 }]);
    } finally {
      yookassa.setDelay(0);
    }
    expect(timedOut.statusCode).toBe(502);
    const [open] = await db().select().from(lineRefunds).where(eq(lineRefunds.orderId, order.id));
    expect(open).toMatchObject({ state: 'unknown', amountMinor: 92_772 });
    // Its units stay counted while it is not known whether they went back.
    expect((await itemsOf(order.id))[0]).toMatchObject({ refundedQuantity: 1 });
    const other = await refundLines(order.id, [{ lineId: lessonLine.id, quantity: 1 }]);
    expect(other.statusCode).toBe(409);
    expect(codeOf(other)).toBe('REFUND_IN_PROGRESS');

    const again = await refunded(order.id, [{ lineId: bouquetLine.id, quantity: 1 }]);
    expect(again.amount).toBe(927.72);
    // YooKassa made the refund once (the first call, which timed out here) and answered the key again.
    expect(yookassa.refunds.size).toBe(before + 1);
    const keys = yookassa.requests
      .filter((r) => r.path === '/v3/refunds')
      .slice(-2)
      .map((r) => r.headers['idempotence-key']);
    expect(keys[0]).toBe(keys[1]);
    expect((await itemsOf(order.id))[0]).toMatchObject({ refundedQuantity: 1, refundedMinor: 92_772 });
    const rows = await db().select().from(lineRefunds).where(eq(lineRefunds.orderId, order.id));
    expect(rows.map((r) => r.state)).toEqual(['succeeded']);
  });

  it('a partly refunded order cancelled afterwards: the whole refund is refused with a code (receipts on), never asked twice', async () => {
    const { order, bouquetLine } = await promoOrder();
    await refunded(order.id, [{ lineId: bouquetLine.id, quantity: 1 }]);
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: admin.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const before = yookassa.refunds.size;
    const whole = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refund`,
      headers: admin.headers,
    });
    expect(whole.statusCode).toBe(409);
    expect(codeOf(whole)).toBe('REFUND_NOT_AVAILABLE');
    expect(yookassa.refunds.size).toBe(before);
    // A cancelled order's lines are not refunded one by one.
    const lines = await refundLines(order.id, [{ lineId: bouquetLine.id, quantity: 1 }]);
    expect(codeOf(lines)).toBe('REFUND_NOT_ALLOWED');
  });

  it('unshipped bouquets go back to the stock; shipped ones do not', async () => {
    const stock = async () => (await db().select().from(products).where(eq(products.id, bouquet)))[0]!.stock;
    const placed = await placeOrder(t, buyer, orderBody([productLine(bouquet, 3)], { delivery: { method: 'pickup' } }));
    await paySbp(placed.id);
    const left = await stock();
    const [line] = await itemsOf(placed.id);
    expect(line!.reservedQuantity).toBe(3);
    await refunded(placed.id, [{ lineId: line!.id, quantity: 2 }]);
    expect(await stock()).toBe(left! + 2);
    expect((await itemsOf(placed.id))[0]).toMatchObject({ reservedQuantity: 1, refundedQuantity: 2 });
    for (const status of ['processing', 'shipped']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${placed.id}/status`,
        headers: admin.headers,
        payload: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const last = await refunded(placed.id, [{ lineId: line!.id, quantity: 1 }]);
    expect(last.fullyRefunded).toBe(true);
    expect(await stock()).toBe(left! + 2);
    // Handed over already: the refund receipt's item is no longer a prepayment.
    const sent = JSON.parse(yookassa.requests.filter((r) => r.path === '/v3/refunds').at(-1)!.body);
    expect(sent.receipt.items[0]).toMatchObject({ quantity: 1, payment_mode: 'full_payment' });
  });

  it('a refunded digital book loses its download links', async () => {
    const order = await storedOrder(t, buyer.id, { totalRub: 90_000, subtotalRub: 90_000 }, [
      {
        type: 'product',
        productId: book,
        bookFormat: 'digital',
        name: { ru: 'Пионы из шёлка' },
        unitPriceRub: 90_000,
        quantity: 1,
      },
    ]);
    await paySbp(order.id);
    const [line] = await itemsOf(order.id);
    const links = () => db().select().from(downloadLinks).where(eq(downloadLinks.orderItemId, line!.id));
    expect(await links()).toHaveLength(1);
    const done = await refunded(order.id, [{ lineId: line!.id, quantity: 1 }]);
    expect(done).toMatchObject({ amount: 900, fullyRefunded: true });
    expect(await links()).toHaveLength(0);
    const sent = JSON.parse(yookassa.requests.filter((r) => r.path === '/v3/refunds').at(-1)!.body);
    expect(sent.receipt.items[0]).toMatchObject({ description: 'Пионы из шёлка (электронная книга)', quantity: 1 });
  });
});

describe('POST /api/admin/orders/{id}/refund-lines/preview', () => {
  /** What a refund may have written: the lines' counts, refund rows, YooKassa's refunds, mails. */
  const footprint = async (orderId: string) => ({
    items: (await itemsOf(orderId)).map((i) => [i.refundedQuantity, i.refundedMinor]),
    rows: (await db().select().from(lineRefunds).where(eq(lineRefunds.orderId, orderId))).length,
    refunds: yookassa.refunds.size,
    mails: await mailCount(t, buyer.email),
  });

  it('answers the amount the refund then takes, and writes nothing', async () => {
    const { order, bouquetLine, lessonLine } = await promoOrder();
    const before = await footprint(order.id);
    const one = [{ lineId: bouquetLine.id, quantity: 1 }];
    const first = await previewed(order.id, one);
    // 3 701 ₽ paid; one bouquet is 927,72 ₽ of it (the same spread as the refund's, see above).
    expect(first).toEqual({
      amount: 927.72,
      currency: 'RUB',
      lines: [{ lineId: bouquetLine.id, quantity: 1, amount: 927.72, unitsLeft: 1 }],
      remaining: 2_773.28,
    });
    expect(await previewed(order.id, one)).toEqual(first);
    expect(await footprint(order.id)).toEqual(before);

    const made = await refunded(order.id, one);
    expect(made.amount).toBe(first.amount);
    expect(made.lines).toEqual(first.lines.map(({ unitsLeft: _, ...line }) => line));
    // The order shows the owner what came back of each line.
    const shown = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: admin.headers });
    const items = shown.json().data.order.items as { id: string; refundedQuantity: number; refunded: number }[];
    expect(items.find((i) => i.id === bouquetLine.id)).toMatchObject({ refundedQuantity: 1, refunded: 927.72 });
    expect(items.find((i) => i.id === lessonLine.id)).toMatchObject({ refundedQuantity: 0, refunded: 0 });

    const rest = [
      { lineId: bouquetLine.id, quantity: 1 },
      { lineId: lessonLine.id, quantity: 1 },
    ];
    const second = await previewed(order.id, rest);
    // Only the delivery (300 ₽) would be left of the payment.
    expect(second).toMatchObject({ amount: 2_473.28, remaining: 300 });
    expect(second.lines.map((l) => l.unitsLeft)).toEqual([0, 0]);
    expect((await refunded(order.id, rest)).amount).toBe(second.amount);
  });

  it('refuses what the refund refuses, with the same status and code, and changes nothing', async () => {
    const { order, bouquetLine, lessonLine } = await promoOrder();
    await refunded(order.id, [{ lineId: bouquetLine.id, quantity: 1 }]);
    const unpaid = await storedOrder(t, buyer.id, {}, [
      { type: 'product', productId: bouquet, name: { ru: 'Букет' }, unitPriceRub: 150_000, quantity: 1 },
    ]);
    const [unpaidLine] = await itemsOf(unpaid.id);
    const cases: [string, string, unknown[], number, string, Record<string, string>?][] = [
      ['no line', order.id, [], 400, 'REFUND_LINES_EMPTY'],
      [
        'a line twice',
        order.id,
        [
          { lineId: lessonLine.id, quantity: 1 },
          { lineId: lessonLine.id, quantity: 1 },
        ],
        400,
        'REFUND_LINE_DUPLICATE',
      ],
      ['an unknown line', order.id, [{ lineId: crypto.randomUUID(), quantity: 1 }], 400, 'REFUND_LINE_UNKNOWN'],
      [
        'more units than the line has',
        order.id,
        [{ lineId: lessonLine.id, quantity: 2 }],
        409,
        'REFUND_QUANTITY_EXCEEDED',
      ],
      [
        'more units than are left',
        order.id,
        [{ lineId: bouquetLine.id, quantity: 2 }],
        409,
        'REFUND_QUANTITY_EXCEEDED',
      ],
      ['zero units', order.id, [{ lineId: lessonLine.id, quantity: 0 }], 400, 'VALIDATION_ERROR'],
      ['an unpaid order', unpaid.id, [{ lineId: unpaidLine!.id, quantity: 1 }], 409, 'REFUND_NOT_ALLOWED'],
      ['an unknown order', crypto.randomUUID(), [{ lineId: lessonLine.id, quantity: 1 }], 404, 'NOT_FOUND'],
      ['a customer', order.id, [{ lineId: lessonLine.id, quantity: 1 }], 403, 'FORBIDDEN', buyer.headers],
    ];
    const before = await footprint(order.id);
    for (const [what, orderId, lines, status, code, headers] of cases) {
      const seen = await preview(orderId, lines, headers);
      expect([what, seen.statusCode, codeOf(seen)]).toEqual([what, status, code]);
      const real = await refundLines(orderId, lines, headers);
      expect([what, real.statusCode, codeOf(real)]).toEqual([what, status, code]);
    }
    expect(await footprint(order.id)).toEqual(before);
    expect((await itemsOf(unpaid.id))[0]).toMatchObject({ refundedQuantity: 0 });
  });
});
