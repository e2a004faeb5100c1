import { describe, expect, it } from 'vitest';
import type { Tx } from './db/client';
import { wireEvents } from './events';
import type { Sellable } from './features/checkout/checkout.schemas';
import type { OrderEvent } from './features/orders/orders.schemas';

type Handler = (tx: Tx, event: never) => Promise<void> | void;

/** A bus that keeps the subscriptions, and services whose every method records its call. */
function wired() {
  const handlers = new Map<string, Handler[]>();
  const calls: string[] = [];
  const recorder = (name: string) =>
    new Proxy(
      {},
      {
        get: (_target, method) => async () => {
          calls.push(`${name}.${String(method)}`);
        },
      },
    );
  const kind = (name: string): Sellable =>
    ({
      load: async () => new Map(),
      price: () => ({ unavailable: 'not_found' }),
      image: () => null,
      fiscal: () => ({ subject: 'goods', mode: 'full_payment', note: null }),
      grant: async (_tx: Tx, event: OrderEvent) => {
        calls.push(`${name}.grant(${event.orderId})`);
      },
      undo: async (_tx: Tx, _event: OrderEvent, why: string) => {
        calls.push(`${name}.undo(${why})`);
      },
    }) as Sellable;
  const services = {
    ownerNotifier: recorder('ownerNotifier'),
    sellables: { product: kind('product'), lesson: kind('lesson'), course: kind('course') },
    lessonAccess: { forget: () => calls.push('lessonAccess.forget') },
    promoCodes: recorder('promoCodes'),
    receipts: recorder('receipts'),
    stockAlerts: recorder('stockAlerts'),
    certificates: recorder('certificates'),
    giftCertificates: recorder('giftCertificates'),
    customOrders: recorder('customOrders'),
  };
  wireEvents(
    {
      on: (name: string, handler: Handler) => {
        handlers.set(name, [...(handlers.get(name) ?? []), handler]);
      },
    } as never,
    services as never,
  );
  const emit = async (name: string, event: OrderEvent) => {
    for (const handler of handlers.get(name) ?? []) await handler({} as Tx, event as never);
  };
  return { emit, calls };
}

const orderOf = (...types: OrderEvent['items'][number]['type'][]): OrderEvent => ({
  orderId: 'o1',
  number: 7,
  userId: 'u1',
  customerEmail: 'vera@example.com',
  language: 'ru',
  totalRub: 100_000,
  promoCodeId: null,
  items: types.map((type, index) => ({
    id: `line-${index}`,
    type,
    productId: type === 'product' ? 'p1' : null,
    lessonId: type === 'lesson' ? 'l1' : null,
    courseId: type === 'course' ? 'c1' : null,
    bookFormat: null,
    unitPriceRub: 50_000,
    quantity: 1,
  })),
});

describe('the kinds an order is made of grant and undo through their registrations', () => {
  it('a confirmed order: each kind of its lines grants, once, in the order the kinds are registered', async () => {
    const { emit, calls } = wired();
    await emit('orderConfirmed', orderOf('course', 'product', 'course'));
    expect(calls.filter((call) => call.includes('.grant('))).toEqual(['product.grant(o1)', 'course.grant(o1)']);
  });

  it('a cancelled order: its kinds undo what they granted, before the certificates are reconciled', async () => {
    const { emit, calls } = wired();
    await emit('orderCancelled', orderOf('lesson'));
    expect(calls.filter((call) => call.includes('.undo('))).toEqual(['lesson.undo(cancelled)']);
    expect(calls.indexOf('lesson.undo(cancelled)')).toBeLessThan(calls.indexOf('certificates.reconcile'));
  });

  it('lines refunded whole: their kinds undo them as refunded; a kind not in the lines is not asked', async () => {
    const { emit, calls } = wired();
    await emit('orderLinesRefunded', orderOf('product'));
    expect(calls.filter((call) => call.includes('.undo('))).toEqual(['product.undo(refunded)']);
    expect(calls).toContain('lessonAccess.forget');
  });

  it('an order of a kind with no registration (a gift certificate) asks no registration', async () => {
    const { emit, calls } = wired();
    await emit('orderConfirmed', orderOf('gift_certificate'));
    expect(calls.some((call) => call.includes('.grant('))).toBe(false);
    expect(calls).toContain('giftCertificates.onOrderConfirmed');
  });
});
