/**
 * The whole product's data model (PostgreSQL via drizzle pg-core; the same on PGlite).
 * Money is integer minor units (kopecks/cents). Localized texts are jsonb maps { ru, en?, es? }.
 * Later features add columns and indexes here and generate a migration with `npm run db:generate`.
 */
import {
  type CdekStatus,
  type Chapter,
  CONSENT_KINDS,
  CONSENT_SOURCES,
  type GiftCertificateSettings,
  type Image,
  LEGAL_KINDS,
  type LocalizedText,
  type OrderCdekDelivery,
  type PlayerSettings,
} from '@atelier/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
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

/** A file of a queued mail, base64 (a printable certificate). */
export type StoredAttachment = { filename: string; contentType: string; contentBase64: string };

export type StoredFileRef = { key: string; filename: string; contentType: string; size: number };
/**
 * A lesson's stored video. `durationSeconds` is its length as read from the file's header the
 * first time progress needed it (features/lessons/lessons.duration.ts): absent = not read yet,
 * null = the header does not tell. A replaced video starts without it.
 */
export type VideoRef = StoredFileRef & { durationSeconds?: number | null };
/** A stored WebVTT file of a lesson, with when it was last saved (the admin sees it). */
export type SubtitlesRef = StoredFileRef & { updatedAt: string };
/**
 * The HLS renditions a lesson plays from: a complete set written under `prefix` (private storage)
 * by the transcode job `version`, made from the video whose key is `sourceKey`.
 */
export type HlsRef = {
  version: string;
  prefix: string;
  sourceKey: string;
  renditions: { height: number; bandwidth: number }[];
};

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
    /** When the customer agreed to reminders and news by email (opt-in in the account); null = no. */
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
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
    /** Picked by the owner for the home page (see docs/decisions/0055). */
    featured: boolean('featured').notNull().default(false),
    /** Optional texts of the product page (size, materials, care); null = not given. */
    size: jsonb('size').$type<LocalizedText | null>(),
    materials: jsonb('materials').$type<LocalizedText | null>(),
    care: jsonb('care').$type<LocalizedText | null>(),
    /** Packed weight (g) and box (cm) for CDEK's price; null = the category's default (all four or none). */
    weightGrams: integer('weight_grams'),
    lengthCm: integer('length_cm'),
    widthCm: integer('width_cm'),
    heightCm: integer('height_cm'),
    /** The owner's order of the shop (1 = first); null = not placed (see the `recommended` sort). */
    position: integer('position'),
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
  /** "What you'll learn" and "Materials", one point per line; null = not given. */
  outcomes: jsonb('outcomes').$type<LocalizedText | null>(),
  materials: jsonb('materials').$type<LocalizedText | null>(),
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
    video: jsonb('video').$type<VideoRef | null>(),
    methodology: jsonb('methodology').$type<Partial<Record<'ru' | 'en' | 'es', StoredFileRef>>>().notNull().default({}),
    /** Chapters by start time, and a private WebVTT file per language (shown to purchasers only). */
    chapters: jsonb('chapters').$type<Chapter[]>().notNull().default([]),
    subtitles: jsonb('subtitles').$type<Partial<Record<'ru' | 'en' | 'es', SubtitlesRef>>>().notNull().default({}),
    /** The finished HLS renditions of the current video; null while there are none (MP4 only). */
    hls: jsonb('hls').$type<HlsRef | null>(),
    /**
     * The public preview: a short trailer the admin uploads, a file of its own in private storage,
     * served to anyone by the preview route (never the lesson video itself).
     */
    preview: jsonb('preview').$type<StoredFileRef | null>(),
    /** "What you'll learn" and "Materials", one point per line; null = not given. */
    outcomes: jsonb('outcomes').$type<LocalizedText | null>(),
    materials: jsonb('materials').$type<LocalizedText | null>(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    positionInCourse: integer('position_in_course'),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('lessons_number_key').on(t.number)],
);

/**
 * Background transcodes of lesson videos into HLS: queued → running → done, or failed (the admin
 * may retry). A running job holds a lease; one whose lease ran out (its instance stopped) is taken
 * up again by any instance. `id` is also the version of the renditions it writes.
 */
export const lessonTranscodes = pgTable(
  'lesson_transcodes',
  {
    id: id(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** The private video it transcodes; a job whose lesson has another video by now is dropped. */
    sourceKey: text('source_key').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Per mille of the source duration transcoded. */
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** When the current attempt started: with the progress, the time left shown to the admin. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lesson_transcodes_lesson_idx').on(t.lessonId, t.createdAt),
    index('lesson_transcodes_state_idx').on(t.state),
  ],
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
  /** The site language of the last save: the abandoned-cart reminder is written in it. */
  language: text('language', { enum: ['ru', 'en', 'es'] })
    .notNull()
    .default('ru'),
  /**
   * When the abandoned-cart reminder went out; cleared only when the cart is emptied (an order
   * placed, or cleared by hand), so one cart is never reminded of twice.
   */
  remindedAt: timestamp('reminded_at', { withTimezone: true }),
  /**
   * What orders took out of this cart lately (`at`: when), so a save from a tab that had not yet
   * seen the order does not put the paid lines back (docs/decisions/0051).
   */
  ordered: jsonb('ordered')
    .$type<
      {
        at: string;
        type: 'product' | 'lesson' | 'course';
        id: string;
        quantity: number;
        bookFormat?: 'physical' | 'digital';
      }[]
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
    /** Name snapshot at the time of the order. */
    name: localized('name'),
    unitPriceRub: integer('unit_price_rub').notNull(),
    /** The unit price in the order's currency (minor units) as charged; null for RUB and older orders. */
    unitPriceInCurrency: integer('unit_price_in_currency'),
    quantity: integer('quantity').notNull(),
    /** Units taken from the product's counted stock at checkout (given back on cancel). */
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
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

/**
 * Fiscal receipts sent through YooKassa (RECEIPTS=yookassa): a payment's receipt (sent with the
 * payment), the completion receipt of prepaid goods (queued when the order ships, sent by the
 * receipts worker) and a refund's receipt (sent with the refund). `payload` is the receipt as
 * YooKassa got it; null = a self-employed refund, where YooKassa annuls the receipt itself.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The payment it belongs to (the one it rode on, completes or refunds). */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** `offset`: the part an order paid by a bought gift certificate, settled by that advance. */
    kind: text('kind', { enum: ['payment', 'completion', 'refund', 'offset'] }).notNull(),
    /** queued → sending → sent, or failed (the admin may retry); a payment's receipt is sent or failed. */
    state: text('state', { enum: ['queued', 'sending', 'sent', 'failed'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown> | null>(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** YooKassa's id: the receipt's (completion) or the refund's (refund). */
    providerId: text('provider_id'),
    /** YooKassa's registration status as it answered (pending, succeeded, canceled). */
    providerStatus: text('provider_status'),
    idempotenceKey: text('idempotence_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The last failure, as YooKassa or the network gave it. */
    error: text('error'),
    /** A queued receipt is not sent before this (retries back off). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('receipts_order_idx').on(t.orderId, t.createdAt),
    index('receipts_due_idx').on(t.state, t.nextAttemptAt),
    // One completion and one refund receipt per payment.
    uniqueIndex('receipts_payment_kind_key').on(t.paymentId, t.kind).where(sql`${t.kind} in ('completion', 'refund')`),
  ],
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

/**
 * A learner's progress in one lesson: where they stopped, the stretches of the video credited as
 * watched (merged, in tenths of a second: `[[from, to], …]`), and when it was completed (once
 * watched to COMPLETION_SHARE; it stays completed). docs/decisions/0044.
 */
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
    watched: jsonb('watched').$type<[number, number][]>().notNull().default([]),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('video_progress_lesson_idx').on(t.lessonId),
    index('video_progress_recent_idx').on(t.userId, t.updatedAt),
  ],
);

/**
 * How much watching a learner may still be credited: a bucket of video seconds that refills at
 * the fastest playback speed per second of wall-clock time, up to a small cap. One row per account,
 * locked by every report that credits time, so all of a learner's reports run one at a time.
 */
export const watchCredit = pgTable('watch_credit', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Video seconds left in the bucket at `refilledAt`. */
  seconds: doublePrecision('seconds').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull(),
});

/**
 * A course certificate: issued once per learner and course when every lesson of the course with a
 * video is completed. The name and the course title are kept as they were that day; the code is
 * the random, unguessable key of the public verification page.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    courseTitle: localized('course_title'),
    language: text('language', { enum: ['ru', 'en', 'es'] }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the access that earned it ended (its course order cancelled); null = valid. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('certificates_code_key').on(t.code),
    uniqueIndex('certificates_user_course_key').on(t.userId, t.courseId).where(sql`${t.courseId} is not null`),
  ],
);

/** The lesson player's settings of an account (speed, mirror, subtitles), as one small JSON. */
export const playerSettings = pgTable('player_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<PlayerSettings>().notNull(),
  updatedAt: updatedAt(),
});

/** A signed-in customer's favourite products and lessons (exactly one of the two per row). */
export const favourites = pgTable(
  'favourites',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favourites_user_product_key').on(t.userId, t.productId).where(sql`${t.productId} is not null`),
    uniqueIndex('favourites_user_lesson_key').on(t.userId, t.lessonId).where(sql`${t.lessonId} is not null`),
    index('favourites_user_idx').on(t.userId, t.createdAt),
    check('favourites_one_item', sql`(${t.productId} is null) <> (${t.lessonId} is null)`),
  ],
);

/**
 * A photo of what a student made after a lesson, moderated like reviews. The author's account may
 * go (the work stays, under the first name it was posted with); the lesson's deletion takes it.
 * `image` is null once a rejected work's photo has been removed.
 */
export const studentWorks = pgTable(
  'student_works',
  {
    id: id(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    caption: text('caption').notNull().default(''),
    image: jsonb('image').$type<Image | null>(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('student_works_lesson_idx').on(t.lessonId, t.status, t.createdAt),
    index('student_works_status_idx').on(t.status, t.createdAt),
    index('student_works_user_idx').on(t.userId, t.lessonId),
  ],
);

/**
 * "Tell me when it is back": one row per product and address. An address given without signing in
 * is `pending` until the emailed link is confirmed; a signed-in customer's account address is
 * `active` at once. When the product becomes available every `active` row turns `sent` in the
 * transaction of that change, its mail queued with it, so it is mailed exactly once.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** The account that asked, when signed in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['ru', 'en', 'es'] }).notNull(),
    status: text('status', { enum: ['pending', 'active', 'sent', 'cancelled'] }).notNull(),
    /** sha256 of the emailed confirmation token (pending rows). */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    /** sha256 of the unsubscribe token of the last mail sent for this row. */
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_product_email_key').on(t.productId, t.email),
    index('stock_alerts_product_status_idx').on(t.productId, t.status),
    index('stock_alerts_email_idx').on(t.email),
    uniqueIndex('stock_alerts_confirm_token_key').on(t.confirmTokenHash),
    uniqueIndex('stock_alerts_unsubscribe_token_key').on(t.unsubscribeTokenHash),
  ],
);

// ---------------------------------------------------------------- legal documents and consents

/**
 * Every published version of every legal document, per kind and language (Markdown). A version is
 * never changed or deleted: publishing adds the next number, and consents point at the exact row.
 * Version 1 of each comes from the texts the shop started with (features/legal/seed).
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: id(),
    kind: text('kind', { enum: LEGAL_KINDS }).notNull(),
    language: text('language', { enum: ['ru', 'en', 'es'] }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin who published it; null for the seeded first versions. */
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('legal_documents_kind_language_version_key').on(t.kind, t.language, t.version),
    check('legal_documents_version_positive', sql`${t.version} >= 1`),
  ],
);

/**
 * Each consent given or withdrawn, as it happened: who (an account, or a visitor's random id for a
 * cookie choice made without signing in), to which document version, where, when, from which
 * client address. Rows are only ever added; the latest row of a person and kind is their state.
 */
export const consents = pgTable(
  'consents',
  {
    id: id(),
    /** Accounts are anonymised, never deleted (docs/decisions/0008): the proof keeps its subject. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    visitorId: uuid('visitor_id'),
    kind: text('kind', { enum: CONSENT_KINDS }).notNull(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => legalDocuments.id, { onDelete: 'restrict' }),
    granted: boolean('granted').notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    /** The order placed with a checkout consent. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The client address as the server saw it (X-Forwarded-For only with TRUST_PROXY). */
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('consents_user_idx').on(t.userId, t.createdAt),
    index('consents_created_idx').on(t.createdAt),
    index('consents_kind_created_idx').on(t.kind, t.createdAt),
    check('consents_someone', sql`${t.userId} is not null or ${t.visitorId} is not null`),
  ],
);

/**
 * Gift certificates. A bought one is `pending` with its order and turns `active` (balance = amount)
 * when the order is paid; one issued by hand is `active` at once. Its balance only moves inside a
 * transaction that also writes the movement (the ledger below), under the certificate's row lock,
 * and never below zero (the check). `code` is normalised (upper case, no separators).
 */
export const giftCertificates = pgTable(
  'gift_certificates',
  {
    id: id(),
    code: text('code').notNull(),
    currency: text('currency', { enum: ['RUB', 'EUR', 'USD'] }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    balanceMinor: integer('balance_minor').notNull().default(0),
    status: text('status', { enum: ['pending', 'active', 'deactivated', 'cancelled'] }).notNull(),
    source: text('source', { enum: ['purchase', 'manual'] }).notNull(),
    /** The order that bought it (null for one issued by hand). */
    purchaseOrderId: uuid('purchase_order_id').references(() => orders.id, { onDelete: 'set null' }),
    buyerUserId: uuid('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The admin who issued it by hand. */
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    senderName: text('sender_name'),
    recipientName: text('recipient_name'),
    /** Lower-cased; null = not mailed (the admin hands the code over). */
    recipientEmail: text('recipient_email'),
    message: text('message'),
    /** The language of the recipient's mail and certificate. */
    language: text('language', { enum: ['ru', 'en', 'es'] }).notNull(),
    /** The chosen day (shop time zone) and the moment from which its mail may go out. */
    deliveryDate: text('delivery_date'),
    deliverAt: timestamp('deliver_at', { withTimezone: true }),
    /** When the recipient's mail was queued (once). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gift_certificates_code_key').on(t.code),
    index('gift_certificates_order_idx').on(t.purchaseOrderId),
    index('gift_certificates_buyer_idx').on(t.buyerUserId, t.createdAt),
    index('gift_certificates_due_idx').on(t.deliverAt).where(sql`${t.deliveredAt} is null`),
    check('gift_certificates_balance', sql`${t.balanceMinor} >= 0 and ${t.balanceMinor} <= ${t.amountMinor}`),
  ],
);

/**
 * Every movement of a certificate's balance: issued (activated or given by hand), spent on an
 * order, given back (the order cancelled), deactivated. `amount_minor` is signed; the balance after
 * it is kept so the history reads without sums.
 */
export const giftCertificateMovements = pgTable(
  'gift_certificate_movements',
  {
    id: id(),
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => giftCertificates.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['issue', 'redeem', 'refund', 'deactivate'] }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    balanceAfterMinor: integer('balance_after_minor').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('gift_certificate_movements_certificate_idx').on(t.certificateId, t.createdAt),
    index('gift_certificate_movements_order_idx').on(t.orderId),
  ],
);

/** The admin's presets and limits per currency (one row, id 1; missing = the defaults). */
export const giftCertificateSettings = pgTable('gift_certificate_settings', {
  id: integer('id').primaryKey().default(1),
  settings: jsonb('settings').$type<GiftCertificateSettings>().notNull(),
  updatedAt: updatedAt(),
});

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
    /** The shop's contact address the customer's answer goes to; null when none is set. */
    replyTo: text('reply_to'),
    /** Files sent with the message (base64), wiped with the body once it leaves the queue. */
    attachments: jsonb('attachments').$type<StoredAttachment[] | null>(),
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
