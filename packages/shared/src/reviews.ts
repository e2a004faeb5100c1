import { z } from 'zod';
import { ImageSchema } from './base-schemas';
import type { ServerMessageKey } from './messages';

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 1000;
/** At most this many of one author's reviews wait for moderation at once (docs/decisions/0057). */
export const REVIEWS_PENDING_MAX = 3;
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

/** A message key, checked at compile time. */
const m = (key: ServerMessageKey) => key;

/**
 * POST /reviews (multipart text fields `reviewText`, `rating`, file `image`; or JSON):
 * trimmed text 10–1000 characters, rating 1–5 (default 5). Stored and shown as plain text.
 */
export const CreateReviewSchema = z.object({
  reviewText: z
    .string({ error: m('reviewTooShort') })
    .trim()
    .min(REVIEW_TEXT_MIN, m('reviewTooShort'))
    .max(REVIEW_TEXT_MAX, m('reviewTooLong')),
  rating: z.coerce
    .number({ error: m('reviewRatingInvalid') })
    .int(m('reviewRatingInvalid'))
    .min(1, m('reviewRatingInvalid'))
    .max(5, m('reviewRatingInvalid'))
    .default(5),
});
export type CreateReview = z.infer<typeof CreateReviewSchema>;

/** What the admin sees of a review: also the author's email (null for a deleted account). */
export const AdminReviewSchema = ReviewSchema.extend({
  userEmail: z.string().nullable(),
  moderatedAt: z.iso.datetime().nullable(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewsQuerySchema = z.object({
  status: z.enum(['all', ...REVIEW_STATUSES]).default('all'),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export type AdminReviewsQuery = z.infer<typeof AdminReviewsQuerySchema>;

/** PUT /reviews/admin/reorder: approved review ids in display order. */
export const ReorderReviewsSchema = z.object({
  reviews: z.array(z.uuid()).min(1).max(1000),
});
export type ReorderReviews = z.infer<typeof ReorderReviewsSchema>;
