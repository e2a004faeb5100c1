import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('return path after login is same-site only', () => {
  it.each([
    ['/account', '/account'],
    ['/shop?product=1', '/shop?product=1'],
    ['https://evil.example', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['/auth?tab=register', null],
    [null, null],
  ])('%s → %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });
});
