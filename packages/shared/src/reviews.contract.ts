import { z } from 'zod';
import { ErrorBodySchema, IdParamSchema, listEnvelope, PaginationQuerySchema, successEnvelope } from './api';
import { defineContract } from './contract';
import { AdminReviewSchema, AdminReviewsQuerySchema, ReorderReviewsSchema, ReviewSchema } from './reviews';
import { reviewsRouteTable } from './reviews.routes';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const idErrors = { ...errors, 404: ErrorBodySchema };

export const reviewsContract = defineContract('reviews', reviewsRouteTable, {
  list: {
    summary: 'Approved reviews in the order the admin arranged them',
    query: PaginationQuerySchema,
    response: { 200: listEnvelope(ReviewSchema), 400: ErrorBodySchema },
  },
  mine: {
    summary: 'The signed-in user’s own reviews, pending and rejected ones too (newest first)',
    response: { 200: listEnvelope(ReviewSchema), 401: ErrorBodySchema },
  },
  create: {
    summary: 'Leave a review (goes to moderation)',
    description:
      'multipart/form-data with text fields `reviewText` (trimmed, 10–1000 characters) and `rating` ' +
      '(1–5, default 5) and an optional `image` file (an image up to 5 MB, checked by content); or a ' +
      'JSON body with the same fields. The text is stored and shown as plain text. At most 3 of an ' +
      "author's reviews wait at once (409 `REVIEWS_PENDING_LIMIT`); posts are limited per account and " +
      'per address (429). The photo stays private (signed URLs for its author and the admin) until ' +
      'the review is approved.',
    response: {
      201: successEnvelope(ReviewSchema),
      ...errors,
      409: ErrorBodySchema,
      413: ErrorBodySchema,
      415: ErrorBodySchema,
      429: ErrorBodySchema,
    },
  },
  listAdmin: {
    summary: 'Every review for moderation: status filter, search (text, author, email), pages, admin order',
    query: AdminReviewsQuerySchema,
    response: { 200: listEnvelope(AdminReviewSchema), ...errors },
  },
  adminReorder: {
    summary: 'Set the display order of approved reviews',
    description:
      '`{ reviews: [id, …] }` in display order: approved reviews only, each once. Approved reviews ' +
      'not listed keep their order after the listed ones.',
    body: ReorderReviewsSchema,
    response: { 200: successEnvelope(z.object({ reviews: z.array(z.uuid()) })), ...errors },
  },
  adminApprove: {
    summary: 'Approve a review (it shows first on the home page)',
    params: IdParamSchema,
    response: { 200: successEnvelope(AdminReviewSchema), ...idErrors },
  },
  adminReject: {
    summary: 'Reject a review',
    params: IdParamSchema,
    response: { 200: successEnvelope(AdminReviewSchema), ...idErrors },
  },
  deleteAdmin: {
    summary: 'Delete a review and its photo',
    params: IdParamSchema,
    response: { 200: successEnvelope(z.object({ id: z.uuid() })), ...idErrors },
  },
});
