/**
 * What other features hand checkout: an order to place (its lines, customer, delivery, payment),
 * a one-line order (a gift certificate, a payment toward a custom piece), a purchase of one item.
 */
import type {
  BookFormat,
  ConsentKind,
  Currency,
  Language,
  LocalizedText,
  OrderCustomer,
  OrderDeliveryInput,
  OrderLineType,
  PaymentMethod,
} from '@atelier/shared';
import type { Tx } from '../../db/client';
import type { SessionUser } from '../../platform/auth/sessions';
import type { PromoDiscount } from './pricing';

export interface PlaceOrderLine {
  type: OrderLineType;
  id: string;
  quantity: number;
  bookFormat?: BookFormat | undefined;
}

export interface PlaceOrderInput {
  userId: string;
  lines: PlaceOrderLine[];
  customer: OrderCustomer | { firstName: string; lastName: string; email: string; phone: string };
  /** Omit for an order without physical goods (lessons, digital books). */
  delivery?: OrderDeliveryInput | undefined;
  paymentMethod: PaymentMethod;
  currency: Currency;
  language: Language;
  comment?: string | undefined;
  /**
   * A promo discount in RUB major units, capped at the goods subtotal (the purchase flow redeems the
   * code). promoCodeId null = a discount without a code (a course credited with lessons already bought).
   * Given, it is the whole discount; without it, course lines get their credit (pricing.ts `discounted`).
   */
  promo?: PromoDiscount | undefined;
  /** A gift certificate in the order's currency: it pays what it can, the rest is paid as usual. */
  giftCertificateCode?: string | undefined;
}

/** A gift certificate's order, bought by `user` (gift-certificates names the line). */
export interface GiftCertificateOrderInput {
  user: SessionUser;
  currency: Currency;
  amountMinor: number;
  name: LocalizedText;
  language: Language;
}

/** A payment toward a custom piece (its deposit or balance), by `user` (custom-orders names the line). */
export type CustomOrderPaymentInput = GiftCertificateOrderInput;

/** Records what the checkout's consents recorded, in the order's transaction, once the order has its id. */
export type RecordConsents = (tx: Tx, order: { id: string }) => Promise<void>;

export interface PurchaseInput {
  promoCode?: string | undefined;
  currency: Currency;
  /** A gift certificate in `currency`: it pays what it can, the rest is paid as usual. */
  giftCertificateCode?: string | undefined;
  /**
   * Checks the consents the purchase asks for (they depend on the item's price in the currency),
   * refusing before anything is written, and gives what records them in the order's transaction.
   */
  consents: (asked: ConsentKind[]) => Promise<(tx: Tx, orderId: string) => Promise<void>>;
}
