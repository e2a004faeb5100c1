import { CreateReviewSchema, MAX_IMAGE_BYTES, serverMessage } from '@atelier/shared';
import { reviewsContract as contract } from '@atelier/shared/reviews.contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { readForm } from '../../platform/http/multipart';
import type { PublicCache } from '../../platform/http/public-cache';
import { route } from '../../platform/http/route';
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
  /** Customers' uploads and deletions (one allowance shared with students' works and custom orders). */
  limitUploads?: ((request: FastifyRequest) => Promise<void>) | undefined;
}

/**
 * Public GET /api/reviews (approved, admin order) from the public cache; AggregateRating on the home
 * page; POST /api/reviews for signed-in users; GET /api/reviews/mine (own reviews, pending too);
 * admin moderation under /api/reviews/admin. Every moderation clears the reviews cache.
 */
/** The approved reviews, in the owner's order, that the home page's JSON-LD lists one by one. */
const REVIEWS_IN_JSON_LD = 10;

export const reviewsRoutes: FastifyPluginAsync<ReviewsRoutesOptions> = async (
  app,
  { service, cache, seo, publicUrl, limitPosts, limitUploads },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const _adminTags = ['reviews (admin)'];
  const invalidate = () => cache.invalidate(REVIEWS_CACHE_TAG);

  route(api, contract.list, async (request, reply) => {
    await cache.reply(request, reply, REVIEWS_CACHE_TAG, async () => {
      const { items, meta } = await service.listApproved(request.query);
      return list(items, meta);
    });
  });

  route(api, contract.mine, async (request) => {
    const items = await service.listOwn(requireUser(request).id);
    return list(items, { total: items.length, page: 1, limit: Math.max(items.length, 1) });
  });

  route(api, contract.create, async (request, reply) => {
    const user = requireUser(request);
    // Counted before the upload is read or decoded: a flood costs no image work.
    await limitPosts?.(request);
    await limitUploads?.(request);
    const form = await readForm(request, CreateReviewSchema, {
      image: { maxBytes: MAX_IMAGE_BYTES, tooLarge: 'imageTooLarge' },
    });
    const review = await service.create(user, form.fields, form.files.image?.[0]?.data);
    return reply.code(201).send(ok(review, serverMessage('reviewSubmitted', requestLanguage(request))));
  });

  route(api, contract.listAdmin, async (request) => {
    const { items, meta } = await service.adminList(request.query);
    return list(items, meta);
  });

  route(api, contract.adminReorder, async (request) => {
    await service.reorder(request.body.reviews);
    invalidate();
    return ok({ reviews: request.body.reviews }, serverMessage('reviewsReordered', requestLanguage(request)));
  });

  for (const action of ['approve', 'reject'] as const) {
    const entry = action === 'approve' ? contract.adminApprove : contract.adminReject;
    route(api, entry, async (request) => {
      const review = await service[action](request.params.id);
      invalidate();
      const message = action === 'approve' ? 'reviewApproved' : 'reviewRejected';
      return ok(review, serverMessage(message, requestLanguage(request)));
    });
  }

  route(api, contract.deleteAdmin, async (request) => {
    await service.remove(request.params.id);
    invalidate();
    return ok({ id: request.params.id }, serverMessage('reviewDeleted', requestLanguage(request)));
  });

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
