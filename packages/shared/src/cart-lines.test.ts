import { describe, expect, it } from 'vitest';
import { lineKey, MAX_LINE_QUANTITY, maxLineQuantity, mergeLines } from './cart-lines';

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
