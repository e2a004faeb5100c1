import { z } from 'zod';
import { LocalizedTextSchema } from './i18n';
import { ImageSchema } from './images';

export const PORTFOLIO_CATEGORIES = ['wedding', 'corporate', 'personal'] as const;
export type PortfolioCategory = (typeof PORTFOLIO_CATEGORIES)[number];
export const PORTFOLIO_HOME_LIMIT = 12;

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
