import { AboutSchema, LandingSettingsSchema, successEnvelope } from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { ok } from '../../platform/http/envelope';
import type { PublicCache } from '../../platform/http/public-cache';
import type { SeoRegistry } from '../../platform/http/seo';
import { createLandingRepo } from './landing.repo';
import { LANDING_CACHE_TAG } from './landing.schemas';
import { createLandingService } from './landing.service';

export interface LandingRoutesOptions {
  db: Db;
  cache: PublicCache;
  seo: SeoRegistry;
  publicUrl: string;
}

/** GET /api/landing/about and /api/landing from the public cache; the artisan's JSON-LD on `/`. */
export const landingRoutes: FastifyPluginAsync<LandingRoutesOptions> = async (app, { db, cache, seo, publicUrl }) => {
  const service = createLandingService({ repo: createLandingRepo(db), publicUrl });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/landing/about',
    {
      config: { access: 'public' },
      schema: {
        tags: ['landing'],
        summary: 'The about section: title and text per language, and a photo',
        response: { 200: successEnvelope(AboutSchema) },
      },
    },
    async (request, reply) => {
      await cache.reply(request, reply, LANDING_CACHE_TAG, async () => ok(await service.about()));
    },
  );

  api.get(
    '/api/landing',
    {
      config: { access: 'public' },
      schema: {
        tags: ['landing'],
        summary: 'Site-wide settings: hero texts, contacts, social links',
        response: { 200: successEnvelope(LandingSettingsSchema) },
      },
    },
    async (request, reply) => {
      await cache.reply(request, reply, LANDING_CACHE_TAG, async () => ok(await service.settings()));
    },
  );

  seo.register('/', (_params, _query, lang) => service.homeSeo(lang));
};
