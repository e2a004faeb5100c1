import { describe, expect, it } from 'vitest';
import { takeVerificationLinkToken } from './auth-session';

const TOKEN = 'Qx9_zr-4kLmN0pQrStUvWxYz012345';

describe('the verification link lands with the session token in the fragment', () => {
  it.each([
    ['/auth', '?verified=1', `#token=${TOKEN}`, TOKEN],
    ['/auth', '?verified=1&next=%2Fshop', `#token=${TOKEN}&x=1`, TOKEN],
    ['/auth', '?verified=1', '#token=a%2Bb%2Fc%3D0123456789abcdef', 'a+b/c=0123456789abcdef'],
    ['/auth', '?verified=1', '#token=abc+def0123456789xyz', 'abc+def0123456789xyz'],
    ['/auth', '', `#token=${TOKEN}`, null],
    ['/account', '?verified=1', `#token=${TOKEN}`, null],
    ['/auth', '?verified=1', '', null],
    ['/auth', '?verified=1', '#token=short', null],
    ['/auth', '?verified=1', '#token=<script>alert(1)</script>aaaaaaaaa', null],
    ['/auth', '?verified=1', '#token=%E0%A4%A', null],
  ])('%s%s%s → %s', (pathname, search, hash, expected) => {
    expect(takeVerificationLinkToken({ pathname, search, hash })).toBe(expected);
  });
});
