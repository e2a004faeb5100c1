/**
 * The schemas every feature's shapes are built from: language, localized text, currency, price
 * and image. They live apart from i18n.ts, money.ts and images.ts so that those stay zod-free for
 * the web's first paint (docs/decisions/0032).
 */
import { z } from 'zod';
import { LANGUAGES, type LocalizedText } from './i18n';
import { CURRENCIES, type Price } from './money';

/** True when A and B are the same type: the hand-written types of i18n.ts and money.ts must match their schemas. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const LanguageSchema = z.enum(LANGUAGES);

/** Content written by the artisan per language; ru is required and is the fallback. */
export const LocalizedTextSchema = z.object({
  ru: z.string(),
  en: z.string().optional(),
  es: z.string().optional(),
});
true satisfies Same<z.infer<typeof LocalizedTextSchema>, LocalizedText>;

export const CurrencySchema = z.enum(CURRENCIES);

/** Prices in major units as the API shows them; eur/usd null = not sold in that currency. */
export const PriceSchema = z.object({
  rub: z.number().nonnegative(),
  eur: z.number().nonnegative().nullable(),
  usd: z.number().nonnegative().nullable(),
});
true satisfies Same<z.infer<typeof PriceSchema>, Price>;

/** One uploaded image with its WebP variants (public URLs under /uploads/). */
export const ImageSchema = z.object({
  url: z.string(),
  thumb: z.string(),
  medium: z.string(),
  large: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
