import type { PaymentMethod } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import {
  aggregateReservations,
  DEFAULT_ORDER_POLICY,
  expiryCutoffs,
  holdUntil,
  isExpired,
  mayReturnToCart,
  orderHoldUntil,
  type Reservation,
  splitByHoldCaps,
  stockShortages,
} from './orders.rules';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

describe('aggregateReservations: one reservation per product, summed over every line, in id order', () => {
  it.each<[string, Reservation[], Reservation[]]>([
    ['no lines', [], []],
    ['one line', [{ productId: A, quantity: 2 }], [{ productId: A, quantity: 2 }]],
    [
      'the same product in two lines (with and without bookFormat) adds up',
      [
        { productId: A, quantity: 8 },
        { productId: A, quantity: 99 },
      ],
      [{ productId: A, quantity: 107 }],
    ],
    [
      'different products are sorted by id',
      [
        { productId: C, quantity: 1 },
        { productId: A, quantity: 2 },
        { productId: B, quantity: 3 },
      ],
      [
        { productId: A, quantity: 2 },
        { productId: B, quantity: 3 },
        { productId: C, quantity: 1 },
      ],
    ],
    [
      'mixed: repeats of two products',
      [
        { productId: B, quantity: 1 },
        { productId: A, quantity: 2 },
        { productId: B, quantity: 4 },
        { productId: A, quantity: 1 },
      ],
      [
        { productId: A, quantity: 3 },
        { productId: B, quantity: 5 },
      ],
    ],
    ['a line taking nothing is dropped', [{ productId: A, quantity: 0 }], []],
    [
      'two variants of one product are two counters; one variant in two lines adds up',
      [
        { productId: A, variantId: C, quantity: 1 },
        { productId: A, variantId: B, quantity: 2 },
        { productId: A, variantId: C, quantity: 4 },
      ],
      [
        { productId: A, variantId: B, quantity: 2 },
        { productId: A, variantId: C, quantity: 5 },
      ],
    ],
  ])('%s', (_label, lines, expected) => {
    expect(aggregateReservations(lines)).toEqual(expected);
  });
});

describe('stockShortages: the aggregated quantity against the counted stock', () => {
  const stock: Record<string, number | null> = { [A]: 8, [B]: null, [C]: 0 };
  it.each<[string, Reservation, { productId: string; variantId?: string; requested: number; available: number }[]]>([
    ['exactly the stock is fine', { productId: A, quantity: 8 }, []],
    ['one more than the stock is short', { productId: A, quantity: 9 }, [{ productId: A, requested: 9, available: 8 }]],
    ['107 of 8', { productId: A, quantity: 107 }, [{ productId: A, requested: 107, available: 8 }]],
    ['an uncounted stock never runs short', { productId: B, quantity: 99 }, []],
    ['an empty stock', { productId: C, quantity: 1 }, [{ productId: C, requested: 1, available: 0 }]],
    [
      "a variant's own counter, looked up by product@variant",
      { productId: B, variantId: A, quantity: 3 },
      [{ productId: B, variantId: A, requested: 3, available: 1 }],
    ],
  ])('%s', (_label, reservation, expected) => {
    const counters: Record<string, number | null> = { ...stock, [`${B}@${A}`]: 1 };
    expect(stockShortages([reservation], (key) => counters[key])).toEqual(expected);
  });
});

describe('holdUntil / isExpired: how long an unpaid order holds stock, per payment method', () => {
  const placed = new Date('2026-03-01T10:00:00.000Z');
  const policy = { ...DEFAULT_ORDER_POLICY, pendingOrderHours: 48, pendingTransferDays: 5 };
  it.each<[PaymentMethod, string]>([
    ['card', '2026-03-03T10:00:00.000Z'],
    ['paypal', '2026-03-03T10:00:00.000Z'],
    ['cash', '2026-03-06T10:00:00.000Z'],
    ['bank_transfer', '2026-03-06T10:00:00.000Z'],
  ])('%s: held until %s', (method, until) => {
    expect(holdUntil(placed, method, policy).toISOString()).toBe(until);
  });

  it.each<[PaymentMethod, number, boolean]>([
    ['card', 48 * 3_600_000 - 1, false],
    ['card', 48 * 3_600_000, true],
    ['paypal', 47 * 3_600_000, false],
    ['paypal', 49 * 3_600_000, true],
    ['bank_transfer', 48 * 3_600_000, false],
    ['bank_transfer', 5 * 86_400_000 - 1, false],
    ['bank_transfer', 5 * 86_400_000, true],
    ['cash', 5 * 86_400_000 - 1, false],
    ['cash', 6 * 86_400_000, true],
  ])('%s after %i ms → expired %s', (method, elapsed, expired) => {
    const now = new Date(placed.getTime() + elapsed);
    expect(isExpired(placed, method, policy, now)).toBe(expired);
    // The database query uses the cutoffs: the same rule from the other side.
    const cutoffs = expiryCutoffs(now, policy);
    const cutoff = method === 'cash' || method === 'bank_transfer' ? cutoffs.offline : cutoffs.online;
    expect(placed.getTime() <= cutoff.getTime()).toBe(expired);
  });

  it.each([
    [1, 1, 'card', '2026-03-01T11:00:00.000Z'],
    [72, 10, 'card', '2026-03-04T10:00:00.000Z'],
    [72, 10, 'bank_transfer', '2026-03-11T10:00:00.000Z'],
  ] as const)('PENDING_ORDER_HOURS=%i, PENDING_TRANSFER_DAYS=%i: %s held until %s', (hours, days, method, until) => {
    const custom = { ...DEFAULT_ORDER_POLICY, pendingOrderHours: hours, pendingTransferDays: days };
    expect(holdUntil(placed, method, custom).toISOString()).toBe(until);
  });

  it.each([
    ['bank_transfer', 24, '2026-03-02T10:00:00.000Z'],
    ['cash', 6, '2026-03-01T16:00:00.000Z'],
    ['card', 24, '2026-03-02T10:00:00.000Z'],
    // A method's own hold shorter than PENDING_SCARCE_HOURS stays.
    ['card', 72, '2026-03-03T10:00:00.000Z'],
  ] as const)('took the last units, %s, PENDING_SCARCE_HOURS=%i: held until %s', (method, scarceHours, until) => {
    const custom = { ...DEFAULT_ORDER_POLICY, pendingScarceHours: scarceHours };
    expect(holdUntil(placed, method, custom, true).toISOString()).toBe(until);
    const cutoffs = expiryCutoffs(new Date(until), custom);
    const cutoff = method === 'card' ? cutoffs.onlineScarce : cutoffs.offlineScarce;
    expect(cutoff.toISOString()).toBe(placed.toISOString());
  });
});

describe('splitByHoldCaps: what a new unpaid order may hold now, with what its mailbox holds (3 units, 10 000 ₽)', () => {
  const caps = { unpaidHoldUnitsPerProduct: 3, unpaidHoldMaxRub: 10_000_00 };
  it.each<[string, Reservation[], number, [string, number][], number, Reservation[], [string, number][], boolean]>([
    ['within both caps', [{ productId: A, quantity: 3 }], 4_500_00, [], 0, [{ productId: A, quantity: 3 }], [], false],
    [
      'over the units of one product',
      [{ productId: A, quantity: 5 }],
      7_500_00,
      [],
      0,
      [{ productId: A, quantity: 3 }],
      [[A, 2]],
      true,
    ],
    [
      'what the mailbox holds counts',
      [{ productId: A, quantity: 2 }],
      3_000_00,
      [[A, 2]],
      3_000_00,
      [{ productId: A, quantity: 1 }],
      [[A, 1]],
      true,
    ],
    [
      'per product: another has its own cap',
      [{ productId: B, quantity: 3 }],
      4_500_00,
      [[A, 3]],
      4_500_00,
      [{ productId: B, quantity: 3 }],
      [],
      false,
    ],
    ['over the value: nothing now', [{ productId: A, quantity: 1 }], 6_000_00, [], 5_000_00, [], [[A, 1]], true],
    [
      'exactly the value cap is within it',
      [{ productId: A, quantity: 1 }],
      5_000_00,
      [],
      5_000_00,
      [{ productId: A, quantity: 1 }],
      [],
      false,
    ],
    ['over the value with nothing to reserve (a transfer of digital goods)', [], 6_000_00, [], 5_000_00, [], [], true],
  ])('%s', (_name, wanted, due, units, heldDue, firm, deferred, over) => {
    expect(splitByHoldCaps(wanted, due, { units: new Map(units), dueRub: heldDue }, caps)).toEqual({
      firm,
      deferred: new Map(deferred),
      over,
    });
  });

  it('the deadline of an order over the caps is the earlier of its hold and the one its payment started', () => {
    const createdAt = new Date('2026-12-01T10:00:00Z');
    const row = { createdAt, paymentMethod: 'card' as const, holdsScarce: false, payLinkUntil: null };
    const paymentHoldUntil = new Date('2026-12-01T11:30:00Z');
    expect(orderHoldUntil({ ...row, paymentHoldUntil }, DEFAULT_ORDER_POLICY)).toEqual(paymentHoldUntil);
    expect(orderHoldUntil(row, DEFAULT_ORDER_POLICY)).toEqual(new Date('2026-12-03T10:00:00Z'));
  });
});

describe('mayReturnToCart: an unpaid online order of cart lines may be given up to be changed', () => {
  const base = {
    status: 'pending',
    paymentMethod: 'card' as PaymentMethod,
    paymentState: 'failed',
    lines: ['product'],
  };
  it.each<[string, Partial<typeof base>, boolean]>([
    ['card, payment failed', {}, true],
    ['card, no payment started', { paymentState: 'none' }, true],
    ['card, waiting for the bank', { paymentState: 'awaiting' }, true],
    ['PayPal, invoice sent', { paymentMethod: 'paypal', paymentState: 'invoice_sent' }, true],
    ['goods, a lesson and a course', { lines: ['product', 'lesson', 'course'] }, true],
    ['paid (confirmed)', { status: 'confirmed', paymentState: 'paid' }, false],
    ['being prepared', { status: 'processing' }, false],
    ['already cancelled', { status: 'cancelled' }, false],
    ['pending but marked paid', { paymentState: 'paid' }, false],
    ['refunded', { paymentState: 'refunded' }, false],
    ['cash', { paymentMethod: 'cash', paymentState: 'none' }, false],
    ['bank transfer', { paymentMethod: 'bank_transfer', paymentState: 'none' }, false],
    ['a gift certificate line', { lines: ['product', 'gift_certificate'] }, false],
    ['a custom piece', { lines: ['custom_order'] }, false],
    ['no lines', { lines: [] }, false],
  ])('%s → %s', (_name, change, expected) => {
    expect(mayReturnToCart({ ...base, ...change })).toBe(expected);
  });
});
