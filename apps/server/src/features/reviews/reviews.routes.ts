import { ErrorBodySchema, listEnvelope, PaginationQuerySchema, ReviewSchema } from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { list } from '../../platform/http/envelope';
import type { PublicCache } from '../../platform/http/public-cache';
import type { SeoRegistry } from '../../platform/http/seo';
import { businessJsonLdId } from '../landing/landing.schemas';
import { createReviewsRepo } from './reviews.repo';
import { REVIEWS_CACHE_TAG } from './reviews.schemas';
import { createReviewsService } from './reviews.service';

export interface ReviewsRoutesOptions {
  db: Db;
  cache: PublicCache;
  seo: SeoRegistry;
  publicUrl: string;
}

/** GET /api/reviews (approved, admin order) from the public cache; AggregateRating on the home page. */
export const reviewsRoutes: FastifyPluginAsync<ReviewsRoutesOptions> = async (app, { db, cache, seo, publicUrl }) => {
  const service = createReviewsService({ repo: createReviewsRepo(db) });
  const api = app.withTypeProvider<ZodTypeProvider>();

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

  seo.register('/', async () => {
    const rating = await service.rating();
    if (!rating) return {};
    return {
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'AggregateRating',
          // The same node as the landing feature's LocalBusiness block.
          itemReviewed: { '@type': 'LocalBusiness', '@id': businessJsonLdId(publicUrl) },
          ratingValue: rating.ratingValue,
          reviewCount: rating.reviewCount,
          bestRating: 5,
          worstRating: 1,
        },
      ],
    };
  });
};
