/**
 * The shapes other features exchange with orders: the domain events orders emits (subscribed in
 * src/events.ts), an order as receipts, carriers and payments read it, and the ports orders and
 * checkout ask of gift certificates (paying with a code, may an order be cancelled) and of a
 * carrier. What the catalogue answers checkout (a product, lesson or course as a line is priced
 * from, the purchase flow's offer) is checkout's: checkout.schemas.ts.
 */
import type {
  CdekPoint,
  Currency,
  Language,
  LocalizedText,
  OrderCdekDelivery,
  OrderStatus,
  Parcel,
  PaymentMethod,
  PaymentState,
} from '@atelier/shared';
import type { Tx } from '../../db/client';
import type { AppError } from '../../platform/errors';

export interface OrderEventItem {
  /** order_items.id */
  id: string;
  type: 'product' | 'lesson' | 'course' | 'gift_certificate' | 'custom_order';
  productId: string | null;
  lessonId: string | null;
  courseId: string | null;
  bookFormat: 'physical' | 'digital' | null;
  unitPriceRub: number;
  quantity: number;
}

/** A line of an order the customer gave up to change it, as a cart names it (`cancelToChange`). */
export interface LineToChange {
  type: 'product' | 'lesson' | 'course';
  /** The product, lesson or course; null only if it was deleted. */
  id: string | null;
  bookFormat: 'physical' | 'digital' | null;
  /** A product with options: the variant bought. */
  variantId: string | null;
  quantity: number;
  /** As the order named it. */
  name: LocalizedText;
}

export interface OrderEvent {
  orderId: string;
  number: number;
  /** null when the customer deleted their account. */
  userId: string | null;
  customerEmail: string;
  language: 'ru' | 'en' | 'es';
  totalRub: number;
  /** The promo code whose use the order took; null without one. */
  promoCodeId: string | null;
  items: OrderEventItem[];
  /**
   * Nothing was paid and nothing travels (a free lesson; orders.rules `isFreeAccess`): what it
   * gives is granted, but nobody is told of an order. Absent: false.
   */
  freeAccess?: boolean;
}

/**
 * Emitted by orders inside the transaction of the status change, so a listener's writes commit
 * with it or not at all (a listener that throws rolls the change back).
 */
export interface OrderEvents {
  /** pending → confirmed (paid, admin-confirmed cash/bank transfer, or a zero total). */
  orderConfirmed: OrderEvent;
  /** any → cancelled (stock is returned by orders itself; others release what they hold). */
  orderCancelled: OrderEvent;
  /** processing → shipped: the goods are handed over (prepaid goods get their completion receipt). */
  orderShipped: OrderEvent;
  /**
   * Order lines refunded whole (every unit) without cancelling the order; `items` holds only
   * those lines. Their lessons, courses and book downloads go (stock was returned by orders).
   */
  orderLinesRefunded: OrderEvent;
}

/** An order as its fiscal receipt is made from (RUB minor units, the names as ordered). */
export interface OrderForReceipt {
  id: string;
  number: number;
  /**
   * Where the receipt is mailed: the account's verified address (the one typed at checkout only
   * when the account was deleted).
   */
  customerEmail: string;
  lines: {
    /** order_items.id (a refund of chosen lines names them). */
    id?: string;
    type: 'product' | 'lesson' | 'course' | 'gift_certificate' | 'custom_order';
    bookFormat: 'physical' | 'digital' | null;
    name: LocalizedText;
    unitPriceRub: number;
    quantity: number;
    /** Units given back by refunds of chosen lines, and what they gave back (minor units); 0 without. */
    refundedQuantity?: number;
    refundedMinor?: number;
  }[];
  /** Taken off the goods (promo code, course credit). */
  discountRub: number;
  deliveryMethod: 'standard' | 'express' | 'pickup' | 'post' | 'courier_pickup' | 'none';
  deliveryCostRub: number;
  totalRub: number;
  /** Paid by a gift certificate (its RUB share of the total); the rest is paid as usual. */
  giftCertificateRub: number;
}

/**
 * A carrier that prices delivery to one of its pickup points itself (CDEK, when configured; built
 * in features/cdek): the point's address and the carrier's price of the order's parcel.
 */
export interface DeliveryCarrier {
  /** 400 for a point that does not exist or cannot take the parcel; 502 when the carrier is down. */
  quote(input: {
    pointCode: string;
    parcel: Parcel;
  }): Promise<{ carrierCostRub: number; cdek: OrderCdekDelivery; point: CdekPoint }>;
  /** The price to a staffed pickup point in the place, before one is chosen; errors as `quote`. */
  estimate(input: {
    cityCode: number;
    parcel: Parcel;
  }): Promise<{ carrierCostRub: number; periodMin: number | null; periodMax: number | null }>;
}

/** An order as a carrier registers and follows its parcel (features/cdek). */
export interface OrderForCarrier {
  id: string;
  number: number;
  userId: string | null;
  status: 'pending' | 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'cancelled';
  paymentState: 'none' | 'awaiting' | 'invoice_sent' | 'paid' | 'failed' | 'refunded';
  language: Language;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  delivery: { method: string; pickupPoint?: string; cdek?: OrderCdekDelivery };
  /** The account's verified address, where the customer's mails go; null = send none. */
  recipientEmail: string | null;
  /** The goods that travel (digital copies, lessons and courses do not). */
  goods: { productId: string; name: LocalizedText; unitPriceRub: number; quantity: number }[];
}

/**
 * What orders needs of gift certificates to let one pay an order (the gift-certificates ledger).
 * Both run in the order's transaction: `hold` locks the certificate and decides the amount before
 * the order is written, `spend` takes it off the balance once the order has its id.
 */
/**
 * Asked by the status machine before it cancels an order, in the cancel's transaction: null when
 * the order may be cancelled, else the refusal the cancel fails with (nothing is changed). What it
 * checks stays locked until the transaction ends.
 */
export interface CancelGuard {
  mayCancel(tx: Tx, orderId: string): Promise<AppError | null>;
}

export interface GiftCertificatePayer {
  /**
   * The certificate with `code`, locked for the transaction, and how much of `dueMinor` (in the
   * order's currency) it pays: all of it, or its whole balance. 400 for an unknown or deactivated
   * code or another currency, 409 when nothing is left on it.
   */
  hold(
    tx: Tx,
    input: { code: string; currency: Currency; dueMinor: number },
  ): Promise<{
    certificateId: string;
    amountMinor: number;
  }>;
  spend(
    tx: Tx,
    input: { certificateId: string; amountMinor: number; orderId: string; actorUserId: string | null },
  ): Promise<void>;
  /** What `hold` would decide now, without a lock (a quote): the same amount and the same refusals. */
  quote(input: { code: string; currency: Currency; dueMinor: number }): Promise<number>;
}

/** An order as payments sees it (the contract payments declares in payments.contract.ts). */
/** The order's own page in the customer's account (the button of the customer's order mails). */
export const orderPageUrl = (baseUrl: string, orderId: string) =>
  `${baseUrl.replace(/\/+$/, '')}/account/orders/${orderId}`;

export interface OrderForPayment {
  id: string;
  number: number;
  /** Typed at checkout: the name the customer's mails greet. */
  customerFirstName: string;
  userId: string | null;
  status: OrderStatus;
  paymentState: PaymentState;
  paymentMethod: PaymentMethod;
  currency: Currency;
  language: Language;
  /** Typed at checkout: contact data, not where mails go. */
  customerEmail: string;
  /** The account's verified address, where the customer's mails go; null = send none. */
  recipientEmail: string | null;
  /** Unpaid by then, the order is cancelled (null once it is not pending). */
  holdUntil: Date | null;
  /** Until when its payment link works (null: it has none). */
  payLinkUntil: Date | null;
  /** What is left to pay: the total less what a gift certificate paid of it, RUB. */
  totalRub: number;
  totalRubMinor: number;
  /** The same in `currency`, major and minor units (equal to the RUB figures for RUB). */
  totalInCurrency: number;
  totalInCurrencyMinor: number;
  items: OrderEvent['items'];
  /** The lines as ordered (a payment link's page shows them). */
  lines: { id: string; name: LocalizedText; quantity: number; unitPriceRubMinor: number }[];
  /** What else makes the amount due, in roubles (minor units): a payment link's page shows them. */
  charges: { deliveryRubMinor: number; discountRubMinor: number; giftCertificateRubMinor: number };
}
