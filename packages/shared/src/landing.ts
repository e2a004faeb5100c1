import { z } from 'zod';
import { LocalizedTextSchema } from './i18n';
import { ImageSchema } from './images';

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
