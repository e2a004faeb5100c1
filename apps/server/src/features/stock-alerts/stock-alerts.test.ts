/**
 * "Notify me when it is back": a signed-in customer is subscribed at once, an address given
 * without signing in only after its emailed link is confirmed; the product becoming available
 * (an admin edit, or stock returned by a cancelled order) mails each subscriber exactly once, in
 * their language, with the product and an unsubscribe link; the answers never tell whether an
 * address was subscribed.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, stockAlerts } from '../../db/schema';
import { bearer, lastMail } from '../../test/accounts';
import {
  adminUser,
  orderBody,
  placeOrder,
  productLine,
  productWithStock,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestContext({
    // Day-long windows: a count that straddles the turn of a 15-minute window would start again.
    env: {
      RATE_LIMIT_MAIL_PER_ACCOUNT: '3',
      RATE_LIMIT_AUTH_PER_IP: '1000',
      MAX_OPEN_UNPAID_ORDERS: '100',
      RATE_LIMIT_WINDOW_MINUTES: '1440',
    },
  });
  admin = await adminUser(t);
});
afterAll(() => t.close());

const soldOut = (values: Parameters<typeof productWithStock>[1] = {}) =>
  productWithStock(t, { stock: 0, name: { ru: 'Пионы', en: 'Peonies', es: 'Peonías' }, ...values });

/** The admin's product form: the same product with this availability and stock. */
function setStock(id: string, availability: string, stock: number | null) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/shop/${id}`,
    headers: bearer(admin.token),
    payload: {
      name: { ru: 'Пионы', en: 'Peonies', es: 'Peonías' },
      description: { ru: 'Шёлк' },
      price: { rub: 1500, eur: 16, usd: 17.5 },
      category: 'collection',
      availability,
      stock,
    },
  });
}

function subscribe(productId: string, options: { token?: string; email?: string; lang?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stock-alerts',
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      ...(options.token ? bearer(options.token) : {}),
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
    payload: { productId, ...(options.email !== undefined ? { email: options.email } : {}) },
  });
}

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

/** The back-in-stock notices queued to `to` (their subjects name the product). */
async function notices(to: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.text, '%/shop?product=%')));
}

const tokenOf = (link: string | undefined) => /#token=([\w-]+)/.exec(link ?? '')?.[1] ?? '';

describe('a signed-in customer', () => {
  it('is subscribed at once and mailed exactly once, in their language, when the admin puts it back in stock', async () => {
    const buyer = await verifiedUser(t);
    const id = await soldOut();
    const res = await subscribe(id, { token: buyer.token, lang: 'es' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { productId: id, status: 'active' } });
    expect(await notices(buyer.email)).toHaveLength(0);

    expect((await setStock(id, 'in_stock', 5)).statusCode).toBe(200);
    const [mail, ...more] = await notices(buyer.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('«Peonías» vuelve a estar disponible');
    expect(mail?.text).toContain(`/shop?product=${id}`);
    expect(mail?.text).toMatch(/\/stock-alerts\/unsubscribe#token=[\w-]{40,}/);

    // More stock, or sold out and back again: the subscription was used up.
    await setStock(id, 'in_stock', 6);
    await setStock(id, 'in_stock', 0);
    await setStock(id, 'in_stock', 2);
    expect(await notices(buyer.email)).toHaveLength(1);
  });

  it('hears when a made-to-order product is marked in stock, and when stock comes back from a cancelled order', async () => {
    const buyer = await verifiedUser(t);
    const onOrder = await productWithStock(t, { availability: 'on_order', stock: null });
    expect((await subscribe(onOrder, { token: buyer.token })).statusCode).toBe(200);
    await setStock(onOrder, 'in_stock', null);
    expect(await notices(buyer.email)).toHaveLength(1);

    const other = await verifiedUser(t);
    const id = await productWithStock(t, { stock: 1 });
    const order = await placeOrder(t, other, orderBody([productLine(id, 1)]));
    const waiting = await verifiedUser(t);
    expect((await subscribe(id, { token: waiting.token, lang: 'en' })).statusCode).toBe(200);
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    const mails = await notices(waiting.email);
    expect(mails.map((m) => m.subject)).toEqual(['“Bouquet” is back in stock']);
  });

  it('sees and cancels only their own alerts', async () => {
    const anna = await verifiedUser(t);
    const olga = await verifiedUser(t);
    const first = await soldOut();
    const second = await soldOut();
    await subscribe(first, { token: anna.token });
    await subscribe(second, { token: olga.token });
    const mine = await t.app.inject({ method: 'GET', url: '/api/stock-alerts', headers: bearer(anna.token) });
    expect(mine.json().data).toEqual([{ productId: first, status: 'active' }]);

    // Olga "cancels" Anna's product: it is not hers, nothing changes.
    await t.app.inject({ method: 'DELETE', url: `/api/stock-alerts/${first}`, headers: bearer(olga.token) });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/stock-alerts/${first}`,
      headers: bearer(anna.token),
    });
    expect(del.statusCode).toBe(200);
    await setStock(first, 'in_stock', 3);
    await setStock(second, 'in_stock', 3);
    expect(await notices(anna.email)).toHaveLength(0);
    expect(await notices(olga.email)).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/stock-alerts' })).statusCode).toBe(401);
  });
});

describe('an address given without signing in', () => {
  it('is not subscribed until the emailed link is confirmed, then is mailed once', async () => {
    const email = 'guest-confirm@example.test';
    const id = await soldOut();
    const res = await subscribe(id, { email: 'Guest-Confirm@Example.test', lang: 'ru' });
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toEqual({ productId: id, status: 'pending' });
    const confirmMail = await lastMail(t, email);
    expect(confirmMail.subject).toBe('Подтвердите уведомление о поступлении «Пионы»');
    const token = tokenOf(confirmMail.links.find((link) => link.includes('/stock-alerts/confirm')));
    expect(token).not.toBe('');

    // Back in stock and out again before the address was confirmed: nothing is sent to it.
    await setStock(id, 'in_stock', 2);
    await setStock(id, 'in_stock', 0);
    expect(await notices(email)).toHaveLength(0);

    const confirmed = await post('/api/stock-alerts/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toEqual({ productId: id, status: 'active' });
    expect((await post('/api/stock-alerts/confirm', { token })).json().data.status).toBe('active');

    await setStock(id, 'in_stock', 4);
    const mails = await notices(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('«Пионы» снова в наличии');
  });

  it('confirmed after the product came back: the notice goes out at once, still only once', async () => {
    const email = 'guest-late@example.test';
    const id = await soldOut();
    await subscribe(id, { email });
    const token = tokenOf((await lastMail(t, email)).links.find((link) => link.includes('/confirm')));
    await setStock(id, 'in_stock', 3);
    const confirmed = await post('/api/stock-alerts/confirm', { token });
    expect(confirmed.json().data).toEqual({ productId: id, status: 'sent' });
    await post('/api/stock-alerts/confirm', { token });
    expect(await notices(email)).toHaveLength(1);
  });

  it('answers the same whether or not the address is already subscribed', async () => {
    const id = await soldOut();
    const known = 'guest-known@example.test';
    await subscribe(id, { email: known });
    const token = tokenOf((await lastMail(t, known)).links.find((link) => link.includes('/confirm')));
    await post('/api/stock-alerts/confirm', { token });

    const again = await subscribe(id, { email: known });
    const fresh = await subscribe(id, { email: 'guest-unknown@example.test' });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());
    // A subscribed address gets no second confirmation mail (nobody can flood it that way).
    const confirmations = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, known), like(mailOutbox.text, '%/stock-alerts/confirm#%')));
    expect(confirmations).toHaveLength(1);
  });

  it('is rate-limited per email address, from whatever client address', async () => {
    const id = await soldOut();
    const email = 'guest-flood@example.test';
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect((await subscribe(id, { email, ip })).statusCode).toBe(202);
    }
    const fourth = await subscribe(id, { email, ip: '10.0.0.4' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('RATE_LIMITED');
  });

  it('+tags and Gmail dots do not multiply the limit of one mailbox; mail goes to the address as given', async () => {
    const id = await soldOut();
    const tagged = ['victim+1@example.test', 'victim+2@example.test', 'Victim@Example.test'];
    for (const email of tagged) expect((await subscribe(id, { email })).statusCode).toBe(202);
    const fourth = await subscribe(id, { email: 'victim+4@example.test' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('RATE_LIMITED');
    // The confirmations went to each address as it was typed (lower case), the refused one got none.
    for (const to of ['victim+1@example.test', 'victim+2@example.test', 'victim@example.test']) {
      expect((await lastMail(t, to)).links.some((link) => link.includes('/stock-alerts/confirm'))).toBe(true);
    }
    const refused = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'victim+4@example.test'));
    expect(refused).toHaveLength(0);
    // Another mailbox is not affected.
    expect((await subscribe(id, { email: 'victim2@example.test' })).statusCode).toBe(202);

    for (const email of ['jane.doe@gmail.com', 'janedoe+x@googlemail.com', 'J.A.N.E.D.O.E@gmail.com']) {
      expect((await subscribe(id, { email })).statusCode).toBe(202);
    }
    expect((await subscribe(id, { email: 'jane.d.oe+promo@gmail.com' })).statusCode).toBe(429);
  });

  it('a notice’s unsubscribe link stops every other alert of its address', async () => {
    const email = 'guest-unsub@example.test';
    const first = await soldOut();
    const second = await soldOut();
    for (const id of [first, second]) {
      await subscribe(id, { email, ip: '10.1.0.1' });
      const token = tokenOf((await lastMail(t, email)).links.find((link) => link.includes('/confirm')));
      await post('/api/stock-alerts/confirm', { token });
    }
    await setStock(first, 'in_stock', 1);
    const [notice] = await notices(email);
    const unsubscribe = tokenOf(/https?:\/\/\S+\/stock-alerts\/unsubscribe#token=[\w-]+/.exec(notice?.text ?? '')?.[0]);
    const res = await post('/api/stock-alerts/unsubscribe', { token: unsubscribe });
    expect(res.statusCode).toBe(200);
    await setStock(second, 'in_stock', 1);
    expect(await notices(email)).toHaveLength(1);
  });
});

describe('exactly once with two instances', () => {
  it('two transactions announcing the same product at once send one mail per subscriber', async () => {
    const buyer = await verifiedUser(t);
    const id = await soldOut();
    await subscribe(id, { token: buyer.token });
    const service = t.app.services.stockAlerts;
    const event = { productId: id, name: { ru: 'Пионы' } };
    await Promise.all([
      t.database.db.transaction((tx) => service.onProductAvailable(tx, event)),
      t.database.db.transaction((tx) => service.onProductAvailable(tx, event)),
    ]);
    expect(await notices(buyer.email)).toHaveLength(1);
    const [row] = await t.database.db.select().from(stockAlerts).where(eq(stockAlerts.productId, id));
    expect(row?.status).toBe('sent');
  });
});

describe('bad input changes nothing', () => {
  it.each([
    ['an unknown product', 404, { productId: '00000000-0000-4000-8000-000000000000', email: 'x@example.test' }],
    ['a malformed product id', 400, { productId: 'nope', email: 'x@example.test' }],
    ['a malformed address', 400, { productId: null, email: 'not-an-email' }],
  ])('%s → %i', async (_name, status, payload) => {
    const id = await soldOut();
    const body = { ...payload, productId: payload.productId ?? id };
    const res = await t.app.inject({ method: 'POST', url: '/api/stock-alerts', payload: body });
    expect(res.statusCode).toBe(status);
    expect(res.json().success).toBe(false);
  });

  it('no address without signing in → 400; a product in stock → 409; nothing stored', async () => {
    const id = await soldOut();
    const missing = await subscribe(id);
    expect(missing.statusCode).toBe(400);
    const inStock = await productWithStock(t, { stock: 3 });
    const conflict = await subscribe(inStock, { email: 'x-in-stock@example.test' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('PRODUCT_AVAILABLE');
    const rows = await t.database.db.select().from(stockAlerts).where(eq(stockAlerts.productId, inStock));
    expect(rows).toHaveLength(0);
  });

  it('unknown, malformed and missing tokens → 400', async () => {
    for (const url of ['/api/stock-alerts/confirm', '/api/stock-alerts/unsubscribe']) {
      expect((await post(url, { token: 'a'.repeat(43) })).statusCode).toBe(400);
      expect((await post(url, { token: '<script>' })).statusCode).toBe(400);
      expect((await post(url, {})).statusCode).toBe(400);
    }
  });
});
