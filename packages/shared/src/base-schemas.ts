/**
 * The schemas every feature's shapes are built from: language, localized text, currency, price
 * and image. They live apart from i18n.ts, money.ts and images.ts so that those stay zod-free for
 * the web's first paint (docs/decisions/0032).
 */
import { z } from 'zod';
import { LANGUAGES } from './i18n';
import { CURRENCIES } from './money';

export const LanguageSchema = z.enum(LANGUAGES);

/** Content written by the artisan per language; ru is required and is the fallback. */
export const LocalizedTextSchema = z.object({
  ru: z.string(),
  en: z.string().optional(),
  es: z.string().optional(),
});

export const CurrencySchema = z.enum(CURRENCIES);

/** Prices in major units as the API shows them; eur/usd null = not sold in that currency. */
export const PriceSchema = z.object({
  rub: z.number().nonnegative(),
  eur: z.number().nonnegative().nullable(),
  usd: z.number().nonnegative().nullable(),
});

/** One uploaded image with its WebP variants (public URLs under /uploads/). */
export const ImageSchema = z.object({
  url: z.string(),
  thumb: z.string(),
  medium: z.string(),
  large: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
