import { z } from 'zod';
import { ImageSchema, LocalizedTextSchema } from './base-schemas';
import type { ServerMessageKey } from './messages';

export const AboutSchema = z.object({
  title: LocalizedTextSchema,
  content: LocalizedTextSchema,
  image: ImageSchema.nullable(),
});
export type About = z.infer<typeof AboutSchema>;

export const SOCIAL_NETWORKS = ['instagram', 'vk', 'telegram', 'youtube', 'pinterest', 'whatsapp'] as const;

export const LandingSettingsSchema = z.object({
  /** The artisan's own name, for the home page's schema.org Person; optional. */
  artisanName: z.string().optional(),
  heroTitle: LocalizedTextSchema,
  heroSubtitle: LocalizedTextSchema,
  contactEmail: z.string(),
  contactPhone: z.string(),
  social: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: z.url() })),
});
export type LandingSettings = z.infer<typeof LandingSettingsSchema>;

/** A message key, checked at compile time. */
const m = (key: ServerMessageKey) => key;

export const ABOUT_TITLE_MAX = 200;
export const ABOUT_CONTENT_MAX = 20_000;

/** Text per language for an admin write: ru is required (it is every visitor's fallback). */
export function localizedInput(max: number) {
  const other = z.string().trim().max(max, m('textTooLong')).optional();
  return z.object({
    ru: z
      .string({ error: m('contentRuRequired') })
      .trim()
      .min(1, m('contentRuRequired'))
      .max(max, m('textTooLong')),
    en: other,
    es: other,
  });
}

/**
 * PUT /landing/about: the `data` JSON (or the JSON body when no file is sent). A new photo comes as
 * the `image` file part; `removeImage: true` drops the current one. Content is Markdown (a small
 * safe subset: paragraphs, **bold**, *italic*, headings, lists, https links), never HTML.
 */
export const AboutUpdateSchema = z.object({
  title: localizedInput(ABOUT_TITLE_MAX),
  content: localizedInput(ABOUT_CONTENT_MAX),
  removeImage: z.boolean().optional(),
});
export type AboutUpdate = z.infer<typeof AboutUpdateSchema>;

const optionalLocalized = (max: number) =>
  z.object({
    ru: z.string().trim().max(max, m('textTooLong')),
    en: z.string().trim().max(max, m('textTooLong')).optional(),
    es: z.string().trim().max(max, m('textTooLong')).optional(),
  });

/** PUT /landing replaces the site settings with this object. */
export const LandingSettingsUpdateSchema = z.object({
  artisanName: z.string().trim().max(120, m('textTooLong')).optional(),
  heroTitle: optionalLocalized(200),
  heroSubtitle: optionalLocalized(500),
  contactEmail: z.union([z.literal(''), z.email(m('emailInvalid'))]),
  contactPhone: z.string().trim().max(40, m('textTooLong')),
  social: z
    .array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: z.url({ protocol: /^https?$/ }) }))
    .max(SOCIAL_NETWORKS.length),
});
export type LandingSettingsUpdate = z.infer<typeof LandingSettingsUpdateSchema>;
