/**
 * An order as the API answers it (`toOrder`) and as its domain events carry it (`toEvent`), from its
 * rows. Pure: no database.
 */
import {
  expectedDelivery,
  fromMinor,
  type Order,
  type OrderStatus,
  rubMinorIn,
  TRACKING_CARRIERS,
  type Tracking,
} from '@atelier/shared';
import type { OrderItemRow, OrderRow, StatusEventRow } from './orders.repo';
import { isFreeAccess, type OrderPolicy, orderHoldUntil } from './orders.rules';
import type { OrderEvent } from './orders.schemas';

/**
 * A line's unit price in the order's currency (minor units): as charged, or, for an order written
 * before lines kept it, the RUB price at the order's own rate.
 */
function unitInOrderCurrency(row: OrderRow, item: OrderItemRow): number {
  if (row.currency === 'RUB') return item.unitPriceRub;
  return item.unitPriceInCurrency ?? rubMinorIn(row.currency, item.unitPriceRub, row.exchangeSnapshot);
}

/**
 * The lines as ordered, with their unit price in roubles (minor units), and what else makes the
 * amount due (delivery, the discount, a gift certificate's share), for a payment link's page.
 */
export function toPaymentView(row: OrderRow, items: OrderItemRow[]) {
  return {
    lines: items.map((item) => ({
      id: item.id,
      name: item.name,
      quantity: item.quantity,
      refundedQuantity: item.refundedQuantity,
      unitPriceRubMinor: item.unitPriceRub,
    })),
    charges: {
      deliveryRubMinor: row.deliveryCostRub,
      discountRubMinor: row.discountRub,
      giftCertificateRubMinor: row.giftCertificateRub,
    },
  };
}

/** `policy` given: a pending order says until when it is held (`holdUntil`). */
const isTrackingCarrier = (carrier: string | null): carrier is Tracking['carrier'] =>
  (TRACKING_CARRIERS as readonly (string | null)[]).includes(carrier);

export function toOrder(row: OrderRow, items: OrderItemRow[], history?: StatusEventRow[], policy?: OrderPolicy): Order {
  const totalInCurrency = row.totalInCurrency ?? row.totalRub;
  const subtotalInCurrency = items.reduce((sum, item) => sum + unitInOrderCurrency(row, item) * item.quantity, 0);
  const deliveryInCurrency = rubMinorIn(row.currency, row.deliveryCostRub, row.exchangeSnapshot);
  // Lines are refunded in roubles (card payments); another currency reads them at the order's rate.
  const refundedRub = items.reduce((sum, item) => sum + item.refundedMinor, 0);
  const refundedInCurrency = rubMinorIn(row.currency, refundedRub, row.exchangeSnapshot);
  const order: Order = {
    id: row.id,
    number: row.number,
    userId: row.userId,
    status: row.status,
    paymentMethod: row.paymentMethod,
    paymentState: row.paymentState,
    items: items.map((item) => {
      const unitInCurrency = unitInOrderCurrency(row, item);
      return {
        id: item.id,
        type: item.type,
        refId: item.productId ?? item.lessonId ?? item.courseId,
        variantId: item.variantId,
        name: item.name,
        bookFormat: item.bookFormat,
        unitPrice: fromMinor(item.unitPriceRub),
        quantity: item.quantity,
        lineTotal: fromMinor(item.unitPriceRub * item.quantity),
        unitPriceInCurrency: fromMinor(unitInCurrency),
        lineTotalInCurrency: fromMinor(unitInCurrency * item.quantity),
        refundedQuantity: item.refundedQuantity,
        refunded: fromMinor(item.refundedMinor),
      };
    }),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    customer: row.customer,
    delivery: row.delivery,
    subtotal: fromMinor(row.subtotalRub),
    discount: fromMinor(row.discountRub),
    deliveryCost: fromMinor(row.deliveryCostRub),
    total: fromMinor(row.totalRub),
    currency: row.currency,
    totalInCurrency: fromMinor(totalInCurrency),
    subtotalInCurrency: fromMinor(subtotalInCurrency),
    discountInCurrency: fromMinor(subtotalInCurrency + deliveryInCurrency - totalInCurrency),
    deliveryCostInCurrency: fromMinor(deliveryInCurrency),
    expectedDelivery: expectedDelivery(row.delivery),
    giftCertificate: fromMinor(row.giftCertificateMinor),
    amountDue: fromMinor((row.totalInCurrency ?? row.totalRub) - row.giftCertificateMinor),
    refundedTotal: fromMinor(refundedRub),
    refundedTotalInCurrency: fromMinor(refundedInCurrency),
    netTotal: fromMinor(row.totalRub - refundedRub),
    netTotalInCurrency: fromMinor(totalInCurrency - refundedInCurrency),
    exchangeRates: row.exchangeSnapshot,
    language: row.language,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    tracking:
      row.trackingNumber && isTrackingCarrier(row.trackingCarrier)
        ? { carrier: row.trackingCarrier, number: row.trackingNumber }
        : null,
    carrier: row.trackingCarrier ?? null,
  };
  if (policy) {
    order.holdUntil = row.status === 'pending' ? orderHoldUntil(row, policy).toISOString() : null;
  }
  if (history) {
    order.history = history.map((event) => ({
      from: event.fromStatus as OrderStatus | null,
      to: event.toStatus as OrderStatus,
      at: event.createdAt.toISOString(),
      actor:
        event.actorId && event.actorName !== null && event.actorRole
          ? { id: event.actorId, name: event.actorName, role: event.actorRole }
          : null,
      note: event.note,
    }));
  }
  return order;
}

export function toEvent(row: OrderRow, items: OrderItemRow[]): OrderEvent {
  return {
    orderId: row.id,
    number: row.number,
    userId: row.userId,
    customerEmail: row.customer.email,
    language: row.language,
    totalRub: row.totalRub,
    promoCodeId: row.promoCodeId,
    freeAccess: isFreeAccess(row),
    items: items.map((item) => ({
      id: item.id,
      type: item.type,
      productId: item.productId,
      lessonId: item.lessonId,
      courseId: item.courseId,
      bookFormat: item.bookFormat,
      unitPriceRub: item.unitPriceRub,
      quantity: item.quantity,
    })),
  };
}
