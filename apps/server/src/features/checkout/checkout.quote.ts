/**
 * The answer of `POST /api/orders/quote` (checkout.service.ts `quote`): an order priced by
 * `priceOrder` with its delivery to the destination, in the order's currency and major units —
 * each line after its discount, the totals, what a gift certificate pays and what is left to pay,
 * the delivery options with their days, and the ways to pay there.
 */
import { freeDeliveryFrom, fromMinor, type OrderQuote, paymentMethodsTo, toMinor } from '@atelier/shared';
import type { QuotedDelivery } from './checkout.delivery';
import type { OrderPrice } from './pricing';

export function toQuote({
  price,
  delivery,
  goods,
  paidMinor,
  physical,
  cardPayments,
}: {
  price: OrderPrice;
  /** null: nothing travels. */
  delivery: QuotedDelivery | null;
  /** What counts toward free delivery (the goods after their discounts), minor units. */
  goods: number;
  /** What a gift certificate pays, minor units of the order's currency. */
  paidMinor: number;
  physical: boolean;
  /** false: the shop takes no cards (a free order needs none). */
  cardPayments: boolean;
}): OrderQuote {
  const { currency } = price;
  const major = (minor: number) => fromMinor(minor);
  const due = price.totalInCurrency;
  return {
    currency,
    lines: price.lines.map(({ line, listMinor, discountMinor, amountMinor }) => ({
      type: line.type,
      id: line.refId,
      bookFormat: line.bookFormat,
      variantId: line.variantId,
      name: line.name,
      quantity: line.quantity,
      unitPrice: major(line.unitCurrencyMinor),
      listTotal: major(listMinor),
      discount: major(discountMinor),
      total: major(amountMinor),
    })),
    subtotal: major(price.subtotalInCurrency),
    discount: major(price.discountInCurrency),
    itemsTotal: major(price.subtotalInCurrency - price.discountInCurrency),
    deliveryCost: delivery?.pricing ? major(price.deliveryInCurrency) : null,
    total: major(due),
    giftCertificate: major(paidMinor),
    amountDue: major(due - paidMinor),
    totalRub: major(price.total),
    delivery: delivery
      ? {
          country: delivery.country,
          shipped: delivery.estimate.kind === 'options',
          method: delivery.method,
          options:
            delivery.estimate.kind === 'options'
              ? delivery.estimate.options.map((option) => ({
                  method: option.method,
                  cost: option.costMinor === null ? null : major(option.costMinor),
                  minDays: option.minDays,
                  maxDays: option.maxDays,
                }))
              : [],
          freeFrom: freeDeliveryFrom(currency),
          free: goods >= toMinor(freeDeliveryFrom(currency)),
          expected: delivery.expected,
        }
      : null,
    paymentMethods: paymentMethodsTo(currency, physical ? (delivery?.country ?? null) : null).filter(
      (method) => method !== 'card' || cardPayments || due === 0,
    ),
  };
}
