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

describe('a 401 ends the session only for a call that carried the current token', () => {
  it.each([
    [401, 'a', 'a', true],
    [401, null, null, false],
    // Sent before she signed out or deleted the account: the session it names is already gone.
    [401, 'a', null, false],
    // Sent before she signed in again: the new session stays.
    [401, 'a', 'b', false],
    [403, 'a', 'a', false],
    [200, 'a', 'a', false],
  ] as const)('status %d, sent %s, now %s → %s', (status, sent, current, expected) => {
    expect(endsSession(status, sent, current)).toBe(expected);
  });
});
