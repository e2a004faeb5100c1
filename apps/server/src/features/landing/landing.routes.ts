import { AboutUpdateSchema, MAX_IMAGE_BYTES, serverMessage } from '@atelier/shared';
import { landingContract as contract } from '@atelier/shared/landing.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { readForm } from '../../platform/http/multipart';
import type { PublicCache } from '../../platform/http/public-cache';
import { route } from '../../platform/http/route';
import type { SeoRegistry } from '../../platform/http/seo';
import { LANDING_CACHE_TAG } from './landing.schemas';
import type { LandingService } from './landing.service';

export interface LandingRoutesOptions {
  service: LandingService;
  cache: PublicCache;
  seo: SeoRegistry;
}

/**
 * GET /api/landing/about and /api/landing from the public cache; the artisan's JSON-LD on `/`.
 * Admin PUTs of both (about: JSON, or multipart `data` + `image`) clear the landing cache.
 */
export const landingRoutes: FastifyPluginAsync<LandingRoutesOptions> = async (app, { service, cache, seo }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.listAbout, async (request, reply) => {
    await cache.reply(request, reply, LANDING_CACHE_TAG, async () => ok(await service.about()));
  });

  route(api, contract.list, async (request, reply) => {
    await cache.reply(request, reply, LANDING_CACHE_TAG, async () => ok(await service.settings()));
  });

  route(api, contract.putAbout, async (request) => {
    const form = await readForm(request, AboutUpdateSchema, {
      image: { maxBytes: MAX_IMAGE_BYTES, tooLarge: 'imageTooLarge' },
    });
    const about = await service.updateAbout(form.fields, form.files.image?.[0]?.data);
    cache.invalidate(LANDING_CACHE_TAG);
    return ok(about, serverMessage('aboutSaved', requestLanguage(request)));
  });

  route(api, contract.put, async (request) => {
    const settings = await service.updateSettings(request.body);
    cache.invalidate(LANDING_CACHE_TAG);
    return ok(settings, serverMessage('landingSaved', requestLanguage(request)));
  });

  seo.register('/', (_params, _query, lang) => service.homeSeo(lang));
};
