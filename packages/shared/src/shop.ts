import { z } from 'zod';
import { CurrencySchema, ImageSchema, LocalizedTextSchema, PriceSchema } from './base-schemas';
import { ParcelSchema } from './cdek';
import type { ServerMessageKey } from './messages';
import { AVAILABILITIES, BOOK_FORMATS, PRODUCT_CATEGORIES, PRODUCT_SUBCATEGORIES, SHOP_SORTS } from './shop.constants';

export const ProductSchema = z.object({
  id: z.uuid(),
  name: LocalizedTextSchema,
  description: LocalizedTextSchema,
  price: PriceSchema,
  images: z.array(ImageSchema),
  category: z.enum(PRODUCT_CATEGORIES),
  subcategory: z.enum(PRODUCT_SUBCATEGORIES).optional(),
  availability: z.enum(AVAILABILITIES),
  stock: z.number().int().nonnegative().nullable(),
  bookFormats: z.array(z.enum(BOOK_FORMATS)).optional(),
  /** Size, materials and care as the owner wrote them; absent = not given. */
  size: LocalizedTextSchema.optional(),
  materials: LocalizedTextSchema.optional(),
  care: LocalizedTextSchema.optional(),
  createdAt: z.iso.datetime(),
});
export type Product = z.infer<typeof ProductSchema>;

/**
 * `details` of the 410 `PRODUCT_REMOVED` answer of `GET /api/shop/{id}`: the product existed and the
 * owner removed it (archived, or deleted for good). Its name and category as they were, and other
 * pieces a visitor who followed an old link may want instead: listed ones that can still be ordered,
 * of its category first, then the newest of the others (at most PRODUCT_SIMILAR_MAX).
 */
export const ProductRemovedSchema = z.object({
  removed: z.literal(true),
  id: z.uuid(),
  name: LocalizedTextSchema,
  category: z.enum(PRODUCT_CATEGORIES),
  similar: z.array(ProductSchema),
});
export type ProductRemoved = z.infer<typeof ProductRemovedSchema>;

/** Largest price in major units an admin can type (ten million of any currency). */
export const PRODUCT_PRICE_MAX = 10_000_000;

/**
 * A price filter above the largest possible price means "no bound": it is capped, so a huge typed
 * value neither fails nor overflows the integer price column once turned into minor units.
 */
const priceFilter = z.coerce
  .number()
  .nonnegative()
  .transform((value) => Math.min(value, PRODUCT_PRICE_MAX));

export const ShopQuerySchema = z.object({
  category: z.enum(PRODUCT_CATEGORIES).optional(),
  subcategory: z.enum(PRODUCT_SUBCATEGORIES).optional(),
  search: z.string().trim().max(100).optional(),
  minPrice: priceFilter.optional(),
  maxPrice: priceFilter.optional(),
  sort: z.enum(SHOP_SORTS).default('recommended'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  /**
   * Only what is sold in this currency (has its own price in it): a visitor who chose euros sees
   * euro prices only, never a rouble one or a converted guess (docs/decisions/0052).
   */
  currency: CurrencySchema.optional(),
});
export type ShopQuery = z.infer<typeof ShopQuerySchema>;

/** `GET /api/shop/featured`: the home page's products, each sold in this currency. */
export const FeaturedQuerySchema = z.object({ currency: CurrencySchema.default('RUB') });
export type FeaturedQuery = z.infer<typeof FeaturedQuerySchema>;

// ---------------------------------------------------------------- admin shop

/** A message key, checked at compile time. */
const m = (key: ServerMessageKey) => key;

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 5000;
/** Size, materials and care are a few lines each. */
export const PRODUCT_DETAIL_MAX = 1000;
export const PRODUCT_STOCK_MAX = 1_000_000;
export const PRODUCT_IMAGES_MAX = 10;
/** Highest place in the owner's order of the shop (1 = first). */
export const PRODUCT_POSITION_MAX = 10_000;
/** A digital book (PDF/EPUB) is at most 200 MB. */
export const DIGITAL_BOOK_MAX_BYTES = 200 * 1024 * 1024;

const AdminTextSchema = (max: number) => z.string().trim().max(max);

/** Per-language text written by the admin: ru required (it is the fallback), en/es optional. */
const AdminLocalizedSchema = (max: number) =>
  z.object({
    ru: AdminTextSchema(max).min(1, { error: m('productRuRequired') }),
    en: AdminTextSchema(max).optional(),
    es: AdminTextSchema(max).optional(),
  });

/**
 * An optional per-language text (size, materials, care): every language may be left empty; one
 * left empty falls back to ru on the page, all empty = not shown. Null = cleared; left out = unchanged.
 */
const AdminOptionalLocalizedSchema = (max: number) =>
  z
    .object({
      ru: AdminTextSchema(max).optional(),
      en: AdminTextSchema(max).optional(),
      es: AdminTextSchema(max).optional(),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (!value.ru && (value.en || value.es)) {
        ctx.addIssue({ code: 'custom', path: ['ru'], message: m('productRuRequired') });
      }
    })
    .nullable()
    .optional();

/** Major units with at most two decimals (kopecks/cents), as the admin types them. */
const MajorAmountSchema = z
  .number()
  .nonnegative()
  .max(PRODUCT_PRICE_MAX)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { error: m('priceTwoDecimals') });

/** One entry of the final image list of a product form (same plan as the portfolio's). */
export const ProductImagePlanEntrySchema = z.union([
  z.object({ url: z.string().min(1).max(500) }).strict(),
  z.object({ file: z.number().int().nonnegative().max(PRODUCT_IMAGES_MAX) }).strict(),
]);
export type ProductImagePlanEntry = z.infer<typeof ProductImagePlanEntrySchema>;

/**
 * The fields of `POST /api/shop` and `PUT /api/shop/{id}` (JSON body, or the `data` part of a
 * multipart form with `images` and `file` parts). Prices are major units (stored as minor units).
 * `images` is the final ordered image list: `{ url }` keeps a current image (one left out is
 * deleted), `{ file: n }` places the n-th uploaded `images` part; every part must be placed once.
 * Without it, current images stay and new parts are appended. `removeDigitalFile` drops the book.
 */
export const ProductWriteSchema = z
  .object({
    name: AdminLocalizedSchema(PRODUCT_NAME_MAX),
    description: AdminLocalizedSchema(PRODUCT_DESCRIPTION_MAX),
    price: z.object({
      rub: MajorAmountSchema.refine((value) => value > 0, { error: m('priceRubRequired') }),
      eur: MajorAmountSchema.nullable(),
      usd: MajorAmountSchema.nullable(),
    }),
    category: z.enum(PRODUCT_CATEGORIES),
    subcategory: z.enum(PRODUCT_SUBCATEGORIES).nullable().optional(),
    availability: z.enum(AVAILABILITIES),
    stock: z.number().int().nonnegative().max(PRODUCT_STOCK_MAX).nullable().optional(),
    bookFormats: z.array(z.enum(BOOK_FORMATS)).max(2).optional(),
    images: z.array(ProductImagePlanEntrySchema).max(PRODUCT_IMAGES_MAX).optional(),
    /** Place in the owner's order of the shop (1 = first); null = after the placed ones; left out = unchanged. */
    position: z.number().int().min(1).max(PRODUCT_POSITION_MAX).nullable().optional(),
    removeDigitalFile: z.boolean().optional(),
    /** Packed weight and box for CDEK's price; null = the category's default; left out = unchanged. */
    parcel: ParcelSchema.nullable().optional(),
    /** Shown on the home page (the owner's pick); left out = unchanged. */
    featured: z.boolean().optional(),
    size: AdminOptionalLocalizedSchema(PRODUCT_DETAIL_MAX),
    materials: AdminOptionalLocalizedSchema(PRODUCT_DETAIL_MAX),
    care: AdminOptionalLocalizedSchema(PRODUCT_DETAIL_MAX),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.subcategory && value.category !== 'collection') {
      ctx.addIssue({ code: 'custom', path: ['subcategory'], message: m('subcategoryOnlyCollection') });
    }
    if (value.bookFormats && value.category !== 'book' && value.bookFormats.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['bookFormats'], message: m('bookFormatsOnlyBooks') });
    }
    if (value.category === 'book' && value.bookFormats && value.bookFormats.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['bookFormats'], message: m('bookFormatsRequired') });
    }
    if (value.bookFormats && new Set(value.bookFormats).size !== value.bookFormats.length) {
      ctx.addIssue({ code: 'custom', path: ['bookFormats'], message: m('bookFormatsRequired') });
    }
  });
export type ProductWrite = z.infer<typeof ProductWriteSchema>;

/** What the admin sees of a product: the public shape plus its archive state and digital file. */
export const AdminProductSchema = ProductSchema.extend({
  archivedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
  digitalFile: z.object({ filename: z.string(), size: z.number().int().nonnegative() }).nullable(),
  /** Order lines that reference the product (a product with orders is archived on delete). */
  orderCount: z.number().int().nonnegative(),
  /** Packed weight and box as the admin gave them; null = the category's default (PARCEL_DEFAULTS). */
  parcel: ParcelSchema.nullable(),
  /** Picked by the owner for the home page. */
  featured: z.boolean(),
  /** Place in the owner's order of the shop (1 = first); null = not placed. */
  position: z.number().int().positive().nullable(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const ADMIN_ARCHIVE_FILTERS = ['active', 'archived', 'all'] as const;
export type AdminArchiveFilter = (typeof ADMIN_ARCHIVE_FILTERS)[number];

/** `GET /api/admin/shop`: the public filters plus which archive state to show. */
export const AdminShopQuerySchema = ShopQuerySchema.extend({
  archived: z.enum(ADMIN_ARCHIVE_FILTERS).default('active'),
  availability: z.enum(AVAILABILITIES).optional(),
});
export type AdminShopQuery = z.infer<typeof AdminShopQuerySchema>;

export const ProductImageParamsSchema = z.object({
  id: z.uuid(),
  imageIndex: z.coerce.number().int().nonnegative().max(1000),
});

/** `DELETE /api/shop/{id}` answer: archived (it has orders) or deleted for good. */
export const ProductDeleteResultSchema = z.object({ id: z.uuid(), outcome: z.enum(['archived', 'deleted']) });
export type ProductDeleteResult = z.infer<typeof ProductDeleteResultSchema>;
