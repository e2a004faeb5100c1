/**
 * A product with options is sold by its variants: a line names one (400 otherwise), is priced from
 * it (its own price, or the product's), takes its own counted stock (exactly, race-safe, the other
 * variants and the product's own counter untouched) and gives it back on cancel. The cart, the
 * quote and the order name the variant.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { adminUser, orderBody, postOrder, productWithStock, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: TestUser;
beforeAll(async () => {
  // Room for the race's twenty buyers from one test address, and for big unpaid holds.
  t = await createTestContext({ env: { UNPAID_HOLD_UNITS_PER_PRODUCT: '1000', UNPAID_HOLD_MAX_RUB: '10000000' } });
  admin = await adminUser(t);
});
afterAll(() => t.close());

const OPTIONS = [
  {
    id: 'colour',
    name: { ru: 'Цвет', en: 'Colour', es: 'Color' },
    values: [
      { id: 'powder', label: { ru: 'Пудровый', en: 'Powder', es: 'Empolvado' } },
      { id: 'wine', label: { ru: 'Винный', en: 'Wine', es: 'Vino' } },
    ],
  },
  {
    id: 'size',
    name: { ru: 'Размер', en: 'Size', es: 'Tamaño' },
    values: [{ id: 's40', label: { ru: '40 см', en: '40 cm', es: '40 cm' } }],
  },
];

/** A peony in two colours: powder (3 counted, the product's price), wine (1 counted, 1 800 ₽). */
async function peony() {
  const id = await productWithStock(t, {
    name: { ru: 'Пион', en: 'Peony', es: 'Peonía' },
    stock: 50,
    options: OPTIONS,
  });
  await t.database.db.delete(productVariants).where(eq(productVariants.productId, id));
  const [powder, wine] = await t.database.db
    .insert(productVariants)
    .values([
      { productId: id, optionValues: ['powder', 's40'], stock: 3, position: 1 },
      { productId: id, optionValues: ['wine', 's40'], stock: 1, priceRub: 180_000, priceEur: 2_000, position: 2 },
    ])
    .returning({ id: productVariants.id });
  return { id, powder: powder!.id, wine: wine!.id };
}
const variantStock = async (id: string) =>
  (
    await t.database.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id))
  )[0]!.stock;
const productStock = async (id: string) =>
  (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const line = (id: string, variantId?: string, quantity = 1) => ({
  type: 'product',
  id,
  quantity,
  ...(variantId ? { variantId } : {}),
});

describe('a line of a product with options', () => {
  it.each([
    ['no variant', undefined, 'Choose the variant: colour, size'],
    ['a variant of another product', 'other', 'This product does not come in that variant'],
  ])('names one of its variants: %s is a 400 on the line', async (_, which, message) => {
    const p = await peony();
    const other = await peony();
    const buyer = await verifiedUser(t);
    const res = await postOrder(t, buyer, orderBody([line(p.id, which ? other.powder : undefined)]), { lang: 'en' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details.fields).toEqual([{ field: 'items.0.variantId', message }]);
    expect(await variantStock(p.powder)).toBe(3);
  });

  it("is priced from its variant, named with its option values, takes the variant's stock only, and cancel gives it back", async () => {
    const p = await peony();
    const buyer = await verifiedUser(t);
    const res = await postOrder(t, buyer, orderBody([line(p.id, p.wine), line(p.id, p.powder, 2)]));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order;
    const items = [...order.items].sort(
      (a: { unitPrice: number }, b: { unitPrice: number }) => b.unitPrice - a.unitPrice,
    );
    expect(
      items.map((i: { variantId: string; unitPrice: number; quantity: number; name: { ru: string } }) => [
        i.variantId,
        i.unitPrice,
        i.quantity,
        i.name.ru,
      ]),
    ).toEqual([
      [p.wine, 1800, 1, 'Пион — Винный, 40 см'],
      [p.powder, 1500, 2, 'Пион — Пудровый, 40 см'],
    ]);
    expect([await variantStock(p.wine), await variantStock(p.powder), await productStock(p.id)]).toEqual([0, 1, 50]);

    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect([await variantStock(p.wine), await variantStock(p.powder), await productStock(p.id)]).toEqual([1, 3, 50]);
  });

  it('split lines of one variant never take more than it has: 1 + 1 of the last unit is a 409 naming the variant', async () => {
    const p = await peony();
    const buyer = await verifiedUser(t);
    const res = await postOrder(t, buyer, orderBody([line(p.id, p.wine), line(p.id, p.wine)]), { lang: 'en' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().details.items).toEqual([
      { type: 'product', id: p.id, variantId: p.wine, requested: 2, available: 1 },
    ]);
    expect(res.json().message).toContain('Peony — Wine, 40 cm');
    expect(await variantStock(p.wine)).toBe(1);
  });

  it('twenty buyers race for the last unit of one variant: exactly one order, the other variant untouched', async () => {
    const p = await peony();
    const buyers = await Promise.all(Array.from({ length: 20 }, () => verifiedUser(t)));
    const results = await Promise.all(buyers.map((b) => postOrder(t, b, orderBody([line(p.id, p.wine)]))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect([await variantStock(p.wine), await variantStock(p.powder), await productStock(p.id)]).toEqual([0, 3, 50]);
  });

  it('the quote names the variant and its price; the order placed right after costs the same', async () => {
    const p = await peony();
    const buyer = await verifiedUser(t);
    const body = orderBody([line(p.id, p.wine)], { currency: 'EUR', paymentMethod: 'paypal' });
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      headers: bearer(buyer.token),
      payload: body,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data.lines).toMatchObject([{ id: p.id, variantId: p.wine, unitPrice: 20 }]);
    const placed = await postOrder(t, buyer, body);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.order.totalInCurrency).toBe(quote.json().data.total);
  });

  it("the cart keeps the variant and shows its price, name and stock; another kind's variant is a 400", async () => {
    const p = await peony();
    const buyer = await verifiedUser(t);
    const put = (items: unknown[]) =>
      t.app.inject({ method: 'PUT', url: '/api/cart', headers: bearer(buyer.token), payload: { items } });
    const res = await put([line(p.id, p.wine), line(p.id, p.powder, 2), line(p.id)]);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .data.items.map(
          (i: {
            variantId?: string;
            price: { rub: number } | null;
            stock: number | null;
            problem: string | null;
            name: { ru: string } | null;
          }) => [i.variantId ?? null, i.price?.rub ?? null, i.stock, i.problem, i.name?.ru ?? null],
        ),
    ).toEqual([
      [p.wine, 1800, 1, null, 'Пион — Винный, 40 см'],
      [p.powder, 1500, 3, null, 'Пион — Пудровый, 40 см'],
      // A product with options named without a variant cannot be ordered as it is.
      [null, null, null, 'not_found', null],
    ]);
    const lesson = await put([{ type: 'lesson', id: p.id, quantity: 1, variantId: p.wine }]);
    expect(lesson.statusCode).toBe(400);
  });
});

describe('a product without options', () => {
  it('is ordered as before, with or without its default variant named; the line says variantId null', async () => {
    const id = await productWithStock(t, { stock: 4 });
    const [only] = await t.database.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, id));
    const buyer = await verifiedUser(t);
    const res = await postOrder(t, buyer, orderBody([line(id, only!.id), line(id)]));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.order.items).toMatchObject([{ refId: id, variantId: null, quantity: 2 }]);
    expect(await productStock(id)).toBe(2);
  });
});
