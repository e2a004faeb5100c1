import { lineKey } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  type Cart,
  type CartItem,
  cartOrderable,
  cartStorageKey,
  cartTotals,
  clearCart,
  EMPTY_CART,
  fromServerLines,
  linesNotSoldIn,
  parseStoredCart,
  removeItem,
  returnedNotice,
  toServerLines,
  updateQuantity,
} from './cart-rules';

const rose: Omit<CartItem, 'quantity'> = {
  id: 'a',
  type: 'product',
  name: { ru: 'Роза' },
  price: { rub: 1500, eur: 15, usd: 16 },
};
const lesson: Omit<CartItem, 'quantity'> = {
  id: 'a',
  type: 'lesson',
  name: { ru: 'Урок' },
  price: { rub: 990, eur: null, usd: null },
};
const course: Omit<CartItem, 'quantity'> = { ...lesson, type: 'course', name: { ru: 'Курс' } };
const book: Omit<CartItem, 'quantity'> = { ...rose, id: 'b', name: { ru: 'Книга' } };
const cartWith = (...lines: [Omit<CartItem, 'quantity'>, number][]): Cart => ({
  items: lines.map(([item, quantity]) => ({ ...item, quantity })),
});

describe('adding merges the same id and type', () => {
  it.each([
    ['a new line', EMPTY_CART, rose, 1, [1]],
    ['same id + type', cartWith([rose, 2]), rose, 3, [5]],
    ['same id, other type', cartWith([rose, 2]), lesson, 1, [2, 1]],
    ['a lesson twice stays one', cartWith([lesson, 1]), lesson, 1, [1]],
    ['a course twice stays one, next to its id as a lesson', cartWith([lesson, 1], [course, 1]), course, 3, [1, 1]],
    ['goods are capped at 99', cartWith([rose, 98]), rose, 5, [99]],
    ['zero adds nothing', EMPTY_CART, rose, 0, []],
    [
      'another book format is its own line',
      cartWith([{ ...book, bookFormat: 'physical' }, 1]),
      { ...book, bookFormat: 'digital' as const },
      1,
      [1, 1],
    ],
  ] as const)('%s', (_name, cart, item, quantity, expected) => {
    expect(addItem(cart, item, quantity).items.map((line) => line.quantity)).toEqual(expected);
  });
});

describe('updating a quantity (zero or less removes)', () => {
  it.each([
    [4, [4]],
    [0, []],
    [-2, []],
    [150, [99]],
    [2.7, [2]],
  ])('set to %d → %o', (quantity, expected) => {
    const cart = cartWith([rose, 1]);
    expect(updateQuantity(cart, lineKey(rose), quantity).items.map((line) => line.quantity)).toEqual(expected);
  });
});

describe('remove and clear', () => {
  it.each([
    ['removes only that line', cartWith([rose, 1], [lesson, 1]), lineKey(rose), ['lesson:a']],
    ['unknown key changes nothing', cartWith([rose, 1]), 'product:zzz', ['product:a']],
  ] as const)('%s', (_name, cart, key, expected) => {
    expect(removeItem(cart, key).items.map(lineKey)).toEqual(expected);
  });
  it('clear empties the cart', () => {
    expect(clearCart().items).toHaveLength(0);
  });
});

describe('the cart counts its pieces and adds up no money', () => {
  it.each([
    [EMPTY_CART, 0],
    [cartWith([rose, 2]), 2],
    [cartWith([rose, 1], [lesson, 1]), 2],
    [cartWith([{ ...rose, price: { rub: 0.1, eur: null, usd: null } }, 3]), 3],
  ])('%o → %d items', (cart, totalItems) => {
    expect(cartTotals(cart)).toEqual({ totalItems });
  });
});

describe('storage', () => {
  it.each([
    ['u1', 'cart_u1'],
    [null, 'cart_guest'],
  ])('user %s is stored under %s', (userId, key) => {
    expect(cartStorageKey(userId)).toBe(key);
  });

  it.each([
    [null, 0],
    ['not json', 0],
    ['{"items":"x"}', 0],
    [JSON.stringify(cartWith([rose, 2])), 1],
    [
      JSON.stringify({
        items: [
          { id: 1, type: 'product' },
          { ...rose, quantity: 1 },
        ],
      }),
      1,
    ],
    [JSON.stringify({ items: [{ ...rose, quantity: 0 }] }), 0],
    [
      JSON.stringify({
        items: [
          { ...course, quantity: 4 },
          { ...course, type: 'bundle', quantity: 1 },
        ],
      }),
      1,
    ],
  ])('%s parses to %d lines', (raw, lines) => {
    expect(parseStoredCart(raw).items).toHaveLength(lines);
  });
});

describe('server sync', () => {
  it('sends only type, id, quantity and book format — never a price', () => {
    const cart = cartWith([rose, 2], [{ ...book, bookFormat: 'digital' }, 1]);
    expect(toServerLines(cart)).toEqual({
      items: [
        { type: 'product', id: 'a', quantity: 2 },
        { type: 'product', id: 'b', quantity: 1, bookFormat: 'digital' },
      ],
    });
  });

  it('a variant is its own line, sent and kept with its id; a stored variant id that is not text drops the line', () => {
    const powder = { ...rose, variantId: 'v-powder', name: { ru: 'Роза — Пудровый' } };
    const cart = addItem(addItem(addItem(EMPTY_CART, powder, 1), { ...powder, variantId: 'v-wine' }, 2), powder, 1);
    expect(toServerLines(cart).items).toEqual([
      { type: 'product', id: 'a', quantity: 2, variantId: 'v-powder' },
      { type: 'product', id: 'a', quantity: 2, variantId: 'v-wine' },
    ]);
    expect(parseStoredCart(JSON.stringify(cart)).items.map((line) => line.variantId)).toEqual(['v-powder', 'v-wine']);
    expect(parseStoredCart(JSON.stringify({ items: [{ ...powder, variantId: 5, quantity: 1 }] })).items).toEqual([]);
    const server = fromServerLines(
      [
        {
          type: 'product',
          id: 'a',
          quantity: 1,
          variantId: 'v-wine',
          name: { ru: 'Роза — Винный' },
          price: { rub: 10, eur: null, usd: null },
          image: null,
          stock: null,
          physical: true,
          available: true,
          problem: null,
        },
      ],
      cart,
    );
    expect(server.items.map((line) => [line.variantId, line.name.ru])).toEqual([['v-wine', 'Роза — Винный']]);
  });

  it('a save names the server cart it grew from (kept through the local copy), so an order’s lines are not put back', () => {
    const stamp = '2026-11-27T07:00:00.000Z';
    const grown = { ...addItem(fromServerLines([], EMPTY_CART, stamp), rose, 1), basedOn: stamp };
    expect(toServerLines(grown)).toEqual({ items: [{ type: 'product', id: 'a', quantity: 1 }], basedOn: stamp });
    expect(parseStoredCart(JSON.stringify(grown)).basedOn).toBe(stamp);
    expect(parseStoredCart(JSON.stringify({ items: [], basedOn: 5 })).basedOn).toBeUndefined();
    expect(fromServerLines([], EMPTY_CART, stamp).basedOn).toBe(stamp);
  });

  it('takes names, prices and availability from the server; a vanished line keeps its old name, flagged', () => {
    const previous = cartWith([rose, 2], [book, 1]);
    const next = fromServerLines(
      [
        {
          type: 'product',
          id: 'a',
          quantity: 2,
          name: { ru: 'Роза (новая)' },
          price: { rub: 1700, eur: null, usd: null },
          image: null,
          stock: 1,
          physical: true,
          available: false,
          problem: 'insufficient_stock',
        },
        {
          type: 'product',
          id: 'b',
          quantity: 1,
          name: null,
          price: null,
          image: null,
          stock: null,
          physical: true,
          available: false,
          problem: 'not_found',
        },
      ],
      previous,
    );
    expect(next.items.map((line) => [line.name.ru, line.price.rub, line.problem])).toEqual([
      ['Роза (новая)', 1700, 'insufficient_stock'],
      ['Книга', 1500, 'not_found'],
    ]);
    expect(cartOrderable(next)).toBe(false);
    expect(cartOrderable(previous)).toBe(true);
  });
});

describe('a cart in euros or dollars holds only what is sold in them (never a converted price)', () => {
  const cart = cartWith([rose, 2], [lesson, 1]);
  it.each([
    ['RUB', []],
    ['EUR', ['Урок']],
    ['USD', ['Урок']],
  ] as const)('in %s the lines not sold are %o', (currency, names) => {
    expect(linesNotSoldIn(cart.items, currency).map((line) => line.name.ru)).toEqual(names);
  });

  it('a line with its own euro price stays, whatever its rouble price', () => {
    expect(linesNotSoldIn(cartWith([rose, 1], [book, 3]).items, 'EUR')).toEqual([]);
  });
});

describe('returnedNotice: the cart page reads what "Change the order" left in the location state', () => {
  const notReturned = [
    { type: 'product' as const, id: null, name: { ru: 'Ваза' }, quantity: 1, reason: 'gone' as const },
  ];
  it.each<[string, unknown, ReturnType<typeof returnedNotice>]>([
    ['a notice', { returned: { orderNumber: 42, notReturned } }, { orderNumber: 42, notReturned }],
    ['everything came back', { returned: { orderNumber: 7, notReturned: [] } }, { orderNumber: 7, notReturned: [] }],
    ['no state (the cart opened as usual)', null, null],
    ['another page’s state', { paymentProblem: 'x' }, null],
    ['a number as text', { returned: { orderNumber: '42', notReturned: [] } }, null],
    ['no list', { returned: { orderNumber: 42 } }, null],
    ['not an object', { returned: 'yes' }, null],
  ])('%s', (_case, state, expected) => {
    expect(returnedNotice(state)).toEqual(expected);
  });
});
