import { z } from 'zod';
import { ImageSchema } from './images';

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 1000;
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const ReviewSchema = z.object({
  id: z.uuid(),
  userName: z.string(),
  reviewText: z.string(),
  rating: z.number().int().min(1).max(5),
  image: ImageSchema.nullable(),
  status: z.enum(REVIEW_STATUSES),
  verifiedBuyer: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Review = z.infer<typeof ReviewSchema>;
