/**
 * The one place server tests make users, products and orders.
 *
 * - Users are written straight to the database with a session (no captcha or mail round trip);
 *   tests about signing up and in use the real flow in test/accounts.ts instead.
 * - Products are rows with a counted stock unless the test says otherwise.
 * - `placeOrder` checks out through POST /api/orders as the customer's browser does (the server
 *   prices everything); `storedOrder` writes an order row directly, for tests that need an order
 *   history (dashboards, notices, exports) rather than a checkout.
 */
import { randomUUID } from 'node:crypto';
import { type ConsentKind, checkoutConsents, type Language } from '@atelier/shared';
import type { LightMyRequestResponse } from 'fastify';
import { orderItems, orders, products, users } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';
import { createSession } from '../platform/auth/sessions';
import type { TestContext } from './harness';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  /** A live session token, and the header that carries it. */
  token: string;
  headers: { authorization: string };
}

export interface UserOptions {
  /** Default: a unique address under example.test. */
  email?: string;
  name?: string;
  role?: 'user' | 'admin';
  /** Default true: the email address is confirmed. */
  verified?: boolean;
  /** Sets a password hash, for tests that sign in or change it. */
  password?: string;
  deletedAt?: Date;
}

/** A signed-in account whose email is confirmed (unless `verified: false`). */
export async function verifiedUser(t: TestContext, options: UserOptions = {}): Promise<TestUser> {
  const role = options.role ?? 'user';
  const name = options.name ?? (role === 'admin' ? 'Admin' : 'Anna Petrova');
  const email = options.email ?? `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const [row] = await t.database.db
    .insert(users)
    .values({
      name,
      email,
      role,
      emailVerifiedAt: options.verified === false ? null : new Date(),
      passwordHash: options.password ? await hashPassword(options.password) : null,
      deletedAt: options.deletedAt ?? null,
    })
    .returning({ id: users.id });
  const token = await createSession(t.database.db, row!.id);
  return { id: row!.id, email, name, role, token, headers: { authorization: `Bearer ${token}` } };
}

/** A signed-in administrator. */
export function adminUser(t: TestContext, options: Omit<UserOptions, 'role'> = {}): Promise<TestUser> {
  return verifiedUser(t, { ...options, role: 'admin' });
}

export type ProductValues = Partial<typeof products.$inferInsert>;

/** A collection item in stock (50 counted) at 1 500 ₽ / 16 € / 17.50 $; `values` override any field. */
export async function productWithStock(t: TestContext, values: ProductValues = {}): Promise<string> {
  const [row] = await t.database.db
    .insert(products)
    .values({
      name: { ru: 'Букет', en: 'Bouquet', es: 'Ramo' },
      description: { ru: 'Шёлк' },
      priceRub: 150_000,
      priceEur: 1_600,
      priceUsd: 1_750,
      category: 'collection',
      availability: 'in_stock',
      stock: 50,
      ...values,
    })
    .returning({ id: products.id });
  return row!.id;
}

/** The checkout contact of the default order body. */
export const CHECKOUT_CUSTOMER = {
  firstName: 'Анна',
  lastName: 'Иванова',
  email: 'buyer@example.com',
  phone: '+7 912 345-67-89',
};

/** The `consents` a form sends for `kinds` when it showed the seeded first versions. */
export function consentsV1(kinds: readonly ConsentKind[], language: Language = 'ru') {
  return kinds.map((kind) => ({ kind, language, version: 1 }));
}

/**
 * A lesson's or course's purchase body: `extra` plus the cross-border consent the dialog asks for
 * when paying in euros or dollars (the seeded version; a free item asks for none).
 */
export function purchaseBody(extra: Record<string, unknown> = {}) {
  const currency = typeof extra.currency === 'string' ? extra.currency : 'RUB';
  return { consents: consentsV1(currency === 'RUB' ? [] : ['cross-border']), ...extra };
}

/**
 * A POST /api/orders body: pickup at a courier point, card, RUB, with the consents the payment
 * method needs (the seeded versions); `extra` overrides any field.
 */
export function orderBody(items: unknown[], extra: Record<string, unknown> = {}) {
  return {
    items,
    customer: CHECKOUT_CUSTOMER,
    delivery: { method: 'courier_pickup', pickupPoint: 'СДЭК, ул. Ленина, 1' },
    paymentMethod: 'card',
    currency: 'RUB',
    acceptTerms: true,
    consents: consentsV1(checkoutConsents(typeof extra.paymentMethod === 'string' ? extra.paymentMethod : 'card')),
    ...extra,
  };
}

/** One unit of a product, as an order line. */
export const productLine = (id: string, quantity = 1) => ({ type: 'product', id, quantity });

/** POST /api/orders as `buyer` (a user or a bare token); the reply as it came. */
export function postOrder(
  t: TestContext,
  buyer: Pick<TestUser, 'token'> | string,
  body: unknown,
  options: { lang?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const token = typeof buyer === 'string' ? buyer : buyer.token;
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.lang ? { 'accept-language': options.lang } : {}),
      ...options.headers,
    },
    payload: body as object,
  });
}

export interface PlacedOrder {
  id: string;
  number: number;
  status: string;
  total: number;
  createdAt: string;
  holdUntil: string | null;
  [field: string]: unknown;
}

/** A checkout that must succeed: the placed order, or the test fails with the server's answer. */
export async function placeOrder(
  t: TestContext,
  buyer: Pick<TestUser, 'token'> | string,
  body: unknown,
  options: { lang?: string; headers?: Record<string, string> } = {},
): Promise<PlacedOrder> {
  const res = await postOrder(t, buyer, body, options);
  if (res.statusCode !== 201) throw new Error(`order not placed (${res.statusCode}): ${res.body}`);
  return res.json().data.order as PlacedOrder;
}

export type StoredOrderValues = Partial<typeof orders.$inferInsert>;
export type StoredOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

/**
 * An order row (and its lines) written directly: pending, card, pickup, 1 500 ₽ unless `values`
 * say otherwise. No stock is taken and no mail is queued.
 */
export async function storedOrder(
  t: TestContext,
  userId: string | null,
  values: StoredOrderValues = {},
  items: StoredOrderItem[] = [],
): Promise<typeof orders.$inferSelect> {
  const totalRub = values.totalRub ?? 150_000;
  const [row] = await t.database.db
    .insert(orders)
    .values({
      userId,
      customer: { firstName: 'Anna', lastName: 'Petrova', email: 'anna@example.test', phone: '+79123456789' },
      delivery: { method: 'pickup' },
      paymentMethod: 'card',
      subtotalRub: totalRub,
      totalRub,
      ...values,
    })
    .returning();
  if (items.length > 0) await t.database.db.insert(orderItems).values(items.map((i) => ({ ...i, orderId: row!.id })));
  return row!;
}
