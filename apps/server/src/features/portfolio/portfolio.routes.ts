import {
  ErrorBodySchema,
  IdParamSchema,
  listEnvelope,
  PortfolioItemSchema,
  PortfolioQuerySchema,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { list, ok } from '../../platform/http/envelope';
import type { PublicCache } from '../../platform/http/public-cache';
import { createPortfolioRepo } from './portfolio.repo';
import { PORTFOLIO_CACHE_TAG } from './portfolio.schemas';
import { createPortfolioService } from './portfolio.service';

export interface PortfolioRoutesOptions {
  db: Db;
  cache: PublicCache;
}

/** GET /api/portfolio and /api/portfolio/{id}, served from the public cache (DESIGN §2). */
export const portfolioRoutes: FastifyPluginAsync<PortfolioRoutesOptions> = async (app, { db, cache }) => {
  const service = createPortfolioService({ repo: createPortfolioRepo(db) });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/portfolio',
    {
      config: { access: 'public' },
      schema: {
        tags: ['portfolio'],
        summary: 'Portfolio items in the admin order, optionally of one category (home page shows 12)',
        querystring: PortfolioQuerySchema,
        response: { 200: listEnvelope(PortfolioItemSchema), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await cache.reply(request, reply, PORTFOLIO_CACHE_TAG, async () => {
        const { items, meta } = await service.list(request.query);
        return list(items, meta);
      });
    },
  );

  api.get(
    '/api/portfolio/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['portfolio'],
        summary: 'One portfolio item',
        params: IdParamSchema,
        response: { 200: successEnvelope(PortfolioItemSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await cache.reply(request, reply, PORTFOLIO_CACHE_TAG, async () => ok(await service.get(request.params.id)));
    },
  );
};
