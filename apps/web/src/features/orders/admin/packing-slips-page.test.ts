import { describe, expect, it } from 'vitest';
import { MAX_SLIPS, slipIds, slipsPath } from './packing-slips-page';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('packing slip ids from the address', () => {
  it('keeps well-formed ids once each, in the order given', () => {
    expect(slipIds(`${id(2)},${id(1)}, ${id(2)} ,nonsense,,../etc`)).toEqual([id(2), id(1)]);
  });

  it('nothing, or nothing usable, is no slips', () => {
    expect(slipIds(null)).toEqual([]);
    expect(slipIds('')).toEqual([]);
    expect(slipIds('1,2,3')).toEqual([]);
  });

  it(`stops at ${MAX_SLIPS}`, () => {
    const many = Array.from({ length: MAX_SLIPS + 5 }, (_, n) => id(n));
    expect(slipIds(many.join(','))).toEqual(many.slice(0, MAX_SLIPS));
  });

  it('round-trips through the path the list opens', () => {
    const path = slipsPath([id(7), id(8)]);
    expect(slipIds(new URLSearchParams(path.split('?')[1]).get('ids'))).toEqual([id(7), id(8)]);
  });
});
