import { z } from 'zod';
import { ImageSchema, LocalizedTextSchema } from './base-schemas';
import { ProductSchema } from './shop';
import { AVAILABILITIES } from './shop.constants';

/** Up to three ways a product comes (colour, size, stem length), each with its values. */
export const PRODUCT_OPTIONS_MAX = 3;
export const PRODUCT_OPTION_VALUES_MAX = 20;

/** One value of an option ("Пудровый", "40 см"); the id is stable within its product. */
export const ProductOptionValueSchema = z.object({ id: z.string().min(1).max(40), label: LocalizedTextSchema });
export type ProductOptionValue = z.infer<typeof ProductOptionValueSchema>;

export const ProductOptionSchema = z.object({
  id: z.string().min(1).max(40),
  name: LocalizedTextSchema,
  values: z.array(ProductOptionValueSchema).min(1).max(PRODUCT_OPTION_VALUES_MAX),
});
export type ProductOption = z.infer<typeof ProductOptionSchema>;

/** A variant's price in major units per currency; a currency it is not sold in is absent. */
export const VariantPriceSchema = z.object({
  RUB: z.number().nonnegative(),
  EUR: z.number().nonnegative().optional(),
  USD: z.number().nonnegative().optional(),
});
export type VariantPrice = z.infer<typeof VariantPriceSchema>;

/**
 * What a product line buys: one combination of the product's option values (none for a product
 * without options: its one default variant). `available` says whether it can be put in a cart now
 * (made to order counts); `stock` is given only for counted stock.
 */
export const ProductVariantSchema = z.object({
  id: z.uuid(),
  sku: z.string().nullable(),
  optionValues: z.array(z.string()),
  price: VariantPriceSchema,
  availability: z.enum(AVAILABILITIES),
  available: z.boolean(),
  stock: z.number().int().nonnegative().optional(),
  images: z.array(ImageSchema),
});
export type ProductVariant = z.infer<typeof ProductVariantSchema>;

/** `GET /api/shop/:id`: the product with its options and every variant on sale. */
export const ProductDetailSchema = ProductSchema.extend({
  options: z.array(ProductOptionSchema).max(PRODUCT_OPTIONS_MAX),
  variants: z.array(ProductVariantSchema).min(1),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
