/**
 * The shapes other features exchange with orders: the domain events orders emits (subscribed in
 * src/events.ts), what the catalogue answers for pricing an order line, and what a lesson or
 * course answers the one purchase flow (orders.purchase.ts).
 */
import type { BookFormat, LocalizedText } from '@atelier/shared';
import type { Tx } from '../../db/client';

export interface OrderEventItem {
  /** order_items.id */
  id: string;
  type: 'product' | 'lesson' | 'course';
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
}

/** A lesson or course the purchase flow is about to sell to one user. */
export interface PurchaseOffer {
  type: 'lesson' | 'course';
  /** As stored (what a promo code lists). */
  id: string;
  /** List price, RUB minor units. */
  priceRubMinor: number;
  /** Only so many are sold (a master class's seats): the purchase holds one in its transaction. */
  limited: boolean;
}

/**
 * What the lessons and courses services answer the purchase flow, step by step. Only `offer` is
 * required; the rest is for what a lesson does not have (seats, credit).
 */
export interface Seller {
  /** The item on sale to `userId`: 404 when it is not published, 409 when they own it or it is sold out. */
  offer(userId: string, id: string): Promise<PurchaseOffer>;
  /** A `limited` offer, first thing in the purchase transaction: take one (a seat), 409 when none is left. */
  hold?(tx: Tx, offer: PurchaseOffer): Promise<void>;
  /** RUB minor units the user already paid toward the item (lessons of a course bought singly). */
  credit?(tx: Tx, userId: string, offer: PurchaseOffer): Promise<number>;
  /** A `limited` offer, after the purchase committed (public pages show what is left). */
  settled?(offer: PurchaseOffer): void;
}
