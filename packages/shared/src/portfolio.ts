import { z } from 'zod';
import { ImageSchema, LocalizedTextSchema } from './base-schemas';
import { localizedInput } from './landing';
import type { ServerMessageKey } from './messages';
import { PORTFOLIO_CATEGORIES, PORTFOLIO_HOME_LIMIT, PORTFOLIO_MAX_IMAGES } from './portfolio.constants';

export const PortfolioItemSchema = z.object({
  id: z.uuid(),
  title: LocalizedTextSchema,
  description: LocalizedTextSchema,
  category: z.enum(PORTFOLIO_CATEGORIES),
  images: z.array(ImageSchema),
  mainImageIndex: z.number().int().nonnegative(),
  linkedProductId: z.uuid().nullable(),
});
export type PortfolioItem = z.infer<typeof PortfolioItemSchema>;

export const PortfolioQuerySchema = z.object({
  category: z.enum(['all', ...PORTFOLIO_CATEGORIES]).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PORTFOLIO_HOME_LIMIT),
});
export type PortfolioQuery = z.infer<typeof PortfolioQuerySchema>;

/** A message key, checked at compile time. */
const m = (key: ServerMessageKey) => key;

/**
 * One entry of the saved image list, in display order: `{ url }` keeps an image the item already
 * has, `{ file: n }` is the n-th `images` file part of this request. Images left out are deleted.
 */
export const ImagePlanEntrySchema = z.union([
  z.object({ url: z.string().min(1) }).strict(),
  z
    .object({
      file: z
        .number()
        .int()
        .min(0)
        .max(PORTFOLIO_MAX_IMAGES - 1),
    })
    .strict(),
]);
export type ImagePlanEntry = z.infer<typeof ImagePlanEntrySchema>;

/**
 * POST /admin/portfolio and PUT /admin/portfolio/{id}: the `data` part (multipart with `images`
 * files) or the JSON body. Without `images` the plan is "the kept images, then the new files".
 */
export const PortfolioInputSchema = z.object({
  title: localizedInput(200),
  description: z.object({
    ru: z.string().trim().max(5000, m('textTooLong')),
    en: z.string().trim().max(5000, m('textTooLong')).optional(),
    es: z.string().trim().max(5000, m('textTooLong')).optional(),
  }),
  category: z.enum(PORTFOLIO_CATEGORIES),
  images: z.array(ImagePlanEntrySchema).max(PORTFOLIO_MAX_IMAGES, m('portfolioTooManyImages')).optional(),
  mainImageIndex: z.number().int().min(0).default(0),
  linkedProductId: z.uuid().nullable().default(null),
});
export type PortfolioInput = z.infer<typeof PortfolioInputSchema>;

/** GET /admin/portfolio: every item, searchable by title, in the admin order. */
export const AdminPortfolioQuerySchema = PortfolioQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminPortfolioQuery = z.infer<typeof AdminPortfolioQuerySchema>;
