import { describe, expect, it } from 'vitest';
import { offersStockAlert, shownAvailability } from './availability';

describe('what the product page offers for its availability', () => {
  it.each([
    [{ availability: 'in_stock', stock: null }, 'in_stock', false],
    [{ availability: 'in_stock', stock: 3 }, 'in_stock', false],
    [{ availability: 'on_order', stock: null }, 'on_order', false],
    [{ availability: 'on_order', stock: 5 }, 'on_order', false],
    [{ availability: 'out_of_stock', stock: null }, 'out_of_stock', true],
    [{ availability: 'in_stock', stock: 0 }, 'out_of_stock', true],
    [{ availability: 'on_order', stock: 0 }, 'out_of_stock', true],
  ] as const)('%j shows %s; "notify me": %s', (product, shown, alert) => {
    expect(shownAvailability(product)).toBe(shown);
    expect(offersStockAlert(product)).toBe(alert);
  });
});
