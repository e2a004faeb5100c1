import type { PaymentStart } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import {
  canChangeOrder,
  canMarkPaid,
  canPayOnline,
  nextStepAfterStart,
  type PaymentPath,
  paymentPathFor,
} from './payment-path';

const ID = '5a8f0d8e-8e3c-4b55-9d1e-0f8a1c2b3d4e';

describe('payment path chosen after the order is placed', () => {
  it.each<[string, Parameters<typeof paymentPathFor>[0], PaymentPath]>([
    ['card (RUB) goes to the provider page', { status: 'pending', total: 1500, paymentMethod: 'card' }, 'redirect'],
    ['PayPal (EUR/USD) opens the email modal', { status: 'pending', total: 1500, paymentMethod: 'paypal' }, 'paypal'],
    ['cash shows the instructions', { status: 'pending', total: 1500, paymentMethod: 'cash' }, 'instructions'],
    [
      'bank transfer shows the instructions',
      { status: 'pending', total: 1500, paymentMethod: 'bank_transfer' },
      'instructions',
    ],
    ['a zero total is done at once', { status: 'pending', total: 0, paymentMethod: 'card' }, 'done'],
    ['an order confirmed on placing is done', { status: 'confirmed', total: 0, paymentMethod: 'paypal' }, 'done'],
  ])('%s', (_rule, order, expected) => {
    expect(paymentPathFor(order)).toBe(expected);
  });

  it.each<[Parameters<typeof paymentPathFor>[1], PaymentPath]>([
    ['api', 'redirect'],
    ['sandbox', 'redirect'],
    ['manual', 'paypal'],
    [undefined, 'paypal'],
  ])("a PayPal order with the shop's PayPal mode %s: %s", (mode, expected) => {
    expect(paymentPathFor({ status: 'pending', total: 1500, paymentMethod: 'paypal' }, mode)).toBe(expected);
  });
});

describe('next step after createPayment', () => {
  const order = { id: ID, number: 42 };
  const start = (change: Partial<PaymentStart>): PaymentStart => ({
    paymentId: null,
    orderNumber: 42,
    kind: 'redirect',
    redirectUrl: null,
    instructions: null,
    ...change,
  });
  it.each<[string, PaymentStart, { external: boolean; url: string }]>([
    [
      'a redirect leaves the site for the provider URL',
      start({ kind: 'redirect', redirectUrl: 'https://pay.example/x' }),
      { external: true, url: 'https://pay.example/x' },
    ],
    [
      'instructions go to the processing page with number and id',
      start({ kind: 'instructions', instructions: 'Bank …' }),
      { external: false, url: `/payment/processing?order=42&id=${ID}` },
    ],
    [
      'a redirect without URL falls back to the processing page',
      start({ kind: 'redirect' }),
      { external: false, url: `/payment/processing?order=42&id=${ID}` },
    ],
    [
      'confirmed goes to the success page',
      start({ kind: 'confirmed' }),
      { external: false, url: '/order/success?order=42' },
    ],
  ])('%s', (_rule, started, expected) => {
    expect(nextStepAfterStart(started, order)).toEqual(expected);
  });
});

describe('who may pay again from the account, who the admin may mark paid', () => {
  it.each<[string, Parameters<typeof canPayOnline>[0], boolean]>([
    ['pending unpaid card order', { status: 'pending', paymentState: 'none', paymentMethod: 'card', total: 10 }, true],
    ['card payment that failed', { status: 'pending', paymentState: 'failed', paymentMethod: 'card', total: 10 }, true],
    [
      'PayPal invoice sent (send again)',
      { status: 'pending', paymentState: 'invoice_sent', paymentMethod: 'paypal', total: 10 },
      true,
    ],
    ['cash is paid offline', { status: 'pending', paymentState: 'none', paymentMethod: 'cash', total: 10 }, false],
    [
      'bank transfer is paid offline',
      { status: 'pending', paymentState: 'none', paymentMethod: 'bank_transfer', total: 10 },
      false,
    ],
    ['confirmed order', { status: 'confirmed', paymentState: 'paid', paymentMethod: 'card', total: 10 }, false],
    ['cancelled order', { status: 'cancelled', paymentState: 'none', paymentMethod: 'card', total: 10 }, false],
  ])('Pay button: %s', (_rule, order, expected) => {
    expect(canPayOnline(order)).toBe(expected);
  });

  it.each<[string, Parameters<typeof canMarkPaid>[0], boolean]>([
    ['pending cash', { status: 'pending', paymentMethod: 'cash' }, true],
    ['pending bank transfer', { status: 'pending', paymentMethod: 'bank_transfer' }, true],
    ['pending PayPal invoice', { status: 'pending', paymentMethod: 'paypal' }, true],
    ['card is paid only through the provider', { status: 'pending', paymentMethod: 'card' }, false],
    ['already confirmed', { status: 'confirmed', paymentMethod: 'cash' }, false],
    ['cancelled', { status: 'cancelled', paymentMethod: 'bank_transfer' }, false],
  ])('Mark paid: %s', (_rule, order, expected) => {
    expect(canMarkPaid(order)).toBe(expected);
  });
});

describe('"Change the order" offered next to "Pay"', () => {
  const card = { status: 'pending', paymentState: 'failed', paymentMethod: 'card', total: 1500 } as const;
  it.each<[string, Partial<Parameters<typeof canChangeOrder>[0]>, boolean]>([
    ['a card payment cancelled or failed', {}, true],
    ['no payment started yet', { paymentState: 'none' }, true],
    ['a card payment opened and left', { paymentState: 'awaiting' }, true],
    ['PayPal before its invoice', { paymentMethod: 'paypal', paymentState: 'none' }, true],
    ['PayPal with its invoice out', { paymentMethod: 'paypal', paymentState: 'invoice_sent' }, false],
    ['paid', { status: 'confirmed', paymentState: 'paid' }, false],
    ['cancelled', { status: 'cancelled' }, false],
    ['cash', { paymentMethod: 'cash', paymentState: 'none' }, false],
    ['bank transfer', { paymentMethod: 'bank_transfer', paymentState: 'none' }, false],
    ['nothing to pay', { total: 0 }, false],
  ])('%s → %s', (_rule, change, expected) => {
    expect(canChangeOrder({ ...card, ...change })).toBe(expected);
  });
});
