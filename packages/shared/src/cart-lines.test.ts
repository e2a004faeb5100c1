import { describe, expect, it } from 'vitest';
import { type CountedLine, lineKey, MAX_LINE_QUANTITY, maxLineQuantity, mergeLines, takeOrdered } from './cart-lines';

const line = (type: string, id: string, quantity: number, bookFormat?: 'physical' | 'digital') => ({
  type,
  id,
  quantity,
  ...(bookFormat ? { bookFormat } : {}),
});

describe('the same id and type (and book format) is one line', () => {
  it.each([
    ['same id + type add up', [line('product', 'a', 2), line('product', 'a', 3)], [['product:a', 5]]],
    [
      'other type is its own line',
      [line('product', 'a', 2), line('lesson', 'a', 1)],
      [
        ['product:a', 2],
        ['lesson:a', 1],
      ],
    ],
    [
      'another book format is its own line',
      [line('product', 'b', 1, 'physical'), line('product', 'b', 1, 'digital'), line('product', 'b', 2, 'physical')],
      [
        ['product:b:physical', 3],
        ['product:b:digital', 1],
      ],
    ],
    [
      'a sum over the limit is kept (the caller decides)',
      [line('product', 'a', 98), line('product', 'a', 5)],
      [['product:a', 103]],
    ],
    [
      'two lessons are two pieces (the caller decides)',
      [line('lesson', 'l', 1), line('lesson', 'l', 1)],
      [['lesson:l', 2]],
    ],
  ] as const)('%s', (_name, lines, expected) => {
    expect(mergeLines(lines, lineKey).map((merged) => [lineKey(merged), merged.quantity])).toEqual(expected);
  });

  it('keeps the first occurrence of a line and does not change the input', () => {
    const first = { ...line('product', 'a', 1), index: 0 };
    const second = { ...line('product', 'a', 2), index: 1 };
    expect(mergeLines([first, second], lineKey)).toEqual([{ ...first, quantity: 3 }]);
    expect(first.quantity).toBe(1);
  });

  it.each([
    ['product', MAX_LINE_QUANTITY],
    ['lesson', 1],
    ['course', 1],
  ])('a %s line holds at most %d', (type, max) => {
    expect(maxLineQuantity(type)).toBe(max);
  });
});

describe('an order takes exactly its lines off the cart (takeOrdered)', () => {
  const key = (l: CountedLine) => [lineKey(l), l.quantity] as const;
  it.each([
    [
      'the ordered line goes, another stays',
      [line('product', 'a', 2), line('product', 'c', 1)],
      [line('product', 'a', 2)],
      [['product:c', 1]],
      [['product:a', 2]],
    ],
    [
      'more in the cart than ordered: the rest stays',
      [line('product', 'a', 5)],
      [line('product', 'a', 2)],
      [['product:a', 3]],
      [['product:a', 2]],
    ],
    [
      'more ordered than in the cart: the line goes, no more',
      [line('product', 'a', 1)],
      [line('product', 'a', 3)],
      [],
      [['product:a', 1]],
    ],
    ['not in the cart: nothing taken', [line('product', 'a', 1)], [line('lesson', 'a', 1)], [['product:a', 1]], []],
    [
      'the other book format stays',
      [line('product', 'b', 1, 'physical'), line('product', 'b', 1, 'digital')],
      [line('product', 'b', 1, 'digital')],
      [['product:b:physical', 1]],
      [['product:b:digital', 1]],
    ],
    [
      'a cart line without a format matches the one format ordered',
      [line('product', 'b', 2)],
      [line('product', 'b', 1, 'physical')],
      [['product:b', 1]],
      [['product:b:physical', 1]],
    ],
    [
      'a lesson and a course',
      [line('lesson', 'l', 1), line('course', 'k', 1), line('product', 'a', 1)],
      [line('lesson', 'l', 1), line('course', 'k', 1)],
      [['product:a', 1]],
      [
        ['lesson:l', 1],
        ['course:k', 1],
      ],
    ],
  ])('%s', (_name, cart, ordered, kept, taken) => {
    const result = takeOrdered(cart, ordered);
    expect(result.kept.map(key)).toEqual(kept);
    expect(result.taken.map(key)).toEqual(taken);
  });
});
