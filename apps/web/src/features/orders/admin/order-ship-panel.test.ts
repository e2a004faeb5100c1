import type { Order, OrderItem } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { canShip, type ShipPanelState, shipPanelState } from './order-ship-panel';

const item = (id: string, patch: Partial<OrderItem> = {}): OrderItem => ({
  id,
  type: 'product',
  refId: null,
  variantId: null,
  name: { ru: id },
  bookFormat: null,
  unitPrice: 1000,
  quantity: 2,
  lineTotal: 2000,
  unitPriceInCurrency: 1000,
  lineTotalInCurrency: 2000,
  refundedQuantity: 0,
  refunded: 0,
  ...patch,
});

const order = (items: OrderItem[], patch: Partial<Order> = {}) =>
  ({ items, status: 'confirmed', delivery: { method: 'post' }, ...patch }) as Order;

describe('the shipping panel after refunds of chosen lines', () => {
  it.each<[string, Order, ShipPanelState | null]>([
    ['paid, nothing refunded', order([item('a')]), 'ship'],
    ['one of two units refunded: the unit left ships', order([item('a', { refundedQuantity: 1 })]), 'ship'],
    [
      'being prepared, one line of two refunded whole',
      order([item('a', { refundedQuantity: 2 }), item('b')], { status: 'processing' }),
      'ship',
    ],
    ['every line refunded whole', order([item('a', { refundedQuantity: 2 })]), 'refunded'],
    [
      'the goods refunded, a lesson kept',
      order([item('a', { refundedQuantity: 2 }), item('l', { type: 'lesson', quantity: 1 })]),
      'nothingLeft',
    ],
    ['shipped: mark delivered', order([item('a', { refundedQuantity: 1 })], { status: 'shipped' }), 'deliver'],
    [
      'shipped, then refunded whole: not marked delivered',
      order([item('a', { refundedQuantity: 2 })], { status: 'shipped' }),
      'refunded',
    ],
    ['unpaid', order([item('a')], { status: 'pending' }), null],
    ['nothing to deliver', order([item('a')], { delivery: { method: 'none' } }), null],
    ['delivered', order([item('a')], { status: 'delivered' }), null],
  ])('%s', (_name, value, expected) => {
    expect(shipPanelState(value)).toBe(expected);
    expect(canShip(value)).toBe(expected === 'ship');
  });
});
