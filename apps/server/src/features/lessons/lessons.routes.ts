import { lessonsContract as contract } from '@atelier/shared/lessons.contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { list, ok } from '../../platform/http/envelope';
import type { PublicCache } from '../../platform/http/public-cache';
import { route } from '../../platform/http/route';
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

/**
 * Lessons for everyone (`purchased` for the signed-in viewer; the public cache skips requests with
 * an Authorization header), the purchaser's protected files (the position and watched time they
 * report: the progress feature), the promo check (the purchase: features/checkout), the admin lesson routes, and
 * the lesson pages' SEO.
 */
export const lessonsRoutes: FastifyPluginAsync<LessonsRoutesOptions> = async (app, options) => {
  const { service, access, admin, hls, cache, seo, storage, uploadLimitBytes, limitPromoCodes } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.listTrainingLessons, async (request, reply) => {
    await cache.reply(request, reply, TRAINING_CACHE_TAG, async () => {
      const { items, meta } = await service.list(request.query, request.user?.id);
      return list(items, meta);
    });
  });

  route(api, contract.getTrainingLessons, async (request, reply) => {
    await cache.reply(request, reply, TRAINING_CACHE_TAG, async () =>
      ok(await service.get(request.params.id, request.user?.id)),
    );
  });

  route(api, contract.trainingPurchases, async (request) => ok(await service.purchases(requireUser(request).id)));

  route(api, contract.trainingLessonsAccess, async (request) =>
    ok(await access.access(request.user, request.params.id)),
  );

  // Declared public because <video src>, <track src>, hls.js and download links send no bearer token:
  // the session comes from the site's `token` cookie (sessionCookie), and the handler applies the
  // rule itself — a signed URL from /access for this very requester who may still watch, or the
  // purchaser rule without one: guest 401, non-purchaser or someone else's URL 403, unknown lesson 404.
  route(
    api,
    contract.trainingLessonsVideo,
    async (request, reply) => {
      const file = await access.resolveFile(request.user, request.params.id, 'video', request.query);
      return sendPrivateFile(request, reply, storage, file, 'inline');
    },
    { config: { sessionCookie: true }, compress: false },
  );

  // The preview clip is public: a trailer stored as a file of its own, so nothing here can serve a
  // byte of the paid video (decision 0060). Shared caches may keep it a short while.
  route(
    api,
    contract.trainingLessonsPreview,
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
    { compress: false },
  );

  // The HLS renditions: the signature is a path segment, so the relative URLs inside the playlists
  // carry it to every child playlist and segment (decision 0047).
  route(
    api,
    contract.trainingLessonsHls,
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
    { config: { sessionCookie: true }, compress: false },
  );

  route(
    api,
    contract.trainingLessonsMethodology,
    async (request, reply) => {
      const { id, lang } = request.params;
      const file = await access.resolveFile(request.user, id, `methodology-${lang}`, request.query);
      return sendPrivateFile(request, reply, storage, file, 'attachment');
    },
    { config: { sessionCookie: true }, compress: false },
  );

  route(
    api,
    contract.trainingLessonsSubtitles,
    async (request, reply) => {
      const { id, lang } = request.params;
      const file = await access.resolveFile(request.user, id, `subtitles-${lang}`, request.query);
      return sendPrivateFile(request, reply, storage, file, 'inline');
    },
    { config: { sessionCookie: true }, compress: false },
  );

  route(api, contract.listTrainingPlayerSettings, async (request) =>
    ok(await service.playerSettings(requireUser(request).id)),
  );

  route(api, contract.putTrainingPlayerSettings, async (request) =>
    ok(await service.savePlayerSettings(requireUser(request).id, request.body)),
  );

  route(api, contract.trainingLessonsPromoCheck, async (request) => {
    await limitPromoCodes?.(request);
    return ok(await service.quote(request.params.id, request.body.promoCode));
  });

  await app.register(lessonsAdminRoutes, { service: admin, hls, storage, uploadLimitBytes });

  seo.register('/training-detail/:id', (params, _query, lang) => service.lessonSeo(params.id, lang));
  seo.register('/training-detail', (_params, query, lang) => service.lessonSeo(query.id, lang));
  seo.addSitemapSource(() => service.sitemap());
};
