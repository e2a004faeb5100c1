import {
  ErrorBodySchema,
  IdParamSchema,
  LANGUAGES,
  LessonAccessSchema,
  LessonPurchaseSchema,
  LessonSchema,
  listEnvelope,
  PaginationQuerySchema,
  PlayerSettingsSchema,
  PromoCheckBodySchema,
  PromoQuoteSchema,
  SignedFileQuerySchema,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { list, ok } from '../../platform/http/envelope';
import type { PublicCache } from '../../platform/http/public-cache';
import type { SeoRegistry } from '../../platform/http/seo';
import { sendStoredFile } from '../../platform/http/stored-file';
import type { Storage } from '../../platform/storage/storage';
import type { LessonAccessService } from './lessons.access';
import { lessonsAdminRoutes } from './lessons.admin.routes';
import type { LessonsAdminService } from './lessons.admin.service';
import type { LessonHls } from './lessons.hls';
import { hlsContentType } from './lessons.hls.transcode';
import { sendPrivateFile } from './lessons.media';
import { TRAINING_CACHE_TAG } from './lessons.schemas';
import type { LessonsService } from './lessons.service';

export interface LessonsRoutesOptions {
  service: LessonsService;
  access: LessonAccessService;
  admin: LessonsAdminService;
  hls: LessonHls;
  cache: PublicCache;
  seo: SeoRegistry;
  storage: Storage;
  uploadLimitBytes: number;
  /** Counts a promo-code check or a purchase naming a code (429 past the limit; docs/decisions/0057). */
  limitPromoCodes?: ((request: FastifyRequest) => Promise<void>) | undefined;
}

const LessonFileParams = z.object({ id: z.uuid(), lang: z.enum(LANGUAGES) });

/**
 * Lessons for everyone (`purchased` for the signed-in viewer; the public cache skips requests with
 * an Authorization header), the purchaser's protected files (the position and watched time they
 * report: the progress feature), the promo check (the purchase: features/checkout), the admin lesson routes, and
 * the lesson pages' SEO.
 */
export const lessonsRoutes: FastifyPluginAsync<LessonsRoutesOptions> = async (app, options) => {
  const { service, access, admin, hls, cache, seo, storage, uploadLimitBytes, limitPromoCodes } = options;
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
        const { items, meta } = await service.list(request.query, request.user?.id);
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
        ok(await service.get(request.params.id, request.user?.id)),
      );
    },
  );

  api.get(
    '/api/training/purchases',
    {
      config: { access: 'user' },
      schema: {
        tags: ['training'],
        summary: "The signed-in user's lesson purchases with dates, newest first",
        response: { 200: successEnvelope(z.array(LessonPurchaseSchema)), 401: ErrorBodySchema },
      },
    },
    async (request) => ok(await service.purchases(requireUser(request).id)),
  );

  api.get(
    '/api/training/lessons/:id/access',
    {
      config: { access: 'user' },
      schema: {
        tags: ['training'],
        summary: 'Short-lived signed URLs of the video and methodology sheets, and the saved playback position',
        description: 'Purchasers of the lesson (or its course) and admins; others 403.',
        params: IdParamSchema,
        response: {
          200: successEnvelope(LessonAccessSchema),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => ok(await access.access(request.user, request.params.id)),
  );

  // Declared public because <video src>, <track src>, hls.js and download links send no bearer token:
  // the session comes from the site's `token` cookie (sessionCookie), and the handler applies the
  // rule itself — a signed URL from /access for this very requester who may still watch, or the
  // purchaser rule without one: guest 401, non-purchaser or someone else's URL 403, unknown lesson 404.
  api.get(
    '/api/training/lessons/:id/video',
    {
      config: { access: 'public', sessionCookie: true },
      compress: false,
      schema: {
        tags: ['training'],
        summary: 'The lesson video (HTTP Range) for purchasers and admins, by bearer token or signed URL',
        params: IdParamSchema,
        querystring: SignedFileQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await access.resolveFile(request.user, request.params.id, 'video', request.query);
      return sendPrivateFile(request, reply, storage, file, 'inline');
    },
  );

  // The preview clip is public: a trailer stored as a file of its own, so nothing here can serve a
  // byte of the paid video (decision 0060). Shared caches may keep it a short while.
  api.get(
    '/api/training/lessons/:id/preview',
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        tags: ['training'],
        summary: "The lesson's public preview clip (HTTP Range), for anyone",
        description: 'A lesson without a preview, unpublished or unknown: 404.',
        params: IdParamSchema,
        response: { 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const file = await service.previewFile(request.params.id);
      return sendStoredFile(request, reply, storage, {
        visibility: 'private',
        key: file.key,
        cacheControl: 'public, max-age=300',
        contentType: file.contentType || 'video/mp4',
        disposition: { type: 'inline', filename: file.filename },
      });
    },
  );

  // The HLS renditions: the signature is a path segment, so the relative URLs inside the playlists
  // carry it to every child playlist and segment (decision 0047).
  api.get(
    '/api/training/lessons/:id/hls/:version/:token/*',
    {
      config: { access: 'public', sessionCookie: true },
      compress: false,
      schema: {
        tags: ['training'],
        summary: 'A playlist or segment of the HLS renditions (HTTP Range), for a signed path from /access',
        description:
          'For the signed-in learner the path was signed for (session cookie or bearer), while they may watch: ' +
          'a guest 401; another account, a forged or expired signature, or a refunded lesson 403; a replaced version 404.',
        params: z.object({ id: z.uuid(), version: z.uuid(), token: z.string().max(200), '*': z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const { id, version, token } = request.params;
      const file = request.params['*'];
      const key = await access.resolveHls(request.user, id, version, token, file);
      return sendStoredFile(request, reply, storage, {
        visibility: 'private',
        key,
        cacheControl: 'private, no-store',
        contentType: hlsContentType(file),
      });
    },
  );

  api.get(
    '/api/training/lessons/:id/methodology/:lang',
    {
      config: { access: 'public', sessionCookie: true },
      compress: false,
      schema: {
        tags: ['training'],
        summary: 'The methodology sheet (PDF) in one language for purchasers and admins',
        description: 'A missing language is a 404 with the "not found in the chosen language" message.',
        params: LessonFileParams,
        querystring: SignedFileQuerySchema,
      },
    },
    async (request, reply) => {
      const { id, lang } = request.params;
      const file = await access.resolveFile(request.user, id, `methodology-${lang}`, request.query);
      return sendPrivateFile(request, reply, storage, file, 'attachment');
    },
  );

  api.get(
    '/api/training/lessons/:id/subtitles/:lang',
    {
      config: { access: 'public', sessionCookie: true },
      compress: false,
      schema: {
        tags: ['training'],
        summary: 'The WebVTT subtitles (text/vtt) of one language for purchasers and admins, by signed URL',
        description: 'Like the video: a valid signature from /access, or the bearer session of a purchaser/admin.',
        params: LessonFileParams,
        querystring: SignedFileQuerySchema,
      },
    },
    async (request, reply) => {
      const { id, lang } = request.params;
      const file = await access.resolveFile(request.user, id, `subtitles-${lang}`, request.query);
      return sendPrivateFile(request, reply, storage, file, 'inline');
    },
  );

  api.get(
    '/api/training/player-settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['training'],
        summary: "The signed-in learner's player settings (speed, mirror, subtitles), the defaults until changed",
        response: { 200: successEnvelope(PlayerSettingsSchema), 401: ErrorBodySchema },
      },
    },
    async (request) => ok(await service.playerSettings(requireUser(request).id)),
  );

  api.put(
    '/api/training/player-settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['training'],
        summary: "Replaces the learner's player settings; every lesson's player starts with them",
        body: PlayerSettingsSchema,
        response: { 200: successEnvelope(PlayerSettingsSchema), 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => ok(await service.savePlayerSettings(requireUser(request).id, request.body)),
  );

  api.post(
    '/api/training/lessons/:id/promo-check',
    {
      config: { access: 'user' },
      schema: {
        tags: ['training'],
        summary: 'Checks a promo code for the lesson (live validation): the price before and after it',
        description:
          'Any code that cannot be used (unknown, inactive, expired, used up, for another item) → the same 400 ' +
          '`PROMO_INVALID`; checks count against a limit per account and per address (429).',
        params: IdParamSchema,
        body: PromoCheckBodySchema,
        response: {
          200: successEnvelope(PromoQuoteSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await limitPromoCodes?.(request);
      return ok(await service.quote(request.params.id, request.body.promoCode));
    },
  );

  await app.register(lessonsAdminRoutes, { service: admin, hls, storage, uploadLimitBytes });

  seo.register('/training-detail/:id', (params, _query, lang) => service.lessonSeo(params.id, lang));
  seo.register('/training-detail', (_params, query, lang) => service.lessonSeo(query.id, lang));
  seo.addSitemapSource(() => service.sitemap());
};
