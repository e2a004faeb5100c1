/**
 * CDEK delivery through the real app and the real CDEK driver, against the CDEK fake (it speaks
 * CDEK's documented API and prices parcels with a fixed formula): pickup points and prices at the
 * checkout, the price recomputed and kept on the order, registration of a paid order (once, however
 * often it is clicked), the label, and the parcel followed by webhook and by the poller — each step
 * acted on once.
 */

import { randomUUID } from 'node:crypto';
import {
  CdekEstimateSchema,
  CdekOrderPanelSchema,
  CdekQuoteSchema,
  ErrorBodySchema,
  OrderResultSchema,
  successEnvelope,
} from '@atelier/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdekShipments, mailOutbox, orderItems, orders } from '../../db/schema';
import {
  adminUser,
  orderBody,
  postOrder,
  productLine,
  productWithStock,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { type CdekFake, fakeTariffSum, startCdekFake } from '../../test/fakes/cdek-fake';
import { createTestContext, type TestContext } from '../../test/harness';
import { CDEK_LOOKUPS_PER_ACCOUNT } from './cdek.routes';

let fake: CdekFake;
let t: TestContext;
let admin: TestUser;
let buyer: TestUser;
/** 1 500 ₽, no weight of its own: the bouquet default (600 g, 45×30×20 cm). */
let bouquet: string;
/** 21 kg: too heavy for a parcel locker. */
let anvil: string;
let ebook: string;

const cdekEnv = (apiUrl: string, extra: Record<string, string> = {}) => ({
  CDEK_CLIENT_ID: fake.clientId,
  CDEK_CLIENT_SECRET: fake.clientSecret,
  CDEK_API_URL: apiUrl,
  CDEK_HTTP_TIMEOUT_MS: '2000',
  MAX_OPEN_UNPAID_ORDERS: '1000',
  ...extra,
});

beforeAll(async () => {
  fake = await startCdekFake();
  // Nothing listens on the discard port: a webhook the fake sends there is lost, as when the shop is down.
  t = await createTestContext({ env: cdekEnv(fake.apiUrl, { PUBLIC_URL: 'http://127.0.0.1:9' }) });
  admin = await adminUser(t);
  buyer = await verifiedUser(t, { email: 'cdek-buyer@example.test' });
  bouquet = await productWithStock(t, { stock: 1000 });
  anvil = await productWithStock(t, {
    name: { ru: 'Наковальня' },
    category: 'tools',
    priceRub: 100_000,
    weightGrams: 21_000,
    lengthCm: 30,
    widthCm: 20,
    heightCm: 15,
  });
  ebook = await productWithStock(t, { category: 'book', bookFormats: ['digital'], stock: null });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** CDEK's price of the bouquet parcel from Moscow to Kazan (zone 1), whole roubles rounded up. */
const bouquetToKazan = (tariffExtra: number, count = 1) =>
  Math.ceil(fakeTariffSum(tariffExtra, 1, [{ weight: 600 * count, length: 45, width: 30, height: 20 * count }]));

const get = (url: string, headers: Record<string, string> = buyer.headers) =>
  t.app.inject({ method: 'GET', url, headers });
const quote = (body: unknown, headers: Record<string, string> = buyer.headers) =>
  t.app.inject({ method: 'POST', url: '/api/cdek/quote', headers, payload: body as object });
const cdekDelivery = (pointCode: string) => ({ method: 'courier_pickup', cdekPointCode: pointCode });
const requestsTo = (part: string) => fake.requests.filter((r) => r.path.includes(part)).length;

async function mailsTo(email: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt));
}

describe('CDEK at the checkout', () => {
  it('says the checkout offers CDEK, and finds places by name (signed-in customers only)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/cdek/settings' })).json().data).toEqual({ enabled: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/cdek/cities?name=Каз' })).statusCode).toBe(401);
    const res = await get(`/api/cdek/cities?name=${encodeURIComponent('Казан')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { code: 424, city: 'Казань', region: 'Республика Татарстан' },
      { code: 1109, city: 'Казанская', region: 'Краснодарский край' },
    ]);
  });

  it.each([
    ['a one-letter city', '/api/cdek/cities?name=К'],
    ['no city', '/api/cdek/cities'],
    ['a city code that is not a number', '/api/cdek/points?cityCode=abc'],
    ['a negative city code', '/api/cdek/points?cityCode=-5'],
    ['a huge city code', '/api/cdek/points?cityCode=1e12'],
  ])('%s is a 400', async (_name, url) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(ErrorBodySchema.parse(res.json()).code).toBe('VALIDATION_ERROR');
  });

  it('lists a place’s pickup points and lockers with address and hours, and asks CDEK again only after a while', async () => {
    const before = requestsTo('/v2/deliverypoints');
    const res = await get('/api/cdek/points?cityCode=424');
    expect(res.statusCode, res.body).toBe(200);
    const points = res.json().data as { code: string; type: string; address: string; workTime: string; note: string }[];
    expect(points.map((p) => [p.code, p.type])).toEqual([
      ['KZN3', 'PVZ'],
      ['KZN27', 'PVZ'],
      ['KZN105', 'POSTAMAT'],
    ]);
    expect(points[0]).toMatchObject({
      address: 'Россия, Казань, ул. Баумана, 58',
      workTime: 'Пн-Пт 10:00-20:00, Сб 10:00-16:00',
      note: 'Вход со двора, второй подъезд',
    });
    await get('/api/cdek/points?cityCode=424');
    expect(requestsTo('/v2/deliverypoints')).toBe(before + 1);
  });

  it('prices the cart’s parcel with CDEK’s tariff for the kind of point', async () => {
    const res = await quote({ items: [productLine(bouquet)], pointCode: 'KZN3' });
    expect(res.statusCode, res.body).toBe(200);
    const data = successEnvelope(CdekQuoteSchema).parse(res.json()).data;
    // 600 g in 45×30×20 cm is 5.4 kg by volume: 6 started kilos, zone 1, tariff 136.
    expect(bouquetToKazan(0)).toBe(641);
    expect(data).toMatchObject({ deliveryCost: 641, carrierCost: 641, free: false, periodMin: 2, periodMax: 4 });
    expect(data.point.code).toBe('KZN3');

    const locker = successEnvelope(CdekQuoteSchema).parse(
      (await quote({ items: [productLine(bouquet)], pointCode: 'KZN105' })).json(),
    ).data;
    expect(locker.carrierCost).toBe(bouquetToKazan(-20));
    const tariffs = fake.requests.filter((r) => r.path === '/v2/calculator/tarifflist');
    expect(JSON.parse(tariffs.at(-1)!.body)).toMatchObject({
      from_location: { code: 44 },
      to_location: { code: 424 },
      packages: [{ weight: 600, length: 45, width: 30, height: 20 }],
    });
  });

  it('the free-delivery threshold still applies: CDEK’s price is shown, the customer pays nothing', async () => {
    const res = await quote({ items: [productLine(bouquet, 4)], pointCode: 'KZN3' });
    const data = successEnvelope(CdekQuoteSchema).parse(res.json()).data;
    expect(data).toMatchObject({ deliveryCost: 0, free: true, carrierCost: bouquetToKazan(0, 4) });
  });

  it('in euros: the price at the shop’s rate, free only from 50 € of goods (whatever their rouble price)', async () => {
    const euro = successEnvelope(CdekQuoteSchema).parse(
      (await quote({ items: [productLine(bouquet)], pointCode: 'KZN3', currency: 'EUR' })).json(),
    ).data;
    expect(euro).toMatchObject({ currency: 'EUR', deliveryCost: 641, deliveryCostInCurrency: 6.41, free: false });
    // 6 000 ₽ of goods would travel free in roubles; as 40 € they do not.
    const dear = await productWithStock(t, { priceRub: 600_000, priceEur: 4_000, stock: 10 });
    const belowEuroThreshold = successEnvelope(CdekQuoteSchema).parse(
      (await quote({ items: [productLine(dear)], pointCode: 'KZN3', currency: 'EUR' })).json(),
    ).data;
    expect(belowEuroThreshold).toMatchObject({
      free: false,
      deliveryCostInCurrency: 6.41,
      carrierCostInCurrency: 6.41,
    });
    const roubles = successEnvelope(CdekQuoteSchema).parse(
      (await quote({ items: [productLine(dear)], pointCode: 'KZN3' })).json(),
    ).data;
    expect(roubles).toMatchObject({ currency: 'RUB', free: true, deliveryCostInCurrency: 0 });
  });

  it.each([
    ['an unknown point → 400', 'bouquet', 'NOPE1', 400, 'CDEK_POINT_UNKNOWN'],
    ['a parcel too heavy for a locker → 400', 'anvil', 'KZN105', 400, 'CDEK_NOT_DELIVERABLE'],
    ['a point code with markup → 400', 'bouquet', '<b>x</b>', 400, 'VALIDATION_ERROR'],
    ['no lines → 400', 'none', 'KZN3', 400, 'VALIDATION_ERROR'],
    ['nothing that travels → 409', 'ebook', 'KZN3', 409, 'NO_PARCEL'],
  ] as const)('%s', async (_name, cart, pointCode, status, code) => {
    const items = {
      bouquet: [productLine(bouquet)],
      anvil: [productLine(anvil)],
      ebook: [productLine(ebook)],
      none: [],
    }[cart];
    const res = await quote({ items, pointCode });
    expect(res.statusCode, res.body).toBe(status);
    expect(ErrorBodySchema.parse(res.json()).code).toBe(code);
  });

  it('the admin gives a product its weight and box (all four or none); the price follows them', async () => {
    const fields = {
      name: { ru: 'Тяжёлый букет' },
      description: { ru: 'Шёлк' },
      price: { rub: 1500, eur: null, usd: null },
      category: 'collection',
      availability: 'in_stock',
      stock: 10,
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/shop', headers: admin.headers, payload: fields });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    expect(created.json().data.parcel).toBeNull();
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: `/api/shop/${id}`, headers: admin.headers, payload: { ...fields, ...body } });
    for (const parcel of [{ weightGrams: 0, lengthCm: 10, widthCm: 10, heightCm: 10 }, { weightGrams: 900 }]) {
      const bad = await put({ parcel });
      expect(bad.statusCode, bad.body).toBe(400);
    }
    const own = { weightGrams: 2500, lengthCm: 50, widthCm: 40, heightCm: 30 };
    const saved = await put({ parcel: own });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.parcel).toEqual(own);
    // An edit that leaves the parcel out keeps it.
    expect((await put({ stock: 9 })).json().data.parcel).toEqual(own);
    const res = await quote({ items: [productLine(id)], pointCode: 'KZN3' });
    // 50×40×30 cm is 12 kg by volume.
    expect(res.json().data.carrierCost).toBe(
      Math.ceil(fakeTariffSum(0, 1, [{ weight: 2500, length: 50, width: 40, height: 30 }])),
    );
    expect((await put({ parcel: null })).json().data.parcel).toBeNull();
  });

  describe('the cart’s estimate to a place, before a point is chosen', () => {
    const estimate = (body: unknown, headers: Record<string, string> = buyer.headers) =>
      t.app.inject({ method: 'POST', url: '/api/cdek/estimate', payload: body as object, headers });

    it('CDEK’s price to a staffed point there and its days; lines that do not travel are ignored', async () => {
      const res = await estimate({
        items: [productLine(bouquet), productLine(ebook), { type: 'lesson', id: randomUUID(), quantity: 1 }],
        cityCode: 424,
      });
      expect(res.statusCode, res.body).toBe(200);
      // The same figure the checkout's quote gives for Kazan's staffed point KZN3.
      expect(successEnvelope(CdekEstimateSchema).parse(res.json()).data).toEqual({
        carrierCost: bouquetToKazan(0),
        periodMin: 2,
        periodMax: 4,
      });
      const tariffs = fake.requests.filter((r) => r.path === '/v2/calculator/tarifflist');
      expect(JSON.parse(tariffs.at(-1)!.body)).toMatchObject({ to_location: { code: 424 } });
      const farther = successEnvelope(CdekEstimateSchema).parse(
        (await estimate({ items: [productLine(bouquet, 2)], cityCode: 270 })).json(),
      ).data;
      expect(farther.carrierCost).toBe(
        Math.ceil(fakeTariffSum(0, 3, [{ weight: 1200, length: 45, width: 30, height: 40 }])),
      );
    });

    it.each([
      ['nothing that travels → 409', () => [productLine(ebook)], 424, 409, 'NO_PARCEL'],
      ['no lines → 400', () => [], 424, 400, 'VALIDATION_ERROR'],
      ['a city code that is not a number → 400', () => [productLine(bouquet)], 'Казань', 400, 'VALIDATION_ERROR'],
      ['a place CDEK does not serve → 400', () => [productLine(bouquet)], 99_999, 400, 'CDEK_NOT_DELIVERABLE'],
    ] as const)('%s', async (_name, items, cityCode, status, code) => {
      const res = await estimate({ items: items(), cityCode });
      expect(res.statusCode, res.body).toBe(status);
      expect(ErrorBodySchema.parse(res.json()).code).toBe(code);
    });

    it('a guest gets 401; one account asking without end is stopped with 429, another is not', async () => {
      const body = { items: [productLine(bouquet)], cityCode: 424 };
      expect((await estimate(body, {})).statusCode).toBe(401);
      const scripted = await verifiedUser(t);
      for (let i = 0; i < CDEK_LOOKUPS_PER_ACCOUNT.max; i += 1) {
        const res = await (i % 2 === 0
          ? estimate(body, scripted.headers)
          : t.app.inject({ method: 'GET', url: '/api/cdek/cities?name=Kaz', headers: scripted.headers }));
        expect(res.statusCode, res.body).toBe(200);
      }
      const stopped = await estimate(body, scripted.headers);
      expect(stopped.statusCode).toBe(429);
      expect(ErrorBodySchema.parse(stopped.json()).code).toBe('RATE_LIMITED');
      expect((await estimate(body)).statusCode).toBe(200);
    });
  });

  it('a guest gets 401 for a quote', async () => {
    expect((await quote({ items: [productLine(bouquet)], pointCode: 'KZN3' }, {})).statusCode).toBe(401);
  });

  it('the order prices CDEK delivery itself and keeps the point; a client-sent price is ignored', async () => {
    const res = await postOrder(
      t,
      buyer,
      orderBody([productLine(bouquet)], {
        delivery: { ...cdekDelivery('KZN3'), pickupPoint: 'подставной адрес' },
        deliveryCost: 0,
        total: 1,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { order } = successEnvelope(OrderResultSchema).parse(res.json()).data;
    expect([order.deliveryCost, order.total]).toEqual([641, 1500 + 641]);
    expect(order.delivery).toMatchObject({
      method: 'courier_pickup',
      city: 'Казань',
      pickupPoint: 'СДЭК KZN3: Россия, Казань, ул. Баумана, 58',
      cdek: {
        pointCode: 'KZN3',
        pointType: 'PVZ',
        cityCode: 424,
        tariffCode: 136,
        carrierCost: 641,
        parcel: { weightGrams: 600, lengthCm: 45, widthCm: 30, heightCm: 20 },
      },
    });
  });

  it('with CDEK set up, a CDEK point is chosen from the list: a typed address alone is a 400', async () => {
    const res = await postOrder(t, buyer, orderBody([productLine(bouquet)]));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('Выберите пункт выдачи СДЭК из списка');
  });

  it('CDEK down: 502, and no order is written', async () => {
    const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
    const before = await count();
    fake.failNext(
      { status: 500, body: { errors: [{ code: 'internal', message: 'down' }] } },
      { pathPart: '/calculator' },
    );
    // Three bouquets: a parcel not priced yet (a cached price would not ask CDEK).
    const res = await postOrder(t, buyer, orderBody([productLine(bouquet, 3)], { delivery: cdekDelivery('KZN27') }));
    expect(res.statusCode, res.body).toBe(502);
    expect(ErrorBodySchema.parse(res.json()).code).toBe('CDEK_UNAVAILABLE');
    expect(await count()).toBe(before);
  });
});

/** A cash order of one bouquet to the point, marked paid by the admin: confirmed and paid. */
async function paidOrder(pointCode = 'KZN3', user: TestUser = buyer, quantity = 1) {
  const res = await postOrder(
    t,
    user,
    orderBody([productLine(bouquet, quantity)], { delivery: cdekDelivery(pointCode), paymentMethod: 'cash' }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const { order } = res.json().data as { order: { id: string; number: number } };
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${order.id}/mark-paid`,
    headers: admin.headers,
    payload: { reference: `cash ${order.number}` },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return order;
}

const register = (orderId: string, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/cdek`, headers });
const panelOf = async (orderId: string) => {
  const res = await get(`/api/admin/orders/${orderId}/cdek`, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(CdekOrderPanelSchema).parse(res.json()).data;
};
const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const webhook = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/cdek/webhook', payload: body as object });
/** As if the poll interval had passed for the order's shipment. */
const makeDue = (orderId: string) =>
  t.database.db
    .update(cdekShipments)
    .set({ nextPollAt: new Date(Date.now() - 1000) })
    .where(eq(cdekShipments.orderId, orderId));

describe('registering a paid order with CDEK', () => {
  it('is for admins only: 401 for a guest, 403 for a customer', async () => {
    const order = await paidOrder();
    expect((await register(order.id, {})).statusCode).toBe(401);
    expect((await register(order.id, buyer.headers)).statusCode).toBe(403);
    expect((await get(`/api/admin/orders/${order.id}/cdek`)).statusCode).toBe(403);
    expect((await get(`/api/admin/orders/${order.id}/cdek/label`)).statusCode).toBe(403);
  });

  it('refuses an unpaid order, one without CDEK delivery, and an unknown one; nothing reaches CDEK', async () => {
    const before = requestsTo('/v2/orders');
    const unpaid = await postOrder(t, buyer, orderBody([productLine(bouquet)], { delivery: cdekDelivery('KZN3') }));
    const flat = await paidOrderWith({ method: 'pickup' });
    for (const id of [unpaid.json().data.order.id, flat]) {
      const res = await register(id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('CDEK_NOT_REGISTRABLE');
    }
    expect((await register('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await register('not-a-uuid')).statusCode).toBe(400);
    expect(requestsTo('/v2/orders')).toBe(before);
    expect((await panelOf(unpaid.json().data.order.id)).canRegister).toBe(false);
  });

  it('registers once: CDEK gets the parcel, the order is processing with CDEK’s tracking number; a second click changes nothing', async () => {
    const order = await paidOrder();
    expect((await panelOf(order.id)).canRegister).toBe(true);
    const first = await register(order.id);
    expect(first.statusCode, first.body).toBe(200);
    const panel = successEnvelope(CdekOrderPanelSchema).parse(first.json()).data;
    expect(panel).toMatchObject({
      canRegister: false,
      shipment: { state: 'registered', stage: 'created', labelAvailable: true },
    });
    const uuid = panel.shipment!.cdekUuid!;
    const sent = fake.orders.get(uuid)!;
    expect(sent.body).toMatchObject({
      type: 1,
      number: `${order.number}-${order.id.slice(0, 8)}`,
      tariff_code: 136,
      shipment_point: 'MSK71',
      delivery_point: 'KZN3',
      recipient: { name: 'Анна Иванова', phones: [{ number: '+79123456789' }] },
      packages: [
        { weight: 600, length: 45, width: 30, height: 20, items: [{ amount: 1, cost: 1500, payment: { value: 0 } }] },
      ],
    });
    const row = await orderRow(order.id);
    expect([row.status, row.trackingCarrier, row.trackingNumber]).toEqual(['processing', 'cdek', sent.cdekNumber]);

    const again = await register(order.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.shipment.cdekUuid).toBe(uuid);
    expect([...fake.orders.values()].filter((o) => o.number === sent.number)).toHaveLength(1);
  });

  it('units refunded by line stay out of the parcel', async () => {
    const order = await paidOrder('KZN3', buyer, 2);
    // As a refund of one of the two bouquets leaves the line (payments.line-refunds.ts).
    await t.database.db
      .update(orderItems)
      .set({ refundedQuantity: 1, refundedMinor: 150_000 })
      .where(eq(orderItems.orderId, order.id));
    const res = await register(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const sent = fake.orders.get(successEnvelope(CdekOrderPanelSchema).parse(res.json()).data.shipment!.cdekUuid!)!;
    expect((sent.body as { packages: { items: { amount: number }[] }[] }).packages[0]!.items).toEqual([
      expect.objectContaining({ amount: 1, cost: 1500 }),
    ]);
  });

  it('two clicks at once make one CDEK order', async () => {
    const order = await paidOrder();
    const [a, b] = await Promise.all([register(order.id), register(order.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual(expect.arrayContaining([200]));
    for (const res of [a, b]) expect([200, 409]).toContain(res.statusCode);
    const number = `${order.number}-${order.id.slice(0, 8)}`;
    expect([...fake.orders.values()].filter((o) => o.number === number)).toHaveLength(1);
    expect((await panelOf(order.id)).shipment?.state).toBe('registered');
  });

  it('a refusal by CDEK is kept with CDEK’s reason and may be tried again; a try after it makes one order', async () => {
    const order = await paidOrder();
    fake.failNext(
      {
        status: 400,
        body: { requests: [{ state: 'INVALID', errors: [{ code: 'v2_internal', message: 'try later' }] }] },
      },
      { pathPart: '/v2/orders' },
    );
    const failed = await register(order.id);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json().message).toBe('СДЭК не принял заказ: причина указана на странице заказа');
    expect(failed.json().data).toMatchObject({
      canRegister: true,
      shipment: { state: 'failed', error: 'v2_internal: try later' },
    });
    expect((await orderRow(order.id)).status).toBe('confirmed');
    const retried = await register(order.id);
    expect(retried.json().data.shipment.state).toBe('registered');
  });

  it('an order CDEK makes later gets its number from the poller; one CDEK refuses later can be registered again', async () => {
    fake.setDeferredAcceptance(true);
    const later = await paidOrder();
    const refused = await paidOrder();
    try {
      const a = (await register(later.id)).json().data;
      const b = (await register(refused.id)).json().data;
      expect(a.shipment).toMatchObject({ state: 'registered', cdekNumber: null, labelAvailable: false });
      expect((await get(`/api/admin/orders/${later.id}/cdek/label`, admin.headers)).statusCode).toBe(409);
      fake.accept(a.shipment.cdekUuid);
      fake.accept(b.shipment.cdekUuid, 'INVALID');
    } finally {
      fake.setDeferredAcceptance(false);
    }
    await makeDue(later.id);
    await makeDue(refused.id);
    await t.app.services.cdekShipments.pollDue();
    const accepted = await panelOf(later.id);
    expect(accepted.shipment?.cdekNumber).toMatch(/^\d{10}$/);
    expect((await orderRow(later.id)).trackingNumber).toBe(accepted.shipment?.cdekNumber);
    const invalid = await panelOf(refused.id);
    expect(invalid).toMatchObject({
      canRegister: true,
      shipment: { state: 'failed', error: 'v2_recipient_phone_invalid: Recipient phone is invalid' },
    });
    const again = await register(refused.id);
    expect(again.json().data.shipment.state).toBe('registered');
  });

  it('prints the label CDEK makes (PDF); 409 before registration', async () => {
    const order = await paidOrder();
    expect((await get(`/api/admin/orders/${order.id}/cdek/label`, admin.headers)).statusCode).toBe(409);
    await register(order.id);
    const res = await get(`/api/admin/orders/${order.id}/cdek/label`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cdek-\d{10}\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

/** A paid cash order with a flat delivery method. */
async function paidOrderWith(delivery: Record<string, unknown>): Promise<string> {
  const res = await postOrder(t, buyer, orderBody([productLine(bouquet)], { delivery, paymentMethod: 'cash' }));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.order.id as string;
  await t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/mark-paid`,
    headers: admin.headers,
    payload: { reference: 'cash' },
  });
  return id;
}

describe('following the parcel', () => {
  it('a webhook is only a hint: malformed is a 400, an unknown order is ignored, a forged status is not believed', async () => {
    expect((await webhook({ uuid: 'x' })).statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/cdek/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"type": "ORDER_STATUS", ',
    });
    expect(broken.statusCode).toBe(400);
    const unknown = await webhook({ type: 'ORDER_STATUS', uuid: '72753031-4f64-4f21-a06a-f082443c9a54' });
    expect(unknown.json().data).toEqual({ outcome: 'ignored' });

    const order = await paidOrder();
    const uuid = (await register(order.id)).json().data.shipment.cdekUuid as string;
    const forged = await webhook({
      type: 'ORDER_STATUS',
      uuid,
      attributes: { status_code: 'DELIVERED', cdek_number: '1', number: 'x' },
    });
    expect(forged.json().data).toEqual({ outcome: 'applied' });
    expect((await orderRow(order.id)).status).toBe('processing');
    expect((await panelOf(order.id)).shipment?.stage).toBe('created');
  });

  it('moves the order along with the parcel and mails the customer once per change', async () => {
    const customer = await verifiedUser(t, { email: 'follow@example.test' });
    const order = await paidOrder('KZN3', customer);
    const uuid = (await register(order.id)).json().data.shipment.cdekUuid as string;
    const cdekNumber = fake.orders.get(uuid)!.cdekNumber;
    const mailed = async () => (await mailsTo(customer.email)).map((m) => m.subject);
    const before = (await mailed()).length;

    // Handed to CDEK: the order ships, the mail carries the CDEK tracking link.
    await fake.setStatus(uuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE');
    expect((await webhook(fake.webhookBody(uuid))).json().data.outcome).toBe('applied');
    expect((await orderRow(order.id)).status).toBe('shipped');
    const [shipped] = await mailsTo(customer.email);
    expect(shipped?.subject).toBe(`Заказ №${order.number}: отправлен`);
    expect(shipped?.text).toContain(`https://www.cdek.ru/ru/tracking?order_id=${cdekNumber}`);

    // At the pickup point: "collect it", with the address and hours.
    await fake.setStatus(uuid, 'ACCEPTED_AT_PICK_UP_POINT');
    await makeDue(order.id);
    await t.app.services.cdekShipments.pollDue();
    const [ready] = await mailsTo(customer.email);
    expect(ready?.subject).toBe(`Заказ №${order.number} ждёт вас в пункте выдачи СДЭК`);
    expect(ready?.text).toContain('Россия, Казань, ул. Баумана, 58');
    expect(ready?.text).toContain('Пн-Пт 10:00-20:00');

    // Asked again with nothing new (a repeated webhook, the next poll): nothing is mailed again.
    await makeDue(order.id);
    await t.app.services.cdekShipments.pollDue();
    expect((await mailed()).length).toBe(before + 2);

    await fake.setStatus(uuid, 'DELIVERED');
    await makeDue(order.id);
    await t.app.services.cdekShipments.pollDue();
    expect((await orderRow(order.id)).status).toBe('delivered');
    const subjects = await mailed();
    expect(subjects.length).toBe(before + 3);
    expect(subjects[0]).toBe(`Заказ №${order.number}: доставлен`);
    const panel = await panelOf(order.id);
    expect(panel.shipment?.stage).toBe('delivered');
    expect(panel.shipment?.statuses.map((s) => s.code)).toEqual([
      'DELIVERED',
      'ACCEPTED_AT_PICK_UP_POINT',
      'RECEIVED_AT_SHIPMENT_WAREHOUSE',
      'CREATED',
      'ACCEPTED',
    ]);
  });

  it('the poller catches what no webhook told, each shipment asked once even by two instances at once', async () => {
    const order = await paidOrder();
    const uuid = (await register(order.id)).json().data.shipment.cdekUuid as string;
    // The webhook goes to a shop that is down (PUBLIC_URL points nowhere): CDEK never sends it again.
    await fake.setStatus(uuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE');
    expect((await orderRow(order.id)).status).toBe('processing');
    await t.database.db
      .update(cdekShipments)
      .set({ nextPollAt: new Date(Date.now() + 3_600_000) })
      .where(sql`${cdekShipments.orderId} <> ${order.id}`);
    await makeDue(order.id);
    const asked = () => fake.requests.filter((r) => r.method === 'GET' && r.path === `/v2/orders/${uuid}`).length;
    const before = asked();
    const passes = await Promise.all([t.app.services.cdekShipments.pollDue(), t.app.services.cdekShipments.pollDue()]);
    expect(passes.reduce((sum, p) => sum + p.checked, 0)).toBe(1);
    expect(asked()).toBe(before + 1);
    expect((await orderRow(order.id)).status).toBe('shipped');
    // Delivered parcels are not asked about again.
    await fake.setStatus(uuid, 'DELIVERED');
    await makeDue(order.id);
    await t.app.services.cdekShipments.pollDue();
    await makeDue(order.id);
    expect((await t.app.services.cdekShipments.pollDue()).checked).toBe(0);
    const [row] = await t.database.db
      .select()
      .from(cdekShipments)
      .where(and(eq(cdekShipments.orderId, order.id), eq(cdekShipments.stage, 'delivered')));
    expect(row).toBeDefined();
  });
});

describe('CDEK webhooks reach a running shop', () => {
  let live: TestContext;
  let liveFake: CdekFake;

  beforeAll(async () => {
    liveFake = await startCdekFake();
    const port = await freePort();
    live = await createTestContext({
      env: {
        ...cdekEnv(liveFake.apiUrl),
        CDEK_CLIENT_ID: liveFake.clientId,
        CDEK_CLIENT_SECRET: liveFake.clientSecret,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    });
    await live.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await live?.close();
    await liveFake?.close();
  });

  it('registration subscribes the shop’s webhook URL; CDEK’s ORDER_STATUS then moves the order', async () => {
    const owner = await adminUser(live);
    const customer = await verifiedUser(live);
    const product = await productWithStock(live);
    const placed = await postOrder(
      live,
      customer,
      orderBody([productLine(product)], { delivery: cdekDelivery('MSK540'), paymentMethod: 'cash' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().data.order.id as string;
    await live.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/mark-paid`,
      headers: owner.headers,
      payload: { reference: 'cash' },
    });
    const res = await live.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/cdek`, headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(liveFake.subscriptions.get('ORDER_STATUS')).toBe(`${live.config.publicUrl}/api/cdek/webhook`);
    const uuid = res.json().data.shipment.cdekUuid as string;
    expect(liveFake.orders.get(uuid)?.tariffCode).toBe(368);

    const delivery = await liveFake.setStatus(uuid, 'POSTOMAT_POSTED');
    expect(delivery?.status).toBe(200);
    const [row] = await live.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.status).toBe('shipped');
    // One transaction: the order ships ("shipped" mail) and the parcel waits in the locker.
    const mails = await live.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, customer.email));
    const subjects = mails.map((m) => m.subject);
    expect(subjects).toContain(`Заказ №${placed.json().data.order.number}: отправлен`);
    const ready = mails.find((m) => m.subject.includes('ждёт вас в пункте выдачи СДЭК'));
    expect(ready?.text).toContain('постамате СДЭК по адресу: Россия, Москва, Ленинградский проспект, 75');
  });
});

describe('without CDEK settings', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext();
  });
  afterAll(() => plain?.close());

  it('the flat prices stay: a typed pickup point at 300 ₽, and the CDEK endpoints say CDEK is not set up', async () => {
    const user = await verifiedUser(plain);
    const product = await productWithStock(plain);
    expect((await plain.app.inject({ method: 'GET', url: '/api/cdek/settings' })).json().data).toEqual({
      enabled: false,
    });
    const res = await postOrder(
      plain,
      user,
      orderBody([productLine(product)], { delivery: { ...cdekDelivery('KZN3'), pickupPoint: 'ул. Ленина, 1' } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json().data;
    expect([order.deliveryCost, order.delivery.pickupPoint, order.delivery.cdek]).toEqual([
      300,
      'ул. Ленина, 1',
      undefined,
    ]);
    const points = await plain.app.inject({
      method: 'GET',
      url: '/api/cdek/points?cityCode=424',
      headers: user.headers,
    });
    expect(points.statusCode).toBe(409);
    expect(points.json().code).toBe('CDEK_NOT_CONFIGURED');
    const estimate = await plain.app.inject({
      method: 'POST',
      url: '/api/cdek/estimate',
      headers: user.headers,
      payload: { items: [productLine(product)], cityCode: 424 },
    });
    expect(estimate.statusCode).toBe(409);
    expect(estimate.json().code).toBe('CDEK_NOT_CONFIGURED');
  });
});

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
