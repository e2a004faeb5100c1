/**
 * Every product is sold through its variants: `GET /api/shop/:id` names the product's options and
 * its variants. A product without options has one default variant that is the product itself
 * (added by the database for every product, whatever inserts it), so nothing the API said before
 * changes; a variant leaves unset what it takes from the product.
 */
import { ProductDetailSchema, ProductSchema, successEnvelope } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../db/schema';
import { productWithStock } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const get = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/shop/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(ProductDetailSchema).parse(res.json()).data;
};
const variantsOf = (productId: string) =>
  t.database.db.select().from(productVariants).where(eq(productVariants.productId, productId));

const COLOUR = {
  id: 'colour',
  name: { ru: 'Цвет', en: 'Colour', es: 'Color' },
  values: [
    { id: 'powder', label: { ru: 'Пудровый', en: 'Powder', es: 'Empolvado' } },
    { id: 'wine', label: { ru: 'Винный', en: 'Wine', es: 'Vino' } },
  ],
};

describe('a product without options', () => {
  it('has exactly one default variant, made by the database when the product is inserted', async () => {
    const id = await productWithStock(t, { stock: 7 });
    const rows = await variantsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ optionValues: [], stock: null, priceRub: null, availability: null });
  });

  it("answers every field it answered before, unchanged, plus options [] and the default variant with the product's price and stock", async () => {
    const id = await productWithStock(t, { stock: 4, priceRub: 250_050, priceEur: 2_700, priceUsd: null });
    const detail = await get(id);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/shop?limit=100' })).json().data as unknown[];
    const before = ProductSchema.parse(listed.find((p) => (p as { id: string }).id === id));
    const { options, variants, ...rest } = detail;
    expect(rest).toEqual(before);
    expect(options).toEqual([]);
    const [row] = await variantsOf(id);
    expect(variants).toEqual([
      {
        id: row!.id,
        sku: null,
        optionValues: [],
        price: { RUB: 2500.5, EUR: 27 },
        availability: 'in_stock',
        available: true,
        stock: 4,
        images: [],
      },
    ]);
  });

  it.each([
    ['counted stock that ran out', { stock: 0, availability: 'in_stock' as const }, false, 0],
    ['out of stock', { stock: null, availability: 'out_of_stock' as const }, false, undefined],
    ['made to order', { stock: null, availability: 'on_order' as const }, true, undefined],
  ])('%s: the default variant says available = %s', async (_, values, available, stock) => {
    const id = await productWithStock(t, values);
    const [variant] = (await get(id)).variants;
    expect(variant!.available).toBe(available);
    expect(variant!.stock).toBe(stock);
  });
});

describe('a product with options', () => {
  it('lists its variants in order; each takes what it leaves unset from the product and counts its own stock', async () => {
    const id = await productWithStock(t, { stock: 9, options: [COLOUR], priceEur: 1_600, priceUsd: null });
    // The options replace the default variant: each combination that exists is a variant.
    await t.database.db.delete(productVariants).where(eq(productVariants.productId, id));
    await t.database.db.insert(productVariants).values([
      { productId: id, sku: 'PEONY-POWDER', optionValues: ['powder'], stock: 3, position: 1 },
      {
        productId: id,
        sku: 'PEONY-WINE',
        optionValues: ['wine'],
        priceRub: 180_000,
        priceUsd: 2_000,
        availability: 'on_order',
        position: 2,
      },
    ]);
    const detail = await get(id);
    expect(detail.options).toEqual([COLOUR]);
    expect(detail.variants.map(({ id: _id, ...v }) => v)).toEqual([
      {
        sku: 'PEONY-POWDER',
        optionValues: ['powder'],
        price: { RUB: 1500, EUR: 16 },
        availability: 'in_stock',
        available: true,
        stock: 3,
        images: [],
      },
      {
        sku: 'PEONY-WINE',
        optionValues: ['wine'],
        price: { RUB: 1800, EUR: 16, USD: 20 },
        availability: 'on_order',
        available: true,
        images: [],
      },
    ]);
  });

  it('a variant stock never goes below zero and one combination is one variant', async () => {
    const id = await productWithStock(t);
    const [row] = await variantsOf(id);
    await expect(
      t.database.db.update(productVariants).set({ stock: -1 }).where(eq(productVariants.id, row!.id)),
    ).rejects.toThrow();
    await expect(t.database.db.insert(productVariants).values({ productId: id, optionValues: [] })).rejects.toThrow();
  });

  it('deleting a product deletes its variants', async () => {
    const id = await productWithStock(t);
    await t.database.db.delete(products).where(eq(products.id, id));
    expect(await variantsOf(id)).toEqual([]);
  });
});
