import { describe, expect, it } from 'vitest';
import { canTransition, ORDER_STATUSES } from './orders';

const allowed = new Set([
  'pending>confirmed',
  'pending>cancelled',
  'confirmed>processing',
  'confirmed>cancelled',
  'processing>shipped',
  'processing>cancelled',
  'shipped>delivered',
]);

describe('order status machine (DESIGN §6)', () => {
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s follows the table', (from, to) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
  });
});
