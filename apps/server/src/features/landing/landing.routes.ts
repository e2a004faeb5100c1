import {
  AboutSchema,
  AboutUpdateSchema,
  ErrorBodySchema,
  LandingSettingsSchema,
  LandingSettingsUpdateSchema,
  MAX_IMAGE_BYTES,
  serverMessage,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { readForm } from '../../platform/http/multipart';
import type { PublicCache } from '../../platform/http/public-cache';
import type { SeoRegistry } from '../../platform/http/seo';
import { LANDING_CACHE_TAG } from './landing.schemas';
import type { LandingService } from './landing.service';

export interface LandingRoutesOptions {
  service: LandingService;
  cache: PublicCache;
  seo: SeoRegistry;
}

const writeErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
};

/**
 * GET /api/landing/about and /api/landing from the public cache; the artisan's JSON-LD on `/`.
 * Admin PUTs of both (about: JSON, or multipart `data` + `image`) clear the landing cache.
 */
export const landingRoutes: FastifyPluginAsync<LandingRoutesOptions> = async (app, { service, cache, seo }) => {
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

  api.put(
    '/api/landing/about',
    {
      config: { access: 'admin', multipart: true },
      schema: {
        tags: ['landing'],
        summary: 'Replace the about section',
        description:
          'JSON body `{ title, content, removeImage? }` (title/content are { ru, en?, es? }; content is ' +
          'Markdown), or multipart/form-data with that JSON as the `data` part and an optional `image` ' +
          'file part (JPEG, PNG, WebP, GIF or AVIF up to 5 MB, checked by content).',
        response: { 200: successEnvelope(AboutSchema), ...writeErrors },
      },
    },
    async (request) => {
      const form = await readForm(request, AboutUpdateSchema, {
        image: { maxBytes: MAX_IMAGE_BYTES, tooLarge: 'imageTooLarge' },
      });
      const about = await service.updateAbout(form.fields, form.files.image?.[0]?.data);
      cache.invalidate(LANDING_CACHE_TAG);
      return ok(about, serverMessage('aboutSaved', requestLanguage(request)));
    },
  );

  api.put(
    '/api/landing',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['landing'],
        summary: 'Replace the site-wide settings',
        body: LandingSettingsUpdateSchema,
        response: { 200: successEnvelope(LandingSettingsSchema), ...writeErrors },
      },
    },
    async (request) => {
      const settings = await service.updateSettings(request.body);
      cache.invalidate(LANDING_CACHE_TAG);
      return ok(settings, serverMessage('landingSaved', requestLanguage(request)));
    },
  );

  seo.register('/', (_params, _query, lang) => service.homeSeo(lang));
};
