import { z } from 'zod';
import { LocalizedTextSchema } from './i18n';
import { ImageSchema } from './images';
import { PriceSchema } from './money';

export const PRODUCT_CATEGORIES = ['collection', 'book', 'tools', 'materials'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export const PRODUCT_SUBCATEGORIES = ['bouquets', 'accessories'] as const;
export type ProductSubcategory = (typeof PRODUCT_SUBCATEGORIES)[number];
export const AVAILABILITIES = ['in_stock', 'out_of_stock', 'on_order'] as const;
export type Availability = (typeof AVAILABILITIES)[number];
export const BOOK_FORMATS = ['physical', 'digital'] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];
export const SHOP_SORTS = ['newest', 'price_asc', 'price_desc', 'name'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

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
  createdAt: z.iso.datetime(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ShopQuerySchema = z.object({
  category: z.enum(PRODUCT_CATEGORIES).optional(),
  subcategory: z.enum(PRODUCT_SUBCATEGORIES).optional(),
  search: z.string().trim().max(100).optional(),
  minPrice: z.coerce.number().nonnegative().optional(),
  maxPrice: z.coerce.number().nonnegative().optional(),
  sort: z.enum(SHOP_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export type ShopQuery = z.infer<typeof ShopQuerySchema>;
