/**
 * A signed-in customer's favourites (products and lessons): `GET /favourites`, and
 * `PUT|DELETE /favourites/{type}/{id}` to keep or drop one. Each list entry carries what the
 * account page shows (name, thumbnail, price, availability) as the catalogue has it now.
 */
import { z } from 'zod';
import { LocalizedTextSchema, PriceSchema } from './base-schemas';
import { AVAILABILITIES } from './shop.constants';

export const FAVOURITE_TYPES = ['product', 'lesson'] as const;
export type FavouriteType = (typeof FAVOURITE_TYPES)[number];

/** At most this many favourites per customer (one more is a 409). */
export const FAVOURITES_MAX = 200;

export const FavouriteParamsSchema = z.object({ type: z.enum(FAVOURITE_TYPES), id: z.uuid() });
export type FavouriteParams = z.infer<typeof FavouriteParamsSchema>;

export const FavouriteSchema = z.object({
  type: z.enum(FAVOURITE_TYPES),
  id: z.uuid(),
  addedAt: z.string(),
  name: LocalizedTextSchema,
  /** Thumbnail URL, or null. */
  image: z.string().nullable(),
  price: PriceSchema,
  /** Products only: what the shop shows (a counted stock that ran out is out of stock). */
  availability: z.enum(AVAILABILITIES).nullable(),
});
export type Favourite = z.infer<typeof FavouriteSchema>;

export const FavouriteStateSchema = z.object({
  type: z.enum(FAVOURITE_TYPES),
  id: z.uuid(),
  favourite: z.boolean(),
});
export type FavouriteState = z.infer<typeof FavouriteStateSchema>;
