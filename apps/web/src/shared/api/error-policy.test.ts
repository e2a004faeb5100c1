import { describe, expect, it } from 'vitest';
import { endsSession, errorToastFor } from './error-policy';

describe('generic error toasts', () => {
  it.each([
    [403, '/shop/1', 'forbidden'],
    [404, '/portfolio/x', 'notFound'],
    [500, '/reviews', 'server'],
    [503, '/landing', 'server'],
    [0, '/shop', 'network'],
    [400, '/orders', null],
    [409, '/orders', null],
    [403, '/training/lessons/1/video', null],
    [404, '/training/lessons/1', null],
    [403, '/auth/login', null],
    [0, '/training/lessons', 'network'],
  ] as const)('status %d on %s shows %s', (status, path, expected) => {
    expect(errorToastFor(status, path)).toBe(expected);
  });
});

describe('a 401 ends the session only for a call that carried a token', () => {
  it.each([
    [401, true, true],
    [401, false, false],
    [403, true, false],
    [200, true, false],
  ] as const)('status %d with token=%s → %s', (status, hadToken, expected) => {
    expect(endsSession(status, hadToken)).toBe(expected);
  });
});
