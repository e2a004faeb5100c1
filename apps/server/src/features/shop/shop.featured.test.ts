/**
 * The home page's products (`GET /api/shop/featured`, and the server renderer's read of it): the
 * owner's pick when she made one that can still be ordered, otherwise the best sellers in stock;
 * only products sold in the visitor's currency, so every price shows in it. An admin edit of the
 * flag is seen at once (the cached answer is dropped).
 */
import { AdminProductSchema, ProductSchema, successEnvelope } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminUser, productWithStock, storedOrder } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let adminToken: string;
const id: Record<string, string> = {};

const Featured = successEnvelope(z.array(ProductSchema));

const product = (ru: string, values: Parameters<typeof productWithStock>[1] = {}) =>
  productWithStock(t, { name: { ru, en: ru, es: ru }, ...values });

beforeAll(async () => {
  t = await createTestContext();
  adminToken = (await adminUser(t, { email: 'featured-admin@example.com' })).token;
  const DAY = 24 * 60 * 60 * 1000;
  const ago = (days: number) => new Date(Date.now() - days * DAY);
  id.roses = await product('Розы', { createdAt: ago(9), priceEur: 2_450 });
  id.rublesOnly = await product('Только рубли', { createdAt: ago(8), priceEur: null, priceUsd: null });
  id.soldOut = await product('Распродано', { createdAt: ago(7), availability: 'out_of_stock' });
  id.emptyStock = await product('Пустой склад', { createdAt: ago(6), stock: 0 });
  id.archived = await product('В архиве', { createdAt: ago(5), archivedAt: new Date() });
  id.madeToOrder = await product('На заказ', { createdAt: ago(4), availability: 'on_order', stock: null });
  id.unsold = await product('Новинка', { createdAt: ago(3) });
  id.pendingOnly = await product('Только в корзине', { createdAt: ago(2) });

  // Paid orders make the best sellers; a pending or cancelled order sells nothing.
  const line = (productId: string, quantity: number) => ({
    type: 'product' as const,
    productId,
    name: { ru: 'x' },
    unitPriceRub: 150_000,
    quantity,
  });
  await storedOrder(t, null, { status: 'delivered' }, [line(id.rublesOnly!, 10), line(id.soldOut!, 50)]);
  await storedOrder(t, null, { status: 'confirmed' }, [line(id.roses!, 3), line(id.emptyStock!, 20)]);
  await storedOrder(t, null, { status: 'shipped' }, [line(id.archived!, 30)]);
  await storedOrder(t, null, { status: 'pending' }, [line(id.pendingOnly!, 40)]);
  await storedOrder(t, null, { status: 'cancelled' }, [line(id.pendingOnly!, 40)]);
});
afterAll(() => t.close());

async function featured(currency?: string) {
  const res = await t.app.inject({ url: `/api/shop/featured${currency ? `?currency=${currency}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return Featured.parse(res.json()).data;
}

const names = (items: { name: { ru: string } }[]) => items.map((item) => item.name.ru);

async function setFeatured(productId: string, featured: boolean) {
  const current = await t.app.inject({
    url: `/api/admin/shop/${productId}`,
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(current.statusCode, current.body).toBe(200);
  const admin = successEnvelope(AdminProductSchema).parse(current.json()).data;
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/shop/${productId}`,
    headers: { authorization: `Bearer ${adminToken}` },
    payload: {
      name: admin.name,
      description: admin.description,
      price: admin.price,
      category: admin.category,
      availability: admin.availability,
      stock: admin.stock,
      featured,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(AdminProductSchema).parse(res.json()).data;
}

describe('the home page products', () => {
  it('with no pick: the best sellers in stock (paid orders only), then the newest; at most four', async () => {
    expect(names(await featured())).toEqual(['Только рубли', 'Розы', 'Только в корзине', 'Новинка']);
  });

  it('in EUR: only products sold in euros, each with its euro price', async () => {
    const items = await featured('EUR');
    expect(names(items)).toEqual(['Розы', 'Только в корзине', 'Новинка']);
    expect(items[0]?.price).toEqual({ rub: 1500, eur: 24.5, usd: 17.5 });
    expect(items.every((item) => item.price.eur !== null)).toBe(true);
    const usd = await featured('USD');
    expect(usd.every((item) => item.price.usd !== null)).toBe(true);
  });

  it('the owner’s pick replaces the default at once; one that cannot be ordered is left out', async () => {
    // Warm the cached answer first: the edit must drop it.
    expect(names(await featured('EUR'))).toContain('Только в корзине');
    const saved = await setFeatured(id.madeToOrder!, true);
    expect(saved.featured).toBe(true);
    await setFeatured(id.soldOut!, true);
    await setFeatured(id.rublesOnly!, true);

    expect(names(await featured('RUB'))).toEqual(['Только рубли', 'На заказ']);
    // The roubles-only pick is not sold in euros: euro visitors see the rest of the pick.
    const eur = await featured('EUR');
    expect(names(eur)).toEqual(['На заказ']);
    expect(eur[0]?.price.eur).toBe(16);

    // Taking every orderable pick back returns the page to the best sellers.
    await setFeatured(id.madeToOrder!, false);
    await setFeatured(id.rublesOnly!, false);
    expect(names(await featured('RUB'))).toEqual(['Только рубли', 'Розы', 'Только в корзине', 'Новинка']);
  });

  it('an unknown currency is a 400', async () => {
    const res = await t.app.inject({ url: '/api/shop/featured?currency=GBP' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});
