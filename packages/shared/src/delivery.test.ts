import { describe, expect, it } from 'vitest';
import { deliveryCostRub, FREE_DELIVERY_FROM_RUB } from './delivery';

describe('delivery price', () => {
  it.each([
    ['standard', 1000, true, 300],
    ['express', 1000, true, 500],
    ['pickup', 1000, true, 0],
    ['post', 1000, true, 300],
    ['courier_pickup', 1000, true, 300],
    ['standard', 4999.99, true, 300],
    ['standard', 4999, true, 300],
    ['standard', FREE_DELIVERY_FROM_RUB, true, 0],
    ['standard', 5001, true, 0],
    ['courier_pickup', 4999, true, 300],
    ['courier_pickup', 5000, true, 0],
    ['standard', 0, false, 0],
    ['express', 7000, true, 0],
    ['express', 100, false, 0],
  ] as const)('%s with subtotal %d (physical: %s) costs %d ₽', (method, subtotal, physical, expected) => {
    expect(deliveryCostRub(method, subtotal, physical)).toBe(expected);
  });
});
