/**
 * Custom order requests through the real app on a fresh database: a request with photos, the
 * quote, acceptance, the deposit paid through the sandbox card page, work, the balance paid by the
 * admin marking a PayPal order paid, done; every step's mails; the steps refused (409) out of
 * order, paying twice, paying after a decline; someone else's request (404); bad photos and too
 * many (4xx, nothing stored); the cap of open requests.
 */

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { addDays } from '@atelier/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customRequests, mailOutbox, orders, portfolioItems } from '../../db/schema';
import { bearer, lastMail } from '../../test/accounts';
import { adminUser, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { BAD_UPLOADS, blobOf, jpegBytes, pngBytes } from '../../test/uploads';

const SECRET = 'sandbox-secret-for-custom-tests';
const OWNER = 'owner@example.test';
let t: TestContext;
let anna: TestUser;
let boris: TestUser;
let admin: TestUser;
let png: Buffer;
let jpeg: Buffer;
let portfolioId: string;

const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestContext({
    env: {
      PAYMENT_SANDBOX_SECRET: SECRET,
      RATE_LIMIT_PAYMENT_PER_IP: '100000',
      RATE_LIMIT_PAYMENT_PER_ACCOUNT: '100000',
      RATE_LIMIT_UPLOADS_PER_ACCOUNT: '100000',
      RATE_LIMIT_UPLOADS_PER_IP: '100000',
      MAX_OPEN_UNPAID_ORDERS: '100000',
      NOTIFY_EMAIL: OWNER,
      SHOP_TIMEZONE: 'UTC',
    },
  });
  anna = await verifiedUser(t, { name: 'Анна Петрова', email: 'anna@example.test' });
  boris = await verifiedUser(t, { name: 'Boris', email: 'boris@example.test' });
  admin = await adminUser(t);
  png = await pngBytes();
  jpeg = await jpegBytes();
  const [item] = await db()
    .insert(portfolioItems)
    .values({
      title: { ru: 'Свадебный букет', en: 'Wedding bouquet' },
      description: { ru: 'Пионы' },
      category: 'wedding',
    })
    .returning({ id: portfolioItems.id });
  portfolioId = item!.id;
});
afterAll(() => t.close());

const db = () => t.database.db;

const FIELDS = {
  occasion: 'wedding',
  dateNeeded: addDays(today, 60),
  colours: 'Ivory and blush',
  budget: 25000,
  budgetCurrency: 'RUB',
  description: 'A bridal bouquet of peonies, like the one in the portfolio',
};

function form(data: object, files: { bytes: Buffer; filename?: string; type?: string }[] = []) {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  for (const file of files)
    body.append('photos', blobOf(file.bytes, file.type ?? 'image/png'), file.filename ?? 'ref.png');
  return body;
}

const send = (user: TestUser, payload: object | FormData, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/custom-orders',
    headers: { ...bearer(user.token), 'accept-language': lang },
    payload: payload as never,
  });

const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

/** Accepts the quote as the customer sees it now (or the one quoted at `quotedAt`). */
async function accept(user: TestUser, id: string, quotedAt?: string) {
  const seen =
    quotedAt ??
    (await call(admin, 'GET', `/api/admin/custom-orders/${id}`)).json().data?.quote?.quotedAt ??
    new Date().toISOString();
  return call(user, 'POST', `/api/custom-orders/${id}/accept`, { quotedAt: seen });
}

const quote = (id: string, body: Record<string, unknown> = {}) =>
  call(admin, 'POST', `/api/admin/custom-orders/${id}/quote`, {
    price: 30000,
    currency: 'RUB',
    depositPercent: 30,
    dueDate: addDays(today, 50),
    message: 'Peonies in season: fine.',
    ...body,
  });

/** Pays a card order through the sandbox page, as a buyer would. */
async function payByCard(orderId: string, user: TestUser) {
  const started = await call(user, 'POST', '/api/payments', { orderId });
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

const subjectsTo = async (to: string) =>
  (await db().select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, to))).map(
    (row) => row.subject,
  );
const requestCount = async () => (await db().select({ n: count() }).from(customRequests))[0]!.n;
/** Reference photos are private: stored outside /uploads/, shown through signed URLs. */
const storedPhotos = () =>
  (['public', 'private'] as const).reduce((n, zone) => {
    const dir = join(t.dataDir, 'files', zone, 'custom-orders');
    return n + (existsSync(dir) ? readdirSync(dir).length : 0);
  }, 0);
const keyOf = (url: string) => decodeURIComponent(url.replace(/^\/api\/media\/private\//, '').replace(/\?.*$/, ''));
const onDisk = (url: string) => existsSync(join(t.dataDir, 'files', 'private', keyOf(url)));

/** Closes every open request of `user` (declined by the admin), so the cap does not get in the way. */
async function closeAll(user: TestUser) {
  await db().update(customRequests).set({ status: 'declined' }).where(eq(customRequests.userId, user.id));
}

describe('a custom request from start to finish', () => {
  it('request with photos → quote → accept → deposit by card → in work → balance by card → done; each step mails the other side', async () => {
    const created = await send(
      anna,
      form({ ...FIELDS, portfolioItemId: portfolioId }, [{ bytes: png }, { bytes: jpeg, type: 'image/jpeg' }]),
      'es',
    );
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json().data;
    expect(request).toMatchObject({
      status: 'new',
      occasion: 'wedding',
      budget: 25000,
      budgetCurrency: 'RUB',
      language: 'es',
      quote: null,
      nextPayment: null,
      portfolioItem: { id: portfolioId, title: { ru: 'Свадебный букет', en: 'Wedding bouquet' } },
    });
    expect(request.photos).toHaveLength(2);
    for (const photo of request.photos) {
      expect(photo.url).toMatch(/^\/api\/media\/private\/custom-orders\/[\w-]+-full\.webp\?e=\d+&s=[\w-]+$/);
      expect(onDisk(photo.url)).toBe(true);
      expect(existsSync(join(t.dataDir, 'files', 'public', keyOf(photo.url)))).toBe(false);
    }
    // The owner hears of it, in her language (Russian by default).
    expect(await subjectsTo(OWNER)).toContain(`Новая заявка на изделие № ${request.number}`);

    // The admin sees it in the list, filtered by status, with the customer.
    const listed = await call(admin, 'GET', '/api/admin/custom-orders?status=new');
    expect(listed.json().data.map((r: { id: string }) => r.id)).toContain(request.id);
    expect(listed.json().data.find((r: { id: string }) => r.id === request.id).customer).toMatchObject({
      email: anna.email,
    });
    expect((await call(admin, 'GET', '/api/admin/custom-orders?status=done')).json().data).toEqual([]);
    // The dashboard's "needs action" names it until it is quoted.
    const waiting = async () => (await call(admin, 'GET', '/api/admin/needs-action')).json().data.customRequests;
    expect(await waiting()).toEqual([expect.objectContaining({ id: request.id, status: 'new' })]);

    // Nothing to accept or pay before a quote; the admin cannot start work yet.
    expect((await accept(anna, request.id)).statusCode).toBe(409);
    expect((await call(anna, 'POST', `/api/custom-orders/${request.id}/pay`, { part: 'deposit' })).statusCode).toBe(
      409,
    );
    const early = await call(admin, 'POST', `/api/admin/custom-orders/${request.id}/status`, { status: 'in_work' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('CUSTOM_STEP_NOT_ALLOWED');

    // A first quote, then a better one while quoted: the customer is mailed each, in Spanish.
    const first = await quote(request.id, { price: 32000 });
    expect(first.statusCode).toBe(200);
    const quoted = await quote(request.id);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(await waiting()).toEqual([]);
    expect(quoted.json().data.quote).toMatchObject({
      price: 30000,
      currency: 'RUB',
      depositPercent: 30,
      deposit: 9000,
      balance: 21000,
    });
    const quoteMail = await lastMail(t, anna.email);
    expect(quoteMail.subject).toBe(`Presupuesto para su solicitud n.º ${request.number}`);
    expect(quoteMail.text).toContain('Peonies in season: fine.');

    // Accepted: the owner is told; the deposit is what can be paid now.
    // The first quote, replaced since, cannot be accepted unseen.
    const stale = await accept(anna, request.id, first.json().data.quote.quotedAt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CUSTOM_QUOTE_CHANGED');
    expect((await call(anna, 'POST', `/api/custom-orders/${request.id}/accept`, {})).statusCode).toBe(400);
    const accepted = await accept(anna, request.id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'accepted', nextPayment: 'deposit' });
    expect(await subjectsTo(OWNER)).toContain(`Заявка № ${request.number}: предложение принято`);
    // Accepting twice, re-quoting or declining after acceptance: refused.
    expect((await accept(anna, request.id)).statusCode).toBe(409);
    expect((await quote(request.id)).statusCode).toBe(409);
    // The balance is not due before the deposit.
    expect((await call(anna, 'POST', `/api/custom-orders/${request.id}/pay`, { part: 'balance' })).statusCode).toBe(
      409,
    );

    // The deposit's order: asked twice, the same order.
    const pay = await call(anna, 'POST', `/api/custom-orders/${request.id}/pay`, { part: 'deposit' });
    expect(pay.statusCode, pay.body).toBe(200);
    const depositOrder = pay.json().data.order;
    expect(depositOrder).toMatchObject({ status: 'pending', paymentMethod: 'card', currency: 'RUB', total: 9000 });
    expect(depositOrder.items).toEqual([
      expect.objectContaining({ type: 'custom_order', refId: null, unitPrice: 9000 }),
    ]);
    const again = await call(anna, 'POST', `/api/custom-orders/${request.id}/pay`, { part: 'deposit' });
    expect(again.json().data.order.id).toBe(depositOrder.id);
    // Its payment link (valid for days) is mailed once, and the order waits for it past the 48 card hours.
    const linkMails = (await db().select().from(mailOutbox).where(eq(mailOutbox.to, anna.email))).filter((m) =>
      m.text.includes('/pay/'),
    );
    expect(linkMails).toHaveLength(1);
    const [held] = await db().select({ until: orders.payLinkUntil }).from(orders).where(eq(orders.id, depositOrder.id));
    expect(held!.until!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    await payByCard(depositOrder.id, anna);
    const afterDeposit = (await call(anna, 'GET', `/api/custom-orders/${request.id}`)).json().data;
    expect(afterDeposit).toMatchObject({
      status: 'deposit_paid',
      nextPayment: 'balance',
      deposit: { orderId: depositOrder.id, paidAt: expect.any(String) },
    });
    expect(await subjectsTo(anna.email)).toContain(`Pago de la solicitud n.º ${request.number} recibido`);
    expect((await subjectsTo(OWNER)).filter((s) => s.startsWith(`Заявка № ${request.number}: оплата 9`))).toHaveLength(
      1,
    );
    // Paying the deposit again: refused, no second order.
    const twice = await call(anna, 'POST', `/api/custom-orders/${request.id}/pay`, { part: 'deposit' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('CUSTOM_NOTHING_TO_PAY');

    // Work starts; done is refused while the balance is unpaid.
    const started = await call(admin, 'POST', `/api/admin/custom-orders/${request.id}/status`, { status: 'in_work' });
    expect(started.json().data.status).toBe('in_work');
    expect((await lastMail(t, anna.email)).subject).toBe(`Solicitud n.º ${request.number}: el trabajo ha comenzado`);
    const tooEarly = await call(admin, 'POST', `/api/admin/custom-orders/${request.id}/status`, { status: 'done' });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().code).toBe('CUSTOM_BALANCE_UNPAID');

    // The balance, paid by card too.
    const balance = await call(anna, 'POST', `/api/custom-orders/${request.id}/pay`, { part: 'balance' });
    expect(balance.statusCode).toBe(200);
    expect(balance.json().data.order.total).toBe(21000);
    await payByCard(balance.json().data.order.id, anna);
    const paid = (await call(anna, 'GET', `/api/custom-orders/${request.id}`)).json().data;
    expect(paid).toMatchObject({ status: 'in_work', nextPayment: null, balance: { paidAt: expect.any(String) } });
    expect((await subjectsTo(OWNER)).filter((s) => s.startsWith(`Заявка № ${request.number}: оплата 21`))).toHaveLength(
      1,
    );
    expect((await call(anna, 'POST', `/api/custom-orders/${request.id}/pay`, { part: 'balance' })).statusCode).toBe(
      409,
    );

    const done = await call(admin, 'POST', `/api/admin/custom-orders/${request.id}/status`, { status: 'done' });
    expect(done.json().data.status).toBe('done');
    expect((await lastMail(t, anna.email)).subject).toBe(`Solicitud n.º ${request.number}: su pieza está lista`);
    expect(
      (await call(admin, 'POST', `/api/admin/custom-orders/${request.id}/status`, { status: 'done' })).statusCode,
    ).toBe(409);
  });

  it('a euro quote is paid through PayPal, the admin marking the order paid moves the request on; deposit 100 % has no balance step', async () => {
    await closeAll(anna);
    const created = await send(anna, FIELDS);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data;
    expect((await quote(id, { price: 400, currency: 'EUR', depositPercent: 100 })).statusCode).toBe(200);
    await accept(anna, id);
    const pay = await call(anna, 'POST', `/api/custom-orders/${id}/pay`, { part: 'deposit' });
    const order = pay.json().data.order;
    expect(order).toMatchObject({ paymentMethod: 'paypal', currency: 'EUR', totalInCurrency: 400 });
    const marked = await call(admin, 'POST', `/api/admin/orders/${order.id}/mark-paid`, { reference: 'PP-123' });
    expect(marked.statusCode, marked.body).toBe(200);
    const after = (await call(anna, 'GET', `/api/custom-orders/${id}`)).json().data;
    expect(after).toMatchObject({ status: 'deposit_paid', nextPayment: null, quote: { balance: 0 } });
    await call(admin, 'POST', `/api/admin/custom-orders/${id}/status`, { status: 'in_work' });
    const done = await call(admin, 'POST', `/api/admin/custom-orders/${id}/status`, { status: 'done' });
    expect(done.json().data.status).toBe('done');
  });

  it('a paid deposit whose order the admin cancels (a refund) is due again; an expired unpaid one is replaced by a new order', async () => {
    await closeAll(anna);
    const { id } = (await send(anna, FIELDS)).json().data;
    await quote(id);
    await accept(anna, id);
    const first = (await call(anna, 'POST', `/api/custom-orders/${id}/pay`, { part: 'deposit' })).json().data.order;
    // Unpaid and cancelled (as the expiry sweeper would): the next "pay" makes a new order.
    const cancel = (orderId: string) => call(admin, 'PATCH', `/api/orders/${orderId}/status`, { status: 'cancelled' });
    expect((await cancel(first.id)).statusCode).toBe(200);
    const second = (await call(anna, 'POST', `/api/custom-orders/${id}/pay`, { part: 'deposit' })).json().data.order;
    expect(second.id).not.toBe(first.id);
    await payByCard(second.id, anna);
    expect((await call(anna, 'GET', `/api/custom-orders/${id}`)).json().data.status).toBe('deposit_paid');
    expect((await cancel(second.id)).statusCode).toBe(200);
    expect((await call(anna, 'GET', `/api/custom-orders/${id}`)).json().data).toMatchObject({
      status: 'accepted',
      nextPayment: 'deposit',
      deposit: { paidAt: null },
    });
  });

  it('deposit 0 %: accepting goes straight to waiting for work, the whole price paid later', async () => {
    await closeAll(anna);
    const { id } = (await send(anna, FIELDS)).json().data;
    await quote(id, { depositPercent: 0 });
    const accepted = await accept(anna, id);
    expect(accepted.json().data).toMatchObject({ status: 'deposit_paid', nextPayment: 'balance' });
    expect((await call(anna, 'POST', `/api/custom-orders/${id}/pay`, { part: 'deposit' })).statusCode).toBe(409);
    const balance = await call(anna, 'POST', `/api/custom-orders/${id}/pay`, { part: 'balance' });
    expect(balance.json().data.order.total).toBe(30000);
  });
});

describe('the customer’s own data', () => {
  it('the data export lists her requests with what she wrote and her photos', async () => {
    const res = await call(anna, 'GET', '/api/user/export');
    expect(res.statusCode).toBe(200);
    const exported = res.json().customRequests;
    expect(exported.length).toBeGreaterThanOrEqual(1);
    expect(exported[0]).toMatchObject({
      occasion: 'wedding',
      colours: FIELDS.colours,
      description: FIELDS.description,
      budget: 25000,
      quotePrice: 30000,
    });
    expect(exported[0].photos).toHaveLength(2);
    expect((await call(boris, 'GET', '/api/user/export')).json().customRequests).toEqual([]);
  });
});

describe('declines and refusals', () => {
  it('the customer declines a quote (the owner is told); nothing can be paid or accepted after a decline', async () => {
    await closeAll(anna);
    const ordersOf = async () => (await db().select().from(orders).where(eq(orders.userId, anna.id))).length;
    const ordersBefore = await ordersOf();
    const { id, number } = (await send(anna, FIELDS)).json().data;
    await quote(id);
    const declined = await call(anna, 'POST', `/api/custom-orders/${id}/decline`, { note: 'Too dear' });
    expect(declined.json().data).toMatchObject({ status: 'declined', declinedBy: 'customer', declineNote: 'Too dear' });
    expect(await subjectsTo(OWNER)).toContain(`Заявка № ${number}: клиент отказался`);
    for (const [url, body] of [
      [`/api/custom-orders/${id}/accept`, { quotedAt: new Date().toISOString() }],
      [`/api/custom-orders/${id}/pay`, { part: 'deposit' }],
      [`/api/custom-orders/${id}/decline`, {}],
    ] as const) {
      expect((await call(anna, 'POST', url, body)).statusCode).toBe(409);
    }
    expect((await quote(id)).statusCode).toBe(409);
    expect(await ordersOf()).toBe(ordersBefore);
  });

  it('the admin declines a new request: the customer is told in her language', async () => {
    await closeAll(anna);
    const { id, number } = (await send(anna, FIELDS, 'ru')).json().data;
    const declined = await call(admin, 'POST', `/api/admin/custom-orders/${id}/decline`, { note: 'Не успеем' });
    expect(declined.json().data).toMatchObject({ status: 'declined', declinedBy: 'admin' });
    const mail = await lastMail(t, anna.email);
    expect(mail.subject).toBe(`Заявка № ${number} отклонена`);
    expect(mail.text).toContain('Не успеем');
  });

  it('the admin declines an accepted request never paid: refused while its deposit order waits, allowed once it is cancelled', async () => {
    await closeAll(anna);
    const { id } = (await send(anna, FIELDS)).json().data;
    await quote(id);
    await accept(anna, id);
    const deposit = (await call(anna, 'POST', `/api/custom-orders/${id}/pay`, { part: 'deposit' })).json().data.order;
    const refused = await call(admin, 'POST', `/api/admin/custom-orders/${id}/decline`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CUSTOM_DEPOSIT_PENDING' });
    expect((await call(anna, 'GET', `/api/custom-orders/${id}`)).json().data.status).toBe('accepted');
    const cancelled = await call(admin, 'PATCH', `/api/orders/${deposit.id}/status`, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    const declined = await call(admin, 'POST', `/api/admin/custom-orders/${id}/decline`, { note: 'No answer' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toMatchObject({ status: 'declined', declinedBy: 'admin' });
    expect((await call(anna, 'POST', `/api/custom-orders/${id}/pay`, { part: 'deposit' })).statusCode).toBe(409);
  });

  it('someone else’s request is 404 for every customer step; an unknown one too; only the admin sees the list', async () => {
    await closeAll(anna);
    const { id } = (await send(anna, FIELDS)).json().data;
    await quote(id);
    expect((await call(boris, 'GET', `/api/custom-orders/${id}`)).statusCode).toBe(404);
    expect((await accept(boris, id)).statusCode).toBe(404);
    expect((await call(boris, 'POST', `/api/custom-orders/${id}/decline`, {})).statusCode).toBe(404);
    expect((await call(boris, 'POST', `/api/custom-orders/${id}/pay`, { part: 'deposit' })).statusCode).toBe(404);
    expect((await call(boris, 'GET', '/api/custom-orders/mine')).json().data).toEqual([]);
    expect((await call(boris, 'GET', '/api/admin/custom-orders')).statusCode).toBe(403);
    expect((await call(boris, 'POST', `/api/admin/custom-orders/${id}/quote`, {})).statusCode).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000042';
    expect((await call(anna, 'GET', `/api/custom-orders/${unknown}`)).statusCode).toBe(404);
    expect((await quote(unknown)).statusCode).toBe(404);
    expect((await call(anna, 'GET', `/api/custom-orders/${id}`)).json().data.status).toBe('quoted');
    // A guest is asked to sign in.
    expect((await t.app.inject({ method: 'POST', url: '/api/custom-orders', payload: FIELDS })).statusCode).toBe(401);
  });

  it('quotes out of bounds are 400 and change nothing', async () => {
    await closeAll(anna);
    const { id } = (await send(anna, FIELDS)).json().data;
    for (const bad of [
      { depositPercent: 101 },
      { depositPercent: -1 },
      { depositPercent: 12.5 },
      { price: 0 },
      { price: 10.001 },
      { currency: 'GBP' },
      { dueDate: addDays(today, -1) },
    ]) {
      expect((await quote(id, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(anna, 'GET', `/api/custom-orders/${id}`)).json().data).toMatchObject({
      status: 'new',
      quote: null,
    });
  });
});

describe('what a request may carry', () => {
  it('bad fields are 400 with the field named; nothing is stored', async () => {
    await closeAll(anna);
    const before = await requestCount();
    const photosBefore = storedPhotos();
    for (const [bad, field] of [
      [{ dateNeeded: addDays(today, -1) }, 'dateNeeded'],
      [{ dateNeeded: 'tomorrow' }, 'dateNeeded'],
      [{ occasion: 'funeral' }, 'occasion'],
      [{ occasion: 'other' }, 'occasionOther'],
      [{ colours: ' ' }, 'colours'],
      [{ budget: -5 }, 'budget'],
      [{ budgetCurrency: undefined }, 'budgetCurrency'],
      [{ description: 'short' }, 'description'],
      [{ description: 'x'.repeat(2001) }, 'description'],
      [{ portfolioItemId: '00000000-0000-4000-8000-000000000042' }, 'portfolioItemId'],
    ] as const) {
      const res = await send(anna, form({ ...FIELDS, ...bad }, [{ bytes: png }]));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(JSON.stringify(res.json().details), JSON.stringify(bad)).toContain(field);
    }
    expect(await requestCount()).toBe(before);
    expect(storedPhotos()).toBe(photosBefore);
  });

  it('photos follow the review rules: too large, not an image, SVG, HTML, empty, or more than five are refused; nothing is stored', async () => {
    await closeAll(anna);
    const before = await requestCount();
    const photosBefore = storedPhotos();
    for (const bad of BAD_UPLOADS) {
      const res = await send(
        anna,
        form(FIELDS, [{ bytes: png }, { bytes: bad.bytes, filename: bad.filename, type: bad.type }]),
        'ru',
      );
      expect(res.statusCode, bad.name).toBe(bad.status);
    }
    const six = Array.from({ length: 6 }, () => ({ bytes: png }));
    const tooMany = await send(anna, form(FIELDS, six));
    expect(tooMany.statusCode).toBe(400);
    const wrongField = new FormData();
    wrongField.append('data', JSON.stringify(FIELDS));
    wrongField.append('image', blobOf(png, 'image/png'), 'a.png');
    expect((await send(anna, wrongField)).statusCode).toBe(400);
    expect(await requestCount()).toBe(before);
    expect(storedPhotos()).toBe(photosBefore);
    // Five is fine.
    const five = await send(anna, form(FIELDS, six.slice(1)));
    expect(five.statusCode).toBe(201);
    expect(five.json().data.photos).toHaveLength(5);
  });

  it('at most five open requests per customer (409), counted under a lock when sent at once', async () => {
    await closeAll(boris);
    const results = await Promise.all(Array.from({ length: 7 }, () => send(boris, FIELDS)));
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 409, 409]);
    expect(results.find((res) => res.statusCode === 409)!.json().code).toBe('CUSTOM_TOO_MANY_OPEN');
    expect((await call(boris, 'GET', '/api/custom-orders/mine')).json().data).toHaveLength(5);
  });
});
