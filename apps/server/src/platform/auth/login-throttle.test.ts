import { describe, expect, it } from 'vitest';
import { backoffSeconds } from './login-throttle';

describe('failed-login back-off per account and address', () => {
  const settings = { threshold: 10, baseSeconds: 30, maxSeconds: 3600 };
  it.each([
    [1, 0],
    [9, 0],
    [10, 30],
    [11, 60],
    [12, 120],
    [16, 1920],
    [17, 3600],
    [40, 3600],
  ])('after failure %i from one address it waits %i s', (failures, seconds) => {
    expect(backoffSeconds(failures, settings)).toBe(seconds);
  });
});
