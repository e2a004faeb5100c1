import { describe, expect, it } from 'vitest';
import { moveItem } from './sortable-list';

describe('moveItem (every reorder: drag and drop, the keyboard and the earlier/later buttons)', () => {
  it.each([
    ['down by one', ['a', 'b', 'c'], 0, 1, ['b', 'a', 'c']],
    ['up by one', ['a', 'b', 'c'], 2, 1, ['a', 'c', 'b']],
    ['dragged from first to last', ['a', 'b', 'c'], 0, 2, ['b', 'c', 'a']],
    ['dragged from last to first', ['a', 'b', 'c'], 2, 0, ['c', 'a', 'b']],
    ['onto itself: unchanged', ['a', 'b'], 1, 1, ['a', 'b']],
    ['above the top: unchanged', ['a', 'b'], 0, -1, ['a', 'b']],
    ['below the bottom: unchanged', ['a', 'b'], 1, 2, ['a', 'b']],
  ])('%s', (_, list, from, to, expected) => {
    expect(moveItem(list, from, to)).toEqual(expected);
  });

  it('never mutates the list it is given', () => {
    const list = ['a', 'b', 'c'];
    moveItem(list, 0, 2);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});
