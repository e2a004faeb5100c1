/** Uploaded images. Zod-free like i18n.ts (the first paint picks image variants); schema in base-schemas.ts. */
import type { z } from 'zod';
import type { ImageSchema } from './base-schemas';

/** One uploaded image with its WebP variants (public URLs under /uploads/). */
export type Image = z.infer<typeof ImageSchema>;

export const IMAGE_VARIANT_WIDTHS = { thumb: 320, medium: 800, large: 1600 } as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
