/**
 * Who reacts to which domain event: every subscription of the app, in one place (the union of
 * the events, `DomainEvents`, is in services.ts beside the bus's users). The feature
 * that emits an event declares it (orders: `OrderEvents` in features/orders/orders.schemas.ts;
 * shop: `ShopEvents` in features/shop/shop.schemas.ts; progress: `ProgressEvents` in
 * features/progress/progress.schemas.ts);
 * the listeners are named methods of the services that react. Each runs inside the transaction
 * of the change, in the order written here; one that throws rolls the whole change back.
 */

import type { Sellable } from './features/checkout/checkout.schemas';
import type { OrderEvent } from './features/orders/orders.schemas';
import type { EventBus } from './platform/event-bus';
import type { DomainEvents, Services } from './services';

type Listeners = Pick<
  Services,
  | 'ownerNotifier'
  | 'sellables'
  | 'lessonAccess'
  | 'promoCodes'
  | 'receipts'
  | 'stockAlerts'
  | 'certificates'
  | 'giftCertificates'
  | 'customOrders'
>;

export function wireEvents(events: Pick<EventBus<DomainEvents>, 'on'>, services: Listeners): void {
  const {
    ownerNotifier,
    sellables,
    lessonAccess,
    promoCodes,
    receipts,
    stockAlerts,
    certificates,
    giftCertificates,
    customOrders,
  } = services;

  /** The registration of each kind the event's lines are of, in the order the kinds are registered. */
  const kindsOf = (event: OrderEvent): Sellable[] => {
    const present = new Set<string>(event.items.map((item) => item.type));
    return Object.entries(sellables).flatMap(([kind, sellable]) => (present.has(kind) ? [sellable] : []));
  };

  // An order is confirmed (paid, confirmed by the admin, or a zero total):
  // the owner hears of it (once per order; not of a free access, where nothing was paid) ...
  events.on('orderConfirmed', async (tx, event) => {
    if (event.freeAccess) return;
    await ownerNotifier.paidOrder(tx, {
      orderId: event.orderId,
      number: event.number,
      totalRubMinor: event.totalRub,
      customerEmail: event.customerEmail,
    });
  });
  // ... what it bought becomes the customer's, as the kind of each line grants it (lessons and
  // courses: access; digital books: their download links) ...
  events.on('orderConfirmed', async (tx, event) => {
    for (const kind of kindsOf(event)) await kind.grant?.(tx, event);
  });
  // ... a certificate revoked when its course was cancelled is valid again once it is bought again ...
  events.on('orderConfirmed', (tx, event) => certificates.reconcile(tx, event));
  // ... a gift certificate it bought becomes usable (today's is mailed to its recipient) ...
  events.on('orderConfirmed', (tx, event) => giftCertificates.onOrderConfirmed(tx, event));
  // ... a custom piece's deposit or balance moves its request on (both sides are mailed) ...
  events.on('orderConfirmed', (tx, event) => customOrders.onOrderConfirmed(tx, event));
  // ... and the part a bought gift certificate paid of an order with nothing to ship gets its receipt.
  events.on('orderConfirmed', (tx, event) => receipts.queueOffset(tx, event, 'confirmed'));

  // An order is cancelled (by the admin or unpaid past its hold; orders itself returns the stock):
  // first what it spent of a gift certificate comes back (or the certificate it bought is taken
  // back; one partly spent was refused before, by the ledger's `mayCancel`) ...
  events.on('orderCancelled', (tx, event) => giftCertificates.onOrderCancelled(tx, event));
  // ... the promo code use it took comes back, what its lines granted goes and a master class's
  // seat is freed (each kind undoes its own) ...
  events.on('orderCancelled', async (tx, event) => {
    if (event.promoCodeId) await promoCodes.release(tx, event.promoCodeId);
  });
  events.on('orderCancelled', async (tx, event) => {
    for (const kind of kindsOf(event)) await kind.undo?.(tx, event, 'cancelled');
  });
  // ... this instance stops reusing its "may watch" answers for that learner's media requests ...
  events.on('orderCancelled', async (_tx, event) => {
    if (event.userId) lessonAccess.forget(event.userId);
  });
  // ... a course certificate whose course the learner no longer has is revoked ...
  events.on('orderCancelled', (tx, event) => certificates.reconcile(tx, event));
  // A custom piece's paid deposit or balance that is cancelled (refunded) is due again.
  events.on('orderCancelled', (tx, event) => customOrders.onOrderCancelled(tx, event));

  // Lines of an order refunded whole, the order kept (orders itself returned unshipped stock):
  // each kind undoes what they granted (lessons and courses go, a master class's seat is freed, a
  // digital book's links go), the learner's cached access is dropped, and a certificate of a
  // course no longer had is revoked.
  events.on('orderLinesRefunded', async (tx, event) => {
    for (const kind of kindsOf(event)) await kind.undo?.(tx, event, 'refunded');
  });
  events.on('orderLinesRefunded', async (_tx, event) => {
    if (event.userId) lessonAccess.forget(event.userId);
  });
  events.on('orderLinesRefunded', (tx, event) => certificates.reconcile(tx, event));

  // An order ships: its prepaid goods get their completion receipt (queued here, sent after the
  // commit by the receipts worker, so YooKassa being down never holds the status change back).
  events.on('orderShipped', (tx, event) => receipts.queueCompletion(tx, event));
  // The part a bought gift certificate paid of those goods is settled against its advance then too.
  events.on('orderShipped', (tx, event) => receipts.queueOffset(tx, event, 'shipped'));

  // A product can be bought from stock again (an admin edit, or stock returned by a cancelled
  // order): everyone waiting for it is mailed once, in the transaction of that change.
  events.on('productAvailable', (tx, event) => stockAlerts.onProductAvailable(tx, event));

  // A learner completes the last lesson of a course: their certificate is issued with that report.
  events.on('courseCompleted', (tx, event) => certificates.issue(tx, event));
}
