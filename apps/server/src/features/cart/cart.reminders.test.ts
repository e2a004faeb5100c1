/**
 * The abandoned-cart reminder: only a customer who opted in (off by default, in the account), only
 * after ABANDONED_CART_HOURS (30 here) untouched, one mail per cart with its items and a link back,
 * in the language the cart was saved in; a cart is reminded of once, even with two passes at once.
 * The passes run with a test clock (`sweep(now)`), no waiting.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { productWithStock, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { createCartReminderSweeper } from './cart.reminders';

const HOUR = 3_600_000;
let t: TestContext;
let product: string;
const silent = { info() {}, error() {} };

beforeAll(async () => {
  t = await createTestContext({ env: { ABANDONED_CART_HOURS: '30' } });
  product = await productWithStock(t, { name: { ru: 'Пионы', en: 'Peonies', es: 'Peonías' } });
});
afterAll(() => t.close());

const sweeper = () => createCartReminderSweeper({ reminders: t.app.services.cartReminders, log: silent });

/** Saves the cart as the browser does; resolves with the time the server stored it. */
async function saveCart(user: TestUser, items: unknown[], lang = 'ru'): Promise<Date> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/cart',
    headers: { ...bearer(user.token), 'accept-language': lang },
    payload: { items },
  });
  expect(res.statusCode).toBe(200);
  return new Date(res.json().data.updatedAt);
}

async function consent(user: TestUser, value: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/user/marketing-consent',
    headers: bearer(user.token),
    // Opting in names the consent text the page showed (the seeded first version).
    payload: {
      consent: value,
      ...(value === true ? { document: { kind: 'marketing', language: 'ru', version: 1 } } : {}),
    },
  });
}

const reminders = (to: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.text, '%/cart%')));

const peonies = (quantity = 2) => [{ type: 'product', id: product, quantity }];
const later = (from: Date, hours: number) => new Date(from.getTime() + hours * HOUR);

describe('marketing consent', () => {
  it('is off until the customer turns it on, and can be turned off again', async () => {
    const anna = await verifiedUser(t);
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(anna.token) });
    expect(profile.json().data.user.marketingConsent).toBe(false);
    const on = await consent(anna, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      data: { user: { marketingConsent: true } },
      message: 'Вы будете получать напоминания и новости по почте',
    });
    expect((await consent(anna, false)).json().data.user.marketingConsent).toBe(false);
  });

  it.each([
    ['a string', 'yes'],
    ['a number', 1],
    ['nothing', undefined],
  ])('%s is a 400', async (_name, value) => {
    const anna = await verifiedUser(t);
    const res = await consent(anna, value);
    expect(res.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(anna.token) })).json().data.user
        .marketingConsent,
    ).toBe(false);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/marketing-consent', payload: { consent: true } });
    expect(res.statusCode).toBe(401);
  });
});

describe('the abandoned-cart reminder', () => {
  it('is never sent without consent', async () => {
    const anna = await verifiedUser(t);
    const saved = await saveCart(anna, peonies());
    expect(await sweeper().sweep(later(saved, 100))).not.toContain(anna.id);
    expect(await reminders(anna.email)).toHaveLength(0);
  });

  it('with consent: after ABANDONED_CART_HOURS, once, with the items and a link back, in the cart’s language', async () => {
    const ana = await verifiedUser(t, { name: 'Ana' });
    await consent(ana, true);
    const saved = await saveCart(ana, peonies(2), 'es');

    expect(await sweeper().sweep(later(saved, 30 - 0.01))).not.toContain(ana.id);
    expect(await reminders(ana.email)).toHaveLength(0);

    expect(await sweeper().sweep(later(saved, 30))).toContain(ana.id);
    const [mail, ...more] = await reminders(ana.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Su carrito le está esperando');
    expect(mail?.text).toContain('¡Hola, Ana!');
    expect(mail?.text).toContain('Peonías × 2');
    expect(mail?.text).toContain(`${t.config.publicUrl}/cart`);
    expect(mail?.text).toContain(`${t.config.publicUrl}/account`);

    // The same cart, however long it stays, and even changed: never a second reminder.
    await sweeper().sweep(later(saved, 200));
    const changed = await saveCart(ana, peonies(3), 'es');
    await sweeper().sweep(later(changed, 200));
    expect(await reminders(ana.email)).toHaveLength(1);

    // Emptied (an order placed) and filled again: a new cart, which may be reminded of once.
    await saveCart(ana, []);
    const refilled = await saveCart(ana, peonies(1), 'en');
    expect(await sweeper().sweep(later(refilled, 31))).toContain(ana.id);
    const subjects = (await reminders(ana.email)).map((m) => m.subject).sort();
    expect(subjects).toEqual(['Su carrito le está esperando', 'Your cart is waiting for you']);
  });

  it('an empty cart, or consent withdrawn before the pass, gets nothing', async () => {
    const olga = await verifiedUser(t);
    await consent(olga, true);
    await saveCart(olga, []);
    const boris = await verifiedUser(t);
    await consent(boris, true);
    const left = await saveCart(boris, peonies());
    await consent(boris, false);
    const mailed = await sweeper().sweep(later(left, 48));
    expect(mailed).not.toContain(olga.id);
    expect(mailed).not.toContain(boris.id);
    expect(await reminders(olga.email)).toHaveLength(0);
    expect(await reminders(boris.email)).toHaveLength(0);
  });

  it('two passes at once (two instances) send one reminder', async () => {
    const ivan = await verifiedUser(t);
    await consent(ivan, true);
    const saved = await saveCart(ivan, peonies());
    const at = later(saved, 31);
    const [a, b] = await Promise.all([
      t.app.services.cartReminders.remindDue(at),
      t.app.services.cartReminders.remindDue(at),
    ]);
    expect([...a, ...b].filter((id) => id === ivan.id)).toHaveLength(1);
    expect(await reminders(ivan.email)).toHaveLength(1);
  });
});
