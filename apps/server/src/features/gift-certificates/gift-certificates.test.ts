/**
 * Gift certificates through the real app on a fresh database: buying one and paying its order
 * (sandbox), the recipient's mail on its day (the delivery pass called with a clock), paying
 * orders with a code in part or in full and only in its currency, two checkouts racing for one
 * balance, everything given back when an order is cancelled or expires, the admin's side and the
 * code look-up limits.
 */
import { addDays, formatGiftCode, formatMoney, normalizeGiftCode } from '@atelier/shared';
import { asc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCertificateMovements, giftCertificates, mailOutbox, orders, payments } from '../../db/schema';
import { localDate } from '../../platform/dates';
import { bearer, lastMail, mailCount } from '../../test/accounts';
import {
  adminUser,
  orderBody,
  postOrder,
  productLine,
  productWithStock,
  purchaseBody,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { lessonWithFiles } from '../../test/lessons';
import { createGiftDeliverySweeper } from './gift-certificates.delivery';
import { zonedTime } from './gift-certificates.rules';

const SECRET = 'sandbox-secret-for-gift-tests';
const ZONE = 'Europe/Moscow';
let t: TestContext;
let buyer: TestUser;
let friend: TestUser;
let admin: TestUser;
/** 1 500 ₽ / 16 € / 17.50 $, picked up. */
let bouquet: string;
/** The shop's today, as the server sees it (the offer says the same: checked below). */
const today = localDate(new Date(), ZONE);

beforeAll(async () => {
  t = await createTestContext({
    env: {
      PAYMENT_SANDBOX_SECRET: SECRET,
      RATE_LIMIT_PAYMENT_PER_IP: '100000',
      RATE_LIMIT_PAYMENT_PER_ACCOUNT: '100000',
      MAX_OPEN_UNPAID_ORDERS: '100000',
      // The code look-ups of one account across this file; the limit itself is tested below.
      RATE_LIMIT_VERIFY_PER_ACCOUNT: '60',
      SHOP_TIMEZONE: ZONE,
    },
  });
  buyer = await verifiedUser(t, { name: 'Анна Петрова', email: 'anna@example.test' });
  friend = await verifiedUser(t, { name: 'Мария Соколова', email: 'maria@example.test' });
  admin = await adminUser(t);
  bouquet = await productWithStock(t, { stock: 1000 });
});
afterAll(() => t.close());

const db = () => t.database.db;
const silent = { info() {}, error() {} };

function buyBody(extra: Record<string, unknown> = {}) {
  return {
    amount: 3000,
    currency: 'RUB',
    recipientName: 'María',
    recipientEmail: 'maria.garcia@example.test',
    message: '¡Feliz cumpleaños! 🌸',
    deliveryDate: addDays(today, 10),
    senderName: 'Anna',
    language: 'es',
    ...extra,
  };
}

const buy = (body: Record<string, unknown>, user: TestUser = buyer) =>
  t.app.inject({ method: 'POST', url: '/api/gift-certificates', headers: bearer(user.token), payload: body });

/** Pays a card order through the sandbox page, as a buyer would. */
async function payByCard(orderId: string, user: TestUser = buyer) {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: bearer(user.token),
    payload: { orderId },
  });
  expect(started.statusCode).toBe(200);
  const url = new URL(started.json().data.redirectUrl);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/${url.pathname.split('/').pop()}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `signature=${encodeURIComponent(url.searchParams.get('signature')!)}`,
  });
  expect(paid.statusCode).toBe(303);
}

/** A certificate issued by the admin (no mail); its code as the API shows it. */
async function issued(amount: number, currency = 'RUB'): Promise<{ id: string; code: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/gift-certificates',
    headers: bearer(admin.token),
    payload: { amount, currency, sendMail: false, language: 'ru', note: 'giveaway' },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().data.id, code: res.json().data.code };
}

const check = (code: string, user?: TestUser, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/gift-certificates/check',
    ...(user ? { headers: bearer(user.token) } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: { code },
  });
const balanceOf = async (id: string) =>
  (await db().select().from(giftCertificates).where(eq(giftCertificates.id, id)))[0]!.balanceMinor;
const movementsOf = async (id: string) =>
  db()
    .select()
    .from(giftCertificateMovements)
    .where(eq(giftCertificateMovements.certificateId, id))
    .orderBy(asc(giftCertificateMovements.createdAt));
const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

/** The bouquet, picked up, paid with `code` (card in roubles, PayPal otherwise). */
function checkout(user: TestUser, code: string | undefined, currency = 'RUB', quantity = 1) {
  return postOrder(
    t,
    user,
    orderBody([productLine(bouquet, quantity)], {
      delivery: { method: 'pickup' },
      currency,
      paymentMethod: currency === 'RUB' ? 'card' : 'paypal',
      ...(code ? { giftCertificateCode: code } : {}),
    }),
  );
}

describe('buying a gift certificate', () => {
  it('its order is paid like any other; the recipient is mailed on the chosen day (injected clock) with the code and the printable PDF, in the chosen language', async () => {
    const res = await buy(buyBody());
    expect(res.statusCode).toBe(201);
    const { certificate, order } = res.json().data;
    expect(order).toMatchObject({ status: 'pending', paymentMethod: 'card', currency: 'RUB', total: 3000 });
    expect(order.items).toEqual([expect.objectContaining({ type: 'gift_certificate', refId: null, unitPrice: 3000 })]);
    expect(certificate).toMatchObject({ status: 'pending', code: null, amount: 3000, balance: 0 });

    // Unpaid, its code opens nothing.
    const [row] = await db().select().from(giftCertificates).where(eq(giftCertificates.id, certificate.id));
    expect(row!.code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    expect((await check(row!.code)).json().code).toBe('GIFT_CODE_INVALID');

    await payByCard(order.id);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/gift-certificates/mine', headers: bearer(buyer.token) })
    ).json().data;
    expect(mine[0]).toMatchObject({
      id: certificate.id,
      status: 'active',
      code: formatGiftCode(row!.code),
      balance: 3000,
      deliveredAt: null,
    });
    // The buyer hears it is paid (one mail) and when the mail goes; the recipient hears nothing before the day.
    const toBuyer = await db().select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    const ofThisOrder = toBuyer.filter((m) => new RegExp(`№${order.number}(?!\\d)`).test(`${m.subject}\n${m.text}`));
    expect(ofThisOrder.map((m) => m.subject)).toEqual([
      `Подарочный сертификат на ${formatMoney(3000, 'RUB', 'ru')} оплачен`,
    ]);
    expect(ofThisOrder[0]!.text).toContain('Получатель: María');
    expect(await mailCount(t, 'maria.garcia@example.test')).toBe(0);

    const sweeper = createGiftDeliverySweeper({ giftCertificates: t.app.services.giftCertificates, log: silent });
    const morning = zonedTime(addDays(today, 10), 9, ZONE);
    expect(await sweeper.sweep(new Date(morning.getTime() - 1))).toEqual([]);
    expect(await mailCount(t, 'maria.garcia@example.test')).toBe(0);
    expect(await sweeper.sweep(morning)).toEqual([certificate.id]);
    expect(await sweeper.sweep(new Date(morning.getTime() + 3_600_000))).toEqual([]);

    const mail = await lastMail(t, 'maria.garcia@example.test');
    expect(mail.subject).toBe('Anna le regala un certificado regalo');
    expect(mail.text).toContain(formatGiftCode(row!.code));
    expect(mail.text).toContain('¡Feliz cumpleaños!');
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments!;
    expect(file).toMatchObject({ filename: 'certificado-regalo.pdf', contentType: 'application/pdf' });
    const pdf = await PDFDocument.load(Buffer.from(file!.contentBase64, 'base64'));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getSubject()).toBe(formatGiftCode(row!.code));
    expect(pdf.getTitle()).toBe('Certificado regalo — Atelier');
  });

  it('a gift for today is mailed as soon as its order is paid', async () => {
    const email = 'today@example.test';
    const res = await buy(buyBody({ recipientEmail: email, deliveryDate: today, language: 'ru', message: '' }));
    expect(res.statusCode).toBe(201);
    expect(await mailCount(t, email)).toBe(0);
    await payByCard(res.json().data.order.id);
    const mail = await lastMail(t, email);
    expect(mail.subject).toBe('Anna дарит вам подарочный сертификат');
    expect(mail.attachments?.[0]?.filename).toBe('подарочный-сертификат.pdf');
  });

  it('in euros: a PayPal order whose RUB figures follow the exchange snapshot', async () => {
    const res = await buy(buyBody({ amount: 50, currency: 'EUR' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order).toMatchObject({
      paymentMethod: 'paypal',
      currency: 'EUR',
      totalInCurrency: 50,
      amountDue: 50,
      total: 5000,
    });
  });

  it.each([
    ['below the smallest amount', { amount: 100 }, 'amount'],
    ['above the largest amount', { amount: 200_000 }, 'amount'],
    ['three decimals', { amount: 1000.001 }, 'amount'],
    ['a negative amount', { amount: -5 }, 'amount'],
    ['yesterday', { deliveryDate: addDays(today, -1) }, 'deliveryDate'],
    ['more than a year ahead', { deliveryDate: addDays(today, 367) }, 'deliveryDate'],
    ['not a date', { deliveryDate: '2026-02-30x' }, 'deliveryDate'],
    ['no recipient email', { recipientEmail: '' }, 'recipientEmail'],
    ['no sender', { senderName: '  ' }, 'senderName'],
    ['an unknown currency', { currency: 'GBP' }, 'currency'],
  ])('refuses %s (400 on the field, no order written)', async (_name, extra, field) => {
    const before = (await db().select({ id: orders.id }).from(orders)).length;
    const res = await buy(buyBody(extra));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().details)).toContain(field);
    expect((await db().select({ id: orders.id }).from(orders)).length).toBe(before);
  });

  it("follows the admin's presets and limits per currency", async () => {
    const settings = {
      RUB: { presets: [5000, 2000], min: 1000, max: 20000 },
      EUR: { presets: [25], min: 10, max: 300 },
      USD: { presets: [25], min: 10, max: 300 },
    };
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/gift-certificates/settings',
      headers: bearer(admin.token),
      payload: { ...settings, EUR: { presets: [500], min: 10, max: 300 } },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/gift-certificates/settings',
      headers: bearer(admin.token),
      payload: settings,
    });
    expect(saved.statusCode).toBe(200);
    const offer = (await t.app.inject({ method: 'GET', url: '/api/gift-certificates/offer' })).json().data;
    expect(offer).toMatchObject({ today, lastDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(offer.settings.RUB).toEqual({ presets: [2000, 5000], min: 1000, max: 20000 });
    expect((await buy(buyBody({ amount: 500 }))).statusCode).toBe(400);
    expect((await buy(buyBody({ amount: 1234.5 }))).statusCode).toBe(201);
    const user = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/gift-certificates/settings',
      headers: bearer(buyer.token),
      payload: settings,
    });
    expect(user.statusCode).toBe(403);
  });
});

describe('paying with a code', () => {
  it('pays in part across two orders (the first in full, at once; the rest of the second by card), in any case and with or without dashes', async () => {
    const { id, code } = await issued(2000);
    const balance = await check(code.toLowerCase().replaceAll('-', ' '), friend);
    expect(balance.json().data).toEqual({ code, currency: 'RUB', amount: 2000, balance: 2000 });

    const first = await checkout(friend, code.toLowerCase());
    expect(first.statusCode).toBe(201);
    expect(first.json().data.order).toMatchObject({
      status: 'confirmed',
      paymentState: 'paid',
      total: 1500,
      giftCertificate: 1500,
      amountDue: 0,
    });
    expect((await check(code, friend)).json().data.balance).toBe(500);

    const second = await checkout(friend, normalizeGiftCode(code));
    expect(second.statusCode).toBe(201);
    const order = second.json().data.order;
    expect(order).toMatchObject({ status: 'pending', giftCertificate: 500, amountDue: 1000 });
    expect(await balanceOf(id)).toBe(0);
    // The card is asked for what is left, not for the whole total.
    await payByCard(order.id, friend);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ amountMinor: 100_000, currency: 'RUB', status: 'succeeded' });
    expect((await orderRow(order.id)).status).toBe('confirmed');
    // The mail of the order says what the certificate paid and what is left.
    const received = await db().select().from(mailOutbox).where(eq(mailOutbox.to, friend.email));
    expect(received.some((m) => /Оплачено сертификатом: −500\s₽\nК оплате: 1\s000\s₽/u.test(m.text))).toBe(true);

    expect((await movementsOf(id)).map((m) => [m.kind, m.amountMinor, m.balanceAfterMinor])).toEqual([
      ['issue', 200_000, 200_000],
      ['redeem', -150_000, 50_000],
      ['redeem', -50_000, 0],
    ]);
    const empty = await checkout(friend, code);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('GIFT_CODE_EMPTY');
  });

  it('money is counted once: what a certificate pays of an order adds nothing to the revenue', async () => {
    const revenue = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(admin.token) })).json().data
        .revenueRub as number;
    const before = await revenue();
    // A certificate sold is money taken: counted once, as its order.
    const sold = (await buy(buyBody({ amount: 2500 }))).json().data;
    await payByCard(sold.order.id);
    expect(await revenue()).toBe(before + 2500);
    const { code } = await issued(1000);
    const order = (await checkout(friend, code, 'RUB', 2)).json().data.order;
    await payByCard(order.id, friend);
    expect(await revenue()).toBe(before + 2500 + 2000);
    // The dashboard's top lists hold goods, lessons and courses, never a certificate line.
    const sales = await t.app.inject({ method: 'GET', url: '/api/admin/sales', headers: bearer(admin.token) });
    expect(sales.statusCode, sales.body).toBe(200);
    expect(sales.json().data.top.lessons.every((item: { id: string | null }) => item.id !== null)).toBe(true);
  });

  it('refuses a certificate in another currency than the order (400, nothing written) and unknown codes', async () => {
    const { id, code } = await issued(50, 'EUR');
    const before = (await db().select({ id: orders.id }).from(orders)).length;
    const rub = await checkout(friend, code, 'RUB');
    expect(rub.statusCode).toBe(400);
    expect(rub.json()).toMatchObject({ code: 'GIFT_CURRENCY_MISMATCH' });
    expect(rub.json().message).toContain('EUR');
    expect((await db().select({ id: orders.id }).from(orders)).length).toBe(before);
    expect(await balanceOf(id)).toBe(5000);

    const eur = await checkout(friend, code, 'EUR');
    expect(eur.statusCode).toBe(201);
    expect(eur.json().data.order).toMatchObject({
      currency: 'EUR',
      giftCertificate: 16,
      amountDue: 0,
      status: 'confirmed',
    });
    expect(await balanceOf(id)).toBe(3400);

    for (const bad of ['NOPE', 'AAAA-AAAA-AAAA-AAAA', 'x'.repeat(41)]) {
      const res = await checkout(friend, bad);
      expect(res.statusCode).toBe(400);
    }
  });

  it('pays a lesson in the purchase dialog: in full (unlocked at once) and in part (the rest through PayPal)', async () => {
    const { code } = await issued(20, 'EUR');
    const lesson = await lessonWithFiles(t, { values: { priceEur: 1_600 } });
    const other = await lessonWithFiles(t, { values: { priceEur: 1_600 } });
    const purchase = (lessonId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/training/lessons/${lessonId}/purchase`,
        headers: bearer(friend.token),
        payload: purchaseBody({ currency: 'EUR', giftCertificateCode: code }),
      });
    const full = await purchase(lesson);
    expect(full.statusCode).toBe(201);
    expect(full.json().data).toMatchObject({ purchased: true, order: { giftCertificate: 16, amountDue: 0 } });
    const part = await purchase(other);
    expect(part.json().data).toMatchObject({
      purchased: false,
      order: { paymentMethod: 'paypal', giftCertificate: 4, amountDue: 12 },
    });
  });

  it('two checkouts spending one balance at once: exactly one succeeds, the other is told nothing is left', async () => {
    const { id, code } = await issued(1500);
    const results = await Promise.all([checkout(friend, code), checkout(buyer, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('GIFT_CODE_EMPTY');
    expect(await balanceOf(id)).toBe(0);
    expect((await movementsOf(id)).filter((m) => m.kind === 'redeem')).toHaveLength(1);
  });
});

describe('what an order spent comes back', () => {
  const cancel = (orderId: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      headers: bearer(admin.token),
      payload: { status: 'cancelled' },
    });

  it('when the admin cancels an order paid in full or in part by the certificate', async () => {
    const { id, code } = await issued(2000);
    const full = (await checkout(friend, code)).json().data.order;
    const part = (await checkout(friend, code)).json().data.order;
    expect(await balanceOf(id)).toBe(0);
    expect((await cancel(part.id)).statusCode).toBe(200);
    expect(await balanceOf(id)).toBe(50_000);
    expect((await cancel(full.id)).statusCode).toBe(200);
    expect(await balanceOf(id)).toBe(200_000);
    const kinds = (await movementsOf(id)).map((m) => [m.kind, m.amountMinor]);
    expect(kinds.slice(-2)).toEqual([
      ['refund', 50_000],
      ['refund', 150_000],
    ]);
    expect((await check(code, friend)).json().data.balance).toBe(2000);
  });

  it('when an order it paid in part expires unpaid', async () => {
    const { id, code } = await issued(1000);
    const order = (await checkout(friend, code)).json().data.order;
    expect(await balanceOf(id)).toBe(0);
    const { expired } = await t.app.services.orders.expireDue(new Date(Date.now() + 30 * 24 * 3_600_000));
    expect(expired).toContain(order.id);
    expect(await balanceOf(id)).toBe(100_000);
  });

  it('the order that bought a certificate: cancelled unpaid, the certificate never works; cancelled paid and unspent, it stops; spent, the cancellation is refused', async () => {
    const unpaid = (await buy(buyBody())).json().data;
    expect((await cancel(unpaid.order.id)).statusCode).toBe(200);
    const [dead] = await db().select().from(giftCertificates).where(eq(giftCertificates.id, unpaid.certificate.id));
    expect(dead!.status).toBe('cancelled');

    const paid = (await buy(buyBody({ amount: 5000 }))).json().data;
    await payByCard(paid.order.id);
    const [live] = await db().select().from(giftCertificates).where(eq(giftCertificates.id, paid.certificate.id));
    expect((await checkout(friend, live!.code)).statusCode).toBe(201);
    const refused = await cancel(paid.order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('GIFT_CERTIFICATE_SPENT');
    expect((await orderRow(paid.order.id)).status).toBe('confirmed');

    const whole = (await buy(buyBody({ amount: 5000 }))).json().data;
    await payByCard(whole.order.id);
    expect((await cancel(whole.order.id)).statusCode).toBe(200);
    const [stopped] = await db().select().from(giftCertificates).where(eq(giftCertificates.id, whole.certificate.id));
    expect(stopped).toMatchObject({ status: 'cancelled', balanceMinor: 0 });
    expect((await check(stopped!.code, friend)).statusCode).toBe(400);
  });
});

describe('the admin', () => {
  it('issues one by hand mailed today, finds it by code or email, deactivates it and reads its history', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/gift-certificates',
      headers: bearer(admin.token),
      payload: {
        amount: 1000,
        currency: 'USD',
        sendMail: true,
        recipientName: 'Winner',
        recipientEmail: 'Winner@Example.test',
        language: 'en',
        note: 'Instagram giveaway',
      },
    });
    expect(res.statusCode).toBe(201);
    const certificate = res.json().data;
    expect(certificate).toMatchObject({ status: 'active', source: 'manual', balance: 1000, currency: 'USD' });
    const mail = await lastMail(t, 'winner@example.test');
    expect(mail.subject).toBe('Atelier has sent you a gift certificate');
    expect(mail.text).toContain(certificate.code);

    const search = async (q: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/gift-certificates?search=${encodeURIComponent(q)}`,
          headers: bearer(admin.token),
        })
      )
        .json()
        .data.map((c: { id: string }) => c.id);
    expect(await search(normalizeGiftCode(certificate.code).toLowerCase())).toEqual([certificate.id]);
    expect(await search('winner@')).toEqual([certificate.id]);

    const stop = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/gift-certificates/${id}/deactivate`,
        headers: bearer(admin.token),
        payload: { note: 'posted publicly' },
      });
    const stopped = await stop(certificate.id);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().data).toMatchObject({ status: 'deactivated', balance: 0 });
    expect(stopped.json().data.history.map((m: { kind: string; amount: number }) => [m.kind, m.amount])).toEqual([
      ['issue', 1000],
      ['deactivate', -1000],
    ]);
    expect(stopped.json().data.history[1]).toMatchObject({ note: 'posted publicly', actor: { id: admin.id } });
    expect((await check(certificate.code, friend)).json().code).toBe('GIFT_CODE_INACTIVE');
    expect((await stop(certificate.id)).statusCode).toBe(409);
    const asUser = await t.app.inject({
      method: 'GET',
      url: '/api/admin/gift-certificates',
      headers: bearer(friend.token),
    });
    expect(asUser.statusCode).toBe(403);
  });

  it('a mailed giveaway needs the recipient; a stranger never reads another buyer’s certificates', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/gift-certificates',
      headers: bearer(admin.token),
      payload: { amount: 1000, currency: 'RUB', sendMail: true, language: 'ru' },
    });
    expect(res.statusCode).toBe(400);
    const theirs = (
      await t.app.inject({ method: 'GET', url: '/api/gift-certificates/mine', headers: bearer(friend.token) })
    ).json().data;
    expect(theirs).toEqual([]);
  });
});

describe('guessing codes', () => {
  it('is limited per account and per address, checks and checkouts alike (429)', async () => {
    const guesser = await verifiedUser(t);
    const perAccount = t.config.rateLimits.verifyPerAccount;
    const statuses: number[] = [];
    for (let i = 0; i <= perAccount; i += 1) {
      statuses.push((await check('ABCD-EFGH-JKLM-NPQR', guesser, '10.9.0.1')).statusCode);
    }
    expect(statuses.slice(0, perAccount).every((s) => s === 400)).toBe(true);
    expect(statuses[perAccount]).toBe(429);
    const atCheckout = await postOrder(
      t,
      guesser,
      orderBody([productLine(bouquet)], { delivery: { method: 'pickup' }, giftCertificateCode: 'ABCD' }),
      { headers: {} },
    );
    expect(atCheckout.statusCode).toBe(429);

    const perIp = t.config.rateLimits.authPerIp;
    let last = 0;
    for (let i = 0; i <= perIp; i += 1) last = (await check('ABCD-EFGH-JKLM-NPQR', undefined, '10.9.0.2')).statusCode;
    expect(last).toBe(429);
  });
});
