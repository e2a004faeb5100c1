import { type AdminNeedsAction, type Currency, formatMoney } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { buildGroups, type Words } from './needs-action-panel';

const words: Words = {
  order: (n) => `#${n}`,
  expires: () => 'soon',
  placed: () => 'placed',
  requested: () => 'asked',
  review: (name) => name,
  work: (name) => name,
  alert: (kind) => kind,
  customRequest: (n) => `${n}`,
  money: (value: number, currency: Currency) => formatMoney(value, currency, 'en'),
  when: () => 'now',
};

const euroOrder = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 7,
  totalRub: 2700,
  currency: 'EUR' as const,
  totalInCurrency: 29,
  at: '2026-01-01T00:00:00.000Z',
};
const data = {
  expiringOrders: [euroOrder],
  toShip: [{ ...euroOrder, status: 'confirmed' as const }],
  reviews: [],
  studentWorks: [],
  paypalRequests: [euroOrder],
  paymentAlerts: [],
  customRequests: [],
  counts: {
    expiringOrders: 1,
    toShip: 1,
    reviews: 0,
    studentWorks: 0,
    paypalRequests: 1,
    paymentAlerts: 0,
    customRequests: 0,
  },
} as unknown as AdminNeedsAction;

describe("the dashboard's lists of orders", () => {
  it.each(['expiringOrders', 'toShip', 'paypalRequests'])('%s: a €29 order reads €29, not its rouble sum', (key) => {
    const group = buildGroups(data, words).find((g) => g.key === key)!;
    expect(group.items[0]!.detail).toContain('€29');
    expect(group.items[0]!.detail).not.toContain('₽');
  });
});
