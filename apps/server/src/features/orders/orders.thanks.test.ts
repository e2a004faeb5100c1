/**
 * What the thank-you page reads: one order by its number (owner or admin only), each line with
 * its picture and its price in the order's currency, goods / discount / delivery in that currency
 * adding up to its total, and the expected delivery time.
 */
import { OrderResultSchema, POST_ABROAD_DAYS, successEnvelope } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/accounts';
import {
  adminUser,
  orderBody,
  postOrder,
  productLine,
  productWithStock,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let buyer: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestContext({ env: { MAX_OPEN_UNPAID_ORDERS: '100000' } });
  buyer = await verifiedUser(t, { email: 'thanks@example.com' });
  stranger = await verifiedUser(t, { email: 'stranger@example.com' });
  admin = await adminUser(t);
});
afterAll(() => t.close());

const byNumber = (number: number | string, user: TestUser) =>
  t.app.inject({ method: 'GET', url: `/api/orders/number/${number}`, headers: bearer(user.token) });
const read = (res: { json(): unknown }) => successEnvelope(OrderResultSchema).parse(res.json()).data.order;

describe('GET /api/orders/number/{number}', () => {
  it('the owner and an admin read it; anyone else gets 404; a number that is not one is a 400', async () => {
    const id = await productWithStock(t);
    const placed = read(await postOrder(t, buyer, orderBody([productLine(id, 1)])));
    expect(read(await byNumber(placed.number, buyer)).id).toBe(placed.id);
    expect(read(await byNumber(placed.number, admin)).id).toBe(placed.id);
    expect((await byNumber(placed.number, stranger)).statusCode).toBe(404);
    expect((await byNumber(999_999, buyer)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999'])
      expect((await byNumber(bad, buyer)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/number/${placed.number}` })).statusCode).toBe(401);
  });

  it('a euro order: lines, goods, delivery and total in euros that add up; pictures; the delivery method’s expected days', async () => {
    const image = '/uploads/test/rose-medium.webp';
    const [a, b] = [
      await productWithStock(t, {
        priceRub: 150_000,
        priceEur: 1_600,
        images: [{ url: image, thumb: image, medium: image, large: image }],
      }),
      await productWithStock(t, { priceRub: 50_000, priceEur: 550 }),
    ];
    const res = await postOrder(
      t,
      buyer,
      orderBody([productLine(a, 2), productLine(b, 1)], {
        currency: 'EUR',
        // Abroad nobody collects cash on receipt: a transfer.
        paymentMethod: 'bank_transfer',
        delivery: {
          method: 'post',
          country: 'España',
          city: 'Sevilla',
          address: 'Calle Sierpes 1',
          postalCode: '41004',
        },
      }),
    );
    expect(res.statusCode).toBe(201);
    const order = read(await byNumber(read(res).number, buyer));
    expect(order.currency).toBe('EUR');
    const line = (id: string) => order.items.find((item) => item.refId === id)!;
    expect(
      [line(a), line(b)].map((item) => [item.unitPriceInCurrency, item.quantity, item.lineTotalInCurrency]),
    ).toEqual([
      [16, 2, 32],
      [5.5, 1, 5.5],
    ]);
    expect(order.subtotalInCurrency).toBe(37.5);
    expect(order.deliveryCostInCurrency).toBeGreaterThan(0);
    expect(
      Math.round((order.subtotalInCurrency - order.discountInCurrency + order.deliveryCostInCurrency) * 100) / 100,
    ).toBe(order.totalInCurrency);
    expect(line(a).image).toBeTruthy();
    expect(line(b).image).toBeNull();
    // Russian Post abroad, as the checkout said for Spain.
    expect(order.expectedDelivery).toEqual(POST_ABROAD_DAYS);
  });

  it('a rouble order of digital goods only: amounts equal the rouble ones, nothing to deliver, no delivery time', async () => {
    const book = await productWithStock(t, { category: 'book', bookFormats: ['digital'], priceRub: 70_000 });
    const res = await postOrder(t, buyer, orderBody([productLine(book, 1)], { delivery: undefined }));
    expect(res.statusCode).toBe(201);
    const order = read(await byNumber(read(res).number, buyer));
    expect(order.items[0]).toMatchObject({ bookFormat: 'digital', unitPriceInCurrency: 700, lineTotalInCurrency: 700 });
    expect([order.subtotalInCurrency, order.discountInCurrency, order.deliveryCostInCurrency]).toEqual([700, 0, 0]);
    expect(order.totalInCurrency).toBe(700);
    expect(order.expectedDelivery).toBeNull();
  });
});
