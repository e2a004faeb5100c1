import type { PaymentMethods } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { isOnlineChoice, onlineMethodsFor } from './payment-method-choice';

const methods = (card = true): PaymentMethods => ({
  card,
  paypal: 'sandbox',
  online: [
    { method: 'bank_card', min: 1, max: 350_000, currency: 'RUB' },
    { method: 'sbp', min: 1, max: 700_000, currency: 'RUB' },
    { method: 'sber_bnpl', min: 1_000, max: 150_000, currency: 'RUB' },
  ],
});

describe('onlineMethodsFor', () => {
  it('offers only the ways whose limits take the total, in the shop’s order', () => {
    expect(onlineMethodsFor(methods(), 2_400_00, 'RUB')).toEqual(['bank_card', 'sbp', 'sber_bnpl']);
    expect(onlineMethodsFor(methods(), 999_99, 'RUB')).toEqual(['bank_card', 'sbp']);
    expect(onlineMethodsFor(methods(), 400_000_00, 'RUB')).toEqual(['sbp']);
    expect(onlineMethodsFor(methods(), 800_000_00, 'RUB')).toEqual([]);
  });

  it('offers none in euros or dollars, without a card provider, or before the list has loaded', () => {
    expect(onlineMethodsFor(methods(), 50_00, 'EUR')).toEqual([]);
    expect(onlineMethodsFor(methods(false), 2_400_00, 'RUB')).toEqual([]);
    expect(onlineMethodsFor(undefined, 2_400_00, 'RUB')).toEqual([]);
  });
});

describe('isOnlineChoice', () => {
  it('tells an online way from an order paid otherwise', () => {
    expect(isOnlineChoice('sbp')).toBe(true);
    expect(isOnlineChoice('tinkoff_bank')).toBe(true);
    expect(isOnlineChoice('paypal')).toBe(false);
    expect(isOnlineChoice('cash')).toBe(false);
    expect(isOnlineChoice(null)).toBe(false);
  });
});
