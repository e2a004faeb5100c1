/**
 * The shop's delivery settings through the API: anyone reads them, only the owner writes them
 * (whole, validated: 400 changes nothing), and an order of physical goods to a country outside the
 * list, or by a method that does not go abroad, is refused with a 400 that names the field and
 * writes nothing.
 */
import { DeliverySettingsSchema, ErrorBodySchema, OrderResultSchema, successEnvelope } from '@atelier/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../db/schema';
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
let admin: TestUser;

beforeAll(async () => {
  t = await createTestContext({ env: { MAX_OPEN_UNPAID_ORDERS: '100000' } });
  buyer = await verifiedUser(t, { email: 'abroad@example.com' });
  admin = await adminUser(t);
});
afterAll(() => t.close());

const read = async () =>
  successEnvelope(DeliverySettingsSchema).parse((await t.app.inject({ method: 'GET', url: '/api/delivery' })).json())
    .data;
const save = (payload: unknown, token?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/delivery',
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });
const workshop = {
  address: { ru: 'Москва, ул. Шелковая, 5, мастерская 12', en: 'Moscow, 5 Shelkovaya St, workshop 12', es: '' },
  hours: { ru: 'Пн–Пт 11:00–19:00', en: 'Mon–Fri 11am–7pm' },
  mapUrl: 'https://yandex.ru/maps/-/CDabc123',
};
const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;
const stockOf = async (id: string) =>
  (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const door = (country: string, method = 'post') => ({
  method,
  country,
  city: 'Алматы',
  address: 'пр. Абая, 10, кв. 5',
  postalCode: '050000',
});
const fieldsOf = (res: { json(): unknown }) => ErrorBodySchema.parse(res.json()).details;

describe('GET /api/delivery', () => {
  it('before the owner sets anything: Russia and the countries Russian Post takes parcels to, no workshop address', async () => {
    const settings = await read();
    expect(settings.shippingCountries).toEqual(expect.arrayContaining(['RU', 'KZ', 'BY', 'DE', 'ES', 'CN']));
    expect(settings.shippingCountries).not.toContain('US');
    expect(settings.shippingCountries).not.toContain('UA');
    expect(settings.pickup).toEqual({ address: { ru: '' }, hours: { ru: '' }, mapUrl: '' });
  });
});

describe('PUT /api/admin/delivery', () => {
  it('the owner sets the countries and the workshop; codes are upper-cased, sorted, de-duplicated; blank translations dropped', async () => {
    const res = await save({ shippingCountries: ['ru', 'KZ', 'BY', 'kz'], pickup: workshop }, admin.token);
    expect(res.statusCode).toBe(200);
    const settings = await read();
    expect(settings.shippingCountries).toEqual(['BY', 'KZ', 'RU']);
    expect(settings.pickup).toEqual({
      address: { ru: workshop.address.ru, en: workshop.address.en },
      hours: workshop.hours,
      mapUrl: workshop.mapUrl,
    });
  });

  it('a customer gets 403 and a guest 401; a country that is not one, or a map link that is not https, is a 400 that changes nothing', async () => {
    const before = await read();
    const good = { shippingCountries: ['RU'], pickup: workshop };
    expect((await save(good, buyer.token)).statusCode).toBe(403);
    expect((await save(good)).statusCode).toBe(401);
    for (const bad of [
      { ...good, shippingCountries: ['XX'] },
      { ...good, shippingCountries: ['Russia'] },
      { ...good, shippingCountries: 'RU' },
      { ...good, pickup: { ...workshop, mapUrl: 'javascript:alert(1)' } },
      { ...good, pickup: { ...workshop, mapUrl: 'http://maps.example.com/x' } },
      { ...good, pickup: { ...workshop, address: { ru: 'x'.repeat(301) } } },
      { shippingCountries: ['RU'] },
    ]) {
      const res = await save(bad, admin.token);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect(await read()).toEqual(before);
  });
});

describe('POST /api/orders: where the shop sends parcels', () => {
  it('to a country off the list: 400 on delivery.country, no order, no stock taken — the same by code and by name', async () => {
    await save({ shippingCountries: ['RU', 'KZ'], pickup: workshop }, admin.token);
    const id = await productWithStock(t, { stock: 3 });
    const before = await orderCount();
    for (const country of ['DE', 'Германия', 'Germany', 'Alemania']) {
      const res = await postOrder(t, buyer, orderBody([productLine(id, 1)], { delivery: door(country) }), {
        lang: 'en',
      });
      expect(res.statusCode, country).toBe(400);
      expect(fieldsOf(res)).toMatchObject({ fields: [{ field: 'delivery.country' }] });
      expect(ErrorBodySchema.parse(res.json()).message).toMatch(/do not send parcels to this country/);
    }
    const unknown = await postOrder(t, buyer, orderBody([productLine(id, 1)], { delivery: door('Атлантида') }));
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toMatchObject({ fields: [{ field: 'delivery.country' }] });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(id)).toBe(3);
  });

  it('abroad a parcel goes by post: courier delivery there is a 400 on delivery.method; by post it is placed, the country named in the order’s language', async () => {
    await save({ shippingCountries: ['RU', 'KZ'], pickup: workshop }, admin.token);
    const id = await productWithStock(t, { stock: 5 });
    const byCourier = await postOrder(t, buyer, orderBody([productLine(id, 1)], { delivery: door('KZ', 'standard') }));
    expect(byCourier.statusCode).toBe(400);
    expect(fieldsOf(byCourier)).toMatchObject({ fields: [{ field: 'delivery.method' }] });

    const byPost = await postOrder(t, buyer, orderBody([productLine(id, 1)], { delivery: door('Kazakhstan') }));
    expect(byPost.statusCode).toBe(201);
    const order = successEnvelope(OrderResultSchema).parse(byPost.json()).data.order;
    expect(order.delivery).toMatchObject({ method: 'post', country: 'Казахстан', city: 'Алматы' });

    const home = await postOrder(
      t,
      buyer,
      orderBody([productLine(id, 1)], { delivery: { ...door('Россия', 'express'), city: 'Москва' } }),
      { lang: 'es' },
    );
    expect(home.statusCode).toBe(201);
    expect(successEnvelope(OrderResultSchema).parse(home.json()).data.order.delivery.country).toBe('Rusia');
  });

  it('pickup at the workshop names no country and is open to anyone, wherever they live', async () => {
    await save({ shippingCountries: ['RU'], pickup: workshop }, admin.token);
    const id = await productWithStock(t, { stock: 2 });
    const res = await postOrder(t, buyer, orderBody([productLine(id, 1)], { delivery: { method: 'pickup' } }));
    expect(res.statusCode).toBe(201);
  });

  it('with every country struck off, no parcel goes anywhere: even Russia is a 400, never a 500', async () => {
    await save({ shippingCountries: [], pickup: workshop }, admin.token);
    const id = await productWithStock(t, { stock: 2 });
    const res = await postOrder(t, buyer, orderBody([productLine(id, 1)], { delivery: door('RU', 'standard') }));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toMatchObject({ fields: [{ field: 'delivery.country' }] });
  });
});
