/**
 * Who reacts to which domain event: every subscription of the app, in one place. The feature
 * that emits an event declares it (orders: `OrderEvents` in features/orders/orders.schemas.ts);
 * the listeners are named methods of the services that react. Each runs inside the transaction
 * of the change, in the order written here; one that throws rolls the whole change back.
 */

import type { Services } from './app';
import type { OrderEvents } from './features/orders/orders.schemas';
import type { EventBus } from './platform/event-bus';

type Listeners = Pick<Services, 'ownerNotifier' | 'lessons' | 'courses' | 'promoCodes' | 'downloads'>;

export function wireEvents(events: Pick<EventBus<OrderEvents>, 'on'>, services: Listeners): void {
  const { ownerNotifier, lessons, courses, promoCodes, downloads } = services;

  // An order is confirmed (paid, confirmed by the admin, or a zero total):
  // the owner hears of it (once per order) ...
  events.on('orderConfirmed', async (tx, event) => {
    await ownerNotifier.paidOrder(tx, {
      orderId: event.orderId,
      number: event.number,
      totalRubMinor: event.totalRub,
      customerEmail: event.customerEmail,
    });
  });
  // ... its lessons and courses become the customer's ...
  events.on('orderConfirmed', (tx, event) => lessons.grantOrder(tx, event));
  // ... and its digital books get their download links.
  events.on('orderConfirmed', (tx, event) => downloads.onOrderConfirmed(tx, event));

  // An order is cancelled (by the admin or unpaid past its hold; orders itself returns the stock):
  // the promo code use it took comes back, the lessons and courses it granted go, its seat is freed.
  events.on('orderCancelled', async (tx, event) => {
    if (event.promoCodeId) await promoCodes.release(tx, event.promoCodeId);
  });
  events.on('orderCancelled', (tx, event) => lessons.revokeOrder(tx, event));
  events.on('orderCancelled', (tx, event) => courses.releaseSeats(tx, event));
}
