/**
 * The whole product's data model (PostgreSQL via drizzle pg-core; the same on PGlite).
 * Money is integer minor units (kopecks/cents). Localized texts are jsonb maps { ru, en?, es? }.
 * Later features add columns and indexes here and generate a migration with `npm run db:generate`.
 */
import type { Image, LocalizedText } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const localized = (name: string) => jsonb(name).$type<LocalizedText>().notNull();

/** PostgreSQL's full-text document type (written only by generated columns). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** `name`/`description` ->> lang, '' when absent (immutable, so usable in generated columns). */
const field = (column: string, lang: string) => `coalesce(${column}->>'${lang}', '')`;
/** The words of a localized field, stemmed by its language's rules (розы → роз, roses → rose, rosas → rosa). */
const stemmed = (column: string) =>
  `to_tsvector('russian'::regconfig, ${field(column, 'ru')}) || to_tsvector('english'::regconfig, ${field(column, 'en')}) || to_tsvector('spanish'::regconfig, ${field(column, 'es')})`;

export type StoredFileRef = { key: string; filename: string; contentType: string; size: number };

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Lower-cased; null once the account is deleted (orders stay, anonymised). */
    email: text('email'),
    name: text('name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Set when a pending account got a repeat registration with a different password: two people
     * claimed the address, so at verification neither password is kept and the verifier sets one.
     */
    passwordContestedAt: timestamp('password_contested_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Email verification codes/links and password-reset links: hashed, single use, expiring. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    codeHash: text('code_hash'),
    tokenHash: text('token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId)],
);

/** Arithmetic captchas for registration: single use, expiring; in the database so any instance can check. */
export const captchas = pgTable('captchas', {
  id: id(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- site content

/** Site-wide singletons: key 'about' (About) and 'settings' (LandingSettings). */
export const landingContent = pgTable('landing_content', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const portfolioItems = pgTable(
  'portfolio_items',
  {
    id: id(),
    title: localized('title'),
    description: localized('description'),
    category: text('category', { enum: ['wedding', 'corporate', 'personal'] }).notNull(),
    images: jsonb('images').$type<Image[]>().notNull().default([]),
    mainImageIndex: integer('main_image_index').notNull().default(0),
    linkedProductId: uuid('linked_product_id').references(() => products.id, { onDelete: 'set null' }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('portfolio_category_idx').on(t.category, t.sortOrder)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    text: text('text').notNull(),
    rating: integer('rating').notNull().default(5),
    image: jsonb('image').$type<Image | null>(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    sortOrder: integer('sort_order').notNull().default(0),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('reviews_status_order_idx').on(t.status, t.sortOrder)],
);

// ---------------------------------------------------------------- catalogue

export const products = pgTable(
  'products',
  {
    id: id(),
    name: localized('name'),
    description: localized('description'),
    priceRub: integer('price_rub').notNull(),
    priceEur: integer('price_eur'),
    priceUsd: integer('price_usd'),
    category: text('category', { enum: ['collection', 'book', 'tools', 'materials'] }).notNull(),
    subcategory: text('subcategory', { enum: ['bouquets', 'accessories'] }),
    availability: text('availability', { enum: ['in_stock', 'out_of_stock', 'on_order'] })
      .notNull()
      .default('in_stock'),
    /** null = not counted (made to order, digital); otherwise reserved atomically at checkout. */
    stock: integer('stock'),
    bookFormats: jsonb('book_formats').$type<('physical' | 'digital')[]>(),
    images: jsonb('images').$type<Image[]>().notNull().default([]),
    /** Private storage key of a digital book. */
    digitalFile: jsonb('digital_file').$type<StoredFileRef | null>(),
    /** A product with orders is archived on delete, never lost. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Shop search: the names in all three languages, stemmed; name matches rank first. */
    nameSearch: tsvector('name_search').generatedAlwaysAs(sql.raw(stemmed('name'))),
    /** Shop search: names and descriptions, stemmed. */
    textSearch: tsvector('text_search').generatedAlwaysAs(sql.raw(`${stemmed('name')} || ${stemmed('description')}`)),
    /** Shop search: the names lower-cased, for substrings and small typos (trigram index). */
    nameText: text('name_text').generatedAlwaysAs(
      sql.raw(`lower(${field('name', 'ru')} || ' ' || ${field('name', 'en')} || ' ' || ${field('name', 'es')})`),
    ),
  },
  (t) => [
    index('products_category_idx').on(t.category, t.subcategory),
    index('products_created_idx').on(t.createdAt),
    index('products_text_search_idx').using('gin', t.textSearch),
    index('products_name_text_trgm_idx').using('gin', t.nameText.op('gin_trgm_ops')),
  ],
);

export const courses = pgTable('courses', {
  id: id(),
  title: localized('title'),
  description: localized('description'),
  level: text('level', { enum: ['basic', 'intermediate', 'advanced'] }).notNull(),
  isMasterClass: boolean('is_master_class').notNull().default(false),
  durationMinutes: integer('duration_minutes'),
  priceRub: integer('price_rub').notNull(),
  priceEur: integer('price_eur'),
  priceUsd: integer('price_usd'),
  cover: jsonb('cover').$type<Image | null>(),
  eventAt: timestamp('event_at', { withTimezone: true }),
  eventPlace: text('event_place'),
  seatLimit: integer('seat_limit'),
  seatsTaken: integer('seats_taken').notNull().default(0),
  published: boolean('published').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const lessons = pgTable(
  'lessons',
  {
    id: id(),
    number: integer('number').notNull(),
    title: localized('title'),
    description: localized('description'),
    level: text('level', { enum: ['basic', 'intermediate', 'advanced'] }).notNull(),
    priceRub: integer('price_rub').notNull(),
    priceEur: integer('price_eur'),
    priceUsd: integer('price_usd'),
    durationMinutes: integer('duration_minutes'),
    poster: jsonb('poster').$type<Image | null>(),
    /** Private storage refs: the video and a methodology sheet per language. */
    video: jsonb('video').$type<StoredFileRef | null>(),
    methodology: jsonb('methodology').$type<Partial<Record<'ru' | 'en' | 'es', StoredFileRef>>>().notNull().default({}),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    positionInCourse: integer('position_in_course'),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('lessons_number_key').on(t.number)],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    /** Stored upper-case; matched case-insensitively. */
    code: text('code').notNull(),
    percentOff: integer('percent_off').notNull(),
    /** Empty = every lesson. */
    lessonIds: jsonb('lesson_ids').$type<string[]>().notNull().default([]),
    courseIds: jsonb('course_ids').$type<string[]>().notNull().default([]),
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_codes_code_key').on(t.code)],
);

// ---------------------------------------------------------------- commerce

/** Server copy of a logged-in user's cart so it follows them to another device. */
export const carts = pgTable('carts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  items: jsonb('items')
    .$type<
      { type: 'product' | 'lesson' | 'course'; id: string; quantity: number; bookFormat?: 'physical' | 'digital' }[]
    >()
    .notNull()
    .default([]),
  updatedAt: updatedAt(),
});

export type OrderCustomer = { firstName: string; lastName: string; email: string; phone: string };
export type OrderDelivery = {
  method: 'standard' | 'express' | 'pickup' | 'post' | 'courier_pickup' | 'none';
  country?: string;
  city?: string;
  address?: string;
  postalCode?: string;
  pickupPoint?: string;
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
    trackingCarrier: text('tracking_carrier', { enum: ['russian_post', 'cdek', 'other'] }),
    trackingNumber: text('tracking_number'),
    totalRub: integer('total_rub').notNull(),
    /** Amount to charge in the display currency (minor units), when not RUB. */
    totalInCurrency: integer('total_in_currency'),
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    comment: text('comment'),
    /** Language of the customer's mails about this order (the site language at checkout). */
    language: text('language', { enum: ['ru', 'en', 'es'] })
      .notNull()
      .default('ru'),
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
    type: text('type', { enum: ['product', 'lesson', 'course'] }).notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'restrict' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'restrict' }),
    bookFormat: text('book_format', { enum: ['physical', 'digital'] }),
    /** Name snapshot at the time of the order. */
    name: localized('name'),
    unitPriceRub: integer('unit_price_rub').notNull(),
    quantity: integer('quantity').notNull(),
    /** Units taken from the product's counted stock at checkout (given back on cancel). */
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
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

export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** `requested`: a PayPal invoice the owner still has to send by hand (PAYPAL_MODE=manual). */
    status: text('status', {
      enum: ['created', 'requested', 'pending', 'invoice_sent', 'succeeded', 'canceled', 'failed'],
    })
      .notNull()
      .default('created'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['RUB', 'EUR', 'USD'] }).notNull(),
    redirectUrl: text('redirect_url'),
    invoiceEmail: text('invoice_email'),
    idempotenceKey: text('idempotence_key').notNull(),
    manualReference: text('manual_reference'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_provider_id_key').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_idempotence_key').on(t.idempotenceKey),
    // At most one live provider payment per order: two concurrent "Pay" clicks share one.
    uniqueIndex('payments_live_order_key')
      .on(t.orderId)
      .where(sql`${t.status} in ('created', 'pending') and ${t.provider} <> 'manual'`),
    // At most one open hand-sent PayPal invoice per order.
    uniqueIndex('payments_paypal_manual_order_key')
      .on(t.orderId)
      .where(sql`${t.provider} = 'paypal-manual' and ${t.status} in ('requested', 'invoice_sent')`),
  ],
);

/**
 * Notifications that could not simply be applied (money for an order that is no longer pending,
 * an amount or currency that differs): the admin checks and refunds or reconciles by hand.
 */
export const paymentAlerts = pgTable(
  'payment_alerts',
  {
    id: id(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    kind: text('kind', { enum: ['order_not_pending', 'order_cancelled', 'amount_mismatch'] }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('payment_alerts_open_idx').on(t.resolvedAt, t.createdAt)],
);

/** Every notification received, applied at most once per provider event id. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    outcome: text('outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_key').on(t.provider, t.providerEventId)],
);

/** Lessons and courses a user owns. */
export const purchases = pgTable(
  'purchases',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    pricePaidRub: integer('price_paid_rub').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('purchases_user_lesson_key').on(t.userId, t.lessonId).where(sql`${t.lessonId} is not null`),
    uniqueIndex('purchases_user_course_key').on(t.userId, t.courseId).where(sql`${t.courseId} is not null`),
  ],
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

export const videoProgress = pgTable(
  'video_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    positionSeconds: integer('position_seconds').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);

// ---------------------------------------------------------------- platform

/** Mail written in the same transaction as the change that caused it, then delivered. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.createdAt)],
);

/**
 * Fixed-window counters of the abuse limits (login, register, verify, resend, forgot-password),
 * in the database so they hold across several app instances. `key` names the limit and the subject
 * (e.g. `login-fail:account:<email>`, `auth:ip:<address>`); old windows are pruned as they pass.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/**
 * Failed logins per account AND client address, with back-off: after the threshold, only that
 * address waits (`blocked_until`, doubling per further failure), so nobody can lock the owner out
 * of their account from elsewhere. One upsert per failure counts it; a success from the address
 * deletes its row; rows idle for a day are pruned.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    /** The account's key (its email, lower-case). */
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.account, t.ip] }), index('login_failures_last_idx').on(t.lastFailedAt)],
);

// ---------------------------------------------------------------- owner notifications
/**
 * What the owner wants to be told about (one row, id 1; missing row = every kind on, digest at 9).
 * NOTIFY_EMAIL and the Telegram bot are configuration; these switches are hers, in the admin.
 */
export const ownerNotificationSettings = pgTable('owner_notification_settings', {
  id: integer('id').primaryKey().default(1),
  paidOrder: boolean('paid_order').notNull().default(true),
  expiringOrder: boolean('expiring_order').notNull().default(true),
  paypalInvoice: boolean('paypal_invoice').notNull().default(true),
  paymentAlert: boolean('payment_alert').notNull().default(true),
  dailyDigest: boolean('daily_digest').notNull().default(true),
  /** Hour of the day (shop time zone) the digest of the day before is sent. */
  digestHour: integer('digest_hour').notNull().default(9),
  language: text('language', { enum: ['ru', 'en', 'es'] })
    .notNull()
    .default('ru'),
  updatedAt: updatedAt(),
});

/**
 * Every notice sent to the owner, once per `key` (the unique index is what makes "once" hold with
 * several instances sweeping at the same time). The row is also the Telegram queue: the mail goes
 * through mail_outbox, the Telegram copy is sent from here after the commit.
 */
export const ownerNotifications = pgTable(
  'owner_notifications',
  {
    id: id(),
    kind: text('kind', {
      enum: ['paidOrder', 'expiringOrder', 'paypalInvoice', 'paymentAlert', 'dailyDigest'],
    }).notNull(),
    key: text('key').notNull(),
    telegramText: text('telegram_text'),
    telegramState: text('telegram_state', { enum: ['none', 'queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('none'),
    telegramAttempts: integer('telegram_attempts').notNull().default(0),
    telegramError: text('telegram_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('owner_notifications_key').on(t.key),
    index('owner_notifications_telegram_idx').on(t.telegramState, t.createdAt),
  ],
);
