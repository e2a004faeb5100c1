import {
  addDays,
  DEFAULT_GIFT_SETTINGS,
  deliveryDateProblem,
  formatGiftCode,
  GIFT_CODE_ALPHABET,
  giftAmountProblem,
  lastDeliveryDate,
  looksLikeGiftCode,
  normalizeGiftCode,
} from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { amountToSpend, deliverAtFor, newGiftCode, zonedTime } from './gift-certificates.rules';

describe('codes are long, random and read in any case', () => {
  it('a new code is 16 symbols of the 32-letter alphabet without look-alikes, and 2 000 of them are all different', () => {
    const codes = Array.from({ length: 2000 }, newGiftCode);
    for (const code of codes) {
      expect(code).toHaveLength(16);
      expect([...code].every((c) => GIFT_CODE_ALPHABET.includes(c))).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
    expect(GIFT_CODE_ALPHABET).not.toMatch(/[IO01]/);
  });

  it.each([
    ['abcd-efgh-jklm-npqr', 'ABCDEFGHJKLMNPQR', true],
    [' ABCD EFGH JKLM NPQR ', 'ABCDEFGHJKLMNPQR', true],
    ['abcdefghjklmnpqr', 'ABCDEFGHJKLMNPQR', true],
    ['ABCD-EFGH-JKLM-NPQ', 'ABCDEFGHJKLMNPQ', false],
    ['ABCD-EFGH-JKLM-NPQO', 'ABCDEFGHJKLMNPQO', false],
    ['ABCD-EFGH-JKLM-NPQ1', 'ABCDEFGHJKLMNPQ1', false],
    ['промокод', '', false],
  ])('%j is stored as %j (a possible code: %s)', (typed, stored, possible) => {
    expect(normalizeGiftCode(typed)).toBe(stored);
    expect(looksLikeGiftCode(typed)).toBe(possible);
  });

  it('is written in groups of four', () => {
    expect(formatGiftCode('ABCDEFGHJKLMNPQR')).toBe('ABCD-EFGH-JKLM-NPQR');
    expect(formatGiftCode('abcd efgh-jklm npqr')).toBe('ABCD-EFGH-JKLM-NPQR');
  });
});

describe('delivery day', () => {
  it.each([
    ['2026-03-10', '2026-03-10', null],
    ['2026-03-09', '2026-03-10', 'giftDateInPast'],
    ['2027-03-10', '2026-03-10', null],
    ['2027-03-11', '2026-03-10', 'giftDateTooFar'],
    ['2025-02-28', '2024-02-29', null],
    ['2025-03-01', '2024-02-29', null],
    ['2025-03-02', '2024-02-29', 'giftDateTooFar'],
  ])('%s on %s: %s', (date, today, problem) => {
    expect(deliveryDateProblem(date, today)).toBe(problem);
  });

  it('a year ahead and day arithmetic stay on the calendar', () => {
    expect(lastDeliveryDate('2026-12-31')).toBe('2027-12-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it.each([
    // Moscow is UTC+3 all year: 09:00 there is 06:00 UTC.
    ['2026-03-10', '2026-03-01', 'Europe/Moscow', '2026-03-10T06:00:00.000Z'],
    // Today: from the start of the day, so a gift for today leaves once paid.
    ['2026-03-01', '2026-03-01', 'Europe/Moscow', '2026-02-28T21:00:00.000Z'],
    // Madrid on the day summer time starts (02:00 → 03:00): 09:00 is UTC+2.
    ['2026-03-29', '2026-03-01', 'Europe/Madrid', '2026-03-29T07:00:00.000Z'],
    ['2026-03-28', '2026-03-01', 'Europe/Madrid', '2026-03-28T08:00:00.000Z'],
  ])('the mail for %s (today %s, %s) goes from %s', (date, today, zone, at) => {
    expect(deliverAtFor(date, today, zone).toISOString()).toBe(at);
  });

  it('zonedTime is the wall clock of the zone', () => {
    expect(zonedTime('2026-07-01', 12, 'America/New_York').toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(zonedTime('2026-01-15', 12, 'America/New_York').toISOString()).toBe('2026-01-15T17:00:00.000Z');
  });
});

describe('amounts', () => {
  it.each([
    [300_000, 150_000, 150_000],
    [50_000, 150_000, 50_000],
    [150_000, 150_000, 150_000],
    [0, 150_000, 0],
  ])('a balance of %i pays %i due with %i', (balance, due, spent) => {
    expect(amountToSpend(balance, due)).toBe(spent);
  });

  it.each([
    [500, 'RUB', null],
    [499.99, 'RUB', 'giftAmountBelowMin'],
    [100_000, 'RUB', null],
    [100_000.01, 'RUB', 'giftAmountAboveMax'],
    [10, 'EUR', null],
    [1001, 'USD', 'giftAmountAboveMax'],
  ] as const)('%d %s under the default limits: %s', (amount, currency, problem) => {
    expect(giftAmountProblem(amount, currency, DEFAULT_GIFT_SETTINGS)).toBe(problem);
  });
});
