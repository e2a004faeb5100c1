import { listEnvelope, OrderSchema, successEnvelope } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer } from '../../test/accounts';
import { orderBody, postOrder, productWithStock, storedOrder, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestContext({ env: { MAX_OPEN_UNPAID_ORDERS: '100000' } });
  customer = await verifiedUser(t, { email: 'euro-buyer@example.com' });
});
afterAll(() => t.close());

const standard = {
  method: 'standard',
  country: 'Россия',
  city: 'Калининград',
  address: 'ул. Театральная, 1',
  postalCode: '236022',
};

async function place(currency: 'RUB' | 'EUR' | 'USD', lines: { id: string; quantity: number }[]) {
  const res = await postOrder(
    t,
    customer,
    orderBody(
      lines.map((line) => ({ type: 'product', ...line })),
      { currency, paymentMethod: currency === 'RUB' ? 'cash' : 'paypal', delivery: standard },
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  return OrderSchema.parse(res.json().data.order);
}

describe('free delivery is judged in the order’s currency, on the figures the customer sees', () => {
  it('40 € of goods (6 000 ₽ at their rouble price) still pay 3 € of delivery: the threshold is 50 €', async () => {
    const id = await productWithStock(t, { priceRub: 600_000, priceEur: 4_000 });
    const order = await place('EUR', [{ id, quantity: 1 }]);
    expect(order).toMatchObject({
      currency: 'EUR',
      subtotalInCurrency: 40,
      deliveryCostInCurrency: 3,
      discountInCurrency: 0,
      totalInCurrency: 43,
      deliveryCost: 300,
    });
  });

  it('50 € of goods (3 000 ₽ at their rouble price) travel free', async () => {
    const id = await productWithStock(t, { priceRub: 300_000, priceEur: 5_000 });
    const order = await place('EUR', [{ id, quantity: 1 }]);
    expect(order).toMatchObject({ deliveryCostInCurrency: 0, deliveryCost: 0, totalInCurrency: 50, total: 3000 });
  });

  it.each([
    [1, 3.26, 30.76],
    [2, 0, 55],
  ])(
    'dollars: %d × 27.50 USD pays %s USD of delivery (free from 54 USD), total %s USD',
    async (quantity, delivery, total) => {
      const id = await productWithStock(t, { priceRub: 250_000, priceUsd: 2_750 });
      const order = await place('USD', [{ id, quantity }]);
      expect(order.deliveryCostInCurrency).toBe(delivery);
      expect(order.totalInCurrency).toBe(total);
    },
  );

  it('roubles are unchanged: free from 5 000 ₽, every figure in roubles', async () => {
    const id = await productWithStock(t, { priceRub: 499_900 });
    const order = await place('RUB', [{ id, quantity: 1 }]);
    expect(order).toMatchObject({
      subtotal: 4999,
      subtotalInCurrency: 4999,
      deliveryCost: 300,
      deliveryCostInCurrency: 300,
      totalInCurrency: 5299,
    });
    expect(order.items[0]).toMatchObject({ unitPrice: 4999, unitPriceInCurrency: 4999 });
  });
});

describe('an order shows its own currency’s figures, whoever reads it later', () => {
  it('lines, goods, delivery and total in euros add up, in the reply, the order page and the account list', async () => {
    const rose = await productWithStock(t, { priceRub: 150_000, priceEur: 1_600 });
    const vase = await productWithStock(t, { priceRub: 90_000, priceEur: 950 });
    const placed = await place('EUR', [
      { id: rose, quantity: 2 },
      { id: vase, quantity: 1 },
    ]);
    const lines = placed.items.map((item) => [item.unitPriceInCurrency, item.quantity, item.lineTotalInCurrency]);
    expect(lines).toEqual(
      expect.arrayContaining([
        [16, 2, 32],
        [9.5, 1, 9.5],
      ]),
    );
    expect(placed).toMatchObject({ subtotalInCurrency: 41.5, deliveryCostInCurrency: 3, totalInCurrency: 44.5 });

    // Read back with roubles chosen now (the header says nothing of the currency): still euros.
    const one = await t.app.inject({ method: 'GET', url: `/api/orders/${placed.id}`, headers: bearer(customer.token) });
    expect(one.statusCode).toBe(200);
    const page = successEnvelope(z.object({ order: OrderSchema })).parse(one.json()).data.order;
    expect(page).toMatchObject({
      currency: 'EUR',
      subtotalInCurrency: 41.5,
      deliveryCostInCurrency: 3,
      totalInCurrency: 44.5,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/orders/user', headers: bearer(customer.token) });
    const mine = listEnvelope(OrderSchema)
      .parse(list.json())
      .data.find((order) => order.id === placed.id);
    expect(mine).toMatchObject({ currency: 'EUR', totalInCurrency: 44.5 });
  });

  it('an order written before lines kept their euro price shows them at the order’s own rate', async () => {
    const row = await storedOrder(
      t,
      customer.id,
      {
        currency: 'EUR',
        paymentMethod: 'paypal',
        exchangeSnapshot: { EUR: 120, RUB: 1 },
        subtotalRub: 240_000,
        totalRub: 240_000,
        totalInCurrency: 2_000,
      },
      [{ type: 'custom_order', name: { ru: 'Букет' }, unitPriceRub: 240_000, quantity: 1 }],
    );
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/${row.id}`, headers: bearer(customer.token) });
    const order = successEnvelope(z.object({ order: OrderSchema })).parse(res.json()).data.order;
    expect(order.items[0]).toMatchObject({ unitPriceInCurrency: 20, lineTotalInCurrency: 20 });
    expect(order).toMatchObject({ subtotalInCurrency: 20, deliveryCostInCurrency: 0, totalInCurrency: 20 });
  });
});

describe('a product without a price in the chosen currency is not sold in it (never converted)', () => {
  it('an order in euros with a rouble-only product is a 400 NOT_SOLD_IN_CURRENCY and writes nothing', async () => {
    const roubleOnly = await productWithStock(t, { priceRub: 90_000, priceEur: null, priceUsd: null, stock: 3 });
    const res = await postOrder(
      t,
      customer,
      orderBody([{ type: 'product', id: roubleOnly, quantity: 1 }], {
        currency: 'EUR',
        paymentMethod: 'paypal',
        delivery: standard,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'NOT_SOLD_IN_CURRENCY' });
    const product = await t.app.inject({ method: 'GET', url: `/api/shop/${roubleOnly}` });
    expect(product.json().data.stock).toBe(3);
  });
});
