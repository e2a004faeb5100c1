/**
 * The shapes other features exchange with orders: the domain events orders emits (subscribed in
 * src/events.ts), what the catalogue answers for pricing an order line, and what a lesson or
 * course answers the one purchase flow (features/checkout), and the ports orders and checkout ask
 * of gift certificates (paying with a code, may an order be cancelled).
 */
import type {
  BookFormat,
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

/** A product as an order (or cart) line is priced from. */
export interface ProductForOrder {
  id: string;
  name: LocalizedText;
  /** Minor units; eur/usd null = not sold in that currency. */
  priceRubMinor: number;
  priceEurMinor: number | null;
  priceUsdMinor: number | null;
  category: 'collection' | 'book' | 'tools' | 'materials';
  availability: 'in_stock' | 'out_of_stock' | 'on_order';
  /** null = not counted. */
  stock: number | null;
  bookFormats: BookFormat[] | null;
  image: string | null;
  archived: boolean;
  /** Packed weight and box (the category's default when the admin gave none). */
  parcel: Parcel;
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

/** A lesson or course as an order (or cart) line is priced from. */
export interface LessonForOrder {
  id: string;
  type: 'lesson' | 'course';
  name: LocalizedText;
  /** Minor units; eur/usd null = not sold in that currency. */
  priceRubMinor: number;
  priceEurMinor: number | null;
  priceUsdMinor: number | null;
  published: boolean;
  image: string | null;
  /** The user already owns it (a purchase of the lesson, or of the course it belongs to). */
  owned: boolean;
  /** A lesson's course (null: a lesson on its own, or a course). */
  courseId: string | null;
  /** A course's seats left (a live master class); null = not limited, and always for a lesson. */
  seatsLeft: number | null;
  /** A course: RUB minor units the user paid for its lessons bought singly (0 for a lesson). */
  creditRubMinor: number;
}

/** A lesson or course the purchase flow is about to sell to one user. */
export interface PurchaseOffer {
  type: 'lesson' | 'course';
  /** As stored (what a promo code lists). */
  id: string;
  /** List prices, minor units; eur/usd null = not sold in that currency. */
  priceRubMinor: number;
  priceEurMinor: number | null;
  priceUsdMinor: number | null;
  /** Only so many are sold (a master class's seats): the purchase holds one in its transaction. */
  limited: boolean;
}

/**
 * What the lessons and courses services answer the purchase flow and order placement. Only
 * `offer` is required; the rest is for what a lesson does not have (seats, credit).
 */
export interface Seller {
  /** The item on sale to `userId`: 404 when it is not published, 409 when they own it or it is sold out. */
  offer(userId: string, id: string): Promise<PurchaseOffer>;
  /** A limited item, in the transaction that writes its order: take one (a seat), 409 when none is left. */
  hold?(tx: Tx, offer: Pick<PurchaseOffer, 'type' | 'id'>): Promise<void>;
  /** RUB minor units the user already paid toward the item (lessons of a course bought singly). */
  credit?(tx: Tx, userId: string, offer: PurchaseOffer): Promise<number>;
  /** A seat was taken, after the order committed (public pages show what is left). */
  settled?(): void;
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
