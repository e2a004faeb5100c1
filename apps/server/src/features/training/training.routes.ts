import {
  ErrorBodySchema,
  IdParamSchema,
  LessonSchema,
  listEnvelope,
  PaginationQuerySchema,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { list, ok } from '../../platform/http/envelope';
import type { PublicCache } from '../../platform/http/public-cache';
import type { SeoRegistry } from '../../platform/http/seo';
import { createTrainingRepo } from './training.repo';
import { TRAINING_CACHE_TAG } from './training.schemas';
import { createTrainingService } from './training.service';

export interface TrainingRoutesOptions {
  db: Db;
  cache: PublicCache;
  seo: SeoRegistry;
  publicUrl: string;
}

/**
 * GET /api/training/lessons and /api/training/lessons/{id}. Until sign-in exists every caller is a
 * guest (`purchased: false`); the auth issue passes the session's user id to the service, and the
 * public cache already skips requests that carry an Authorization header.
 */
export const trainingRoutes: FastifyPluginAsync<TrainingRoutesOptions> = async (app, { db, cache, seo, publicUrl }) => {
  const service = createTrainingService({ repo: createTrainingRepo(db), publicUrl });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/training/lessons',
    {
      config: { access: 'public' },
      schema: {
        tags: ['training'],
        summary: 'Published video lessons in lesson-number order',
        querystring: PaginationQuerySchema,
        response: { 200: listEnvelope(LessonSchema), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await cache.reply(request, reply, TRAINING_CACHE_TAG, async () => {
        const { items, meta } = await service.list(request.query, undefined);
        return list(items, meta);
      });
    },
  );

  api.get(
    '/api/training/lessons/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['training'],
        summary: 'One published lesson (no video or methodology file locations)',
        params: IdParamSchema,
        response: { 200: successEnvelope(LessonSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await cache.reply(request, reply, TRAINING_CACHE_TAG, async () =>
        ok(await service.get(request.params.id, undefined)),
      );
    },
  );

  seo.register('/training-detail/:id', (params, _query, lang) => service.lessonSeo(params.id, lang));
  seo.register('/training-detail', (_params, query, lang) => service.lessonSeo(query.id, lang));
  seo.addSitemapSource(() => service.sitemap());
};
