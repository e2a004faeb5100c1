import {
  AdminReviewSchema,
  AdminReviewsQuerySchema,
  CreateReviewSchema,
  ErrorBodySchema,
  IdParamSchema,
  listEnvelope,
  MAX_IMAGE_BYTES,
  PaginationQuerySchema,
  ReorderReviewsSchema,
  ReviewSchema,
  serverMessage,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { readForm } from '../../platform/http/multipart';
import type { PublicCache } from '../../platform/http/public-cache';
import type { SeoRegistry } from '../../platform/http/seo';
import { businessJsonLdId } from '../landing/landing.schemas';
import { REVIEWS_CACHE_TAG } from './reviews.schemas';
import type { ReviewsService } from './reviews.service';

export interface ReviewsRoutesOptions {
  service: ReviewsService;
  cache: PublicCache;
  seo: SeoRegistry;
  publicUrl: string;
  /** Counts one posted review per account and per client address (429 past either). */
  limitPosts?: ((request: FastifyRequest) => Promise<void>) | undefined;
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const idErrors = { ...errors, 404: ErrorBodySchema };

/**
 * Public GET /api/reviews (approved, admin order) from the public cache; AggregateRating on the home
 * page; POST /api/reviews for signed-in users; GET /api/reviews/mine (own reviews, pending too);
 * admin moderation under /api/reviews/admin. Every moderation clears the reviews cache.
 */
/** The approved reviews, in the owner's order, that the home page's JSON-LD lists one by one. */
const REVIEWS_IN_JSON_LD = 10;

export const reviewsRoutes: FastifyPluginAsync<ReviewsRoutesOptions> = async (
  app,
  { service, cache, seo, publicUrl, limitPosts },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminTags = ['reviews (admin)'];
  const invalidate = () => cache.invalidate(REVIEWS_CACHE_TAG);

  api.get(
    '/api/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary: 'Approved reviews in the order the admin arranged them',
        querystring: PaginationQuerySchema,
        response: { 200: listEnvelope(ReviewSchema), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await cache.reply(request, reply, REVIEWS_CACHE_TAG, async () => {
        const { items, meta } = await service.listApproved(request.query);
        return list(items, meta);
      });
    },
  );

  api.get(
    '/api/reviews/mine',
    {
      config: { access: 'user' },
      schema: {
        tags: ['reviews'],
        summary: 'The signed-in user’s own reviews, pending and rejected ones too (newest first)',
        response: { 200: listEnvelope(ReviewSchema), 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const items = await service.listOwn(requireUser(request).id);
      return list(items, { total: items.length, page: 1, limit: Math.max(items.length, 1) });
    },
  );

  api.post(
    '/api/reviews',
    {
      config: { access: 'user', multipart: true },
      schema: {
        tags: ['reviews'],
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
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Counted before the upload is read or decoded: a flood costs no image work.
      await limitPosts?.(request);
      const form = await readForm(request, CreateReviewSchema, {
        image: { maxBytes: MAX_IMAGE_BYTES, tooLarge: 'imageTooLarge' },
      });
      const review = await service.create(user, form.fields, form.files.image?.[0]?.data);
      return reply.code(201).send(ok(review, serverMessage('reviewSubmitted', requestLanguage(request))));
    },
  );

  api.get(
    '/api/reviews/admin',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Every review for moderation: status filter, search (text, author, email), pages, admin order',
        querystring: AdminReviewsQuerySchema,
        response: { 200: listEnvelope(AdminReviewSchema), ...errors },
      },
    },
    async (request) => {
      const { items, meta } = await service.adminList(request.query);
      return list(items, meta);
    },
  );

  api.put(
    '/api/reviews/admin/reorder',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Set the display order of approved reviews',
        description:
          '`{ reviews: [id, …] }` in display order: approved reviews only, each once. Approved reviews ' +
          'not listed keep their order after the listed ones.',
        body: ReorderReviewsSchema,
        response: { 200: successEnvelope(z.object({ reviews: z.array(z.uuid()) })), ...errors },
      },
    },
    async (request) => {
      await service.reorder(request.body.reviews);
      invalidate();
      return ok({ reviews: request.body.reviews }, serverMessage('reviewsReordered', requestLanguage(request)));
    },
  );

  for (const action of ['approve', 'reject'] as const) {
    api.put(
      `/api/reviews/admin/:id/${action}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: action === 'approve' ? 'Approve a review (it shows first on the home page)' : 'Reject a review',
          params: IdParamSchema,
          response: { 200: successEnvelope(AdminReviewSchema), ...idErrors },
        },
      },
      async (request) => {
        const review = await service[action](request.params.id);
        invalidate();
        const message = action === 'approve' ? 'reviewApproved' : 'reviewRejected';
        return ok(review, serverMessage(message, requestLanguage(request)));
      },
    );
  }

  api.delete(
    '/api/reviews/admin/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Delete a review and its photo',
        params: IdParamSchema,
        response: { 200: successEnvelope(z.object({ id: z.uuid() })), ...idErrors },
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      invalidate();
      return ok({ id: request.params.id }, serverMessage('reviewDeleted', requestLanguage(request)));
    },
  );

  seo.register('/', async () => {
    const [rating, latest] = await Promise.all([
      service.rating(),
      service.listApproved({ page: 1, limit: REVIEWS_IN_JSON_LD }),
    ]);
    if (!rating) return {};
    // The same node as the landing feature's LocalBusiness block.
    const business = { '@type': 'LocalBusiness', '@id': businessJsonLdId(publicUrl) };
    return {
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'AggregateRating',
          itemReviewed: business,
          ratingValue: rating.ratingValue,
          reviewCount: rating.reviewCount,
          bestRating: 5,
          worstRating: 1,
        },
        ...latest.items.map((review) => ({
          '@context': 'https://schema.org',
          '@type': 'Review',
          itemReviewed: business,
          author: { '@type': 'Person', name: review.userName },
          datePublished: review.createdAt.slice(0, 10),
          reviewBody: review.reviewText,
          reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
        })),
      ],
    };
  });
};
