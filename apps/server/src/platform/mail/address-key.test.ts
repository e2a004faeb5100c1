import { describe, expect, it } from 'vitest';
import { emailLimitKey } from './address-key';

describe('emailLimitKey: the mailbox an address reaches, for per-address limits', () => {
  it.each([
    ['anna@example.com', 'anna@example.com'],
    ['Anna@Example.COM', 'anna@example.com'],
    ['  anna@example.com  ', 'anna@example.com'],
    ['anna+1@example.com', 'anna@example.com'],
    ['anna+shop+2@example.com', 'anna@example.com'],
    ['ANNA+News@Example.com', 'anna@example.com'],
    ['an.na@example.com', 'an.na@example.com'],
    ['an.na+x@example.com', 'an.na@example.com'],
    ['an.na@gmail.com', 'anna@gmail.com'],
    ['A.n.N.a+promo@Gmail.com', 'anna@gmail.com'],
    ['an.na@googlemail.com', 'anna@gmail.com'],
    ['anna@gmail.com.', 'anna@gmail.com'],
    ['an.na@gmail.co', 'an.na@gmail.co'],
    ['an.na@mail.gmail.com', 'an.na@mail.gmail.com'],
    ['+tag@example.com', '+tag@example.com'],
    ['...@gmail.com', '...@gmail.com'],
    ['no-at-sign', 'no-at-sign'],
    ['anna@', 'anna@'],
  ])('%s → %s', (email, key) => {
    expect(emailLimitKey(email)).toBe(key);
  });
});
