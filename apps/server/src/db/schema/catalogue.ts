/** The catalogue: products, courses, lessons (and their video transcodes), promo codes. */
import type { Chapter, Image, LocalizedText, ProductOption } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, field, id, localized, stemmed, tsvector, updatedAt } from './columns';
import type { HlsRef, StoredFileRef, SubtitlesRef, VideoRef } from './files';

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
    /** The ways the product comes (colour, size…); empty = one default variant, the product itself. */
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
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
/**
 * What a product line buys: one combination of the product's option values. Every product has at
 * least one (a database trigger adds the default variant, with no option values, when a product is
 * inserted). A column left null takes the product's value: the default variant of a product
 * without options is the product as it always was, its counted stock included.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku'),
    /** The option value ids, in the order of the product's options; [] for the default variant. */
    optionValues: jsonb('option_values').$type<string[]>().notNull().default([]),
    priceRub: integer('price_rub'),
    priceEur: integer('price_eur'),
    priceUsd: integer('price_usd'),
    availability: text('availability', { enum: ['in_stock', 'out_of_stock', 'on_order'] }),
    stock: integer('stock'),
    weightGrams: integer('weight_grams'),
    lengthCm: integer('length_cm'),
    widthCm: integer('width_cm'),
    heightCm: integer('height_cm'),
    /** The variant's own photos, shown first when it is chosen. */
    images: jsonb('images').$type<Image[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_variants_combination').on(t.productId, t.optionValues),
    uniqueIndex('product_variants_sku').on(t.sku),
    index('product_variants_product_idx').on(t.productId, t.position),
  ],
);

/**
 * What is left of a product deleted for good (one no order referenced): enough for its old links
 * (an Instagram post's `/shop?product=<id>`) to answer 410 Gone with its name and category, not 404.
 * An archived product keeps its row in `products` and needs none.
 */
export const removedProducts = pgTable('removed_products', {
  id: uuid('id').primaryKey(),
  name: localized('name'),
  category: text('category', { enum: ['collection', 'book', 'tools', 'materials'] }).notNull(),
  removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
});

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
