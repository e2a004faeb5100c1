import { describe, expect, it } from 'vitest';
import { parseMoney, readMoney } from './money-text';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('readMoney: an amount as a person types it', () => {
  it.each([
    ['8500', 850_000, 8500],
    ['8 500', 850_000, 8500],
    [`8${NBSP}500`, 850_000, 8500],
    [`8${NNBSP}500`, 850_000, 8500],
    ['8\u2009500', 850_000, 8500],
    [' 8 500 ', 850_000, 8500],
    ['8 500,50', 850_050, 8500.5],
    [`8${NBSP}500,50`, 850_050, 8500.5],
    [`8${NNBSP}500.5`, 850_050, 8500.5],
    ['8500.50', 850_050, 8500.5],
    ['8500,5', 850_050, 8500.5],
    ['8500.10', 850_010, 8500.1],
    ['1 000 000', 100_000_000, 1_000_000],
    [`1${NNBSP}000${NNBSP}000,01`, 100_000_001, 1_000_000.01],
    ['8,500.50', 850_050, 8500.5],
    ['8.500,50', 850_050, 8500.5],
    ['0,99', 99, 0.99],
    ['0.07', 7, 0.07],
    ['0', 0, 0],
  ])('accepts %j: %i minor units, %d', (text, minor, value) => {
    expect(readMoney(text)).toEqual({ ok: true, minor, value });
    expect(parseMoney(text)).toBe(value);
  });

  it.each([
    ['8.500,50,1', 'format'],
    ['abc', 'format'],
    ['8 500 руб', 'format'],
    ['8.500', 'format'],
    ['8,500', 'format'],
    ['85 00', 'format'],
    ['8 5000', 'format'],
    ['8 500.', 'format'],
    ['8 500,5,0', 'format'],
    ['8 500.000,50', 'format'],
    ['.5', 'format'],
    ['1e3', 'format'],
    ['Infinity', 'format'],
    ['0x10', 'format'],
    ['99999999999999999999', 'format'],
    ['-5', 'negative'],
    ['-8 500,50', 'negative'],
    ['\u22128 500', 'negative'],
    ['10,999', 'format'],
    ['10,9999', 'decimals'],
    ['8 500,505', 'decimals'],
    ['8500.505', 'decimals'],
    ['8,500.505', 'decimals'],
  ] as const)('refuses %j (%s)', (text, problem) => {
    expect(readMoney(text)).toEqual({ ok: false, problem });
    expect(parseMoney(text)).toBeNaN();
  });

  it.each(['', '   ', NBSP])('reads %j as nothing typed', (text) => {
    expect(readMoney(text)).toBeNull();
    expect(parseMoney(text)).toBeNull();
  });
});
