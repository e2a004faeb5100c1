import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, placeOrder, productLine, productWithStock, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let productId: string;

beforeAll(async () => {
  t = await createTestContext({ env: { RATE_LIMIT_PAYMENT_PER_ACCOUNT: '3', RATE_LIMIT_PAYMENT_PER_IP: '5' } });
  productId = await productWithStock(t, {
    name: { ru: 'Букет' },
    priceRub: 350_000,
    priceEur: 3_800,
    priceUsd: 4_100,
    stock: null,
  });
});
afterAll(() => t.close());

async function order(buyer: TestUser, paymentMethod = 'card', currency = 'RUB'): Promise<string> {
  const body = orderBody([productLine(productId)], {
    customer: { firstName: 'Anna', lastName: 'Petrova', email: 'anna@example.test', phone: '+7 912 345-67-89' },
    delivery: { method: 'pickup' },
    paymentMethod,
    currency,
  });
  return (await placeOrder(t, buyer, body)).id;
}

const pay = (headers: Record<string, string>, orderId: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { ...headers, 'accept-language': 'en' },
    payload: { orderId },
    remoteAddress,
  });

describe('payment rate limits', () => {
  it('per account: the 4th payment request of one account in the window is a 429 with Retry-After', async () => {
    const anna = await verifiedUser(t, { name: 'anna' });
    const id = await order(anna);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await pay(anna.headers, id, `198.51.100.${i + 1}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await pay(anna.headers, id, '198.51.100.9');
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(limited.json().message).toBe('Too many payment requests. Please try again in a few minutes');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('per client address: several accounts from one address share its allowance', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const user = await verifiedUser(t, { name: `user${i}` });
      const id = await order(user);
      codes.push((await pay(user.headers, id, '203.0.113.7')).statusCode);
      codes.push((await pay(user.headers, id, '203.0.113.7')).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('PayPal requests and download re-issues count too', async () => {
    const bob = await verifiedUser(t, { name: 'bob' });
    const id = await order(bob, 'paypal', 'EUR');
    const request = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/paypal-request',
        headers: bob.headers,
        payload: { orderId: id, email: 'bob@example.test' },
        remoteAddress: '192.0.2.10',
      });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await request()).statusCode);
    expect(codes).toEqual([200, 200, 200]);
    const reissue = await t.app.inject({
      method: 'POST',
      url: '/api/user/downloads/00000000-0000-4000-8000-000000000000/reissue',
      headers: bob.headers,
      remoteAddress: '192.0.2.11',
    });
    expect(reissue.statusCode).toBe(429);
    expect(reissue.json().code).toBe('RATE_LIMITED');
  });
});
