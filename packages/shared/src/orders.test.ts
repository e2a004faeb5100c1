import { describe, expect, it } from 'vitest';
import {
  CreateOrderBody,
  canTransition,
  goodsAllRefunded,
  goodsLeftToShip,
  ORDER_STATUSES,
  orderFullyRefunded,
  paymentMethodAllowed,
} from './orders';

const allowed = new Set([
  'pending>confirmed',
  'pending>cancelled',
  'confirmed>processing',
  'confirmed>cancelled',
  'processing>shipped',
  'processing>cancelled',
  'shipped>delivered',
]);

describe('order status machine', () => {
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s follows the table', (from, to) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
  });
});

const validBody = {
  items: [{ type: 'product', id: '5b7f1e2a-8c1d-4f7e-9a3b-2c4d5e6f7a8b', quantity: 2 }],
  customer: { firstName: 'Анна', lastName: 'Иванова', email: 'anna@example.com', phone: '+7 912 345-67-89' },
  delivery: { method: 'courier_pickup', pickupPoint: 'СДЭК, Ленина 1' },
  paymentMethod: 'card',
  currency: 'RUB',
  acceptTerms: true,
};

describe('CreateOrderBody', () => {
  it('accepts a well-formed order', () => {
    expect(CreateOrderBody.safeParse(validBody).success).toBe(true);
  });
  it.each([
    ['"1"', '1'],
    ['1.5', 1.5],
    ['0', 0],
    ['-1', -1],
    ['1e9', 1e9],
    ['null', null],
    ['100', 100],
  ])('a line quantity of %s is refused', (_label, quantity) => {
    const body = { ...validBody, items: [{ ...validBody.items[0], quantity }] };
    const result = CreateOrderBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['items', 0, 'quantity']);
  });
  it('a client total or line price is stripped (ignored), never passed on', () => {
    const parsed = CreateOrderBody.parse({ ...validBody, total: 1, items: [{ ...validBody.items[0], price: 1 }] });
    expect(parsed).not.toHaveProperty('total');
    expect(parsed.items[0]).not.toHaveProperty('price');
  });
  it.each([
    ['terms not accepted', { acceptTerms: false }],
    ['no items', { items: [] }],
    ['an invalid phone', { customer: { ...validBody.customer, phone: '12-34' } }],
  ])('%s is refused', (_label, patch) => {
    expect(CreateOrderBody.safeParse({ ...validBody, ...patch }).success).toBe(false);
  });
});

describe('payment method per currency', () => {
  it.each([
    ['card', 'RUB', true],
    ['card', 'EUR', false],
    ['paypal', 'RUB', false],
    ['paypal', 'USD', true],
    ['paypal', 'EUR', true],
    ['cash', 'EUR', true],
    ['bank_transfer', 'RUB', true],
  ] as const)('%s in %s allowed: %s', (method, currency, allowed) => {
    expect(paymentMethodAllowed(method, currency)).toBe(allowed);
  });
});

describe('what refunds of chosen lines leave', () => {
  const line = (type: string, quantity: number, refundedQuantity: number, bookFormat: string | null = null) => ({
    id: `${type}-${bookFormat}-${quantity}-${refundedQuantity}`,
    type,
    bookFormat,
    quantity,
    refundedQuantity,
  });

  it('the parcel has the goods with units left, each with its units left; lessons and e-books never', () => {
    const items = [
      line('product', 2, 1),
      line('product', 1, 1),
      line('product', 3, 0, 'physical'),
      line('product', 1, 0, 'digital'),
      line('lesson', 1, 0),
    ];
    expect(goodsLeftToShip(items).map((item) => [item.id, item.quantity])).toEqual([
      ['product-null-2-1', 1],
      ['product-physical-3-0', 3],
    ]);
  });

  it.each([
    ['every line refunded whole', [line('product', 2, 2), line('lesson', 1, 1)], true, true],
    ['a unit left', [line('product', 2, 1)], false, false],
    ['the goods refunded, a lesson kept', [line('product', 2, 2), line('lesson', 1, 0)], false, true],
    [
      'a gift certificate (never refunded by line) and goods refunded',
      [line('gift_certificate', 1, 0), line('product', 1, 1)],
      true,
      true,
    ],
    ['nothing refunded', [line('product', 1, 0)], false, false],
    ['no goods at all', [line('lesson', 1, 0)], false, false],
    ['no lines', [], false, false],
  ])('%s: fully refunded %s, goods all refunded %s', (_name, items, full, goods) => {
    expect(orderFullyRefunded(items)).toBe(full);
    expect(goodsAllRefunded(items)).toBe(goods);
  });
});
