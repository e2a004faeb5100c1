/**
 * One good mail per event (docs/decisions/0105), through the real app on a fresh database, with the
 * sandbox payment provider and the mail outbox the test transport sends from: a card order is
 * mailed once, when paid; a cash order once, when placed, with how to pay; a gift certificate
 * once to its buyer and once to its recipient; a free lesson not at all, and the owner is not told
 * of it. Each mail's rendering is kept as a snapshot (the order's number and ids written as
 * placeholders), so a change of words shows as a diff to read; `vitest -u` accepts it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, ownerNotifications, purchases } from '../../db/schema';
import { localDate } from '../../platform/dates';
import { bearer } from '../../test/accounts';
import { orderBody, placeOrder, productWithStock, purchaseBody, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { lessonWithFiles } from '../../test/lessons';

const SECRET = 'sandbox-secret-for-mail-event-tests';
const OWNER = 'owner@atelier.test';
const BANK = 'АО «Банк», р/с 40702810000000000001, БИК 044525000';
const ZONE = 'Europe/Moscow';

let t: TestContext;
let bouquet: string;
let book: string;

beforeAll(async () => {
  t = await createTestContext({
    env: {
      PAYMENT_SANDBOX_SECRET: SECRET,
      PUBLIC_URL: 'https://shop.example',
      NOTIFY_EMAIL: OWNER,
      BANK_DETAILS: BANK,
      RATE_LIMIT_PAYMENT_PER_IP: '100000',
      RATE_LIMIT_PAYMENT_PER_ACCOUNT: '100000',
      MAX_OPEN_UNPAID_ORDERS: '100000',
      SHOP_TIMEZONE: ZONE,
    },
  });
  const picture = (name: string) => ({
    url: `/uploads/products/${name}/original.webp`,
    thumb: `/uploads/products/${name}/thumb.webp`,
    medium: `/uploads/products/${name}/medium.webp`,
    large: `/uploads/products/${name}/large.webp`,
  });
  bouquet = await productWithStock(t, {
    name: { ru: 'Букет «Пионы»', en: 'Peony bouquet', es: 'Ramo de peonías' },
    images: [picture('peonies')],
  });
  book = await productWithStock(t, {
    name: { ru: 'Цветы из шёлка. Книга', en: 'Silk flowers. The book', es: 'Flores de seda. El libro' },
    category: 'book',
    bookFormats: ['physical', 'digital'],
    priceRub: 90_000,
    images: [picture('book')],
  });
});
afterAll(() => t.close());

/** Everything queued to `to`, oldest first. */
const mailsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

/** The mails to `to` about order `number` (its number in the subject or the text). */
async function mailsAbout(to: string, number: number) {
  const about = new RegExp(`(№|#|n\\.º )${number}(?!\\d)`);
  return (await mailsTo(to)).filter((mail) => about.test(`${mail.subject}\n${mail.text}`));
}

/** The owner's "order paid" notices of order `orderId` (recorded once per key, and mailed). */
const ownerNotices_ = (orderId: string) =>
  t.database.db
    .select()
    .from(ownerNotifications)
    .where(inArray(ownerNotifications.key, [`paidOrder:${orderId}`]));

/**
 * A mail as the snapshot keeps it: what varies from run to run written as placeholders, and the
 * order's lines sorted (an order keeps its lines in the order of their random ids).
 */
function snapshotOf(mail: { subject: string; text: string }, number: number): string {
  const text = mail.text.replace(/(?:^• .*\n)+/m, (lines) => `${lines.trimEnd().split('\n').sort().join('\n')}\n`);
  return `Subject: ${mail.subject}\n\n${text}\n`
    .replace(new RegExp(`(№|#|n\\.º )${number}(?!\\d)`, 'g'), '$1<N>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
    .replace(/\/pay\/[\w.-]+/g, '/pay/<token>')
    .replace(/\d{1,2} \S+ \d{4}( г\.)?( в| at)? \d{2}:\d{2} UTC/g, '<date> UTC')
    .replace(/\b[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}\b/g, '<code>');
}

/** Pays a card order through the sandbox page as a buyer would, by bank card. */
async function payByCard(user: TestUser, orderId: string) {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: bearer(user.token),
    payload: { orderId, method: 'bank_card' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const url = new URL(started.json().data.redirectUrl);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/${url.pathname.split('/').pop()}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `signature=${encodeURIComponent(url.searchParams.get('signature')!)}`,
  });
  expect(paid.statusCode).toBe(303);
}

const TO_KAZAN = {
  method: 'post',
  country: 'Россия',
  city: 'Казань',
  address: 'ул. Баумана, 1',
  postalCode: '420111',
};

describe('one mail per event', () => {
  it('a card order: nothing when placed, one "paid" mail when paid, with pictures, edition, address, delivery and the way it was paid', async () => {
    const buyer = await verifiedUser(t);
    const order = await placeOrder(
      t,
      buyer,
      orderBody(
        [
          { type: 'product', id: bouquet, quantity: 1 },
          { type: 'product', id: book, quantity: 2, bookFormat: 'physical' },
        ],
        { delivery: TO_KAZAN },
      ),
    );
    expect(await mailsAbout(buyer.email, order.number)).toEqual([]);

    await payByCard(buyer, order.id);
    const mails = await mailsAbout(buyer.email, order.number);
    expect(mails.map((mail) => mail.subject)).toEqual([`Заказ №${order.number} оплачен`]);
    const [mail] = mails;
    expect(mail!.html).toContain('<img src="https://shop.example/uploads/products/peonies/thumb.webp"');
    expect(mail!.html).toContain('<img src="https://shop.example/uploads/products/book/thumb.webp"');
    expect(mail!.text).toContain('(Печатное издание · 2 × ');
    expect(mail!.text).toContain('Адрес доставки: 420111, Россия, Казань, ул. Баумана, 1');
    expect(mail!.text).toContain('Способ доставки: Почта России');
    expect(mail!.text).toMatch(/Ожидаемый срок доставки: \d+–\d+ \S+ после отправки\./);
    expect(mail!.text).toContain('Способ оплаты: Банковская карта');
    expect(mail!.text).not.toMatch(/Онлайн|в валюте|RUB/);
    // The owner hears of it once.
    expect(await ownerNotices_(order.id)).toHaveLength(1);
    await expect(snapshotOf(mail!, order.number)).toMatchFileSnapshot(
      '../../__mail_snapshots__/events/card_order_paid.ru.txt',
    );
  });

  it('a cash order: one "awaiting payment" mail when placed, with how to pay; asking how to pay again mails nothing', async () => {
    const buyer = await verifiedUser(t);
    const order = await placeOrder(
      t,
      buyer,
      orderBody([{ type: 'product', id: bouquet, quantity: 2 }], {
        paymentMethod: 'cash',
        delivery: { method: 'pickup' },
      }),
      { lang: 'en' },
    );
    const instructions = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: bearer(buyer.token),
      payload: { orderId: order.id },
    });
    expect(instructions.json().data.kind).toBe('instructions');
    const mails = await mailsAbout(buyer.email, order.number);
    expect(mails.map((mail) => mail.subject)).toEqual([`Order #${order.number} is awaiting payment`]);
    expect(mails[0]!.text).toContain(`Pay in cash when you receive order #${order.number}`);
    expect(mails[0]!.text).toContain('Payment method: Cash on receipt');
    expect(mails[0]!.text).toMatch(/Your order will be ready for collection in \d+(–\d+)? days?\./);
    expect(await ownerNotices_(order.id)).toEqual([]);
    await expect(snapshotOf(mails[0]!, order.number)).toMatchFileSnapshot(
      '../../__mail_snapshots__/events/cash_order_placed.en.txt',
    );
  });

  it('a bank transfer: the one mail carries the bank details and the link to pay online instead', async () => {
    const buyer = await verifiedUser(t);
    const order = await placeOrder(
      t,
      buyer,
      orderBody([{ type: 'product', id: bouquet, quantity: 1 }], {
        paymentMethod: 'bank_transfer',
        delivery: TO_KAZAN,
      }),
    );
    const mails = await mailsAbout(buyer.email, order.number);
    expect(mails.map((mail) => mail.subject)).toEqual([`Заказ №${order.number} ждёт оплаты`]);
    expect(mails[0]!.text).toContain(BANK);
    expect(mails[0]!.text).toMatch(/Оплатить онлайн: https:\/\/shop\.example\/pay\//);
  });

  it('a gift certificate: one mail to the buyer and one to the recipient, none of the order besides', async () => {
    const buyer = await verifiedUser(t, { name: 'Марина Соколова' });
    const recipient = 'irina@example.test';
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/gift-certificates',
      headers: bearer(buyer.token),
      payload: {
        amount: 3000,
        currency: 'RUB',
        recipientName: 'Ирина',
        recipientEmail: recipient,
        message: 'С днём рождения!',
        senderName: 'Марина',
        language: 'ru',
        // Today: the recipient is mailed as soon as it is paid.
        deliveryDate: localDate(new Date(), ZONE),
      },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const { order } = bought.json().data;
    expect(await mailsTo(buyer.email)).toEqual([]);

    await payByCard(buyer, order.id);
    const toBuyer = await mailsTo(buyer.email);
    const toRecipient = await mailsTo(recipient);
    expect(toBuyer).toHaveLength(1);
    expect(toRecipient).toHaveLength(1);
    expect(toBuyer[0]!.text).toContain('Получатель: Ирина');
    expect(toRecipient[0]!.text).toContain('Сообщение от отправителя:');
    expect(toRecipient[0]!.text).toContain('Сертификат оплачивает заказы в рублях.');
    for (const mail of [...toBuyer, ...toRecipient]) {
      expect(mail.text).not.toMatch(/для Ирина|от Марина|в валюте/);
    }
    await expect(snapshotOf(toBuyer[0]!, order.number)).toMatchFileSnapshot(
      '../../__mail_snapshots__/events/gift_certificate_buyer.ru.txt',
    );
    await expect(snapshotOf(toRecipient[0]!, order.number)).toMatchFileSnapshot(
      '../../__mail_snapshots__/events/gift_certificate_recipient.ru.txt',
    );
  });

  it('a free lesson: the access is recorded, no order mail and no "order paid" notice to the owner', async () => {
    const learner = await verifiedUser(t);
    const lesson = await lessonWithFiles(t, { priceRub: 0, values: { priceEur: 0, priceUsd: 0 } });
    const before = (await mailsTo(OWNER)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/training/lessons/${lesson}/purchase`,
      headers: bearer(learner.token),
      payload: purchaseBody(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order, purchased } = res.json().data;
    expect(purchased).toBe(true);
    expect(order).toMatchObject({ status: 'confirmed', total: 0 });
    const owned = await t.database.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.userId, learner.id), eq(purchases.lessonId, lesson)));
    expect(owned).toHaveLength(1);
    expect(await mailsTo(learner.email)).toEqual([]);
    expect(await ownerNotices_(order.id)).toEqual([]);
    expect((await mailsTo(OWNER)).length).toBe(before);
  });
});
