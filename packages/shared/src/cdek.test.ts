import { describe, expect, it } from 'vitest';
import {
  carrierDeliveryCostRub,
  isFinalStage,
  PARCEL_DEFAULTS,
  type Parcel,
  ParcelSchema,
  packageOf,
  productParcel,
  stageOfStatus,
} from './cdek';
import { FREE_DELIVERY_FROM_RUB } from './delivery';

const box = (weightGrams: number, lengthCm: number, widthCm: number, heightCm: number): Parcel => ({
  weightGrams,
  lengthCm,
  widthCm,
  heightCm,
});

describe('the parcel an order makes', () => {
  it.each([
    [
      'one item is its own box, laid on its largest face',
      [{ parcel: box(500, 20, 40, 30), quantity: 1 }],
      box(500, 40, 30, 20),
    ],
    ['two of one item stack up', [{ parcel: box(500, 40, 30, 20), quantity: 2 }], box(1000, 40, 30, 40)],
    [
      'different items: the largest footprint, the heights add up',
      [
        { parcel: box(700, 27, 20, 4), quantity: 1 },
        { parcel: box(600, 45, 30, 20), quantity: 1 },
      ],
      box(1300, 45, 30, 24),
    ],
    ['nothing', [], box(0, 0, 0, 0)],
    ['a line of zero is left out', [{ parcel: box(500, 10, 10, 10), quantity: 0 }], box(0, 0, 0, 0)],
  ])('%s', (_name, lines, expected) => {
    expect(packageOf(lines)).toEqual(expected);
  });

  it('a product without its own weight and box gets its category’s', () => {
    expect(productParcel('book', null)).toEqual(PARCEL_DEFAULTS.book);
    expect(productParcel('book', box(1, 2, 3, 4))).toEqual(box(1, 2, 3, 4));
    for (const parcel of Object.values(PARCEL_DEFAULTS)) expect(ParcelSchema.safeParse(parcel).success).toBe(true);
  });

  it.each([
    ['a weight of zero', box(0, 10, 10, 10)],
    ['a fractional side', box(100, 10.5, 10, 10)],
    ['a side over 3 m', box(100, 301, 10, 10)],
    ['over 100 kg', box(100_001, 10, 10, 10)],
  ])('refuses %s', (_name, parcel) => {
    expect(ParcelSchema.safeParse(parcel).success).toBe(false);
  });
});

describe('what CDEK delivery costs the customer', () => {
  it.each([
    [420, 1000, true, 420],
    [420, FREE_DELIVERY_FROM_RUB - 1, true, 420],
    [420, FREE_DELIVERY_FROM_RUB, true, 0],
    [420, 9000, true, 0],
    [420, 1000, false, 0],
  ] as const)('CDEK %d ₽ with goods for %d ₽ (physical: %s) → %d ₽', (carrier, subtotal, physical, expected) => {
    expect(carrierDeliveryCostRub(carrier, subtotal, physical)).toBe(expected);
  });
});

describe('CDEK statuses as stages', () => {
  it.each([
    ['CREATED', 'created'],
    ['RECEIVED_AT_SHIPMENT_WAREHOUSE', 'in_transit'],
    ['SENT_TO_TRANSIT_CITY', 'in_transit'],
    ['ACCEPTED_AT_PICK_UP_POINT', 'ready_for_pickup'],
    ['POSTOMAT_POSTED', 'ready_for_pickup'],
    ['DELIVERED', 'delivered'],
    ['POSTOMAT_RECEIVED', 'delivered'],
    ['NOT_DELIVERED', 'not_delivered'],
    ['REMOVED', 'cancelled'],
    ['SOMETHING_NEW', null],
  ])('%s → %s', (code, stage) => {
    expect(stageOfStatus(code)).toBe(stage);
  });

  it('stops following a parcel once delivered or cancelled, not when it was not delivered', () => {
    expect([isFinalStage('delivered'), isFinalStage('cancelled')]).toEqual([true, true]);
    expect([isFinalStage('not_delivered'), isFinalStage('in_transit'), isFinalStage(null)]).toEqual([
      false,
      false,
      false,
    ]);
  });
});
