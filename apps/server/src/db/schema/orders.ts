/** Orders: the order and its items, delivery, status history, download links and custom requests. */
import type { CdekStatus, Image, OrderCdekDelivery } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { courses, lessons, products, productVariants, promoCodes } from './catalogue';
import { createdAt, id, localized, updatedAt } from './columns';
import { portfolioItems } from './content';

export type OrderCustomer = { firstName: string; lastName: string; email: string; phone: string };
export type OrderDelivery = {
  method: 'standard' | 'express' | 'pickup' | 'post' | 'courier_pickup' | 'none';
  country?: string;
  city?: string;
  address?: string;
  postalCode?: string;
  pickupPoint?: string;
  /** The CDEK pickup point, its price and the parcel (delivery to a CDEK point while CDEK is set up). */
  cdek?: OrderCdekDelivery;
};
export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Human order number shown to customers. */
    number: serial('number').notNull(),
    /** null once the customer deleted their account (the order itself is kept). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', {
      enum: ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'],
    })
      .notNull()
      .default('pending'),
    customer: jsonb('customer').$type<OrderCustomer>().notNull(),
    delivery: jsonb('delivery').$type<OrderDelivery>().notNull(),
    paymentMethod: text('payment_method', { enum: ['card', 'paypal', 'cash', 'bank_transfer'] }).notNull(),
    paymentState: text('payment_state', {
      enum: ['none', 'awaiting', 'invoice_sent', 'paid', 'failed', 'refunded'],
    })
      .notNull()
      .default('none'),
    /** Display currency chosen by the customer, with the exchange snapshot used (RUB per unit). */
    currency: text('currency', { enum: ['RUB', 'EUR', 'USD'] })
      .notNull()
      .default('RUB'),
    exchangeSnapshot: jsonb('exchange_snapshot').$type<Record<string, number>>().notNull().default({}),
    subtotalRub: integer('subtotal_rub').notNull(),
    discountRub: integer('discount_rub').notNull().default(0),
    deliveryCostRub: integer('delivery_cost_rub').notNull().default(0),
    /** The parcel's carrier and tracking number, set by the admin when she ships it. */
    trackingCarrier: text('tracking_carrier', { enum: ['russian_post', 'cdek', 'other', 'courier', 'pickup'] }),
    trackingNumber: text('tracking_number'),
    totalRub: integer('total_rub').notNull(),
    /** Amount to charge in the display currency (minor units), when not RUB. */
    totalInCurrency: integer('total_in_currency'),
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    /**
     * Paid by a gift certificate: in the order's currency (what the certificate's balance lost) and
     * in RUB (the same share of `totalRub`). What is left is paid as usual.
     */
    giftCertificateMinor: integer('gift_certificate_minor').notNull().default(0),
    giftCertificateRub: integer('gift_certificate_rub').notNull().default(0),
    comment: text('comment'),
    /** Language of the customer's mails about this order (the site language at checkout). */
    language: text('language', { enum: ['ru', 'en', 'es'] })
      .notNull()
      .default('ru'),
    /**
     * The order took the last counted units of a product or the last seat of a master class when it
     * was placed: unpaid, it is held at most PENDING_SCARCE_HOURS, whatever the payment method.
     */
    holdsScarce: boolean('holds_scarce').notNull().default(false),
    /**
     * Until when the order's payment link (mailed, and in the account) works: while it does, the
     * unpaid order is not cancelled (docs/decisions/0083). null = no link.
     */
    payLinkUntil: timestamp('pay_link_until', { withTimezone: true }),
    /**
     * An order placed beyond the unpaid-hold caps (UNPAID_HOLD_*) takes the units over the caps only
     * when its first online payment starts; from then it is held until this moment at most, set once
     * and never moved, so starting payments again cannot keep those units (docs/decisions/0096).
     */
    paymentHoldUntil: timestamp('payment_hold_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
  ],
);
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `gift_certificate`: a certificate bought (gift_certificates.purchase_order_id names the order). */
    type: text('type', { enum: ['product', 'lesson', 'course', 'gift_certificate', 'custom_order'] }).notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'restrict' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'restrict' }),
    bookFormat: text('book_format', { enum: ['physical', 'digital'] }),
    /** The product's variant bought (its stock is what the line holds when the product has options). */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /** Name snapshot at the time of the order. */
    name: localized('name'),
    unitPriceRub: integer('unit_price_rub').notNull(),
    /** The unit price in the order's currency (minor units) as charged; null for RUB and older orders. */
    unitPriceInCurrency: integer('unit_price_in_currency'),
    quantity: integer('quantity').notNull(),
    /** Units taken from the product's counted stock at checkout (given back on cancel). */
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    /**
     * Units of counted stock the order did not take when placed, being over the unpaid-hold caps:
     * taken (moved into reserved_quantity) when its online payment starts (docs/decisions/0096).
     */
    deferredQuantity: integer('deferred_quantity').notNull().default(0),
    /**
     * Units given back by a refund of chosen lines (features/payments/payments.line-refunds.ts),
     * counted when the refund is asked for and taken back if the provider refuses it.
     */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    /** What those units brought back, RUB minor units (their share of what the customer paid). */
    refundedMinor: integer('refunded_minor').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_refunded_check', sql`${t.refundedQuantity} between 0 and ${t.quantity}`),
  ],
);
/**
 * An order registered with CDEK (one per order; features/cdek): CDEK's id and tracking number, the
 * statuses CDEK reported (newest first) and the stages the customer has already been told of.
 * `registering` holds the call to CDEK; the poller asks CDEK for every live shipment in turn.
 */
export const cdekShipments = pgTable(
  'cdek_shipments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['registering', 'registered', 'failed'] }).notNull(),
    cdekUuid: text('cdek_uuid'),
    cdekNumber: text('cdek_number'),
    stage: text('stage', {
      enum: ['created', 'in_transit', 'ready_for_pickup', 'delivered', 'not_delivered', 'cancelled'],
    }),
    statuses: jsonb('statuses').$type<CdekStatus[]>().notNull().default([]),
    /** Stages already acted on (order status moved, customer mailed): each at most once. */
    appliedStages: jsonb('applied_stages').$type<string[]>().notNull().default([]),
    /** CDEK's office where the parcel is handed in. */
    shipmentPoint: text('shipment_point'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** The poller asks CDEK about it again from this time (webhooks are not retried by CDEK). */
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cdek_shipments_order_key').on(t.orderId),
    uniqueIndex('cdek_shipments_uuid_key').on(t.cdekUuid),
    index('cdek_shipments_poll_idx').on(t.state, t.nextPollAt),
  ],
);
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_events_order_idx').on(t.orderId)],
);
/** Emailed download links for paid digital goods. */
export const downloadLinks = pgTable(
  'download_links',
  {
    id: id(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    downloads: integer('downloads').notNull().default(0),
    maxDownloads: integer('max_downloads').notNull().default(5),
    reissueCount: integer('reissue_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('download_links_token_hash_key').on(t.tokenHash)],
);
/**
 * Requests for a custom piece (docs/decisions/0049): what the customer wants, the admin's quote,
 * and the two payments toward it (deposit, balance), each an order of one `custom_order` line paid
 * through payments. The status only moves through the service's transitions, under the row lock;
 * the checks keep the figures sane whatever the code does.
 */
export const customRequests = pgTable(
  'custom_requests',
  {
    id: id(),
    number: serial('number').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', {
      enum: ['new', 'quoted', 'accepted', 'deposit_paid', 'in_work', 'done', 'declined'],
    }).notNull(),
    occasion: text('occasion', {
      enum: ['wedding', 'birthday', 'anniversary', 'interior', 'corporate', 'gift', 'other'],
    }).notNull(),
    occasionOther: text('occasion_other'),
    dateNeeded: text('date_needed').notNull(),
    colours: text('colours').notNull(),
    budgetMinor: integer('budget_minor'),
    budgetCurrency: text('budget_currency', { enum: ['RUB', 'EUR', 'USD'] }),
    description: text('description').notNull(),
    photos: jsonb('photos').$type<Image[]>().notNull().default([]),
    /** The portfolio piece the request was started from ("like this one"). */
    portfolioItemId: uuid('portfolio_item_id').references(() => portfolioItems.id, { onDelete: 'set null' }),
    /** The customer's language: their mails are written in it. */
    language: text('language', { enum: ['ru', 'en', 'es'] }).notNull(),
    quotePriceMinor: integer('quote_price_minor'),
    quoteCurrency: text('quote_currency', { enum: ['RUB', 'EUR', 'USD'] }),
    depositPercent: integer('deposit_percent'),
    quoteDueDate: text('quote_due_date'),
    quoteMessage: text('quote_message'),
    quotedAt: timestamp('quoted_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The order of the deposit (the latest one made; an expired one is replaced). */
    depositOrderId: uuid('deposit_order_id').references(() => orders.id, { onDelete: 'set null' }),
    depositPaidAt: timestamp('deposit_paid_at', { withTimezone: true }),
    balanceOrderId: uuid('balance_order_id').references(() => orders.id, { onDelete: 'set null' }),
    balancePaidAt: timestamp('balance_paid_at', { withTimezone: true }),
    declinedBy: text('declined_by', { enum: ['admin', 'customer'] }),
    declineNote: text('decline_note'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('custom_requests_user_idx').on(t.userId, t.createdAt),
    index('custom_requests_status_idx').on(t.status, t.createdAt),
    index('custom_requests_deposit_order_idx').on(t.depositOrderId),
    index('custom_requests_balance_order_idx').on(t.balanceOrderId),
    check(
      'custom_requests_quote',
      sql`(${t.quotePriceMinor} is null or ${t.quotePriceMinor} > 0) and (${t.depositPercent} is null or ${t.depositPercent} between 0 and 100)`,
    ),
  ],
);

/**
 * The shop's delivery settings (one row, id 1; missing row = the defaults of
 * `DEFAULT_DELIVERY_SETTINGS`): where physical goods may be sent, and the workshop where pickup
 * orders are collected. The owner edits them in the admin.
 */
export const deliverySettings = pgTable('delivery_settings', {
  id: integer('id').primaryKey().default(1),
  /** ISO 3166-1 alpha-2 codes, sorted. */
  shippingCountries: jsonb('shipping_countries').$type<string[]>().notNull(),
  pickupAddress: jsonb('pickup_address').$type<{ ru: string; en?: string; es?: string }>().notNull(),
  pickupHours: jsonb('pickup_hours').$type<{ ru: string; en?: string; es?: string }>().notNull(),
  pickupMapUrl: text('pickup_map_url').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
