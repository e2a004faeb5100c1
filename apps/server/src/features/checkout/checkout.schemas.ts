/**
 * What other features hand checkout, and what checkout asks of them: an order to place (its
 * lines, customer, delivery, payment), a one-line order (a gift certificate, a payment toward a
 * custom piece), a purchase of one item; the catalogue's answers (a product, lesson or course as
 * a line is priced from, the purchase flow's offer) and the `Sellable` each kind of line
 * registers. The catalogue features import these from here, never from orders.
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
  Parcel,
  PaymentMethod,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import type { SessionUser } from '../../platform/auth/sessions';
import type { OrderEvent } from '../orders/orders.schemas';
import type { PricedLine, PromoDiscount } from './pricing';

export interface PlaceOrderLine {
  type: OrderLineType;
  id: string;
  quantity: number;
  bookFormat?: BookFormat | undefined;
  variantId?: string | undefined;
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
  /** Whether the product comes in options: then a line names one of its variants and counts its stock. */
  hasOptions: boolean;
  /** Its variants by id, each with what it leaves unset taken from the product. */
  variants: ReadonlyMap<string, VariantForOrder>;
}

/** A product's variant as an order line is priced from: the product's values where it has none of its own. */
export interface VariantForOrder {
  id: string;
  /** Its option values' labels ("Пудровый, 40 см"); null for the default variant. */
  label: LocalizedText | null;
  priceRubMinor: number;
  priceEurMinor: number | null;
  priceUsdMinor: number | null;
  availability: 'in_stock' | 'out_of_stock' | 'on_order';
  /** The counter the line takes from: the product's for a product without options. null = not counted. */
  stock: number | null;
  image: string | null;
  parcel: Parcel;
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
  /** RUB minor units the user already paid toward the item (lessons of a course bought singly). */
  credit?(tx: Tx, userId: string, offer: PurchaseOffer): Promise<number>;
}

/**
 * What checkout needs of the catalogue beyond its Sellables: the one-item purchase flow's offers
 * (the lessons and courses services answer `Seller`).
 */
export interface CheckoutCatalog {
  lessons: Seller;
  courses: Seller;
}

/** One requested line of a kind, as its Sellable prices it; `index`: where it stood in the request (for field errors). */
export interface SellRequest {
  id: string;
  quantity: number;
  bookFormat?: BookFormat | undefined;
  variantId?: string | undefined;
  index: number;
}

/** What a Sellable answers for one requested line. */
export type SellAnswer =
  | { priced: PricedLine }
  /** Gone from the catalogue, or not on sale (any more). */
  | { unavailable: 'not_found' }
  /** It has no price in the order's currency. */
  | { notSoldIn: Currency };

/** What one order line holds of a limited supply of its kind: counted units (a master class's seat is one). */
export interface HeldLine {
  refId: string;
  /** A product line's variant (null: a line older than variants, or another kind). */
  variantId?: string | null | undefined;
  quantity: number;
}

/** What a Sellable's `reserve` did: the lines it was short of (then it took nothing), whether it took the last of something. */
export interface Reserved {
  short: { refId: string; variantId?: string; requested: number; available: number }[];
  tookLast: boolean;
}

/** An order's status change as the kinds of its lines see it (the orders feature emits it). */
export type { OrderEvent };

/**
 * One kind of thing the shop sells. Products, lessons and courses each register one in the
 * composition root (`sellables` in src/services.ts): a new kind is one more registration, not a
 * branch in checkout, orders or the event wiring.
 *   load     reads the catalogue once for all of an order's lines of the kind (for `userId`: what
 *            they own, their credit);
 *   price    judges one line against what was read, throwing the 4xx of a line that cannot be
 *            ordered as it is (owned, sold out, an edition or quantity it does not come in);
 *   reserve  takes what the order's lines hold of a limited supply while the order is open
 *            (counted stock, a master class's seat), in its transaction, all or nothing;
 *   settled  after an order that took some of the supply committed (the public pages show what is left);
 *   release  gives back the counted units an order line still holds (orders calls it when the order
 *            is cancelled or the lines are refunded before they were handed over);
 *   grant    what a confirmed order's lines of the kind give the customer (access, download links);
 *   undo     what a cancelled order or its lines refunded whole take back of what `grant` gave
 *            (and a seat, which its line records as no units);
 *   image    its picture on the order's pages;
 *   fiscal   how its line is written on a 54-FZ receipt.
 * Only `load`, `price`, `image` and `fiscal` are required: a kind sold without limit holds nothing.
 */
export interface Sellable<Item = unknown> {
  load(q: Db | Tx, ids: string[], userId: string): Promise<ReadonlyMap<string, Item>>;
  price(item: Item | undefined, line: SellRequest, currency: Currency): SellAnswer;
  reserve?(tx: Tx, lines: readonly HeldLine[], userId: string): Promise<Reserved>;
  settled?(): void;
  release?(tx: Tx, lines: readonly HeldLine[]): Promise<void>;
  grant?(tx: Tx, event: OrderEvent): Promise<void>;
  undo?(tx: Tx, event: OrderEvent, why: 'cancelled' | 'refunded'): Promise<void>;
  image(item: Item): string | null;
  fiscal: FiscalOf;
}

/**
 * How an order line of a kind is written on a fiscal receipt (54-FZ): what it is (tag 1212: one of
 * the owner's subjects, or `advance` for money taken for what is not chosen or made yet), how it is
 * paid (tag 1214: `full_prepayment` for goods handed over later, `full_payment` for what is handed
 * over at once, `advance`) and a word after its name on the receipt.
 */
export interface FiscalLine {
  subject: 'goods' | 'digital' | 'lesson' | 'course' | 'advance';
  mode: 'full_prepayment' | 'full_payment' | 'advance';
  note: string | null;
}
export type FiscalOf = (line: { bookFormat: BookFormat | null }) => FiscalLine;

/** Every kind an order line can be, with how its receipt line is written (the composition root's `fiscalKinds`). */
export type FiscalKinds = Record<OrderLineType | 'gift_certificate' | 'custom_order', FiscalOf>;

/** Every kind a customer can put in a cart and an order, with its Sellable. */
export type Sellables = Record<OrderLineType, Sellable>;
