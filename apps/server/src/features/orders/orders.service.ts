/**
 * Orders: checkout with server-computed amounts and atomic stock reservation, the one purchase
 * flow of a lesson or course (orders.purchase.ts), the status machine with history and customer
 * mails, and the methods payments uses (docs/decisions/0012). What it needs of the catalogue
 * (products, lessons, courses) and of promo codes comes in as services, built in app.ts; the
 * events it emits are declared in orders.schemas.ts.
 */
import {
  ADDRESS_REQUIRED,
  type AdminOrdersQuery,
  type BookFormat,
  type CdekQuote,
  type CdekQuoteBody,
  type CreateOrderBody,
  type Currency,
  canTransition,
  DELIVERY_DAYS,
  DELIVERY_PRICES_RUB,
  type DeliveryCharge,
  deliveryChargeIn,
  EXCHANGE_RATES_RUB,
  fromMinor,
  type Language,
  type ListMeta,
  type LocalizedText,
  lineKey,
  localize,
  MAX_LINE_QUANTITY,
  mergeLines,
  type Order,
  type OrderCustomer,
  type OrderDeliveryInput,
  type OrderLineType,
  type OrderStatus,
  type Parcel,
  type PaymentMethod,
  type PaymentState,
  packageOf,
  paymentMethodAllowed,
  rubMinorIn,
  SERVER_MESSAGES,
  type ServerMessageKey,
  type ShipOrder,
  scaleLikeRub,
  TRACKING_CARRIERS,
  type Tracking,
  toMinor,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import type { OrderDelivery } from '../../db/schema';
import type { SessionUser } from '../../platform/auth/sessions';
import { Conflict, InvalidInput, NotFound } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import type { PublicCache } from '../../platform/http/public-cache';
import { shopPhone, shopReplyTo } from '../../platform/mail/brand';
import { renderMail } from '../../platform/mail/layout';
import { enqueueMail } from '../../platform/mail/outbox';
import type { PromoCodesService } from '../promo-codes/promo-codes.service';
import { SHOP_CACHE_TAG } from '../shop/shop.schemas';
import { ordersCsv } from './orders.csv';
import {
  type OrderMail,
  orderExpiredMail,
  orderReceivedMail,
  orderShippedMail,
  orderStatusMail,
  orderTrackingMail,
} from './orders.mail';
import { createPurchase, ONLINE_PAYMENT_METHOD, splitName } from './orders.purchase';
import {
  type NewOrderItem,
  type NewOrderRow,
  type OrderItemRow,
  type OrderRow,
  ordersRepo,
  type PlacedPlan,
  type StatusEventRow,
} from './orders.repo';
import {
  aggregateReservations,
  DEFAULT_ORDER_POLICY,
  expiryCutoffs,
  holdUntil,
  type OrderPolicy,
  stockShortages,
} from './orders.rules';
import type {
  DeliveryCarrier,
  GiftCertificatePayer,
  LessonForOrder,
  OrderEvent,
  OrderEvents,
  OrderForCarrier,
  OrderForReceipt,
  ProductForOrder,
  Seller,
} from './orders.schemas';

export interface ExpiringOrder {
  id: string;
  number: number;
  totalRub: number;
  customerEmail: string;
  paymentMethod: PaymentMethod;
  expiresAt: Date;
}

/**
 * Unpaid orders that the expiry sweeper will cancel within `windowMs` from `now` (the owner is
 * told, and the dashboard lists them). Same deadlines as the sweeper (orders.rules).
 */
export async function expiringOrders(
  q: Db | Tx,
  policy: OrderPolicy,
  now: Date,
  windowMs: number,
  limit = 200,
): Promise<ExpiringOrder[]> {
  const rows = await ordersRepo.expiringBetween(
    q,
    expiryCutoffs(now, policy),
    expiryCutoffs(new Date(now.getTime() + windowMs), policy),
    limit,
  );
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    totalRub: fromMinor(row.totalRub),
    customerEmail: row.customer.email,
    paymentMethod: row.paymentMethod,
    expiresAt: holdUntil(row.createdAt, row.paymentMethod, policy, row.holdsScarce),
  }));
}

type Q = Db | Tx;

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
   * Given, it is the whole discount; without it, course lines get their credit (see `discounted`).
   */
  promo?: { promoCodeId: string | null; discountRub: number } | undefined;
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

export interface OrderForPayment {
  id: string;
  number: number;
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
  /** What is left to pay: the total less what a gift certificate paid of it, RUB. */
  totalRub: number;
  totalRubMinor: number;
  /** The same in `currency`, major and minor units (equal to the RUB figures for RUB). */
  totalInCurrency: number;
  totalInCurrencyMinor: number;
  items: OrderEvent['items'];
}

export interface Actor {
  /** null = the system (a payment, a zero total). */
  userId: string | null;
}

/** What orders needs of the catalogue; every call runs on the order's transaction `q`. */
export interface OrdersCatalog {
  products: {
    forOrder(q: Q, ids: string[]): Promise<Map<string, ProductForOrder>>;
    /** Takes the quantities atomically; the ids it could not take (the caller rolls back). */
    reserveStock(tx: Tx, lines: { productId: string; quantity: number }[]): Promise<string[]>;
    releaseStock(tx: Tx, productId: string, quantity: number): Promise<void>;
  };
  lessons: Seller & { forOrder(q: Q, ids: string[], userId: string): Promise<Map<string, LessonForOrder>> };
  courses: Seller & { forOrder(q: Q, ids: string[], userId: string): Promise<Map<string, LessonForOrder>> };
}

export interface OrdersDeps {
  db: Db;
  events: Pick<EventBus<OrderEvents>, 'emit'>;
  catalog: OrdersCatalog;
  promoCodes: Pick<PromoCodesService, 'quote' | 'redeem'>;
  /** Pays orders with a gift certificate code (the gift-certificates ledger); without it a code is refused. */
  giftCertificates?: GiftCertificatePayer | undefined;
  /** Invalidated (shop tag) after stock changes commit. */
  cache?: PublicCache | undefined;
  /** Link target in the mails ("My orders"). */
  publicUrl?: string | undefined;
  /** How long unpaid orders hold stock, and how many a customer may have open (config `orders`). */
  policy?: OrderPolicy | undefined;
  /** false with PAYMENT_PROVIDER=none: an order to be paid by card is refused (a free one is fine). */
  cardPayments?: boolean | undefined;
  /**
   * Prices delivery to a carrier's pickup point (courier_pickup) when set: CDEK, when configured.
   * Without it courier_pickup is the flat price with a pickup point typed by the customer.
   */
  carrier?: DeliveryCarrier | undefined;
  /**
   * The user's server cart: placing an order takes its lines off it in the order's transaction
   * (docs/decisions/0051).
   */
  cart?: { endOrdered(tx: Tx, userId: string, ordered: PlaceOrderLine[]): Promise<void> } | undefined;
}

/** Stands for the order number in the mail until the database assigns it (never a real text). */
const NUMBER_TOKEN = `\u2063N${Math.random().toString(36).slice(2)}\u2063`;
/** Stands for the order's id (in the link to its page) until the database assigns it. */
const ID_TOKEN = `\u2063I${Math.random().toString(36).slice(2)}\u2063`;

function localized(key: ServerMessageKey, lang: Language): string {
  return SERVER_MESSAGES[key][lang];
}

interface PricedLine {
  type: 'product' | 'lesson' | 'course';
  refId: string;
  name: OrderItemRow['name'];
  bookFormat: BookFormat | null;
  unitRubMinor: number;
  unitCurrencyMinor: number;
  quantity: number;
  physical: boolean;
  /** Take this many from a counted stock. */
  reserve: boolean;
  /** A course with a seat limit: the order takes one of its seats. */
  seat: boolean;
  /** A course: RUB minor units already paid for its lessons (taken off unless a promo is given). */
  creditRubMinor: number;
  /** A lesson's course (to refuse a lesson whose course is in the same order). */
  courseId: string | null;
  /** The first request line it came from (for field errors). */
  index: number;
  /** A physical product's packed weight and box; null for what does not travel. */
  parcel: Parcel | null;
}

function priceIn(
  item: { priceRubMinor: number; priceEurMinor: number | null; priceUsdMinor: number | null },
  currency: Currency,
): number | null {
  if (currency === 'RUB') return item.priceRubMinor;
  return currency === 'EUR' ? item.priceEurMinor : item.priceUsdMinor;
}

/**
 * Lines of the same product, lesson or course merge once their book format is resolved, so a
 * physical-only book named with and without `bookFormat` is ONE line (and one reservation).
 */
function mergePriced(lines: PricedLine[]): PricedLine[] {
  return mergeLines(lines, (line) => lineKey({ type: line.type, id: line.refId, bookFormat: line.bookFormat }));
}

/** 409 naming each product short of stock and what is left of it, in every language. */
function stockExceeded(
  short: { productId: string; requested: number; available: number }[],
  nameOf: (productId: string) => LocalizedText | undefined,
): Conflict {
  const text = (lang: Language) =>
    short
      .map(({ productId, available }) =>
        SERVER_MESSAGES.stockExceeded[lang]
          .replace('{name}', localize(nameOf(productId) ?? { ru: '' }, lang))
          .replace('{available}', String(available)),
      )
      .join(' ');
  return new Conflict(
    { ru: text('ru'), en: text('en'), es: text('es') },
    {
      items: short.map(({ productId, requested, available }) => ({
        type: 'product',
        id: productId,
        requested,
        available,
      })),
    },
    'OUT_OF_STOCK',
  );
}

/**
 * The order's discount (RUB minor units) and what its lines cost after it in the order's currency.
 * A `promo` (the purchase flow: a code and a course's credit, one line) is the whole discount;
 * without one, each course line is credited with what the customer paid for its lessons bought
 * singly (capped at the course's price), as the course page's "price for you" shows. Each currency
 * amount scales like the RUB amount (`scaleLikeRub`), as the purchase dialog quotes it.
 */
function discounted(
  lines: readonly PricedLine[],
  promo: PlaceOrderInput['promo'],
): { discount: number; goodsInCurrency: number } {
  const rub = (line: PricedLine) => line.unitRubMinor * line.quantity;
  const inCurrency = (line: PricedLine) => line.unitCurrencyMinor * line.quantity;
  if (promo) {
    const subtotal = lines.reduce((sum, line) => sum + rub(line), 0);
    const subtotalCurrency = lines.reduce((sum, line) => sum + inCurrency(line), 0);
    const discount = Math.min(Math.max(toMinor(promo.discountRub), 0), subtotal);
    return { discount, goodsInCurrency: scaleLikeRub(subtotalCurrency, subtotal, subtotal - discount) };
  }
  let discount = 0;
  let goodsInCurrency = 0;
  for (const line of lines) {
    const credit = Math.min(line.creditRubMinor, rub(line));
    discount += credit;
    goodsInCurrency += scaleLikeRub(inCurrency(line), rub(line), rub(line) - credit);
  }
  return { discount, goodsInCurrency };
}

/**
 * A line's unit price in the order's currency (minor units): as charged, or, for an order written
 * before lines kept it, the RUB price at the order's own rate.
 */
function unitInOrderCurrency(row: OrderRow, item: OrderItemRow): number {
  if (row.currency === 'RUB') return item.unitPriceRub;
  return item.unitPriceInCurrency ?? rubMinorIn(row.currency, item.unitPriceRub, row.exchangeSnapshot);
}

/** `policy` given: a pending order says until when it is held (`holdUntil`). */
const isTrackingCarrier = (carrier: string | null): carrier is Tracking['carrier'] =>
  (TRACKING_CARRIERS as readonly (string | null)[]).includes(carrier);

export function toOrder(row: OrderRow, items: OrderItemRow[], history?: StatusEventRow[], policy?: OrderPolicy): Order {
  const totalInCurrency = row.totalInCurrency ?? row.totalRub;
  const subtotalInCurrency = items.reduce((sum, item) => sum + unitInOrderCurrency(row, item) * item.quantity, 0);
  const deliveryInCurrency = rubMinorIn(row.currency, row.deliveryCostRub, row.exchangeSnapshot);
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
        name: item.name,
        bookFormat: item.bookFormat,
        unitPrice: fromMinor(item.unitPriceRub),
        quantity: item.quantity,
        lineTotal: fromMinor(item.unitPriceRub * item.quantity),
        unitPriceInCurrency: fromMinor(unitInCurrency),
        lineTotalInCurrency: fromMinor(unitInCurrency * item.quantity),
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
    expectedDelivery:
      row.delivery.method === 'none'
        ? null
        : row.delivery.cdek?.periodMin != null && row.delivery.cdek.periodMax != null
          ? { minDays: row.delivery.cdek.periodMin, maxDays: row.delivery.cdek.periodMax }
          : DELIVERY_DAYS[row.delivery.method],
    giftCertificate: fromMinor(row.giftCertificateMinor),
    amountDue: fromMinor((row.totalInCurrency ?? row.totalRub) - row.giftCertificateMinor),
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
    order.holdUntil =
      row.status === 'pending'
        ? holdUntil(row.createdAt, row.paymentMethod, policy, row.holdsScarce).toISOString()
        : null;
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

function toEvent(row: OrderRow, items: OrderItemRow[]): OrderEvent {
  return {
    orderId: row.id,
    number: row.number,
    userId: row.userId,
    customerEmail: row.customer.email,
    language: row.language,
    totalRub: row.totalRub,
    promoCodeId: row.promoCodeId,
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

export type PlaceOrder = (tx: Tx, input: PlaceOrderInput) => Promise<Order>;

/** An order ready to write, and the seat-limited courses whose seat it takes (ids). */
interface Plan extends PlacedPlan {
  seats: string[];
}

export function createOrdersService({
  db,
  events,
  catalog,
  promoCodes,
  giftCertificates,
  cache,
  publicUrl = '',
  policy = DEFAULT_ORDER_POLICY,
  cardPayments = true,
  carrier,
  cart,
}: OrdersDeps) {
  const siteUrl = publicUrl.replace(/\/+$/, '');
  const present = (row: OrderRow, items: OrderItemRow[], history?: StatusEventRow[]) =>
    toOrder(row, items, history, policy);

  async function priceLines(q: Q, input: PlaceOrderInput): Promise<PricedLine[]> {
    const lang = input.language;
    const lines = input.lines;
    const idsOf = (type: OrderLineType) => [...new Set(lines.filter((l) => l.type === type).map((l) => l.id))];
    const [productMap, lessonMap, courseMap] = await Promise.all([
      catalog.products.forOrder(q, idsOf('product')),
      catalog.lessons.forOrder(q, idsOf('lesson'), input.userId),
      catalog.courses.forOrder(q, idsOf('course'), input.userId),
    ]);
    const unavailable: { type: string; id: string; problem: string }[] = [];
    const notInCurrency: { type: string; id: string }[] = [];
    const priced: PricedLine[] = [];
    for (const [index, line] of lines.entries()) {
      if (line.type === 'product') {
        const product = productMap.get(line.id);
        if (!product || product.archived) {
          unavailable.push({ type: line.type, id: line.id, problem: 'not_found' });
          continue;
        }
        let format: BookFormat | null = null;
        if (product.category === 'book' && product.bookFormats) {
          format = line.bookFormat ?? (product.bookFormats.length === 1 ? product.bookFormats[0]! : null);
          if (!format || !product.bookFormats.includes(format)) {
            throw new InvalidInput('bookFormatInvalid', {
              fields: [{ field: `items.${index}.bookFormat`, message: localized('bookFormatInvalid', lang) }],
            });
          }
        } else if (line.bookFormat) {
          throw new InvalidInput('bookFormatInvalid', {
            fields: [{ field: `items.${index}.bookFormat`, message: localized('bookFormatInvalid', lang) }],
          });
        }
        if (product.availability === 'out_of_stock') {
          throw new Conflict(
            'outOfStock',
            { items: [{ type: 'product', id: product.id, available: 0 }] },
            'OUT_OF_STOCK',
          );
        }
        const unit = priceIn(product, input.currency);
        if (unit === null) {
          notInCurrency.push({ type: line.type, id: line.id });
          continue;
        }
        const digital = format === 'digital';
        priced.push({
          type: 'product',
          refId: product.id,
          name: product.name,
          bookFormat: format,
          unitRubMinor: product.priceRubMinor,
          unitCurrencyMinor: unit,
          quantity: line.quantity,
          physical: !digital,
          // Made-to-order goods and digital copies do not draw on the counted stock.
          reserve: !digital && product.availability !== 'on_order' && product.stock !== null,
          seat: false,
          creditRubMinor: 0,
          courseId: null,
          index,
          parcel: digital ? null : product.parcel,
        });
        continue;
      }
      const item: LessonForOrder | undefined = (line.type === 'lesson' ? lessonMap : courseMap).get(line.id);
      if (!item?.published) {
        unavailable.push({ type: line.type, id: line.id, problem: 'not_found' });
        continue;
      }
      if (line.bookFormat) {
        throw new InvalidInput('bookFormatInvalid', {
          fields: [{ field: `items.${index}.bookFormat`, message: localized('bookFormatInvalid', lang) }],
        });
      }
      if (line.quantity !== 1) {
        throw new InvalidInput('lessonQuantityOne', {
          fields: [{ field: `items.${index}.quantity`, message: localized('lessonQuantityOne', lang) }],
        });
      }
      if (item.owned) {
        throw new Conflict(
          line.type === 'course' ? 'courseAlreadyPurchased' : 'lessonAlreadyOwned',
          { items: [{ type: line.type, id: line.id }] },
          'ALREADY_OWNED',
        );
      }
      if (item.seatsLeft === 0) {
        throw new Conflict('courseSoldOut', { items: [{ type: line.type, id: line.id }] }, 'SOLD_OUT');
      }
      const unit = priceIn(item, input.currency);
      if (unit === null) {
        notInCurrency.push({ type: line.type, id: line.id });
        continue;
      }
      priced.push({
        type: line.type,
        refId: item.id,
        name: item.name,
        bookFormat: null,
        unitRubMinor: item.priceRubMinor,
        unitCurrencyMinor: unit,
        quantity: 1,
        physical: false,
        reserve: false,
        seat: item.seatsLeft !== null,
        creditRubMinor: item.creditRubMinor,
        courseId: item.courseId,
        index,
        parcel: null,
      });
    }
    if (unavailable.length > 0) throw new InvalidInput('itemUnavailable', { items: unavailable }, 'ITEM_UNAVAILABLE');
    if (notInCurrency.length > 0) {
      throw new InvalidInput('notSoldInCurrency', { items: notInCurrency }, 'NOT_SOLD_IN_CURRENCY');
    }
    const merged = mergePriced(priced);
    // A lesson next to its own course would be paid twice: the course unlocks it.
    const coursesInOrder = new Set(merged.filter((line) => line.type === 'course').map((line) => line.refId));
    const covered = merged.filter((line) => line.courseId !== null && coursesInOrder.has(line.courseId));
    if (covered.length > 0) {
      throw new Conflict(
        'lessonInCourseInOrder',
        { items: covered.map((line) => ({ type: line.type, id: line.refId, courseId: line.courseId })) },
        'LESSON_IN_COURSE',
      );
    }
    // The whole order against the stock read above, before anything is written: a clear message
    // naming the product and what is left. The atomic reservation still decides under a race.
    const short = stockShortages(
      aggregateReservations(
        merged.filter((line) => line.reserve).map((line) => ({ productId: line.refId, quantity: line.quantity })),
      ),
      (id) => productMap.get(id)?.stock,
    );
    if (short.length > 0) throw stockExceeded(short, (id) => productMap.get(id)?.name);
    for (const line of merged) {
      if (line.type !== 'product' && line.quantity !== 1) {
        throw new InvalidInput('lessonQuantityOne', {
          fields: [{ field: `items.${line.index}.quantity`, message: localized('lessonQuantityOne', lang) }],
        });
      }
      if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY) {
        throw new InvalidInput('quantityInvalid', {
          fields: [{ field: `items.${line.index}.quantity`, message: localized('quantityInvalid', lang) }],
        });
      }
    }
    return merged;
  }

  function checkDelivery(delivery: OrderDeliveryInput | undefined, lang: Language): OrderDelivery {
    const fieldError = (key: ServerMessageKey, fields: string[]) =>
      new InvalidInput(key, {
        fields: fields.map((field) => ({ field: `delivery.${field}`, message: localized(key, lang) })),
      });
    if (!delivery) throw fieldError('addressRequired', ['method']);
    if (ADDRESS_REQUIRED[delivery.method]) {
      const missing = (['country', 'city', 'address', 'postalCode'] as const).filter((field) => !delivery[field]);
      if (missing.length > 0) throw fieldError('addressRequired', missing);
    }
    // With a carrier the point is chosen from its list (cdekPointCode) and its address read from it.
    if (delivery.method === 'courier_pickup' && carrier && !delivery.cdekPointCode)
      throw fieldError('cdekPointRequired', ['cdekPointCode']);
    if (delivery.method === 'courier_pickup' && !carrier && !delivery.pickupPoint)
      throw fieldError('pickupPointRequired', ['pickupPoint']);
    const kept: OrderDelivery = { method: delivery.method };
    const fields =
      delivery.method === 'pickup'
        ? []
        : delivery.method === 'courier_pickup'
          ? (['country', 'city', 'pickupPoint'] as const)
          : (['country', 'city', 'address', 'postalCode'] as const);
    for (const field of fields) if (delivery[field]) kept[field] = delivery[field];
    return kept;
  }

  /** Sets the parcel's tracking number on the locked order; mailed at once when it is already on its way. */
  async function applyTracking(tx: Tx, id: string, tracking: Tracking | null): Promise<void> {
    const row = await ordersRepo.find(tx, id, { lock: true });
    if (!row) throw new NotFound();
    if (row.delivery.method === 'none' || row.status === 'cancelled') {
      throw new Conflict('orderHasNoParcel', undefined, 'NO_PARCEL');
    }
    const changed =
      (tracking?.carrier ?? null) !== row.trackingCarrier || (tracking?.number ?? null) !== row.trackingNumber;
    await ordersRepo.setTracking(tx, id, tracking);
    if (changed && tracking && (row.status === 'shipped' || row.status === 'delivered')) {
      const order = (await loadOrder(tx, id, false))!;
      await mailCustomer(tx, row.userId, orderTrackingMail(order, siteUrl));
    }
  }

  async function loadOrder(q: Q, id: string, withHistory = true): Promise<Order | null> {
    const row = await ordersRepo.find(q, id);
    if (!row) return null;
    const [items, history] = await Promise.all([
      ordersRepo.items(q, [id]),
      withHistory ? ordersRepo.history(q, id) : Promise.resolve(undefined),
    ]);
    return present(row, items, history);
  }

  /** Queues `mail` to the account's verified address (none: nothing is sent). */
  async function mailCustomer(tx: Q, userId: string | null, mail: OrderMail): Promise<void> {
    const to = await ordersRepo.recipient(tx, userId);
    if (to) await enqueueMail(tx, { ...mail, to });
  }

  /**
   * One status change inside `tx`: checks the machine on the locked row, records the event,
   * gives stock back on cancel, queues the customer's mail and emits the domain event.
   */
  async function transition(
    tx: Tx,
    orderId: string,
    to: OrderStatus,
    actor: Actor,
    options: {
      note?: string | null;
      paymentState?: PaymentState;
      expired?: boolean;
      /** The customer's mail instead of the status mail; false: none (a step of a larger change). */
      mail?: false | ((order: Order) => OrderMail);
    } = {},
  ): Promise<{ row: OrderRow; items: OrderItemRow[]; stockReturned: boolean }> {
    const current = await ordersRepo.lock(tx, orderId);
    if (!current) throw new NotFound();
    if (!canTransition(current.status, to)) {
      throw new Conflict('orderTransitionNotAllowed', { from: current.status, to }, 'INVALID_TRANSITION');
    }
    const row = await ordersRepo.setStatus(tx, orderId, to, options.paymentState);
    await ordersRepo.addEvent(tx, {
      orderId,
      from: current.status,
      to,
      actorUserId: actor.userId,
      note: options.note ?? null,
    });
    const items = await ordersRepo.items(tx, [orderId]);
    let stockReturned = false;
    if (to === 'cancelled') {
      // Exactly what each line recorded as taken, summed per product, in id order like the reservation.
      const taken = aggregateReservations(
        items.flatMap((item) =>
          item.productId && item.reservedQuantity > 0
            ? [{ productId: item.productId, quantity: item.reservedQuantity }]
            : [],
        ),
      );
      for (const { productId, quantity } of taken) await catalog.products.releaseStock(tx, productId, quantity);
      stockReturned = taken.length > 0;
    }
    const order = toOrder(row, items);
    if (options.mail !== false)
      await mailCustomer(
        tx,
        row.userId,
        options.mail
          ? options.mail(order)
          : options.expired
            ? orderExpiredMail(
                order,
                holdUntil(current.createdAt, current.paymentMethod, policy, current.holdsScarce),
                siteUrl,
              )
            : orderStatusMail(order, siteUrl),
      );
    if (to === 'confirmed') await events.emit(tx, 'orderConfirmed', toEvent(row, items));
    if (to === 'cancelled') await events.emit(tx, 'orderCancelled', toEvent(row, items));
    if (to === 'shipped') await events.emit(tx, 'orderShipped', toEvent(row, items));
    return { row, items, stockReturned };
  }

  /** The "order received" mail as it will read, with a token where the database-assigned number goes. */
  function receivedMail(order: NewOrderRow, items: NewOrderItem[]): PlacedPlan['mail'] {
    const draft = toOrder(
      {
        giftCertificateMinor: 0,
        giftCertificateRub: 0,
        ...order,
        id: ID_TOKEN,
        number: 0,
        status: 'pending',
        paymentState: 'none',
        createdAt: new Date(),
        updatedAt: new Date(),
      } as OrderRow,
      items.map((item, index) => ({ ...item, id: `${index}`, orderId: ID_TOKEN }) as OrderItemRow),
    );
    return orderReceivedMail({ ...draft, number: NUMBER_TOKEN as unknown as number }, siteUrl);
  }

  /**
   * A gift certificate pays what it can of the order (in the order's currency): its row is locked
   * for the rest of the transaction and the amount is decided here, before the order is written,
   * so the first mail already says what is left to pay. Spending it (`spend`, after the order has
   * its id) happens in the same transaction, so two checkouts never spend one balance twice.
   */
  async function withGiftCertificate(
    tx: Tx,
    plan: Plan,
    code: string | undefined,
  ): Promise<{ plan: Plan; gift: { certificateId: string; amountMinor: number; covers: boolean } | null }> {
    if (!code?.trim() || plan.total === 0) return { plan, gift: null };
    if (!giftCertificates) throw new InvalidInput('giftCodeInvalid', undefined, 'GIFT_CODE_INVALID');
    const order = plan.order;
    const currency = order.currency ?? 'RUB';
    const dueMinor = currency === 'RUB' ? order.totalRub : (order.totalInCurrency ?? order.totalRub);
    const held = await giftCertificates.hold(tx, { code, currency, dueMinor });
    const covers = held.amountMinor >= dueMinor;
    // The same share of the RUB total (equal for a rouble order, the whole total when it covers it all).
    const rub = covers
      ? order.totalRub
      : Math.min(order.totalRub, Math.round((order.totalRub * held.amountMinor) / dueMinor));
    const paid: NewOrderRow = { ...order, giftCertificateMinor: held.amountMinor, giftCertificateRub: rub };
    return {
      plan: {
        ...plan,
        order: paid,
        mail: receivedMail(paid, plan.items),
        // Paid in full by the certificate: nothing is left unpaid, so the open-orders limit does not apply.
        maxOpenUnpaid: covers ? null : plan.maxOpenUnpaid,
      },
      gift: { certificateId: held.certificateId, amountMinor: held.amountMinor, covers },
    };
  }

  /**
   * Writes a planned order inside `tx` with what a gift certificate pays of it: spent on the
   * written order, and an order it pays in full is confirmed at once (paid, no provider), like a
   * zero total.
   */
  async function writeWithGift(
    tx: Tx,
    planned: Plan,
    code: string | undefined,
    actorUserId: string | null,
    alsoRecord?: (tx: Tx, order: { id: string }) => Promise<void>,
  ): Promise<{ order: Order; plan: Plan }> {
    const { plan, gift } = await withGiftCertificate(tx, planned, code);
    const { row, items } = await write(tx, plan);
    await alsoRecord?.(tx, row);
    if (gift) {
      await giftCertificates!.spend(tx, {
        certificateId: gift.certificateId,
        amountMinor: gift.amountMinor,
        orderId: row.id,
        actorUserId,
      });
    }
    if (plan.total === 0) {
      await transition(tx, row.id, 'confirmed', { userId: null }, { note: 'zero total' });
      return { order: (await loadOrder(tx, row.id))!, plan };
    }
    if (gift?.covers) {
      await transition(tx, row.id, 'confirmed', { userId: null }, { note: 'gift certificate', paymentState: 'paid' });
      return { order: (await loadOrder(tx, row.id))!, plan };
    }
    // The reply of a checkout: the rows just written (GET /orders/{id} adds the history).
    return { order: present(row, items), plan };
  }

  /**
   * Where the order's goods go and what that costs (RUB minor units): the flat price of the method,
   * or, for a carrier's pickup point (CDEK), the point's address and the carrier's price of the
   * parcel the goods make — both free from the shop's threshold. Nothing to ship: no delivery.
   */
  async function priceDelivery(
    lines: readonly PricedLine[],
    currency: Currency,
    input: OrderDeliveryInput | undefined,
    lang: Language,
  ): Promise<{
    delivery: OrderDelivery;
    charge: DeliveryCharge;
    quote?: Awaited<ReturnType<DeliveryCarrier['quote']>>;
  }> {
    const none: DeliveryCharge = { rubMinor: 0, inCurrencyMinor: 0 };
    const hasPhysical = lines.some((line) => line.physical);
    if (!hasPhysical) return { delivery: { method: 'none' }, charge: none };
    const delivery = checkDelivery(input, lang);
    if (delivery.method === 'none') return { delivery, charge: none };
    // Free delivery is judged on the goods in the order's currency, the figures the customer sees.
    const goods = lines.reduce((sum, line) => sum + line.unitCurrencyMinor * line.quantity, 0);
    if (delivery.method !== 'courier_pickup' || !carrier) {
      return {
        delivery,
        charge: deliveryChargeIn(currency, toMinor(DELIVERY_PRICES_RUB[delivery.method]), goods, true),
      };
    }
    const parcel = packageOf(
      lines.flatMap((line) => (line.parcel ? [{ parcel: line.parcel, quantity: line.quantity }] : [])),
    );
    const quote = await carrier.quote({ pointCode: input?.cdekPointCode ?? '', parcel });
    const point = quote.point;
    return {
      delivery: {
        method: 'courier_pickup',
        country: 'Россия',
        city: point.city,
        pickupPoint: `СДЭК ${point.code}: ${point.address}`,
        cdek: quote.cdek,
      },
      charge: deliveryChargeIn(currency, toMinor(quote.carrierCostRub), goods, true),
      quote,
    };
  }

  /**
   * Everything an order needs before it is written: lines priced from the database, delivery,
   * discount and totals (RUB and display currency), the stock to reserve and the mail to queue
   * (its order number filled in by the database).
   */
  async function prepare(q: Q, input: PlaceOrderInput): Promise<Plan> {
    const lang = input.language;
    if (!paymentMethodAllowed(input.paymentMethod, input.currency)) {
      throw new InvalidInput('paymentMethodNotAllowed', {
        fields: [{ field: 'paymentMethod', message: localized('paymentMethodNotAllowed', lang) }],
      });
    }
    const lines = await priceLines(q, input);
    if (lines.length === 0) throw new InvalidInput('orderEmpty');
    const subtotal = lines.reduce((sum, line) => sum + line.unitRubMinor * line.quantity, 0);
    const { delivery, charge } = await priceDelivery(lines, input.currency, input.delivery, lang);
    const deliveryCost = charge.rubMinor;
    const { discount, goodsInCurrency } = discounted(lines, input.promo);
    const total = subtotal - discount + deliveryCost;
    if (input.paymentMethod === 'card' && total > 0 && !cardPayments) {
      throw new InvalidInput(
        'cardPaymentsUnavailable',
        { fields: [{ field: 'paymentMethod', message: localized('cardPaymentsUnavailable', lang) }] },
        'CARD_PAYMENTS_UNAVAILABLE',
      );
    }
    const rate = EXCHANGE_RATES_RUB[input.currency];
    const totalInCurrency = input.currency === 'RUB' ? total : goodsInCurrency + charge.inCurrencyMinor;

    const order: NewOrderRow = {
      userId: input.userId,
      customer: {
        firstName: input.customer.firstName,
        lastName: input.customer.lastName,
        email: input.customer.email,
        phone: input.customer.phone,
      },
      delivery,
      paymentMethod: input.paymentMethod,
      currency: input.currency,
      exchangeSnapshot: { [input.currency]: rate, RUB: 1 },
      subtotalRub: subtotal,
      discountRub: discount,
      deliveryCostRub: deliveryCost,
      totalRub: total,
      totalInCurrency,
      promoCodeId: input.promo?.promoCodeId ?? null,
      comment: input.comment ? input.comment : null,
      language: input.language,
    };
    const items: NewOrderItem[] = lines.map((line) => ({
      type: line.type,
      productId: line.type === 'product' ? line.refId : null,
      lessonId: line.type === 'lesson' ? line.refId : null,
      courseId: line.type === 'course' ? line.refId : null,
      bookFormat: line.bookFormat,
      name: line.name,
      unitPriceRub: line.unitRubMinor,
      unitPriceInCurrency: input.currency === 'RUB' ? null : line.unitCurrencyMinor,
      quantity: line.quantity,
      reservedQuantity: line.reserve ? line.quantity : 0,
    }));
    const mail = receivedMail(order, items);
    // One reservation per product, in id order, so two orders never wait on each other's rows.
    const reservations = aggregateReservations(
      lines.filter((line) => line.reserve).map((line) => ({ productId: line.refId, quantity: line.quantity })),
    );
    // In id order, like the stock, so two orders never wait on each other's course rows.
    const seats = lines
      .filter((line) => line.seat)
      .map((line) => line.refId)
      .sort();
    // A zero total is confirmed at once and holds nothing unpaid: the open-orders limit does not apply.
    return { order, items, mail, reservations, seats, total, maxOpenUnpaid: total > 0 ? policy.maxOpenUnpaid : null };
  }

  /**
   * After its reservations, in `tx`: whether the order took the last counted units of a product or
   * the last seat of a master class (nothing of it is left for anyone else).
   */
  async function takesLast(tx: Tx, plan: Plan, userId: string): Promise<boolean> {
    if (plan.reservations.length > 0) {
      const left = await catalog.products.forOrder(
        tx,
        plan.reservations.map((r) => r.productId),
      );
      if ([...left.values()].some((product) => product.stock !== null && product.stock <= 0)) return true;
    }
    if (plan.seats.length > 0) {
      const left = await catalog.courses.forOrder(tx, plan.seats, userId);
      if ([...left.values()].some((course) => course.seatsLeft === 0)) return true;
    }
    return false;
  }

  /**
   * Inside the caller's transaction: locks the customer (their checkouts queue here, so the
   * open-orders limit holds under concurrency), reserves the stock (all or nothing), takes a seat
   * of each seat-limited course and writes the order. Any 409 must roll the transaction back
   * (stock or seats may have been taken).
   */
  async function write(tx: Tx, plan: Plan): Promise<{ row: OrderRow; items: OrderItemRow[] }> {
    const userId = plan.order.userId;
    if (plan.maxOpenUnpaid !== null && userId) await ordersRepo.lockUser(tx, userId);
    if (plan.reservations.length > 0) {
      const short = await catalog.products.reserveStock(tx, plan.reservations);
      if (short.length > 0) {
        const left = await catalog.products.forOrder(tx, short);
        const names = new Map(plan.items.map((item) => [item.productId, item.name]));
        throw stockExceeded(
          stockShortages(
            plan.reservations.filter((r) => short.includes(r.productId)),
            (id) => left.get(id)?.stock ?? 0,
          ),
          (id) => names.get(id),
        );
      }
    }
    for (const id of plan.seats) await catalog.courses.hold?.(tx, { type: 'course', id });
    // Taking the last units of a product or the last seat shortens how long it may stay unpaid.
    const holdsScarce = userId ? await takesLast(tx, plan, userId) : false;
    // The first mail is written by the insert itself, not by enqueueMail: it is drawn here with the
    // shop's contact address (its Reply-To and reply line), as enqueueMail does for every other.
    const replyTo = await shopReplyTo(tx);
    const mail = plan.mail.content ? renderMail(plan.mail.content, { replyTo }) : plan.mail;
    const written = await ordersRepo.insertPlaced(
      tx,
      { ...plan, order: { ...plan.order, holdsScarce }, mail: { ...mail, replyTo } },
      NUMBER_TOKEN,
      ID_TOKEN,
    );
    if (!written) {
      const max = plan.maxOpenUnpaid ?? 0;
      const text = (lang: Language) => SERVER_MESSAGES.tooManyOpenOrders[lang].replace('{max}', String(max));
      throw new Conflict(
        { ru: text('ru'), en: text('en'), es: text('es') },
        { maxOpenUnpaid: max },
        'TOO_MANY_OPEN_ORDERS',
      );
    }
    // The cart ends with the order, in its transaction: exactly the ordered lines come off it.
    if (cart && userId) {
      const ordered = written.items.flatMap((item): PlaceOrderLine[] => {
        const id = item.productId ?? item.lessonId ?? item.courseId;
        if (!id || (item.type !== 'product' && item.type !== 'lesson' && item.type !== 'course')) return [];
        return [
          { type: item.type, id, quantity: item.quantity, ...(item.bookFormat ? { bookFormat: item.bookFormat } : {}) },
        ];
      });
      await cart.endOrdered(tx, userId, ordered);
    }
    return written;
  }

  /**
   * Creates an order inside the caller's transaction: prices every line from the database,
   * computes delivery, discount and totals (RUB and display currency), reserves counted stock
   * atomically, records the first history entry and queues the "order received" mail. A zero
   * total is confirmed at once (orderConfirmed emitted in the same transaction).
   */
  async function placeOrder(tx: Tx, input: PlaceOrderInput): Promise<Order> {
    const plan = await prepare(tx, input);
    return (await writeWithGift(tx, plan, input.giftCertificateCode, input.userId)).order;
  }

  /** One line of `type` for `amountMinor` in `currency`, nothing to deliver, paid online (gift certificates, custom pieces). */
  async function placeOneLineOrder(
    tx: Tx,
    input: GiftCertificateOrderInput,
    type: 'gift_certificate' | 'custom_order',
  ): Promise<Order> {
    const paymentMethod = ONLINE_PAYMENT_METHOD[input.currency];
    if (paymentMethod === 'card' && !cardPayments) {
      throw new InvalidInput('cardPaymentsUnavailable', undefined, 'CARD_PAYMENTS_UNAVAILABLE');
    }
    const rate = EXCHANGE_RATES_RUB[input.currency];
    const totalRub = input.currency === 'RUB' ? input.amountMinor : Math.round(input.amountMinor * rate);
    const { user } = input;
    const order: NewOrderRow = {
      userId: user.id,
      // The account's details: the purchase dialog asks for none.
      customer: { ...splitName(user), email: user.email ?? '', phone: user.phone ?? '' },
      delivery: { method: 'none' },
      paymentMethod,
      currency: input.currency,
      exchangeSnapshot: { [input.currency]: rate, RUB: 1 },
      subtotalRub: totalRub,
      discountRub: 0,
      deliveryCostRub: 0,
      totalRub,
      totalInCurrency: input.currency === 'RUB' ? totalRub : input.amountMinor,
      promoCodeId: null,
      comment: null,
      language: input.language,
    };
    const items: NewOrderItem[] = [
      {
        type,
        productId: null,
        lessonId: null,
        courseId: null,
        bookFormat: null,
        name: input.name,
        unitPriceRub: totalRub,
        unitPriceInCurrency: input.currency === 'RUB' ? null : input.amountMinor,
        quantity: 1,
        reservedQuantity: 0,
      },
    ];
    const plan: Plan = {
      order,
      items,
      mail: receivedMail(order, items),
      reservations: [],
      seats: [],
      total: totalRub,
      maxOpenUnpaid: policy.maxOpenUnpaid,
    };
    const { row, items: written } = await write(tx, plan);
    return present(row, written);
  }

  return {
    placeOrder,

    /** Buys one lesson or course at once (promo code, credit, seat): see orders.purchase.ts. */
    purchase: createPurchase({
      db,
      placeOrder,
      promoCodes,
      sellers: { lesson: catalog.lessons, course: catalog.courses },
    }),

    /**
     * What delivery of these lines to a carrier's pickup point costs, priced exactly as `POST /orders`
     * will price it (`POST /api/cdek/quote`). 409 when nothing in them travels.
     */
    async quoteDelivery(userId: string, body: CdekQuoteBody, language: Language): Promise<CdekQuote> {
      if (!carrier) throw new Conflict('cdekNotConfigured', undefined, 'CDEK_NOT_CONFIGURED');
      const lines = await priceLines(db, {
        userId,
        lines: body.items,
        customer: { firstName: '', lastName: '', email: '', phone: '' },
        paymentMethod: body.currency === 'RUB' ? 'card' : 'paypal',
        currency: body.currency,
        language,
      });
      if (!lines.some((line) => line.physical)) throw new Conflict('orderHasNoParcel', undefined, 'NO_PARCEL');
      const priced = await priceDelivery(
        lines,
        body.currency,
        { method: 'courier_pickup', cdekPointCode: body.pointCode },
        language,
      );
      const quote = priced.quote!;
      return {
        deliveryCost: fromMinor(priced.charge.rubMinor),
        carrierCost: quote.carrierCostRub,
        currency: body.currency,
        deliveryCostInCurrency: fromMinor(priced.charge.inCurrencyMinor),
        carrierCostInCurrency: fromMinor(rubMinorIn(body.currency, toMinor(quote.carrierCostRub))),
        free: priced.charge.rubMinor === 0,
        periodMin: quote.cdek.periodMin,
        periodMax: quote.cdek.periodMax,
        point: quote.point,
      };
    },

    /**
     * The order of a gift certificate being bought, inside the caller's transaction: one
     * `gift_certificate` line of `amountMinor` in `currency`, nothing to deliver, paid online like
     * the purchase flow's orders (card in roubles, PayPal in euros and dollars). In another
     * currency the RUB figures are the amount at the order's exchange snapshot.
     */
    placeGiftCertificateOrder(tx: Tx, input: GiftCertificateOrderInput): Promise<Order> {
      return placeOneLineOrder(tx, input, 'gift_certificate');
    },

    /**
     * The order of one payment toward a custom piece (its deposit or its balance), inside the
     * caller's transaction: one `custom_order` line, placed and paid exactly like a gift
     * certificate's order.
     */
    placeCustomOrderPayment(tx: Tx, input: CustomOrderPaymentInput): Promise<Order> {
      return placeOneLineOrder(tx, input, 'custom_order');
    },

    /**
     * `POST /orders`: the customer's checkout in its own transaction; `alsoRecord` runs in it once
     * the order is written (the consents given at checkout).
     */
    async create(
      userId: string,
      body: CreateOrderBody,
      language: Language,
      alsoRecord?: (tx: Tx, order: { id: string }) => Promise<void>,
    ): Promise<Order> {
      const input: PlaceOrderInput = {
        userId,
        lines: body.items,
        customer: body.customer,
        delivery: body.delivery,
        paymentMethod: body.paymentMethod,
        currency: body.currency,
        language,
        comment: body.comment,
        giftCertificateCode: body.giftCertificateCode,
      };
      // Priced outside the transaction: it then holds the customer's lock and the stock rows only
      // for the writes.
      const plan = await prepare(db, input);
      const order = await db.transaction(
        async (tx) => (await writeWithGift(tx, plan, body.giftCertificateCode, userId, alsoRecord)).order,
      );
      if (plan.reservations.length > 0) cache?.invalidate(SHOP_CACHE_TAG);
      if (plan.seats.length > 0) catalog.courses.settled?.();
      return order;
    },

    /** Owner or admin; anyone else gets 404 (an order's existence is private). With each item's picture. */
    async getVisible(id: string, viewer: { id: string; role: string }): Promise<Order> {
      const order = await loadOrder(db, id);
      if (!order || (viewer.role !== 'admin' && order.userId !== viewer.id)) throw new NotFound();
      return withImages(order, order.userId ?? viewer.id);
    },

    /** The same by the order's number (where the payment provider sends the buyer back). */
    async getVisibleByNumber(number: number, viewer: { id: string; role: string }): Promise<Order> {
      const row = await ordersRepo.findByNumber(db, number);
      if (!row) throw new NotFound();
      return this.getVisible(row.id, viewer);
    },

    async listForUser(
      userId: string,
      page: { page: number; limit: number },
    ): Promise<{ items: Order[]; meta: ListMeta }> {
      const { rows, total } = await ordersRepo.listForUser(db, userId, {
        offset: (page.page - 1) * page.limit,
        limit: page.limit,
      });
      return { items: await withItems(rows), meta: { total, page: page.page, limit: page.limit } };
    },

    async listAdmin(query: AdminOrdersQuery): Promise<{ items: Order[]; meta: ListMeta }> {
      const { rows, total } = await ordersRepo.listAdmin(db, query);
      return { items: await withItems(rows), meta: { total, page: query.page, limit: query.limit } };
    },

    /** The admin list's filters, every matching order (up to 50 000), as an Excel-friendly CSV. */
    async exportAdminCsv(query: Omit<AdminOrdersQuery, 'page' | 'limit'>, lang: Language): Promise<string> {
      const rows = await ordersRepo.listAdminAll(db, query, 50_000);
      const items = new Map<string, OrderItemRow[]>();
      // In slices: one IN list per 1 000 orders keeps each statement's parameters bounded.
      for (let i = 0; i < rows.length; i += 1000) {
        for (const item of await ordersRepo.items(
          db,
          rows.slice(i, i + 1000).map((row) => row.id),
        )) {
          items.set(item.orderId, [...(items.get(item.orderId) ?? []), item]);
        }
      }
      return ordersCsv(rows, items, lang);
    },

    /** Admin status change along the status machine of @atelier/shared (409 otherwise). */
    /**
     * Sets, corrects or (null) removes the parcel's tracking number. An order with nothing to ship
     * (digital goods and lessons only) or a cancelled one has no parcel: 409. Once the order is on
     * its way, a new number is mailed to the customer at once; before, it goes out with the
     * "shipped" mail.
     */
    async setTracking(id: string, tracking: Tracking | null): Promise<Order> {
      return db.transaction(async (tx) => {
        await applyTracking(tx, id, tracking);
        return (await loadOrder(tx, id))!;
      });
    },

    // ---- for carriers (features/cdek)

    /** The order as a carrier registers its parcel; null when there is no such order. */
    async forCarrier(q: Q, orderId: string): Promise<OrderForCarrier | null> {
      const row = await ordersRepo.find(q, orderId);
      if (!row) return null;
      const items = await ordersRepo.items(q, [orderId]);
      return {
        id: row.id,
        number: row.number,
        userId: row.userId,
        status: row.status,
        paymentState: row.paymentState,
        language: row.language,
        customer: row.customer,
        delivery: row.delivery,
        recipientEmail: await ordersRepo.recipient(q, row.userId),
        goods: items.flatMap((item) =>
          item.type === 'product' && item.productId && item.bookFormat !== 'digital'
            ? [{ productId: item.productId, name: item.name, unitPriceRub: item.unitPriceRub, quantity: item.quantity }]
            : [],
        ),
      };
    },

    /**
     * The carrier moved the parcel on: the order follows along the status machine inside `tx`
     * (history without an actor, the customer's status mail, the order events). A step the machine
     * does not allow from where the order is now is skipped: false.
     */
    async advanceStatus(tx: Tx, orderId: string, to: OrderStatus, note: string): Promise<boolean> {
      const current = await ordersRepo.lock(tx, orderId);
      if (!current || !canTransition(current.status, to)) return false;
      await transition(tx, orderId, to, { userId: null }, { note });
      return true;
    },

    /** The carrier's tracking number, set inside `tx` (mailed at once when the parcel is already on its way). */
    async setCarrierTracking(tx: Tx, orderId: string, tracking: Tracking): Promise<void> {
      await applyTracking(tx, orderId, tracking);
    },

    /**
     * Ships a paid order in one step: records the carrier and its tracking number, walks the status
     * machine (paid → processing → shipped, each step checked and recorded on the locked row) and
     * queues exactly one mail, the "shipped" one with the tracking link (or "ready for pickup").
     * The same shipment submitted again (a second tab, a retried request) changes nothing and mails
     * nothing; a different one for an order already on its way is a 409 (the tracking panel
     * corrects it). Unpaid, cancelled or nothing to ship: 409, nothing changed.
     */
    async ship(id: string, input: ShipOrder, actor: Actor): Promise<{ order: Order; changed: boolean }> {
      return db.transaction(async (tx) => {
        const current = await ordersRepo.lock(tx, id);
        if (!current) throw new NotFound();
        if (current.status === 'shipped' || current.status === 'delivered') {
          const same = current.trackingCarrier === input.carrier && (current.trackingNumber ?? null) === input.tracking;
          if (!same) throw new Conflict('orderAlreadyShipped', undefined, 'ALREADY_SHIPPED');
          return { order: (await loadOrder(tx, id))!, changed: false };
        }
        if (current.status !== 'confirmed' && current.status !== 'processing') {
          throw new Conflict(
            'orderTransitionNotAllowed',
            { from: current.status, to: 'shipped' },
            'INVALID_TRANSITION',
          );
        }
        if (current.delivery.method === 'none') throw new Conflict('orderHasNoParcel', undefined, 'NO_PARCEL');
        await ordersRepo.setTracking(tx, id, { carrier: input.carrier, number: input.tracking });
        if (current.status === 'confirmed') await transition(tx, id, 'processing', actor, { mail: false });
        const phone = input.carrier === 'pickup' ? await shopPhone(tx) : null;
        await transition(tx, id, 'shipped', actor, {
          note: input.note,
          mail: (order) => orderShippedMail(order, input.note, siteUrl, { phone }),
        });
        return { order: (await loadOrder(tx, id))!, changed: true };
      });
    },

    async changeStatus(id: string, to: OrderStatus, actor: Actor): Promise<Order> {
      const result = await db.transaction(async (tx) => {
        const changed = await transition(tx, id, to, actor);
        return { changed, order: (await loadOrder(tx, id))! };
      });
      if (result.changed.stockReturned) cache?.invalidate(SHOP_CACHE_TAG);
      return result.order;
    },

    /**
     * Cancels every unpaid order whose hold ran out by `now` (PENDING_ORDER_HOURS for card/PayPal,
     * PENDING_TRANSFER_DAYS for cash/bank transfer), one order per transaction, through the same
     * cancel path as an admin: stock back, order events release seats, promo uses and grants, the
     * customer gets the expiry mail, the history names no actor (the system). Safe to run in
     * several instances at once: each order is claimed with FOR UPDATE SKIP LOCKED and re-checked.
     * An order whose cancel fails is skipped for the rest of this call and reported.
     */
    async expireDue(
      now: Date,
      options: { limit?: number } = {},
    ): Promise<{ expired: string[]; failed: { orderId: string; error: unknown }[] }> {
      const limit = options.limit ?? 500;
      const cutoffs = expiryCutoffs(now, policy);
      const expired: string[] = [];
      const failed: { orderId: string; error: unknown }[] = [];
      let stockReturned = false;
      while (expired.length + failed.length < limit) {
        let claimed: string | null = null;
        try {
          const done = await db.transaction(async (tx) => {
            claimed = await ordersRepo.claimExpired(
              tx,
              cutoffs,
              failed.map((f) => f.orderId),
            );
            if (!claimed) return false;
            const changed = await transition(
              tx,
              claimed,
              'cancelled',
              { userId: null },
              { note: 'expired', expired: true },
            );
            stockReturned ||= changed.stockReturned;
            return true;
          });
          if (!done) break;
          expired.push(claimed!);
        } catch (error) {
          if (!claimed) throw error;
          failed.push({ orderId: claimed, error });
        }
      }
      if (stockReturned) cache?.invalidate(SHOP_CACHE_TAG);
      return { expired, failed };
    },

    // ---- for payments

    async getForPayment(q: Q, orderId: string): Promise<OrderForPayment | null> {
      const row = await ordersRepo.find(q, orderId);
      if (!row) return null;
      const items = await ordersRepo.items(q, [orderId]);
      // What a gift certificate paid is not asked for again.
      const dueRub = row.totalRub - row.giftCertificateRub;
      const inCurrency = (row.totalInCurrency ?? row.totalRub) - row.giftCertificateMinor;
      return {
        id: row.id,
        number: row.number,
        userId: row.userId,
        status: row.status,
        paymentState: row.paymentState,
        paymentMethod: row.paymentMethod,
        currency: row.currency,
        language: row.language,
        customerEmail: row.customer.email,
        recipientEmail: await ordersRepo.recipient(q, row.userId),
        holdUntil:
          row.status === 'pending' ? holdUntil(row.createdAt, row.paymentMethod, policy, row.holdsScarce) : null,
        totalRub: fromMinor(dueRub),
        totalRubMinor: dueRub,
        totalInCurrency: fromMinor(inCurrency),
        totalInCurrencyMinor: inCurrency,
        items: toEvent(row, items).items,
      };
    },

    /** What the order's fiscal receipt is made from; null when there is no such order. */
    async forReceipt(q: Q, orderId: string): Promise<OrderForReceipt | null> {
      const row = await ordersRepo.find(q, orderId);
      if (!row) return null;
      const items = await ordersRepo.items(q, [orderId]);
      return {
        id: row.id,
        number: row.number,
        // YooKassa mails the receipt: to the account's verified address like every order mail; the
        // address typed at checkout only once the account is gone (a fiscal receipt needs a contact).
        customerEmail: (await ordersRepo.recipient(q, row.userId)) ?? row.customer.email,
        lines: items.map((item) => ({
          type: item.type,
          bookFormat: item.bookFormat,
          name: item.name,
          unitPriceRub: item.unitPriceRub,
          quantity: item.quantity,
        })),
        discountRub: row.discountRub,
        deliveryMethod: row.delivery.method,
        deliveryCostRub: row.deliveryCostRub,
        totalRub: row.totalRub,
        giftCertificateRub: row.giftCertificateRub,
      };
    },

    async setPaymentState(q: Q, orderId: string, state: PaymentState): Promise<void> {
      if (!(await ordersRepo.setPaymentState(q, orderId, state))) throw new NotFound();
    },

    /**
     * A successful payment: pending → confirmed (payment_state 'paid') with history, mail and
     * orderConfirmed in `tx`. Idempotent once confirmed or later; a cancelled order is a 409.
     */
    async confirmPaid(
      tx: Tx,
      orderId: string,
      options: { actorUserId?: string | null; note?: string } = {},
    ): Promise<{ changed: boolean; order: Order }> {
      const current = await ordersRepo.lock(tx, orderId);
      if (!current) throw new NotFound();
      if (current.status === 'cancelled')
        throw new Conflict('orderNotPayable', { status: current.status }, 'ORDER_NOT_PAYABLE');
      if (current.status !== 'pending') {
        if (current.paymentState !== 'paid') await ordersRepo.setPaymentState(tx, orderId, 'paid');
        return { changed: false, order: (await loadOrder(tx, orderId))! };
      }
      await transition(
        tx,
        orderId,
        'confirmed',
        { userId: options.actorUserId ?? null },
        {
          note: options.note ?? 'paid',
          paymentState: 'paid',
        },
      );
      return { changed: true, order: (await loadOrder(tx, orderId))! };
    },
  };

  /** Each product, lesson and course line with its current picture (null when it has none or is gone). */
  async function withImages(order: Order, userId: string): Promise<Order> {
    const ids = (type: OrderLineType) => [
      ...new Set(order.items.flatMap((item) => (item.type === type && item.refId ? [item.refId] : []))),
    ];
    const [products, lessons, courses] = await Promise.all([
      catalog.products.forOrder(db, ids('product')),
      catalog.lessons.forOrder(db, ids('lesson'), userId),
      catalog.courses.forOrder(db, ids('course'), userId),
    ]);
    const maps: Partial<Record<string, Map<string, { image: string | null }>>> = {
      product: products,
      lesson: lessons,
      course: courses,
    };
    return {
      ...order,
      items: order.items.map((item) => ({
        ...item,
        image: (item.refId && maps[item.type]?.get(item.refId)?.image) || null,
      })),
    };
  }

  async function withItems(rows: OrderRow[]): Promise<Order[]> {
    const items = await ordersRepo.items(
      db,
      rows.map((row) => row.id),
    );
    const byOrder = new Map<string, OrderItemRow[]>();
    for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
    return rows.map((row) => present(row, byOrder.get(row.id) ?? []));
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>;
