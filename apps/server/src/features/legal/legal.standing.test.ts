/**
 * Consents already given are not asked again: a consent that stands (granted, not withdrawn, to the
 * version in force) lets a form leave its box out, and is not recorded a second time. A new version
 * of the text, or a withdrawal, asks again.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents } from '../../db/schema';
import {
  adminUser,
  consentsV1,
  orderBody,
  postOrder,
  productLine,
  productWithStock,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: TestUser;
let product: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await adminUser(t);
  product = await productWithStock(t, { stock: 50 });
});
afterAll(() => t.close());

const standing = async (user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/consents', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as { kind: string; version: number; language: string; givenAt: string }[];
};
const rowsOf = async (user: TestUser) => t.database.db.select().from(consents).where(eq(consents.userId, user.id));

describe('a consent that stands is not asked again', () => {
  it('a guest has none to read (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/consents' })).statusCode).toBe(401);
  });

  it('after her first order, the second is placed without the box, and records no second consent', async () => {
    const vera = await verifiedUser(t);
    expect(await standing(vera)).toEqual([]);
    expect((await postOrder(t, vera, orderBody([productLine(product)]))).statusCode).toBe(201);
    const held = await standing(vera);
    expect(held).toEqual([
      { kind: 'personal-data', version: 1, language: 'ru', givenAt: expect.any(String) as string },
    ]);
    const recorded = (await rowsOf(vera)).length;

    const second = await postOrder(t, vera, orderBody([productLine(product)], { consents: [] }));
    expect(second.statusCode).toBe(201);
    expect((await rowsOf(vera)).length).toBe(recorded);
  });

  it('PayPal still asks for the cross-border consent she never gave (400), then not again', async () => {
    const ira = await verifiedUser(t);
    expect((await postOrder(t, ira, orderBody([productLine(product)]))).statusCode).toBe(201);
    const paypal = { paymentMethod: 'paypal', currency: 'EUR' } as const;
    const euro = await productWithStock(t, { stock: 5, priceEur: 2_000 });
    const refused = await postOrder(t, ira, orderBody([productLine(euro)], { ...paypal, consents: [] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('CONSENT_REQUIRED');
    const first = await postOrder(
      t,
      ira,
      orderBody([productLine(euro)], { ...paypal, consents: consentsV1(['cross-border']) }),
    );
    expect(first.statusCode).toBe(201);
    expect((await standing(ira)).map((c) => c.kind).sort()).toEqual(['cross-border', 'personal-data']);
    const again = await postOrder(t, ira, orderBody([productLine(euro)], { ...paypal, consents: [] }));
    expect(again.statusCode).toBe(201);
  });

  it('a new version of the text in force asks again: the old consent no longer stands', async () => {
    const anna = await verifiedUser(t);
    expect((await postOrder(t, anna, orderBody([productLine(product)]))).statusCode).toBe(201);
    expect(await standing(anna)).toHaveLength(1);
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/admin/legal/personal-data/ru',
      headers: admin.headers,
      payload: { title: 'personal-data v2', body: 'New text 2', baseVersion: 1 },
    });
    expect(published.statusCode).toBe(201);
    expect(await standing(anna)).toEqual([]);
    const refused = await postOrder(t, anna, orderBody([productLine(product)], { consents: [] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('CONSENT_REQUIRED');
  });
});
