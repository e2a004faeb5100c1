import { describe, expect, it } from 'vitest';
import { linkTokenFromHash } from './verify-email-link';

const TOKEN = 'Qx9_zr-4kLmN0pQrStUvWxYz012345';

describe('the confirm page reads the emailed link’s token from the fragment', () => {
  it.each([
    [`#token=${TOKEN}`, TOKEN],
    [`#token=${TOKEN}&x=1`, TOKEN],
    [`#x=1&token=${TOKEN}`, TOKEN],
    ['', null],
    ['#token=short', null],
    ['#token=<script>alert(1)</script>aaaaaaaaa', null],
    ['#token=a%2Bb%2Fc%3D0123456789abcdef', null],
    [`#other=${TOKEN}`, null],
  ])('%s → %s', (hash, expected) => {
    expect(linkTokenFromHash(hash)).toBe(expected);
  });
});
