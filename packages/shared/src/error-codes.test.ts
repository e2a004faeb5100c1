import { describe, expect, it } from 'vitest';
import { COMMON_ERRORS, ERROR_CODES, ERRORS_BY_FEATURE, isErrorCode } from './error-codes';

const lists = Object.entries(ERRORS_BY_FEATURE) as [string, readonly string[]][];

describe('error codes', () => {
  it('declares each code in one list only, once', () => {
    const owners = new Map<string, string[]>();
    for (const [feature, codes] of lists) {
      for (const code of codes) owners.set(code, [...(owners.get(code) ?? []), feature]);
    }
    const twice = [...owners]
      .filter(([, features]) => features.length > 1)
      .map(([code, features]) => `${code}: ${features}`);
    expect(twice).toEqual([]);
  });

  it('spells every code in SCREAMING_SNAKE_CASE', () => {
    const bad = ERROR_CODES.filter((code) => !/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(code));
    expect(bad).toEqual([]);
  });

  it('ERROR_CODES is every list merged, the common codes first', () => {
    expect(ERROR_CODES).toEqual(lists.flatMap(([, codes]) => codes));
    expect(ERROR_CODES.slice(0, COMMON_ERRORS.length)).toEqual([...COMMON_ERRORS]);
    expect(lists.every(([, codes]) => codes.length > 0)).toBe(true);
  });

  it('isErrorCode knows the declared codes and nothing else', () => {
    expect(ERROR_CODES.every(isErrorCode)).toBe(true);
    for (const other of [
      'ORDER_ALREADY_PAID_',
      'order_already_paid',
      'HTTP_502',
      '',
      42,
      null,
      undefined,
      'toString',
    ]) {
      expect(isErrorCode(other)).toBe(false);
    }
  });
});
