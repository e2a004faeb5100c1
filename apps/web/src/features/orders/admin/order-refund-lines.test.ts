import { type Order, type OrderItem, refundableUnits } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import type { AdminPayment } from '../../payments/api/admin-payments';
import { canRefundLines, chosenLines, paidOnline } from './order-refund-lines';

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
  ({ items, status: 'confirmed', paymentState: 'paid', paymentMethod: 'card', ...patch }) as Order;

describe('refunding items of an order', () => {
  it('counts the units still to give back; a gift certificate or a custom piece has none', () => {
    expect(refundableUnits(item('a'))).toBe(2);
    expect(refundableUnits(item('a', { refundedQuantity: 1 }))).toBe(1);
    expect(refundableUnits(item('a', { refundedQuantity: 2 }))).toBe(0);
    expect(refundableUnits(item('g', { type: 'gift_certificate' }))).toBe(0);
    expect(refundableUnits(item('c', { type: 'custom_order', quantity: 1 }))).toBe(0);
  });

  it('is offered for a paid card order with something left, never before payment, after cancelling or by hand', () => {
    expect(canRefundLines(order([item('a')]))).toBe(true);
    expect(canRefundLines(order([item('a')], { status: 'shipped' }))).toBe(true);
    expect(canRefundLines(order([item('a', { refundedQuantity: 2 })]))).toBe(false);
    expect(canRefundLines(order([item('a')], { paymentState: 'refunded' }))).toBe(false);
    expect(canRefundLines(order([item('a')], { status: 'cancelled' }))).toBe(false);
    expect(canRefundLines(order([item('a')], { status: 'pending', paymentState: 'awaiting' }))).toBe(false);
    expect(canRefundLines(order([item('a')], { paymentMethod: 'cash' }))).toBe(false);
  });

  it('needs a payment that went through a provider that refunds, not one marked paid by hand', () => {
    const payment = (provider: string, status = 'succeeded') => ({ provider, status }) as AdminPayment;
    expect(paidOnline([payment('test')])).toBe(true);
    expect(paidOnline([payment('yookassa', 'canceled'), payment('yookassa')])).toBe(true);
    expect(paidOnline([payment('manual')])).toBe(false);
    expect(paidOnline([payment('yookassa', 'pending')])).toBe(false);
    expect(paidOnline(undefined)).toBe(false);
  });

  it('asks for the chosen units only, capped at what is left, in the order of the lines', () => {
    const o = order([item('a'), item('b', { refundedQuantity: 1 }), item('c')]);
    expect(chosenLines(o, {})).toEqual([]);
    expect(chosenLines(o, { c: 1, a: 0, b: 5 })).toEqual([
      { lineId: 'b', quantity: 1 },
      { lineId: 'c', quantity: 1 },
    ]);
  });
});
