/**
 * The cart ends with the order, on the server (docs/decisions/0051): placing an order takes
 * exactly the ordered lines off the stored cart in the order's transaction, whichever way the
 * order is placed; a save from a tab that had not seen the order does not put them back.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, lessons } from '../../db/schema';
import { bearer } from '../../test/accounts';
import {
  orderBody,
  postOrder,
  productLine,
  productWithStock,
  purchaseBody,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let lessonNumber = 700;

/** Runs inside the transaction of the next order confirmed at once (a zero total). */
let duringOrder: (() => void) | null = null;

beforeAll(async () => {
  t = await createTestContext({ env: { MAX_OPEN_UNPAID_ORDERS: '100000' } });
  t.app.events.on('orderConfirmed', async () => {
    duringOrder?.();
    duringOrder = null;
  });
});
afterAll(() => t.close());

async function lesson(priceRub = 90_000): Promise<string> {
  const [row] = await t.database.db
    .insert(lessons)
    .values({
      number: lessonNumber++,
      title: { ru: 'Урок' },
      description: { ru: '.' },
      level: 'basic',
      priceRub,
    })
    .returning({ id: lessons.id });
  return row!.id;
}

let userSeq = 0;
const customer = () => verifiedUser(t, { email: `cart-end-${++userSeq}@example.com` });

interface Line {
  type: string;
  id: string;
  quantity: number;
  bookFormat?: string;
}
const putCart = (user: TestUser, items: Line[], basedOn?: string | null) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/cart',
    headers: bearer(user.token),
    payload: basedOn === undefined ? { items } : { items, basedOn },
  });
async function cartOf(user: TestUser): Promise<{ lines: [string, string, number][]; updatedAt: string | null }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(user.token) });
  const data = res.json().data as { items: Line[]; updatedAt: string | null };
  return {
    lines: data.items.map((line) => [
      line.type,
      line.bookFormat ? `${line.id}:${line.bookFormat}` : line.id,
      line.quantity,
    ]),
    updatedAt: data.updatedAt,
  };
}

describe('placing an order takes exactly the ordered lines off the server cart', () => {
  it('ordered lines go; a larger quantity keeps the rest; lines not ordered stay as they are', async () => {
    const user = await customer();
    const [a, b, book, l] = [
      await productWithStock(t),
      await productWithStock(t),
      await productWithStock(t, { category: 'book', bookFormats: ['physical', 'digital'] }),
      await lesson(),
    ];
    await putCart(user, [
      productLine(a, 3),
      productLine(b, 1),
      { type: 'product', id: book, quantity: 1, bookFormat: 'physical' },
      { type: 'product', id: book, quantity: 1, bookFormat: 'digital' },
      { type: 'lesson', id: l, quantity: 1 },
    ]);
    const res = await postOrder(
      t,
      user,
      orderBody([
        productLine(a, 2),
        { type: 'product', id: book, quantity: 1, bookFormat: 'digital' },
        { type: 'lesson', id: l, quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect((await cartOf(user)).lines).toEqual([
      ['product', a, 1],
      ['product', b, 1],
      ['product', `${book}:physical`, 1],
    ]);
  });

  it('ordering more than the cart holds removes the line and no other; an emptied cart may be reminded of again', async () => {
    const user = await customer();
    const a = await productWithStock(t);
    await putCart(user, [productLine(a, 1)]);
    await t.database.db.update(carts).set({ remindedAt: new Date() }).where(eq(carts.userId, user.id));
    expect((await postOrder(t, user, orderBody([productLine(a, 4)]))).statusCode).toBe(201);
    expect((await cartOf(user)).lines).toEqual([]);
    const [row] = await t.database.db.select().from(carts).where(eq(carts.userId, user.id));
    expect(row!.remindedAt).toBeNull();
  });

  it('an order that is refused (short of stock) leaves the cart untouched: the removal is in its transaction', async () => {
    const user = await customer();
    const [plenty, scarce] = [await productWithStock(t), await productWithStock(t, { stock: 1 })];
    await putCart(user, [productLine(plenty, 1), productLine(scarce, 2)]);
    const before = await cartOf(user);
    const res = await postOrder(t, user, orderBody([productLine(plenty, 1), productLine(scarce, 2)]));
    expect(res.statusCode).toBe(409);
    expect(await cartOf(user)).toEqual(before);
  });

  it('buying a lesson from its page takes it off the cart too; the rest stays', async () => {
    const user = await customer();
    const [l, a] = [await lesson(), await productWithStock(t)];
    await putCart(user, [{ type: 'lesson', id: l, quantity: 1 }, productLine(a, 1)]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/training/lessons/${l}/purchase`,
      headers: bearer(user.token),
      payload: purchaseBody(),
    });
    expect(res.statusCode).toBe(201);
    expect((await cartOf(user)).lines).toEqual([['product', a, 1]]);
  });

  it("another customer's cart is not touched", async () => {
    const [buyer, neighbour] = [await customer(), await customer()];
    const a = await productWithStock(t);
    await putCart(buyer, [productLine(a, 1)]);
    await putCart(neighbour, [productLine(a, 1)]);
    expect((await postOrder(t, buyer, orderBody([productLine(a, 1)]))).statusCode).toBe(201);
    expect((await cartOf(neighbour)).lines).toEqual([['product', a, 1]]);
  });
});

describe('a save from a tab that had not seen the order (PUT with basedOn)', () => {
  it('based on the cart before the order: the ordered quantity is not put back, a line added meanwhile stays', async () => {
    const user = await customer();
    const [a, added] = [await productWithStock(t), await productWithStock(t)];
    await putCart(user, [productLine(a, 3)]);
    const seen = (await cartOf(user)).updatedAt;
    expect((await postOrder(t, user, orderBody([productLine(a, 2)]))).statusCode).toBe(201);
    const res = await putCart(user, [productLine(a, 3), productLine(added, 1)], seen);
    expect(res.statusCode).toBe(200);
    const expected = [
      ['product', a, 1],
      ['product', added, 1],
    ];
    expect(res.json().data.items.map((l: Line) => ['product', l.id, l.quantity])).toEqual(expected);
    expect((await cartOf(user)).lines).toEqual(expected);
  });

  it('based on the cart after the order (the customer adds it again on purpose): kept as sent', async () => {
    const user = await customer();
    const a = await productWithStock(t);
    await putCart(user, [productLine(a, 1)]);
    expect((await postOrder(t, user, orderBody([productLine(a, 1)]))).statusCode).toBe(201);
    const seen = (await cartOf(user)).updatedAt;
    await putCart(user, [productLine(a, 1)], seen);
    expect((await cartOf(user)).lines).toEqual([['product', a, 1]]);
  });

  it('without basedOn the items replace the cart as they are; a malformed basedOn is a 400 and changes nothing', async () => {
    const user = await customer();
    const a = await productWithStock(t);
    await putCart(user, [productLine(a, 1)]);
    expect((await postOrder(t, user, orderBody([productLine(a, 1)]))).statusCode).toBe(201);
    expect((await putCart(user, [productLine(a, 2)], 'yesterday')).statusCode).toBe(400);
    expect((await cartOf(user)).lines).toEqual([]);
    await putCart(user, [productLine(a, 2)]);
    expect((await cartOf(user)).lines).toEqual([['product', a, 2]]);
  });

  it('race: PUT /api/cart from another tab while the order is placed — whichever commits first, the ordered lines end and the added line stays', async () => {
    for (let round = 0; round < 6; round += 1) {
      const user = await customer();
      const [a, b, added] = [await productWithStock(t), await productWithStock(t), await productWithStock(t)];
      await putCart(user, [productLine(a, 2), productLine(b, 1)]);
      const seen = (await cartOf(user)).updatedAt;
      // The other tab still shows the whole cart and adds a line.
      const [order, put] = await Promise.all([
        postOrder(t, user, orderBody([productLine(a, 2), productLine(b, 1)])),
        putCart(user, [productLine(a, 2), productLine(b, 1), productLine(added, 1)], seen),
      ]);
      expect(order.statusCode).toBe(201);
      expect(put.statusCode).toBe(200);
      expect((await cartOf(user)).lines).toEqual([['product', added, 1]]);
    }
  });

  it('race: PUT /api/cart sent while the order transaction holds the cart — it lands after the order and does not put the ordered line back', async () => {
    const user = await customer();
    const [free, added] = [await lesson(0), await productWithStock(t)];
    await putCart(user, [{ type: 'lesson', id: free, quantity: 1 }]);
    const seen = (await cartOf(user)).updatedAt;
    let racing: ReturnType<typeof putCart> | null = null;
    // Sent from inside the order's transaction (after its cart update, before its commit).
    duringOrder = () => {
      racing = putCart(user, [{ type: 'lesson', id: free, quantity: 1 }, productLine(added, 1)], seen);
    };
    const order = await postOrder(
      t,
      user,
      orderBody([{ type: 'lesson', id: free, quantity: 1 }], { delivery: undefined }),
    );
    expect(order.statusCode).toBe(201);
    expect(order.json().data.order).toMatchObject({ total: 0, status: 'confirmed' });
    expect(racing).not.toBeNull();
    expect((await racing!)?.statusCode).toBe(200);
    expect((await cartOf(user)).lines).toEqual([['product', added, 1]]);
  });
});
