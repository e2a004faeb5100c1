/**
 * The quote is the order: for random carts (goods in several editions, lessons, courses with and
 * without a credit for lessons already bought), currencies, destinations, ways to pay and gift
 * certificates, `POST /api/orders/quote` answers exactly what `POST /api/orders` then places — every
 * total to the kopeck or cent — and the payment started for it asks for exactly `amountDue`. Where
 * the quote refuses, placing the order refuses with the same code; where it says a method or a way
 * to pay is not offered to that destination, placing the order refuses too.
 */
import { checkoutConsents, formatMoney, type OrderQuote, type PaymentMethod } from '@atelier/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, giftCertificates, lessons, payments, purchases } from '../../db/schema';
import { bearer } from '../../test/accounts';
import {
  adminUser,
  CHECKOUT_CUSTOMER,
  consentsV1,
  postOrder,
  productWithStock,
  type TestUser,
  verifiedUser,
} from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let buyer: TestUser;
let admin: TestUser;

/** What the carts are made of. */
const catalogue: { type: 'product' | 'lesson' | 'course'; id: string; bookFormat?: 'physical' | 'digital' }[] = [];
const giftCodes: { code: string; currency: string }[] = [];
let creditPurchase = '';

let lessonNumber = 500;
async function lesson(values: Partial<typeof lessons.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(lessons)
    .values({
      number: lessonNumber++,
      title: { ru: 'Урок' },
      description: { ru: 'Пион' },
      level: 'basic',
      priceRub: 90_000,
      priceEur: 1_000,
      priceUsd: 1_100,
      ...values,
    })
    .returning({ id: lessons.id });
  return row!.id;
}

beforeAll(async () => {
  // Hundreds of orders and payments from one account and address, gift codes named in most.
  const many = '100000';
  t = await createTestContext({
    env: {
      MAX_OPEN_UNPAID_ORDERS: many,
      RATE_LIMIT_PAYMENT_PER_ACCOUNT: many,
      RATE_LIMIT_PAYMENT_PER_IP: many,
      RATE_LIMIT_VERIFY_PER_ACCOUNT: many,
      RATE_LIMIT_AUTH_PER_IP: many,
    },
  });
  buyer = await verifiedUser(t, { email: 'quote@example.com' });
  admin = await adminUser(t);
  const goods = [
    // Sold in every currency, uncounted and counted; roubles only; a book in two editions; made to order.
    await productWithStock(t, { stock: null }),
    await productWithStock(t, { priceRub: 420_000, priceEur: 4_500, priceUsd: 4_800, stock: 100_000 }),
    await productWithStock(t, { priceRub: 35_050, priceEur: null, priceUsd: null, stock: null, category: 'tools' }),
    await productWithStock(t, { priceRub: 190_000, priceEur: 2_000, priceUsd: 2_150, availability: 'on_order' }),
  ];
  for (const id of goods) catalogue.push({ type: 'product', id });
  const book = await productWithStock(t, {
    category: 'book',
    bookFormats: ['physical', 'digital'],
    priceRub: 120_000,
    priceEur: 1_300,
    priceUsd: 1_400,
    stock: null,
  });
  catalogue.push({ type: 'product', id: book, bookFormat: 'physical' });
  catalogue.push({ type: 'product', id: book, bookFormat: 'digital' });
  // A course whose first lesson the buyer owns (credited), its second lesson, a course without credit, a lesson alone.
  const owned = await lesson();
  const second = await lesson({ priceRub: 110_000, priceEur: 1_200, priceUsd: 1_290 });
  const [credited] = await t.database.db
    .insert(courses)
    .values({
      title: { ru: 'Курс' },
      description: { ru: 'О нём' },
      level: 'basic',
      priceRub: 250_000,
      priceEur: 2_600,
      priceUsd: 2_900,
    })
    .returning({ id: courses.id });
  await t.database.db.update(lessons).set({ courseId: credited!.id, positionInCourse: 0 }).where(eq(lessons.id, owned));
  await t.database.db
    .update(lessons)
    .set({ courseId: credited!.id, positionInCourse: 1 })
    .where(eq(lessons.id, second));
  const [credit] = await t.database.db
    .insert(purchases)
    .values({ userId: buyer.id, lessonId: owned, pricePaidRub: 40_000 })
    .returning({ id: purchases.id });
  creditPurchase = credit!.id;
  const [plain] = await t.database.db
    .insert(courses)
    .values({
      title: { ru: 'Курс 2' },
      description: { ru: 'О нём' },
      level: 'basic',
      priceRub: 199_900,
      priceEur: 2_100,
      priceUsd: 2_300,
    })
    .returning({ id: courses.id });
  catalogue.push({ type: 'course', id: credited!.id }, { type: 'course', id: plain!.id });
  catalogue.push({ type: 'lesson', id: second }, { type: 'lesson', id: await lesson({ priceRub: 65_000 }) });
  // Gift certificates that pay part or all of an order, in each currency.
  for (const [amount, currency] of [
    [3000, 'RUB'],
    [100_000, 'RUB'],
    [25, 'EUR'],
    [40, 'USD'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/gift-certificates',
      headers: bearer(admin.token),
      payload: { amount, currency, sendMail: false, language: 'ru', note: 'quote test' },
    });
    expect(res.statusCode).toBe(201);
    giftCodes.push({ code: res.json().data.code, currency });
  }
});
afterAll(() => t.close());

const ADDRESS = { city: 'Город', address: 'ул. Садовая, 1', postalCode: '123456' };

const bodies = fc.record({
  lines: fc.uniqueArray(fc.record({ entry: fc.nat({ max: 100 }), quantity: fc.integer({ min: 1, max: 3 }) }), {
    minLength: 1,
    maxLength: 5,
    selector: (line) => line.entry % 11,
  }),
  currency: fc.constantFrom('RUB', 'EUR', 'USD'),
  country: fc.constantFrom('RU', 'RU', 'RU', 'DE', 'KZ', 'US'),
  method: fc.constantFrom('standard', 'express', 'pickup', 'post'),
  // Online is the currency's own way (card for roubles, PayPal otherwise): the form offers no other.
  payment: fc.constantFrom('online', 'cash', 'bank_transfer'),
  // A certificate in the order's currency, mostly; now and then one in another.
  gift: fc.option(fc.record({ pick: fc.nat({ max: 3 }), sameCurrency: fc.constantFrom(true, true, true, false) }), {
    freq: 3,
  }),
});

function bodyOf(sample: typeof bodies extends fc.Arbitrary<infer T> ? T : never) {
  const paymentMethod: PaymentMethod =
    sample.payment === 'online' ? (sample.currency === 'RUB' ? 'card' : 'paypal') : sample.payment;
  const items = sample.lines.map(({ entry, quantity }) => {
    const item = catalogue[entry % catalogue.length]!;
    return {
      type: item.type,
      id: item.id,
      quantity: item.type === 'product' ? quantity : 1,
      ...(item.bookFormat ? { bookFormat: item.bookFormat } : {}),
    };
  });
  return {
    items,
    customer: CHECKOUT_CUSTOMER,
    delivery: { method: sample.method, country: sample.country, ...ADDRESS },
    paymentMethod,
    currency: sample.currency,
    acceptTerms: true,
    consents: consentsV1(checkoutConsents(paymentMethod)),
    ...(sample.gift === null ? {} : { giftCertificateCode: giftCodeFor(sample.gift, sample.currency) }),
  };
}

function giftCodeFor(gift: { pick: number; sameCurrency: boolean }, currency: string): string {
  const fitting = giftCodes.filter((g) => (g.currency === currency) === gift.sameCurrency);
  return (fitting[gift.pick % fitting.length] ?? giftCodes[0]!).code;
}

/**
 * Back to the start between cases: what an order's certificate paid is on it again, and what an
 * order paid in full granted is taken back (but the lesson that credits the course).
 */
async function reset() {
  await t.database.db.update(giftCertificates).set({ balanceMinor: sql`${giftCertificates.amountMinor}` });
  await t.database.db.delete(purchases).where(and(eq(purchases.userId, buyer.id), ne(purchases.id, creditPurchase)));
}

const quote = (body: object, user: TestUser | null) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders/quote',
    ...(user ? { headers: bearer(user.token) } : {}),
    payload: body,
  });

/**
 * What the payment started for the order asks for: an online payment's amount (minor units), or
 * the cash or transfer instructions, which name the sum.
 */
async function startPayment(orderId: string, paymentMethod: PaymentMethod) {
  const res =
    paymentMethod === 'paypal'
      ? await t.app.inject({
          method: 'POST',
          url: '/api/payments/paypal-request',
          headers: bearer(buyer.token),
          payload: { orderId, email: 'quote@example.com' },
        })
      : await t.app.inject({
          method: 'POST',
          url: '/api/payments',
          headers: bearer(buyer.token),
          payload: { orderId },
        });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const [row] = await t.database.db
    .select({ amountMinor: payments.amountMinor })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return {
    amountMinor: row?.amountMinor ?? null,
    instructions: (res.json().data.instructions ?? null) as string | null,
  };
}

const minor = (major: number) => Math.round(major * 100);

describe('POST /api/orders/quote is what the order placed right after costs', () => {
  it('a guest is quoted without any credit; signed in, the course is credited with the lesson she owns', async () => {
    const course = catalogue.find((item) => item.type === 'course')!;
    const body = { items: [{ type: 'course', id: course.id, quantity: 1 }], currency: 'RUB' };
    const guest = await quote(body, null);
    const signedIn = await quote(body, buyer);
    expect(guest.statusCode).toBe(200);
    expect(guest.json().data).toMatchObject({ subtotal: 2500, discount: 0, total: 2500, delivery: null });
    expect(signedIn.json().data).toMatchObject({ subtotal: 2500, discount: 400, total: 2100 });
  });

  it('a course credited and scissors: delivery is charged on the goods alone, and the order asks the same', async () => {
    const course = catalogue.find((item) => item.type === 'course')!;
    const scissors = catalogue[2]!;
    const body = {
      items: [
        { type: 'course', id: course.id, quantity: 1 },
        { type: 'product', id: scissors.id, quantity: 1 },
      ],
      customer: CHECKOUT_CUSTOMER,
      delivery: { method: 'standard', country: 'RU', ...ADDRESS },
      paymentMethod: 'card',
      currency: 'RUB',
      acceptTerms: true,
      consents: consentsV1(checkoutConsents('card')),
    };
    const q = (await quote(body, buyer)).json().data as OrderQuote;
    expect(q).toMatchObject({ subtotal: 2500 + 350.5, discount: 400, deliveryCost: 300, total: 2100 + 350.5 + 300 });
    const o = (await postOrder(t, buyer, body)).json().data.order;
    expect(o.totalInCurrency).toBe(q.total);
  });

  it('abroad: post only, no cash on receipt, and Russian Post’s days abroad', async () => {
    const res = await quote(
      {
        items: [{ type: 'product', id: catalogue[0]!.id, quantity: 1 }],
        currency: 'EUR',
        delivery: { method: 'pickup', country: 'DE' },
      },
      buyer,
    );
    expect(res.statusCode).toBe(200);
    const q = res.json().data as OrderQuote;
    expect(q.delivery).toMatchObject({ country: 'DE', shipped: true, method: null, expected: null });
    expect(q.delivery!.options.map((option) => [option.method, option.minDays, option.maxDays])).toEqual([
      ['post', 10, 30],
    ]);
    expect(q.paymentMethods).toEqual(['paypal', 'bank_transfer']);
    const home = (
      await quote(
        {
          items: [{ type: 'product', id: catalogue[0]!.id, quantity: 1 }],
          currency: 'RUB',
          delivery: { method: 'pickup', country: 'RU' },
        },
        buyer,
      )
    ).json().data as OrderQuote;
    expect(home.paymentMethods).toEqual(['card', 'cash', 'bank_transfer']);
    expect(home.delivery!.options.map((option) => option.method)).toContain('pickup');
  });

  it('bad input is a 400 that names it; an unknown line or code is refused as the order would be', async () => {
    expect((await quote({ items: [], currency: 'RUB' }, null)).statusCode).toBe(400);
    expect(
      (await quote({ items: [{ type: 'product', id: 'x', quantity: 1 }], currency: 'RUB' }, null)).statusCode,
    ).toBe(400);
    const unknown = await quote(
      { items: [{ type: 'product', id: '00000000-0000-4000-8000-000000000000', quantity: 1 }], currency: 'RUB' },
      null,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('ITEM_UNAVAILABLE');
    const badCode = await quote(
      {
        items: [{ type: 'product', id: catalogue[0]!.id, quantity: 1 }],
        currency: 'RUB',
        giftCertificateCode: 'NOPE-NOPE-NOPE',
      },
      buyer,
    );
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().code).toBe('GIFT_CODE_INVALID');
  });

  // Last: its orders grant what gift certificates pay for in full, which the cases above must not meet.
  it('for random carts, currencies, destinations, ways to pay and gift certificates', async () => {
    const runs = process.env.ATELIER_TEST_DB === 'postgres' ? 40 : 200;
    let placed = 0;
    let refusedAlike = 0;
    await fc.assert(
      fc.asyncProperty(bodies, async (sample) => {
        await reset();
        const body = bodyOf(sample);
        const quoted = await quote(body, buyer);
        const order = await postOrder(t, buyer, body);
        if (quoted.statusCode !== 200) {
          // Refused by both. The gift certificate is checked last when placing, so an order that
          // also has a wrong address may be refused for that first; any other refusal is the same.
          expect(order.statusCode, order.body).toBeGreaterThanOrEqual(400);
          expect(order.statusCode, order.body).toBeLessThan(500);
          if (!String(quoted.json().code).startsWith('GIFT_')) {
            expect(order.json().code).toBe(quoted.json().code);
            expect(order.statusCode).toBe(quoted.statusCode);
          }
          refusedAlike++;
          return;
        }
        const q: OrderQuote = quoted.json().data;
        const offered = q.delivery === null || q.delivery.method !== null;
        const payable = q.paymentMethods.includes(body.paymentMethod);
        if (!offered || !payable || (q.delivery && !q.delivery.shipped)) {
          expect(order.statusCode, order.body).toBe(400);
          refusedAlike++;
          return;
        }
        expect(order.statusCode, order.body).toBe(201);
        placed++;
        const o = order.json().data.order;
        expect(o.currency).toBe(q.currency);
        expect(minor(o.subtotalInCurrency)).toBe(minor(q.subtotal));
        expect(minor(o.discountInCurrency)).toBe(minor(q.discount));
        expect(minor(o.deliveryCostInCurrency)).toBe(minor(q.deliveryCost ?? 0));
        expect(minor(o.totalInCurrency)).toBe(minor(q.total));
        expect(minor(o.total)).toBe(minor(q.totalRub));
        expect(minor(o.giftCertificate)).toBe(minor(q.giftCertificate));
        expect(minor(o.amountDue)).toBe(minor(q.amountDue));
        expect(o.expectedDelivery).toEqual(q.delivery?.expected ?? null);
        // Each line as quoted, and the lines add up to the goods.
        const key = (id: string, format: string | null, quantity: number) => `${id}/${format ?? ''}×${quantity}`;
        expect(q.lines.map((line) => key(line.id, line.bookFormat, line.quantity)).sort()).toEqual(
          o.items
            .map((item: { refId: string; bookFormat: string | null; quantity: number }) =>
              key(item.refId, item.bookFormat, item.quantity),
            )
            .sort(),
        );
        expect(minor(q.lines.reduce((sum, line) => sum + line.total, 0))).toBe(minor(q.subtotal - q.discount));
        if (o.status === 'pending' && o.amountDue > 0) {
          const started = await startPayment(o.id, o.paymentMethod);
          if (o.paymentMethod === 'cash' || o.paymentMethod === 'bank_transfer') {
            expect(started.instructions).toContain(formatMoney(q.amountDue, q.currency, 'ru'));
          } else {
            expect(started.amountMinor).toBe(minor(q.amountDue));
          }
        }
      }),
      { numRuns: runs, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
    // Both kinds of case were met: placed orders and refusals agreed on.
    expect(placed).toBeGreaterThan(runs / 4);
    expect(refusedAlike).toBeGreaterThan(0);
  });
});
