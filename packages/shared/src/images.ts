import { z } from 'zod';

/** One uploaded image with its WebP variants (public URLs under /uploads/). */
export const ImageSchema = z.object({
  url: z.string(),
  thumb: z.string(),
  medium: z.string(),
  large: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type Image = z.infer<typeof ImageSchema>;

export const IMAGE_VARIANT_WIDTHS = { thumb: 320, medium: 800, large: 1600 } as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
